/**
 * Streamed HTML extraction at scale, in a process of its own so that its peak RSS means
 * something: the corpus pages, repeated until BYTES bytes, generated on the fly in 64 KiB
 * Buffers and piped through `createExtractStream` as one long document. Prints one JSON
 * line: bytes, seconds (wall), MB/s, Links, peak RSS (`process.resourceUsage().maxRSS`).
 *
 * Usage: npx tsx bench/html-stream.ts SHARED_DIR BYTES
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 * `runHtmlStreamBench` (used by bench/html.ts) runs it as a child for each size.
 */
import {spawnSync} from 'node:child_process';
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {fileURLToPath} from 'node:url';
import {createExtractStream} from '../dist/index.js';
import {corpusPages} from './harness.js';

const CHUNK_BYTES = 1 << 16;

export interface StreamRun {
	bytes: number;
	seconds: number;
	megabytesPerSecond: number;
	links: number;
	/** Peak resident set size of the whole process, in KiB. */
	maxRssKiB: number;
}

/** The corpus, repeated and cut into chunks, until `total` bytes have been produced. */
function* corpusBytes(sharedDir: string, total: number): Generator<Buffer> {
	const corpus = Buffer.from(corpusPages(sharedDir).map(page => page.html).join('\n'));
	let produced = 0;
	let at = 0;
	while (produced < total) {
		const size = Math.min(CHUNK_BYTES, corpus.length - at, total - produced);
		yield corpus.subarray(at, at + size);
		produced += size;
		at = (at + size) % corpus.length;
	}
}

async function streamRun(sharedDir: string, total: number): Promise<StreamRun> {
	let links = 0;
	const count = new Writable({
		objectMode: true,
		write(_link: unknown, _encoding, callback) {
			links++;
			callback();
		},
	});
	const start = process.hrtime.bigint();
	await pipeline(
		Readable.from(corpusBytes(sharedDir, total), {objectMode: false}),
		createExtractStream({type: 'html', retrievalUrl: 'https://corpus.example/stream/index.html'}),
		count,
	);
	const seconds = Number(process.hrtime.bigint() - start) / 1e9;
	return {bytes: total, seconds, megabytesPerSecond: total / 1e6 / seconds, links, maxRssKiB: process.resourceUsage().maxRSS};
}

/** Run the streamed extraction in a child process for each size, in order. */
export function runHtmlStreamBench(sharedDir: string, sizes: readonly number[]): StreamRun[] {
	const script = fileURLToPath(import.meta.url);
	return sizes.map(size => {
		const child = spawnSync(process.execPath, ['--import', 'tsx', script, sharedDir, String(size)], {encoding: 'utf8', maxBuffer: 1 << 20});
		if (child.status !== 0) throw new Error(`bench/html-stream.ts failed for ${size} bytes: ${child.stderr}`);
		return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as StreamRun;
	});
}

/** A markdown table of stream runs, with the peak RSS of each relative to the first. */
export function streamTable(runs: readonly StreamRun[]): string {
	const first = runs[0]?.maxRssKiB ?? Number.NaN;
	const lines = ['| streamed input | MB/s | Links | peak RSS | RSS vs first row |', '|---:|---:|---:|---:|---:|'];
	for (const run of runs) {
		const size = run.bytes >= 1e9 ? `${(run.bytes / 1e9).toFixed(1)} GB` : `${(run.bytes / 1e6).toFixed(0)} MB`;
		lines.push(`| ${size} | ${run.megabytesPerSecond.toFixed(1)} | ${run.links} | ${(run.maxRssKiB / 1024).toFixed(0)} MiB | ${((run.maxRssKiB / first - 1) * 100).toFixed(1)}% |`);
	}
	return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [shared, bytes] = process.argv.slice(2);
	if (shared === undefined || bytes === undefined) throw new Error('usage: npx tsx bench/html-stream.ts SHARED_DIR BYTES');
	console.log(JSON.stringify(await streamRun(shared, Number(bytes))));
}
