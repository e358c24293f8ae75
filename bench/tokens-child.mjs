/**
 * Child process of bench/tokens.ts: streams BYTES bytes of one hostile SHAPE (tokens-shapes.mjs)
 * through one OPERATION of the compiled library (dist/) and prints one JSON line: seconds,
 * Links (extract) or output bytes (rewrite), and peak RSS (`process.resourceUsage().maxRSS`, KiB).
 *
 * The input is made on the fly, 64 KiB per read, and flows with backpressure; nothing is kept.
 *
 * Usage: npm run build && node bench/tokens-child.mjs SHAPE OPERATION BYTES
 * (TOKENS_BENCH_DIST=/path/to/dist/index.js: another build, e.g. an older commit's)
 */
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {SHAPES} from './tokens-shapes.mjs';

/** Bytes per chunk, as a file read stream gives them. */
const CHUNK_BYTES = 1 << 16;

/** prefix, then `unit` repeated up to `total` bytes, then suffix, in CHUNK_BYTES Buffers. */
function generated(shape, total) {
	const unit = Buffer.from(shape.unit, 'latin1');
	const pattern = Buffer.alloc(CHUNK_BYTES + unit.length);
	for (let i = 0; i < pattern.length; i += unit.length) unit.copy(pattern, i);
	const body = total - shape.prefix.length - shape.suffix.length;
	let sent = -1;
	return new Readable({
		read() {
			if (sent < 0) {
				sent = 0;
				this.push(Buffer.from(shape.prefix, 'latin1'));
				return;
			}
			if (sent >= body) {
				if (shape.suffix !== '') this.push(Buffer.from(shape.suffix, 'latin1'));
				this.push(null);
				sent = -2;
				return;
			}
			if (sent === -2) return;
			const n = Math.min(CHUNK_BYTES, body - sent);
			const phase = sent % unit.length;
			this.push(Buffer.from(pattern.subarray(phase, phase + n)));
			sent += n;
		},
	});
}

const [shapeName, operation, bytes] = process.argv.slice(2);
const shape = SHAPES[shapeName];
if (shape === undefined) throw new Error(`unknown shape ${shapeName}`);
const library = await import(process.env.TOKENS_BENCH_DIST ?? '../dist/index.js');
const options = {type: shape.type, retrievalUrl: 'https://bench.example/site/page.html', ...shape.options};
const objects = operation === 'extract';
const middle = objects
	? library.createExtractStream(options)
	: library.createRewriteStream({...options, to: 'absolute'});
let units = 0;
const sink = new Writable({
	objectMode: objects,
	write(piece, _encoding, callback) {
		units += objects ? 1 : piece.length;
		callback();
	},
});
const start = process.hrtime.bigint();
await pipeline(generated(shape, Number(bytes)), middle, sink);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(
	JSON.stringify({
		shape: shapeName,
		operation,
		bytes: Number(bytes),
		seconds,
		units,
		maxRssKiB: process.resourceUsage().maxRSS,
	}),
);
