/**
 * Child process of bench/rewrite.ts: streams SIZE megabytes (the corpus pages repeated,
 * as one document) through createRewriteStream to nowhere, then prints its peak RSS.
 * Usage: node --import tsx bench/rewrite-rss.ts SHARED_DIR SIZE_MB
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {createRewriteStream} from '../dist/index.js';
import {corpusPages} from './harness.js';

const [sharedDir, size] = process.argv.slice(2);
if (sharedDir === undefined || size === undefined) throw new Error('usage: bench/rewrite-rss.ts SHARED_DIR SIZE_MB');
const target = Number(size) * 1e6;
const pages = corpusPages(sharedDir).map((page) => Buffer.from(page.html));

function* source(): Generator<Buffer> {
	let sent = 0;
	for (let i = 0; sent < target; i++) {
		const page = pages[i % pages.length] as Buffer;
		// 64 KiB pieces, as a file read stream gives them.
		for (let at = 0; at < page.length; at += 65_536) yield page.subarray(at, at + 65_536);
		sent += page.length;
	}
}

const start = process.hrtime.bigint();
await pipeline(
	Readable.from(source()),
	createRewriteStream({type: 'html', retrievalUrl: 'https://corpus.example/stream/index.html', to: 'absolute'}),
	new Writable({write: (_chunk, _encoding, callback) => callback()}),
);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({maxRssMb: process.resourceUsage().maxRSS / 1024, mbPerSecond: target / 1e6 / seconds}));
