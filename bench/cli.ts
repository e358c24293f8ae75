/**
 * The command at the library's speed: `linkstream extract` against the library
 * in one process on the same bytes, side by side in one run.
 *
 * Inputs, built in a temporary folder from SHARED_DIR's corpus pages: the 258 pages copied
 * 4 times into one folder (1,032 files), their concatenation (for standard input), and a
 * WARC file of the 1,032 pages (one uncompressed response record each).
 *
 * Rows, each run as a child process of its own and timed from spawn to exit (Node's start
 * and module loading included on both sides), in interleaved rounds, with the peak RSS of
 * each (GNU time -v, else the child's own maxRSS):
 * - the ceiling (bench/cli-ceiling-child.mjs): `extractLinks` (or `extractWarc`) on the
 *   same bytes in one process, each Link `JSON.stringify`'d with its file, nothing written;
 * - the command from the shipped build (dist/): `-j 1`, and `-j N` with one job per core,
 *   its output to /dev/null.
 * Ratios compare each command row with the ceiling row of the same input. Before timing, the
 * `-j N` output is checked byte for byte against `-j 1`'s.
 *
 * Usage: npx tsx bench/cli.ts [SHARED_DIR] [ROUNDS]   (builds dist/ when it is missing)
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
	closeSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import {availableParallelism, loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {measureProcess} from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const CEILING = join(ROOT, 'bench', 'cli-ceiling-child.mjs');
const SPLIT = join(ROOT, 'bench', 'cli-split-child.mjs');
const COPIES = 4;

interface Inputs {
	folder: string;
	concatenated: string;
	warc: string;
	bytes: number;
}

/** The corpus pages 4 times over: a folder, one file of them all, a WARC file of them all. */
function buildInputs(shared: string, work: string): Inputs {
	const source = join(shared, 'corpus', 'html');
	const names = readdirSync(source)
		.filter(name => name.endsWith('.html'))
		.sort();
	const folder = join(work, 'pages');
	mkdirSync(folder);
	const pages: Buffer[] = [];
	const records: Buffer[] = [];
	for (let copy = 1; copy <= COPIES; copy++) {
		for (const name of names) {
			const target = join(folder, `c${copy}-${name}`);
			copyFileSync(join(source, name), target);
			const page = readFileSync(target);
			pages.push(page);
			records.push(warcRecord(`https://corpus.example/c${copy}/${name.slice(0, -5)}/index.html`, page, records.length));
		}
	}
	const concatenated = join(work, 'pages.html');
	writeFileSync(concatenated, Buffer.concat(pages));
	const warc = join(work, 'pages.warc');
	writeFileSync(warc, Buffer.concat(records));
	return {folder, concatenated, warc, bytes: pages.reduce((sum, page) => sum + page.length, 0)};
}

/** A WARC/1.1 response record (ISO 28500 §6.3): the page behind an HTTP/1.1 200 head. */
function warcRecord(url: string, page: Buffer, index: number): Buffer {
	const http = Buffer.concat([
		Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${page.length}\r\n\r\n`),
		page,
	]);
	const id = `urn:uuid:00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
	const head = [
		'WARC/1.1',
		'WARC-Type: response',
		`WARC-Target-URI: ${url}`,
		'WARC-Date: 2026-01-01T00:00:00Z',
		`WARC-Record-ID: <${id}>`,
		'Content-Type: application/http;msgtype=response',
		`Content-Length: ${http.length}`,
	].join('\r\n');
	return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), http, Buffer.from('\r\n\r\n')]);
}

interface Row {
	name: string;
	/** The ceiling row this row is compared with. */
	ceiling: string;
	args: string[];
	stdin?: string;
}

function rows(inputs: Inputs, jobs: number): Row[] {
	const n = String(jobs);
	return [
		{name: 'folder: library ceiling', ceiling: 'folder: library ceiling', args: [CEILING, 'folder', inputs.folder]},
		{
			name: `folder: library, ${n} processes on 1/${n} of the files each`,
			ceiling: 'folder: library ceiling',
			args: [SPLIT, n, inputs.folder],
		},
		{
			name: 'folder: extract -j 1',
			ceiling: 'folder: library ceiling',
			args: [BIN, 'extract', '-j', '1', inputs.folder],
		},
		{
			name: `folder: extract -j ${n}`,
			ceiling: 'folder: library ceiling',
			args: [BIN, 'extract', '-j', n, inputs.folder],
		},
		{name: 'stdin: library ceiling', ceiling: 'stdin: library ceiling', args: [CEILING, 'stdin', inputs.concatenated]},
		{
			name: 'stdin: extract --type html -',
			ceiling: 'stdin: library ceiling',
			args: [BIN, 'extract', '--type', 'html', '-'],
			stdin: inputs.concatenated,
		},
		{name: 'WARC: library ceiling', ceiling: 'WARC: library ceiling', args: [CEILING, 'warc', inputs.warc]},
		{name: 'WARC: extract -j 1', ceiling: 'WARC: library ceiling', args: [BIN, 'extract', '-j', '1', inputs.warc]},
		{name: `WARC: extract -j ${n}`, ceiling: 'WARC: library ceiling', args: [BIN, 'extract', '-j', n, inputs.warc]},
	];
}

/** One run of a row; its output to `out` (a path), /dev/null by default. */
function runRow(row: Row, out = '/dev/null'): {seconds: number; maxRssMb: number} {
	const stdout = openSync(out, 'w');
	const stdin = row.stdin === undefined ? undefined : openSync(row.stdin, 'r');
	try {
		const result = measureProcess(row.args, stdin === undefined ? {stdout} : {stdin, stdout});
		if (result.status !== 0) throw new Error(`bench/cli: ${row.name} exited ${result.status}: ${result.stderr}`);
		return result;
	} finally {
		closeSync(stdout);
		if (stdin !== undefined) closeSync(stdin);
	}
}

function sha1(path: string): string {
	return createHash('sha1').update(readFileSync(path)).digest('hex');
}

/** `-j N` must write what `-j 1` writes, byte for byte. */
function checkSameOutput(all: readonly Row[], work: string): string[] {
	const notes: string[] = [];
	for (const prefix of ['folder', 'WARC']) {
		const [one, many] = all.filter(row => row.name.startsWith(`${prefix}: extract -j`));
		if (one === undefined || many === undefined) continue;
		const a = join(work, 'one.out');
		const b = join(work, 'many.out');
		runRow(one, a);
		runRow(many, b);
		if (sha1(a) !== sha1(b)) throw new Error(`bench/cli: ${many.name} wrote other bytes than ${one.name}`);
		notes.push(
			`${prefix}: ${(readFileSync(a).length / 1e6).toFixed(1)} MB of NDJSON, the same bytes from ${one.name.slice(prefix.length + 2)} and ${many.name.slice(prefix.length + 2)}`,
		);
		rmSync(a);
		rmSync(b);
	}
	return notes;
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Build the inputs, check -j N against -j 1, time every row in `rounds` interleaved rounds;
 * a markdown section.
 *
 * @example
 * console.log(await runCliBench('../shared'));
 */
export async function runCliBench(shared: string, rounds = 5): Promise<string> {
	if (!existsSync(BIN)) spawnSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit'});
	const work = mkdtempSync(join(tmpdir(), 'linkstream-cli-bench-'));
	try {
		const inputs = buildInputs(shared, work);
		const jobs = availableParallelism();
		const all = rows(inputs, jobs);
		const notes = checkSameOutput(all, work);
		const seconds: number[][] = all.map(() => []);
		const rss: number[][] = all.map(() => []);
		for (let round = 0; round < rounds; round++) {
			for (let k = 0; k < all.length; k++) {
				const index = (round + k) % all.length;
				const result = runRow(all[index]!);
				seconds[index]!.push(result.seconds);
				rss[index]!.push(result.maxRssMb);
			}
		}
		const mb = inputs.bytes / 1e6;
		const time = new Map(all.map((row, index) => [row.name, median(seconds[index]!)]));
		const lines = [
			'| row | wall s (median) | range | MB/s | ratio to its ceiling | peak RSS MB (max) |',
			'|---|---:|---:|---:|---:|---:|',
		];
		for (const [index, row] of all.entries()) {
			const s = time.get(row.name)!;
			const range = `${Math.min(...seconds[index]!).toFixed(2)}–${Math.max(...seconds[index]!).toFixed(2)}`;
			const ratio = time.get(row.ceiling)! / s;
			lines.push(
				`| ${row.name} | ${s.toFixed(2)} | ${range} | ${(mb / s).toFixed(1)} | ${ratio.toFixed(2)}× | ${Math.max(...rss[index]!).toFixed(0)} |`,
			);
		}
		const speedup = (prefix: string): string =>
			(time.get(`${prefix}: extract -j 1`)! / time.get(`${prefix}: extract -j ${jobs}`)!).toFixed(2);
		const bound = (
			time.get('folder: library ceiling')! /
			time.get(`folder: library, ${jobs} processes on 1/${jobs} of the files each`)!
		).toFixed(2);
		const perThread = (prefix: string): string =>
			(Math.max(...rss[all.findIndex(row => row.name === `${prefix}: extract -j ${jobs}`)]!) / jobs).toFixed(0);
		const load = loadavg()
			.map(n => n.toFixed(1))
			.join(', ');
		return [
			'## The command: linkstream extract',
			'',
			`The corpus pages ${COPIES} times over (${(mb).toFixed(1)} MB): a folder of ${readdirSync(inputs.folder).length} files, their concatenation (the same ${(mb).toFixed(1)} MB) on standard input, and a WARC file of them (one uncompressed response record a page). Each row is a child process timed from spawn to exit, median of ${rounds} interleaved rounds; the ceiling is the library in one process on the same bytes (extractLinks or extractWarc, each Link JSON.stringify'd with its file, nothing written); the command (dist/) writes NDJSON to /dev/null. ${jobs} cores; load average ${load} at the end.`,
			'',
			...lines,
			'',
			`-j ${jobs} over -j 1: folder ${speedup('folder')}×, WARC ${speedup('WARC')}× (the WARC file cut into ranges of records). The bound of -j ${jobs} on this machine and input: the library itself in ${jobs} processes, each on 1/${jobs} of the folder, runs at ${bound}× one process (each pays its start and JIT warm-up, as a worker thread does). Peak RSS of -j ${jobs} per thread: folder ${perThread('folder')} MB, WARC ${perThread('WARC')} MB. ${notes.join('; ')}.`,
			'',
		].join('\n');
	} finally {
		rmSync(work, {recursive: true, force: true});
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const shared = process.argv[2] ?? '../shared';
	if (!existsSync(join(shared, 'corpus', 'html'))) {
		console.error(`bench/cli: the shared data folder ${shared} (with corpus/html) is needed`);
		process.exit(2);
	}
	console.log(await runCliBench(shared, process.argv[3] === undefined ? undefined : Number(process.argv[3])));
}
