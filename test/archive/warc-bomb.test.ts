import {gzipSync} from 'node:zlib';
import test from 'ava';
import pako from 'pako';
import {MAX_DECODED_BODY_BYTES, extractWarc} from '../../src/archive/warc/warc.js';
import type {WarcError} from '../../src/archive/warc/warc.js';
import {GZIP_STEP_BYTES} from '../../src/archive/warc/input.js';
import type {Link} from '../../src/types.js';
import {warcResponse} from '../helpers/warc.js';

// Gzip bombs. Bounds are checked by watching the inflater (its input per
// step and the output it holds after each), never by timing or RSS.

/** A WARC/1.1 response record for `url` with the HTTP message `http`. */
const record = (url: string, http: Buffer): Buffer => warcResponse(url, http, 1);

const html = (body: Buffer, encoding = ''): Buffer =>
	Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n${encoding}\r\n`), body]);

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	yield bytes;
}

interface Step {
	input: number;
	held: number;
}

/** Each push into pako's inflater (what warcio inflates WARC gzip members with): bytes in, bytes of output held after it. */
async function watchInflater<T>(run: () => Promise<T>): Promise<{result: T; steps: Step[]}> {
	type Inflater = {chunks: Uint8Array[]; push: (data: Uint8Array, mode?: unknown) => boolean};
	const prototype = (pako as unknown as {Inflate: {prototype: Inflater}}).Inflate.prototype;
	const original = prototype.push;
	const steps: Step[] = [];
	prototype.push = function (this: Inflater, data, mode) {
		const ok = original.call(this, data, mode);
		steps.push({input: data.length, held: this.chunks.reduce((sum, chunk) => sum + chunk.length, 0)});
		return ok;
	};
	try {
		return {result: await run(), steps};
	} finally {
		prototype.push = original;
	}
}

async function collect(input: AsyncIterable<Uint8Array>): Promise<{links: Link[]; errors: WarcError[]}> {
	const links: Link[] = [];
	const errors: WarcError[] = [];
	for await (const link of extractWarc(input, {onError: error => errors.push(error)})) links.push(link);
	return {links, errors};
}

// RFC 1951 §3.2.5: a 258-byte match in 1 bit at best, so one input byte inflates to at most 1032.
const MAX_RATIO = 1032;

test.serial(
	'a gzip member expanding to 48 MB, given in one chunk, is inflated in steps of GZIP_STEP_BYTES',
	async t => {
		const padding = Buffer.alloc(48 << 20, 0x20);
		const page = html(
			Buffer.concat([Buffer.from('<a href="first.html">'), padding, Buffer.from('<a href="last.html">')]),
		);
		const member = gzipSync(record('http://bomb.example/', page));
		t.true(member.length > 2 * GZIP_STEP_BYTES, 'the member spans several steps');
		const {result, steps} = await watchInflater(() => collect(once(member)));
		t.deepEqual(
			result.links.map(link => link.url),
			['http://bomb.example/first.html', 'http://bomb.example/last.html'],
		);
		t.deepEqual(result.errors, []);
		t.true(steps.length > 1);
		t.true(Math.max(...steps.map(step => step.input)) <= GZIP_STEP_BYTES, 'each step takes at most GZIP_STEP_BYTES');
		t.true(
			Math.max(...steps.map(step => step.held)) <= MAX_RATIO * GZIP_STEP_BYTES,
			'each step holds at most what GZIP_STEP_BYTES can inflate to',
		);
	},
);

test('an HTTP body with Content-Encoding gzip decoding past MAX_DECODED_BODY_BYTES: Links before the cap, an error, the next record read', async t => {
	const bomb = gzipSync(
		Buffer.concat([
			Buffer.from('<a href="kept.html">'),
			Buffer.alloc(MAX_DECODED_BODY_BYTES, 0x20),
			Buffer.from('<a href="past-the-cap.html">'),
		]),
	);
	const warc = Buffer.concat([
		record('http://bomb.example/', html(bomb, 'Content-Encoding: gzip\r\n')),
		record('http://next.example/', html(Buffer.from('<a href="next.html">'))),
	]);
	const {links, errors} = await collect(once(warc));
	t.deepEqual(
		links.map(link => link.url),
		['http://bomb.example/kept.html', 'http://next.example/next.html'],
	);
	t.deepEqual(
		errors.map(error => error.code),
		['body-too-large'],
	);
	t.regex(errors[0]!.message, new RegExp(`over ${MAX_DECODED_BODY_BYTES} bytes`));
});

test('an HTTP body decoding to exactly MAX_DECODED_BODY_BYTES is read whole', async t => {
	const tail = Buffer.from('<a href="end.html">');
	const body = gzipSync(Buffer.concat([Buffer.alloc(MAX_DECODED_BODY_BYTES - tail.length, 0x20), tail]));
	const {links, errors} = await collect(once(record('http://edge.example/', html(body, 'Content-Encoding: gzip\r\n'))));
	t.deepEqual(
		links.map(link => link.url),
		['http://edge.example/end.html'],
	);
	t.deepEqual(errors, []);
});
