/**
 * Child process of bench/html-stream.ts and bench/rewrite.ts: the corpus pages, repeated
 * until BYTES bytes, in 64 KiB Buffers, piped as one long document through
 * `createExtractStream` (OPERATION `extract`, Links counted) or `createRewriteStream`
 * (`rewrite`, every reference to absolute, output dropped). Plain JavaScript on the
 * compiled dist/, without a TypeScript loader, so that its peak RSS is the library's (the
 * tsx loader's worker thread added about 100 MB). Prints one JSON line: bytes, seconds,
 * MB/s, Links, peak RSS (`process.resourceUsage().maxRSS`, KiB).
 *
 * Usage: npm run build && node bench/corpus-stream-child.mjs extract|rewrite SHARED_DIR BYTES
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {createExtractStream, createRewriteStream} from '../dist/index.js';

const CHUNK_BYTES = 1 << 16;
const [operation, sharedDir, bytes] = process.argv.slice(2);
if ((operation !== 'extract' && operation !== 'rewrite') || sharedDir === undefined || bytes === undefined) {
	throw new Error('usage: node bench/corpus-stream-child.mjs extract|rewrite SHARED_DIR BYTES');
}
const total = Number(bytes);
const folder = join(sharedDir, 'corpus', 'html');
const corpus = Buffer.concat(
	readdirSync(folder)
		.filter(name => name.endsWith('.html'))
		.sort()
		.map(name => readFileSync(join(folder, name))),
);

function* chunks() {
	let produced = 0;
	let at = 0;
	while (produced < total) {
		const size = Math.min(CHUNK_BYTES, corpus.length - at, total - produced);
		yield corpus.subarray(at, at + size);
		produced += size;
		at = (at + size) % corpus.length;
	}
}

const options = {type: 'html', retrievalUrl: 'https://corpus.example/stream/index.html'};
let links = 0;
const sink = new Writable({
	objectMode: operation === 'extract',
	write(_piece, _encoding, callback) {
		links++;
		callback();
	},
});
const start = process.hrtime.bigint();
await pipeline(
	Readable.from(chunks(), {objectMode: false}),
	operation === 'extract' ? createExtractStream(options) : createRewriteStream({...options, to: 'absolute'}),
	sink,
);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
	JSON.stringify({
		bytes: total,
		seconds,
		megabytesPerSecond: total / 1e6 / seconds,
		links: operation === 'extract' ? links : 0,
		maxRssKiB: process.resourceUsage().maxRSS,
	}),
);
