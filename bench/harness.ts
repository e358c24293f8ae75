/** Small benchmark harness: median and range of several timed runs, in one process. */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

export interface Measurement {
	name: string;
	/** Median throughput in units per second. */
	median: number;
	min: number;
	max: number;
}

/** Run `fn` `runs` times (after one warm-up) and report `units / seconds` per run. */
export function measure(name: string, units: number, fn: () => void, runs = 5): Measurement {
	fn();
	const rates: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = process.hrtime.bigint();
		fn();
		const seconds = Number(process.hrtime.bigint() - start) / 1e9;
		rates.push(units / seconds);
	}
	rates.sort((a, b) => a - b);
	return {name, median: rates[Math.floor(rates.length / 2)] ?? 0, min: rates[0] ?? 0, max: rates.at(-1) ?? 0};
}

/** One row of an isolated measurement: its name and its work (synchronous or not). */
export type Case = readonly [name: string, fn: () => void | Promise<void>];

/**
 * Runs and seconds at least of a row in its child before timing, and timed runs: the child
 * reports the fastest, as spells of a few slower runs come and go on this VM (seen in every
 * row that allocates much, ours most: a run at 50 MB/s between runs at 85).
 */
const WARM_UP = 3;
const WARM_UP_SECONDS = 2.5;
const TIMED = 5;

/** The argument that makes a bench module time one of its rows and print the rate (see measureIsolated). */
const ROW_FLAG = '--bench-row';

/**
 * Each case `runs` times, each time in a fresh process (the module `script` run again with
 * `args` and `--bench-row NAME`: a warm-up, then the fastest of TIMED runs), in rounds: a round times every case once,
 * each round starting one case later. A fresh process keeps one contender's compiled code
 * and garbage out of another's measurement (our extractor and htmlparser2's Parser share
 * its Tokenizer's code, whose type feedback then mixes both); the rounds spread a slow spell
 * of a shared machine over all rows. Medians and ranges as {@link measure}, rows in order.
 * In the child (`--bench-row` given) it times that row, prints its rate and exits.
 */
export async function measureIsolated(
	script: string,
	args: readonly string[],
	cases: readonly Case[],
	units: number,
	runs = 5,
): Promise<Measurement[]> {
	const wanted = process.argv.indexOf(ROW_FLAG);
	if (wanted >= 0) {
		const fn = cases.find(([name]) => name === process.argv[wanted + 1])?.[1];
		if (fn === undefined) throw new Error(`bench: no row named ${process.argv[wanted + 1]}`);
		// Steady state: WARM_UP runs and WARM_UP_SECONDS at least (our larger code took up to five runs to reach it).
		const warming = process.hrtime.bigint();
		for (let i = 0; i < WARM_UP || Number(process.hrtime.bigint() - warming) / 1e9 < WARM_UP_SECONDS; i++) await fn();
		const timed: number[] = [];
		for (let i = 0; i < TIMED; i++) {
			const start = process.hrtime.bigint();
			await fn();
			timed.push(units / (Number(process.hrtime.bigint() - start) / 1e9));
		}
		console.log(`rate ${Math.max(...timed)}`);
		process.exit(0);
	}
	const rates: number[][] = cases.map(() => []);
	for (let round = 0; round < runs; round++) {
		for (let k = 0; k < cases.length; k++) {
			const index = (round + k) % cases.length;
			const argv = [...process.execArgv, script, ...args, ROW_FLAG, cases[index]![0]];
			const child = spawnSync(process.execPath, argv, {encoding: 'utf8', maxBuffer: 1 << 20});
			const rate = /^rate (\S+)$/m.exec(child.stdout)?.[1];
			if (rate === undefined) throw new Error(`bench: row ${cases[index]![0]} failed: ${child.stderr}`);
			rates[index]!.push(Number(rate));
		}
	}
	return cases.map(([name], index) => {
		const sorted = rates[index]!.sort((a, b) => a - b);
		return {name, median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0};
	});
}

/** A markdown table of measurements with ratios to the row named `yardstick`. */
export function table(rows: readonly Measurement[], unit: string, yardstick: string): string {
	const reference = rows.find(row => row.name === yardstick)?.median ?? Number.NaN;
	const lines = [`| task | ${unit} (median) | range | ratio to ${yardstick} |`, '|---|---:|---:|---:|'];
	for (const row of rows) {
		lines.push(
			`| ${row.name} | ${fmt(row.median)} | ${fmt(row.min)}–${fmt(row.max)} | ${(row.median / reference).toFixed(2)}× |`,
		);
	}
	return lines.join('\n');
}

function fmt(n: number): string {
	return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** The corpus pages (sorted by name), each with the retrieval URL the conformance runs use. */
export function corpusPages(sharedDir: string): Array<{name: string; html: string; url: string}> {
	const folder = join(sharedDir, 'corpus', 'html');
	return readdirSync(folder)
		.filter(name => name.endsWith('.html'))
		.sort()
		.map(name => ({
			name,
			html: readFileSync(join(folder, name), 'utf8'),
			url: `https://corpus.example/${name.slice(0, -5)}/index.html`,
		}));
}

/** One child process measured from outside: its wall time, peak RSS and output. */
export interface ProcessRun {
	seconds: number;
	/** Peak resident set size in MiB (GNU time's, else the child's own `process.resourceUsage().maxRSS`). */
	maxRssMb: number;
	status: number | null;
	stdout: string;
	stderr: string;
}

const GNU_TIME = '/usr/bin/time';

/**
 * Run `node ...nodeArgs` once: wall time from spawn to exit and peak RSS, by GNU time -v
 * when it is there, else from inside the child (a `--import` hook writes its maxRSS at exit).
 * `stdin`/`stdout` may be file descriptors (a file to read, /dev/null to write).
 *
 * @example
 * const run = measureProcess(['dist/cli/bin.js', 'extract', 'site/'], {stdout: openSync('/dev/null', 'w')});
 */
export function measureProcess(nodeArgs: readonly string[], io: {stdin?: number; stdout?: number} = {}): ProcessRun {
	const measured = mkdtempSync(join(tmpdir(), 'linkstream-time-'));
	const report = join(measured, 'report');
	const useTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-o', report, 'true']).status === 0;
	const hook = `data:text/javascript,${encodeURIComponent(`import {writeFileSync} from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(report)}, 'maxRSS ' + process.resourceUsage().maxRSS));`)}`;
	const argv = useTime
		? [GNU_TIME, '-v', '-o', report, process.execPath, ...nodeArgs]
		: [process.execPath, '--import', hook, ...nodeArgs];
	const start = process.hrtime.bigint();
	const child = spawnSync(argv[0]!, argv.slice(1), {
		encoding: 'utf8',
		maxBuffer: 1 << 24,
		stdio: [io.stdin ?? 'ignore', io.stdout ?? 'pipe', 'pipe'],
	});
	const seconds = Number(process.hrtime.bigint() - start) / 1e9;
	const text = existsSync(report) ? readFileSync(report, 'utf8') : '';
	rmSync(measured, {recursive: true});
	const kb = Number(
		/Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1] ?? /maxRSS (\d+)/.exec(text)?.[1] ?? Number.NaN,
	);
	return {seconds, maxRssMb: kb / 1024, status: child.status, stdout: child.stdout ?? '', stderr: child.stderr ?? ''};
}
