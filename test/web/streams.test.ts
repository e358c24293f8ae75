/**
 * linkstream/web against the Node API: for generated and mutated documents cut into
 * random chunks, ExtractStream gives the Links createExtractStream gives, and
 * RewriteStream the bytes (or text) createRewriteStream gives; bad options throw the same
 * errors. Documents in a legacy encoding are compared in Chromium instead
 * (test/conformance/web-browser.ts): the web entry decodes them with the platform's
 * TextDecoder, which in Node 20 maps windows-1252's 0x80–0x9F to C1 controls.
 */
import {deepStrictEqual, ok} from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import {
	createExtractStream,
	createRewriteStream,
	extractLinks as nodeExtractLinks,
	rewriteLinks as nodeRewriteLinks,
} from '../../src/index.js';
import type {ExtractOptions, Link, RewriteOptions, RewriteTarget} from '../../src/index.js';
import {createDecoder} from '../../src/stream/core/decode.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import {ExtractStream, extractLinks, RewriteStream, rewriteLinks} from '../../src/web.js';
import {caseSources} from '../fuzz/generators.js';
import type {FuzzCase} from '../fuzz/generators.js';
import {fixtureSeeds} from '../fuzz/seeds.js';
import {fcParams} from '../helpers/seed.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {cut} from '../rewrite/inputs.js';

const RUNS_PER_SOURCE = 40;
const sources = caseSources(fixtureSeeds());

/** Whether the web entry decodes `c` as the Node entry does on Node (a string, or UTF-8/UTF-16 bytes). */
function comparableOnNode(c: FuzzCase): boolean {
	if (typeof c.input === 'string') return true;
	const decoder = createDecoder(
		{type: c.type, ...(c.options.encoding === undefined ? {} : {encoding: c.options.encoding})},
		nodeCodecs,
	);
	decoder.write(c.input);
	decoder.end();
	return decoder.encoding.startsWith('utf-');
}

async function webOutput<T>(
	stream: TransformStream<string | Uint8Array, T>,
	chunks: ReadonlyArray<string | Uint8Array>,
): Promise<T[]> {
	const out: T[] = [];
	const source = new ReadableStream<string | Uint8Array>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	for await (const item of source.pipeThrough(stream)) out.push(item);
	return out;
}

function joined(pieces: ReadonlyArray<string | Uint8Array>, strings: boolean): string | Buffer {
	return strings ? pieces.join('') : Buffer.concat(pieces as Uint8Array[]);
}

const TARGETS: ReadonlyArray<[string, RewriteTarget]> = [
	['absolute', 'absolute'],
	['relative', 'relative'],
	['function', (link: Link) => `${link.value}"<'&>é✓x`],
];

/** The base hold: each platform's default, or either policy asked for. */
const HOLDS = fc.constantFrom<{baseHold?: 'head' | 'document'}>({}, {baseHold: 'head'}, {baseHold: 'document'});

test('ExtractStream gives the Links of createExtractStream, for any chunking (property)', async t => {
	const params = fcParams(t, RUNS_PER_SOURCE);
	let compared = 0;
	for (const [index, arbitrary] of Object.values(sources).entries()) {
		await fc.assert(
			fc.asyncProperty(arbitrary, HOLDS, async (c, hold) => {
				fc.pre(comparableOnNode(c));
				compared++;
				const options: ExtractOptions = {type: c.type, ...c.options, ...hold};
				const chunks = cut(c.input, c.cuts);
				const node = await nodeOutput<Link>(createExtractStream(options), chunks);
				const web = await webOutput(new ExtractStream(options), chunks);
				deepStrictEqual(web, node, `${c.source}, cuts ${c.cuts.join(',')}`);
				// The one-shot calls hold a whole document for a late BASE by default, on both platforms.
				deepStrictEqual(extractLinks(c.input, options), nodeExtractLinks(c.input, options));
			}),
			{...params, seed: params.seed + index},
		);
	}
	t.true(compared >= RUNS_PER_SOURCE * 4, `${compared} cases compared`);
	t.log(`${compared} cases compared`);
});

test('RewriteStream gives the bytes (or text) of createRewriteStream, for any chunking (property)', async t => {
	const params = fcParams(t, RUNS_PER_SOURCE);
	let compared = 0;
	for (const [index, arbitrary] of Object.values(sources).entries()) {
		await fc.assert(
			fc.asyncProperty(arbitrary, fc.constantFrom(...TARGETS), HOLDS, async (c, [name, to], hold) => {
				fc.pre(comparableOnNode(c));
				compared++;
				const options: RewriteOptions = {type: c.type, ...c.options, to, ...hold};
				const chunks = cut(c.input, c.cuts);
				const strings = typeof c.input === 'string';
				const node = joined(await nodeOutput<string | Buffer>(createRewriteStream(options), chunks), strings);
				const webPieces = await webOutput(new RewriteStream(options), chunks);
				ok(
					webPieces.every(piece => (strings ? typeof piece === 'string' : piece instanceof Uint8Array)),
					'strings in, strings out; bytes in, bytes out',
				);
				const web = joined(webPieces, strings);
				deepStrictEqual(web, node, `${c.source}, ${name}, cuts ${c.cuts.join(',')}`);
				deepStrictEqual(
					joined([rewriteLinks(c.input as string, options)], strings),
					joined([nodeRewriteLinks(c.input as string, options)], strings),
				);
			}),
			{...params, seed: params.seed + index},
		);
	}
	t.true(compared >= RUNS_PER_SOURCE * 4, `${compared} cases compared`);
});

const BAD: ReadonlyArray<[string, unknown]> = [
	['no options', undefined],
	['unknown type', {type: 'pdf'}],
	['relative retrievalUrl', {type: 'html', retrievalUrl: 'docs/index.html'}],
	['unknown encoding', {type: 'html', encoding: 'utf-7'}],
	['string textLinks', {type: 'html', textLinks: 'yes'}],
];

for (const [title, options] of BAD) {
	test(`ExtractStream rejects ${title} with createExtractStream's error`, t => {
		const node = t.throws(() => createExtractStream(options as ExtractOptions));
		const web = t.throws(() => new ExtractStream(options as ExtractOptions));
		t.is(web?.constructor, node?.constructor);
		t.is(web?.message, node?.message);
	});
	test(`RewriteStream rejects ${title} with createRewriteStream's error`, t => {
		const rewrite = options === undefined ? undefined : {...(options as object), to: 'absolute'};
		const node = t.throws(() => createRewriteStream(rewrite as RewriteOptions));
		const web = t.throws(() => new RewriteStream(rewrite as RewriteOptions));
		t.is(web?.message, node?.message);
	});
}

test("RewriteStream rejects a bad `to` with createRewriteStream's error", t => {
	const options = {type: 'html', to: 'sideways'} as unknown as RewriteOptions;
	const node = t.throws(() => createRewriteStream(options));
	const web = t.throws(() => new RewriteStream(options));
	t.is(web?.message, node?.message);
	t.regex(web?.message ?? '', /`to`/);
});

test('a chunk that is neither a string nor bytes errors the stream, naming what it got', async t => {
	const stream = new ExtractStream({type: 'html'});
	const read = stream.readable.getReader().read();
	void stream.writable
		.getWriter()
		.write(42 as unknown as Uint8Array)
		.catch(() => undefined);
	await t.throwsAsync(read, {message: /must be a string or a Uint8Array.*got number/});
});

test('a rewrite that mixes strings and bytes errors the stream, as the Node stream does', async t => {
	const chunks = ['<a href="x">', new TextEncoder().encode('<a href="y">')];
	const options: RewriteOptions = {type: 'html', retrievalUrl: 'https://example.com/', to: 'absolute'};
	const node = await nodeOutput(createRewriteStream(options), chunks).catch((error: Error) => error);
	const web = await webOutput(new RewriteStream(options), chunks).catch((error: Error) => error);
	t.true(node instanceof Error);
	t.is((web as Error).message, (node as Error).message);
});
