/**
 * type 'xml' through every door: createExtractStream and createRewriteStream (Node),
 * ExtractStream and RewriteStream (linkstream/web), and the one-shot calls give the same
 * Links and bytes for the XML fixtures cut into random chunks.
 */
import {readdirSync, readFileSync} from 'node:fs';
import test from 'ava';
import {createExtractStream, createRewriteStream, extractLinks, type Link} from '../../src/index.js';
import {ExtractStream, extractLinks as webExtractLinks, RewriteStream} from '../../src/web.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {cut, randomCuts} from '../rewrite/inputs.js';

const FOLDER = new URL('../../fixtures/xml/', import.meta.url);
const RETRIEVAL = 'https://streams.example/x/feed.xml';

async function webOutput<T>(
	stream: TransformStream<string | Uint8Array, T>,
	chunks: readonly Uint8Array[],
): Promise<T[]> {
	const out: T[] = [];
	const source = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	for await (const item of source.pipeThrough(stream)) out.push(item);
	return out;
}

for (const name of readdirSync(FOLDER).filter(file => !file.endsWith('.json') && !file.endsWith('.md'))) {
	test(`Node and web streams agree with extractLinks: fixtures/xml/${name}`, async t => {
		const bytes = new Uint8Array(readFileSync(new URL(name, FOLDER)));
		const seed =
			process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);
		t.log(`split seed ${seed} (replay with FC_SEED=${seed})`);
		const chunks = cut(bytes, randomCuts(bytes.length, seed, 12));
		const options = {type: 'xml', retrievalUrl: RETRIEVAL} as const;
		const expected = extractLinks(bytes, options);
		t.true(expected.length > 0);
		t.deepEqual(await nodeOutput<Link>(createExtractStream(options), chunks), expected);
		t.deepEqual(await webOutput(new ExtractStream(options), chunks), expected);
		t.deepEqual(webExtractLinks(bytes, options), expected);
		const rewrite = {...options, to: 'absolute'} as const;
		const node = Buffer.concat(await nodeOutput<Buffer>(createRewriteStream(rewrite), chunks));
		const web = Buffer.concat((await webOutput(new RewriteStream(rewrite), chunks)) as Uint8Array[]);
		t.deepEqual(web, node);
	});
}
