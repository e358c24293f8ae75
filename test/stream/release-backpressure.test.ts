/**
 * What a late BASE releases goes out a step at a time under backpressure: the Node streams
 * push a step once the reader asks for more, so their readable side holds at most its
 * high-water mark and a step (256 Links); a rewrite's output comes in pieces, never the
 * whole release joined. The Links and bytes are the same as the one-shot calls give.
 * Public API only, so that it runs against any version.
 */
import {Readable} from 'node:stream';
import {setImmediate as tick} from 'node:timers/promises';
import test from 'ava';
import {createExtractStream, createRewriteStream, extractLinks, rewriteLinks} from '../../src/index.js';
import type {Link} from '../../src/types.js';

/** References released a step (stream/core/pipeline.ts RELEASE_STEP). */
const RELEASE_STEP = 256;
const FOLDER = `https://h.example/${'f'.repeat(1000)}/`;
const page = (links: number): string => '<a href="x">'.repeat(links) + `<base href="${FOLDER}">`;

test('createExtractStream: a slow reader never finds more than its high-water mark and a step waiting', async t => {
	const stream = Readable.from([page(5000)], {objectMode: false}).pipe(
		createExtractStream({type: 'html', baseHold: 'document'}),
	);
	let most = 0;
	const urls: Array<string | null> = [];
	for await (const link of stream) {
		most = Math.max(most, stream.readableLength);
		urls.push((link as Link).url);
		if (urls.length % 100 === 0) await tick();
	}
	t.is(urls.length, 5001);
	t.true(urls.every(url => url === (url === FOLDER ? FOLDER : `${FOLDER}x`)));
	t.is(urls.at(-1), FOLDER);
	// Unstepped, the 5,000 Links were pushed at once when the BASE came.
	t.true(most <= stream.readableHighWaterMark + RELEASE_STEP, `at most ${most} Links waiting`);
});

test("createRewriteStream: a late BASE's rewrite comes in pieces as the reader takes them, the same bytes", async t => {
	const input = Buffer.from(page(4000));
	const stream = Readable.from([input], {objectMode: false}).pipe(
		createRewriteStream({type: 'html', to: 'absolute', baseHold: 'document'}),
	);
	const pieces: Buffer[] = [];
	let most = 0;
	for await (const piece of stream) {
		most = Math.max(most, stream.readableLength + (piece as Buffer).length);
		pieces.push(piece as Buffer);
		await tick();
	}
	const out = Buffer.concat(pieces);
	// Buffer.equals: ava's deepEqual walks 4 MB a byte at a time.
	t.true(out.equals(rewriteLinks(input, {type: 'html', to: 'absolute'})));
	t.is(out.length, input.length + 4000 * FOLDER.length);
	// 4 MB of output: unstepped it was pushed as one buffer.
	t.true(pieces.length > 4, `${pieces.length} pieces`);
	t.true(most <= 2 * (1 << 20) + 16 * 1024, `at most ${most} bytes waiting`);
});

test('createExtractStream with the late BASE at the end: the same Links as extractLinks', async t => {
	const input = page(1000) + '<a href="y">';
	const links: Link[] = [];
	for await (const link of Readable.from([input], {objectMode: false}).pipe(
		createExtractStream({type: 'html', baseHold: 'document'}),
	))
		links.push(link as Link);
	t.deepEqual(links, extractLinks(input, {type: 'html', baseHold: 'document'}));
});
