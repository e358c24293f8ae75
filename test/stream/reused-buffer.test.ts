/**
 * A writer may fill its buffer again once a write is done: after the Node write callback
 * (the chunk was handled), after the promise of a Web stream writer's `write()` settles
 * (Streams Standard `#default-writer-write`: producers are advised not to mutate a chunk only
 * until then). A rewrite holds input bytes across writes (the tail of an unfinished token,
 * what waits for a late BASE) and its output may be a view of them: what it holds must be its
 * own copy, or a later write sends bytes the writer has since overwritten.
 */
import test from 'ava';
import fc from 'fast-check';
import {createExtractStream, createRewriteStream, extractLinks, rewriteLinks} from '../../src/index.js';
import {ExtractStream, RewriteStream} from '../../src/web.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {split} from '../helpers/chunks.js';

// The one-shot calls' hold: a late BASE governs every reference (streams hold to body content by default).
const EXTRACT: ExtractOptions = {type: 'html', retrievalUrl: 'https://e.example/d/p.html', baseHold: 'document'};
const OPTIONS: RewriteOptions = {...EXTRACT, to: 'absolute'};

/** Pages with non-ASCII text and URLs, attributes across any cut, and a BASE late or absent. */
const page = fc
	.tuple(
		fc.array(
			fc.constantFrom(
				'<a href="b.html">b</a>',
				'<img src="é/ü.png" alt="größe">',
				'<p>text, naïve — 日本語</p>\n',
				'<link rel=stylesheet href=../s.css>',
				'<div style="background:url(x.png)">',
				'<img srcset="a.png 1x, b.png 2x">',
			),
			{minLength: 1, maxLength: 30},
		),
		fc.boolean(),
	)
	.map(([parts, late]) => (late ? [...parts, '<base href="https://other.example/x/">'] : parts).join(''));

/** Write each piece from ONE scratch buffer, filled again (and the rest overwritten) once the write is done. */
async function writeNode<O>(stream: NodeJS.ReadWriteStream, parts: Uint8Array[]): Promise<O[]> {
	const out: O[] = [];
	stream.on('data', (item: O) => out.push(item));
	const done = new Promise(resolve => stream.on('end', resolve));
	const scratch = Buffer.alloc(Math.max(1, ...parts.map(p => p.length)));
	for (const part of parts) {
		scratch.set(part);
		await new Promise<void>((resolve, reject) =>
			stream.write(scratch.subarray(0, part.length), error => (error ? reject(error) : resolve())),
		);
		scratch.fill(0x41);
	}
	stream.end();
	await done;
	return out;
}

async function writeWeb<O>(stream: TransformStream<Uint8Array, O>, parts: Uint8Array[]): Promise<O[]> {
	const read = (async () => {
		const out: O[] = [];
		// A view read later is copied now (as a reader that keeps it would): the writer's buffer is filled again meanwhile.
		for await (const item of stream.readable as unknown as AsyncIterable<O>)
			out.push(item instanceof Uint8Array ? (Uint8Array.prototype.slice.call(item) as O) : item);
		return out;
	})();
	const writer = stream.writable.getWriter();
	const scratch = new Uint8Array(Math.max(1, ...parts.map(p => p.length)));
	for (const part of parts) {
		scratch.set(part);
		await writer.write(scratch.subarray(0, part.length));
		scratch.fill(0x41);
	}
	await writer.close();
	return read;
}

const urls = (links: Link[]): Array<string | null> => links.map(l => l.url);

test('rewrite streams (Node and Web) own what they hold: a writer that refills its buffer after each write gets the one-shot output', async t => {
	await fc.assert(
		fc.asyncProperty(page, fc.array(fc.nat(), {maxLength: 12}), async (html, cuts) => {
			const bytes = new TextEncoder().encode(html);
			const expected = Buffer.from(rewriteLinks(bytes, OPTIONS)).toString('utf8');
			const parts = split(bytes, cuts);
			t.is(Buffer.concat(await writeNode<Buffer>(createRewriteStream(OPTIONS), parts)).toString('utf8'), expected);
			const web = await writeWeb(new RewriteStream<Uint8Array>(OPTIONS), parts);
			t.is(Buffer.concat(web as Uint8Array[]).toString('utf8'), expected);
		}),
		fcParams(t, 60),
	);
});

test('extract streams (Node and Web) own what they hold: the same Links as the one-shot call', async t => {
	await fc.assert(
		fc.asyncProperty(page, fc.array(fc.nat(), {maxLength: 12}), async (html, cuts) => {
			const bytes = new TextEncoder().encode(html);
			const expected = urls(extractLinks(bytes, EXTRACT));
			const parts = split(bytes, cuts);
			t.deepEqual(urls(await writeNode<Link>(createExtractStream(EXTRACT), parts)), expected);
			t.deepEqual(urls(await writeWeb(new ExtractStream(EXTRACT), parts)), expected);
		}),
		fcParams(t, 40),
	);
});
