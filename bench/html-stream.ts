/**
 * Streamed HTML extraction at scale, each size in a process of its own
 * (bench/corpus-stream-child.mjs, plain JavaScript on dist/) so that its peak RSS means
 * something: the corpus pages, repeated until the size, in 64 KiB Buffers, piped through
 * `createExtractStream` as one long document.
 * `runHtmlStreamBench` is used by bench/html.ts.
 */
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

export interface StreamRun {
	bytes: number;
	seconds: number;
	megabytesPerSecond: number;
	links: number;
	/** Peak resident set size of the whole process, in KiB. */
	maxRssKiB: number;
}

const CHILD = fileURLToPath(new URL('corpus-stream-child.mjs', import.meta.url));

/** One child run of bench/corpus-stream-child.mjs. */
export function runCorpusStream(operation: 'extract' | 'rewrite', sharedDir: string, bytes: number): StreamRun {
	const child = spawnSync(process.execPath, [CHILD, operation, sharedDir, String(bytes)], {
		encoding: 'utf8',
		maxBuffer: 1 << 20,
	});
	if (child.status !== 0)
		throw new Error(`bench/corpus-stream-child.mjs ${operation} failed for ${bytes} bytes: ${child.stderr}`);
	return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as StreamRun;
}

/** Run the streamed extraction in a child process for each size, in order. */
export function runHtmlStreamBench(sharedDir: string, sizes: readonly number[]): StreamRun[] {
	return sizes.map(size => runCorpusStream('extract', sharedDir, size));
}

/** A markdown table of stream runs, with the peak RSS of each relative to the first. */
export function streamTable(runs: readonly StreamRun[]): string {
	const first = runs[0]?.maxRssKiB ?? Number.NaN;
	const lines = ['| streamed input | MB/s | Links | peak RSS | RSS vs first row |', '|---:|---:|---:|---:|---:|'];
	for (const run of runs) {
		const size = run.bytes >= 1e9 ? `${(run.bytes / 1e9).toFixed(1)} GB` : `${(run.bytes / 1e6).toFixed(0)} MB`;
		lines.push(
			`| ${size} | ${run.megabytesPerSecond.toFixed(1)} | ${run.links} | ${(run.maxRssKiB / 1024).toFixed(0)} MiB | ${((run.maxRssKiB / first - 1) * 100).toFixed(1)}% |`,
		);
	}
	return lines.join('\n');
}
