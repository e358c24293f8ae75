/**
 * The rewrite streams read a large chunk a step at a time (one-shot.ts ONE_SHOT_STEP) and let
 * each step's output go before reading the next: the Links, edits and output pieces alive at
 * once are bounded by the step, not by the chunk (the command reads files 1 MiB at a time, and
 * a 1 MiB chunk of `<a href="x">` is 87,000 Links). The output is that of the whole chunk.
 */
import {Readable} from 'node:stream';
import test from 'ava';
import {createRewriteStream, type Link} from '../../src/index.js';
import {ONE_SHOT_BYTE_STEP, ONE_SHOT_STEP} from '../../src/stream/core/one-shot.js';
import {RewriteStream} from '../../src/web.js';

const LINK = '<a href="x">';
/** One chunk of 1 MiB of links. */
const COUNT = Math.floor((1 << 20) / LINK.length);
/** A step of bytes is ONE_SHOT_BYTE_STEP: at most this many links are read before its output goes. */
const PER_STEP = Math.ceil(ONE_SHOT_BYTE_STEP / LINK.length) + 1;
const EXPECTED = '<a href="https://example.com/d/x">'.repeat(COUNT);

test('createRewriteStream: a 1 MiB chunk of links is pushed out a step at a time', async t => {
	let seen = 0;
	let most = 0;
	let since = 0;
	const to = (link: Link): string | null => {
		seen++;
		most = Math.max(most, ++since);
		return link.url;
	};
	const stream = createRewriteStream({type: 'html', to, retrievalUrl: 'https://example.com/d/'});
	const push = stream.push.bind(stream);
	stream.push = (chunk: unknown): boolean => {
		since = 0;
		return push(chunk);
	};
	const out: Buffer[] = [];
	for await (const piece of Readable.from([Buffer.from(LINK.repeat(COUNT))], {objectMode: false}).pipe(stream))
		out.push(piece as Buffer);
	t.is(Buffer.concat(out).toString(), EXPECTED);
	t.is(seen, COUNT);
	t.true(most <= PER_STEP, `${most} links read before an output was pushed`);
});

test('RewriteStream (web): a 1 MiB chunk of links is enqueued a step at a time', async t => {
	const stream = new RewriteStream<string>({type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/d/'});
	const writer = stream.writable.getWriter();
	void writer.write(LINK.repeat(COUNT)).then(() => writer.close());
	const pieces: string[] = [];
	const reader = stream.readable.getReader();
	for (;;) {
		const {done, value} = await reader.read();
		if (done) break;
		pieces.push(value);
	}
	t.is(pieces.join(''), EXPECTED);
	// Each step's output is enqueued on its own: 1 MiB in steps of ONE_SHOT_STEP units.
	t.true(pieces.length >= (1 << 20) / ONE_SHOT_STEP, `${pieces.length} pieces enqueued`);
});
