/**
 * Child process of bench/memory.ts: streams BYTES bytes of generated TYPE input (html, css
 * or text) through one OPERATION of the compiled library (dist/) and prints one JSON line:
 * bytes, seconds, MB/s, Links (extract) or output bytes (rewrite), peak RSS
 * (`process.resourceUsage().maxRSS`, KiB) and the highest rss/heap/external seen by
 * `process.memoryUsage()`, sampled every SAMPLE_EVERY chunks read (a pipeline of synchronous
 * stages runs on nextTick and never lets a timer fire); with `--expose-gc`, also the heap
 * still live after a full GC at the end.
 *
 * OPERATION: `extract` (createExtractStream, Links counted), `keep` (the same, keeping
 * every KEEP_EVERY-th Link: what those Links hold on to shows in the live heap), `rewrite` (createRewriteStream,
 * `to: 'absolute'`, bytes counted), `htmlparser2` (its own WritableStream with empty
 * callbacks: the yardstick), `source` (the generator into the sink alone: the floor).
 *
 * The input (memory-input.mjs) is made on the fly, 64 KiB per read, and flows with
 * backpressure. Nothing is kept.
 *
 * Usage: npm run build && node bench/memory-child.mjs TYPE OPERATION BYTES
 */
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {generated, TEMPLATES} from './memory-input.mjs';

/** `process.memoryUsage()` is sampled every this many chunks (timers do not fire mid-pipeline). */
const SAMPLE_EVERY = 16;
/** `keep` keeps every this many-th Link, as a crawler's frontier would. */
const KEEP_EVERY = 1000;
/** With MEMORY_TRACE=1, each rise of the peak RSS by a MiB or more is logged to stderr. */
const TRACE = process.env.MEMORY_TRACE === '1';

const peak = {rss: 0, heapTotal: 0, heapUsed: 0, external: 0};
let traced = 0;
let chunks = 0;
const t0 = process.hrtime.bigint();

function sample(produced) {
	const usage = process.memoryUsage();
	for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], usage[key]);
	if (!TRACE) return;
	const maxRss = process.resourceUsage().maxRSS;
	if (maxRss < traced + 1024) return;
	traced = maxRss;
	const mib = n => (n / 2 ** 20).toFixed(1);
	const at = Number(process.hrtime.bigint() - t0) / 1e9;
	console.error(
		`${at.toFixed(2)}s ${mib(produced)} MiB in: maxRSS ${mib(maxRss * 1024)} rss ${mib(usage.rss)} heap ${mib(usage.heapUsed)}/${mib(usage.heapTotal)} external ${mib(usage.external)}`,
	);
}

const onChunk = produced => {
	if (++chunks % SAMPLE_EVERY === 0) sample(produced);
};

async function stage(type, operation) {
	const options = {type, retrievalUrl: 'https://bench.example/site/section/page.html'};
	if (operation === 'extract' || operation === 'keep')
		return (await import('../dist/index.js')).createExtractStream(options);
	if (operation === 'rewrite')
		return (await import('../dist/index.js')).createRewriteStream({...options, to: 'absolute'});
	if (operation === 'htmlparser2') {
		const {WritableStream} = await import('htmlparser2/WritableStream');
		return new WritableStream({}, {decodeEntities: true});
	}
	return null;
}

async function run(type, operation, total) {
	const counted = {units: 0};
	const kept = [];
	const objects = operation === 'extract' || operation === 'keep';
	const sink = new Writable({
		objectMode: objects,
		write(piece, _encoding, callback) {
			if (operation === 'keep' && counted.units % KEEP_EVERY === 0) kept.push(piece);
			counted.units += objects ? 1 : piece.length;
			callback();
		},
	});
	const middle = await stage(type, operation);
	const start = process.hrtime.bigint();
	if (middle === null) await pipeline(generated(type, total, onChunk), sink);
	else if (operation === 'htmlparser2') await pipeline(generated(type, total, onChunk), middle);
	else await pipeline(generated(type, total, onChunk), middle, sink);
	const seconds = Number(process.hrtime.bigint() - start) / 1e9;
	sample(total);
	const maxRssKiB = process.resourceUsage().maxRSS;
	// With --expose-gc: what is still live once the garbage is collected.
	globalThis.gc?.();
	globalThis.gc?.();
	return {
		type,
		operation,
		bytes: total,
		seconds,
		megabytesPerSecond: total / 1e6 / seconds,
		units: counted.units,
		kept: kept.length,
		maxRssKiB,
		peakRss: peak.rss,
		peakHeapTotal: peak.heapTotal,
		peakHeapUsed: peak.heapUsed,
		peakExternal: peak.external,
		liveHeap: globalThis.gc === undefined ? null : process.memoryUsage().heapUsed,
	};
}

const [type, operation, bytes] = process.argv.slice(2);
if (
	!(type in TEMPLATES) ||
	!['extract', 'keep', 'rewrite', 'htmlparser2', 'source'].includes(operation) ||
	!(Number(bytes) > 0)
) {
	console.error('usage: node bench/memory-child.mjs html|css|text extract|keep|rewrite|htmlparser2|source BYTES');
	process.exit(2);
}
console.log(JSON.stringify(await run(type, operation, Number(bytes))));
