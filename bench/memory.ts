/**
 * Bounded memory, measured: 100 MB and 1 GB of generated HTML, CSS and
 * plain text streamed through `createExtractStream` and `createRewriteStream` (`to:
 * 'absolute'`), each run in a child process of its own (bench/memory-child.mjs, on the
 * compiled dist/ without a TypeScript loader) so that its peak RSS
 * (`process.resourceUsage().maxRSS`) is the run's alone. htmlparser2's own WritableStream
 * with empty callbacks on the same HTML is the yardstick; the input generator alone is the
 * floor.
 *
 * Each child runs twice over: with Node's default heap settings, and with V8's old
 * generation capped (OLD_SPACE_FLAG). The library's live heap stays at a few MB (the
 * "live heap" column: after a full GC at the end). With the defaults V8 collects the old
 * generation only at its limit: after a first collection at ~12 MB, 4x the live heap plus
 * the young generation (8 MB live: 4 x 8 + 16 = ~49 MB), and the pipeline never leaves the
 * event loop idle for the memory reducer. Whatever a run promotes (objects alive at two
 * scavenges, ~0.7 MB of input apart here) stays until then: every MB promoted per 100 MB
 * of input adds ~9 MB to the peak at 1 GB. So the default peak stays flat only if nearly
 * nothing is promoted: the generator promotes nothing (memory-input.mjs), and a dead old
 * object keeps what it points to through every scavenge (a list of input chunks let go
 * promotes the chunks). The cap makes V8 collect at a bound, and a program that needed
 * more would fail there.
 *
 * Usage: npx tsx bench/memory.ts   (builds dist/ first)
 * MEMORY_BENCH_SIZES=10e6,100e6 for a quick run; MEMORY_BENCH_SETTINGS=capped (or defaults)
 * for one heap setting only.
 */
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

/** The heap setting of the capped runs. */
export const OLD_SPACE_FLAG = '--max-old-space-size=28';
/** The targets: peak RSS at 1 GB within this ratio of the peak at 100 MB ... */
export const MAX_GROWTH = 0.1;
/** ... and below this many MB (10^6 bytes). */
export const MAX_PEAK_MB = 150;

const CHILD = fileURLToPath(new URL('memory-child.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type InputType = 'html' | 'xml' | 'css' | 'text';
type Operation = 'extract' | 'keep' | 'rewrite' | 'htmlparser2' | 'source';

/** What the child prints. */
export interface MemoryRun {
	type: InputType;
	operation: Operation;
	bytes: number;
	seconds: number;
	megabytesPerSecond: number;
	/** Links (extract) or bytes out (rewrite, source). */
	units: number;
	maxRssKiB: number;
	peakHeapTotal: number;
	peakExternal: number;
	/** heapUsed after a full GC at the end (bytes). */
	liveHeap: number;
}

const TASKS: ReadonlyArray<{type: InputType; operation: Operation; label: string}> = [
	{type: 'html', operation: 'extract', label: 'HTML extract'},
	{type: 'html', operation: 'rewrite', label: 'HTML rewrite'},
	{type: 'css', operation: 'extract', label: 'CSS extract'},
	{type: 'css', operation: 'rewrite', label: 'CSS rewrite'},
	{type: 'text', operation: 'extract', label: 'text extract'},
	{type: 'text', operation: 'rewrite', label: 'text rewrite'},
	{type: 'xml', operation: 'extract', label: 'XML (RSS) extract'},
	{type: 'xml', operation: 'rewrite', label: 'XML (RSS) rewrite'},
	{type: 'html', operation: 'keep', label: 'HTML extract, every 1000th Link kept'},
	{type: 'html', operation: 'htmlparser2', label: 'htmlparser2 WritableStream (yardstick)'},
	{type: 'html', operation: 'source', label: 'HTML generator alone (floor)'},
];

/** One child run: `node [flags] bench/memory-child.mjs TYPE OPERATION BYTES`. */
export function runChild(type: InputType, operation: Operation, bytes: number, flags: readonly string[]): MemoryRun {
	const child = spawnSync(process.execPath, [...flags, '--expose-gc', CHILD, type, operation, String(bytes)], {
		encoding: 'utf8',
		maxBuffer: 1 << 20,
		cwd: ROOT,
	});
	if (child.status !== 0)
		throw new Error(
			`bench/memory-child.mjs ${type} ${operation} ${bytes} failed (${child.status ?? child.signal}): ${child.stderr.slice(-2000)}`,
		);
	return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as MemoryRun;
}

function build(): void {
	const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {encoding: 'utf8', cwd: ROOT});
	if (result.status !== 0) throw new Error(`bench/memory: the build failed:\n${result.stdout}${result.stderr}`);
}

const mb = (bytes: number): string =>
	bytes >= 1e9 ? `${(bytes / 1e9).toFixed(bytes % 1e9 === 0 ? 0 : 1)} GB` : `${(bytes / 1e6).toFixed(0)} MB`;
/** Peak RSS (KiB) in MB of 10^6 bytes, the unit of the target. */
const rssMb = (kib: number): string => ((kib * 1024) / 1e6).toFixed(0);
const rate = (run: MemoryRun): string => run.megabytesPerSecond.toFixed(1);

/** The markdown table of one heap setting: a row per task, a column pair per size. */
function table(runs: ReadonlyMap<string, MemoryRun>, sizes: readonly number[], setting: string): string {
	const first = sizes[0] ?? 0;
	const last = sizes.at(-1) ?? 0;
	const head = [
		'task',
		...sizes.map(size => `MB/s ${mb(size)}`),
		`Links / bytes out (${mb(last)})`,
		...sizes.map(size => `peak RSS ${mb(size)} (MB)`),
		`${mb(last)} vs ${mb(first)}`,
		`live heap at end (MiB)`,
		'targets',
	];
	const lines = [
		`| ${head.join(' | ')} |`,
		`|---|${head
			.slice(1)
			.map(() => '---:')
			.join('|')}|`,
	];
	for (const task of TASKS) {
		const row = sizes.map(size => runs.get(key(setting, task.type, task.operation, size)));
		const small = row[0];
		const large = row.at(-1);
		if (small === undefined || large === undefined) continue;
		const growth = large.maxRssKiB / small.maxRssKiB - 1;
		const judged = task.operation === 'extract' || task.operation === 'rewrite' || task.operation === 'keep';
		const met = growth <= MAX_GROWTH && (large.maxRssKiB * 1024) / 1e6 < MAX_PEAK_MB;
		lines.push(
			`| ${task.label} | ${row.map(run => (run === undefined ? '' : rate(run))).join(' | ')} | ${large.units.toLocaleString('en-US')} | ${row.map(run => (run === undefined ? '' : rssMb(run.maxRssKiB))).join(' | ')} | ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% | ${(large.liveHeap / 2 ** 20).toFixed(1)} | ${judged ? (met ? 'met' : '**not met**') : ''} |`,
		);
	}
	return lines.join('\n');
}

function key(setting: string, type: InputType, operation: Operation, size: number): string {
	return `${setting} ${type} ${operation} ${size}`;
}

function sizesFromEnv(): number[] {
	const spec = process.env.MEMORY_BENCH_SIZES;
	if (spec === undefined || spec.trim() === '') return [100e6, 1e9];
	return spec.split(',').map(s => Number(s.trim()));
}

/**
 * Build dist/, run every task at every size under both heap settings, and return the
 * report section (markdown).
 *
 * @example
 * console.log(await runMemoryBench());
 */
export async function runMemoryBench(sizes: readonly number[] = sizesFromEnv()): Promise<string> {
	build();
	const only = process.env.MEMORY_BENCH_SETTINGS;
	const settings = [
		{name: 'capped', flags: [OLD_SPACE_FLAG]},
		{name: 'defaults', flags: []},
	].filter(setting => only === undefined || only === '' || only === setting.name);
	const runs = new Map<string, MemoryRun>();
	for (const setting of settings) {
		for (const task of TASKS) {
			for (const size of sizes) {
				const run = runChild(task.type, task.operation, size, setting.flags);
				runs.set(key(setting.name, task.type, task.operation, size), run);
				console.error(
					`memory: ${setting.name} ${task.label} ${mb(size)}: ${rate(run)} MB/s, peak RSS ${rssMb(run.maxRssKiB)} MB, live heap ${(run.liveHeap / 2 ** 20).toFixed(1)} MiB`,
				);
			}
		}
	}
	const section = (name: string, title: string, note: string[]): string[] =>
		settings.some(setting => setting.name === name) ? [title, '', ...note, table(runs, sizes, name), ''] : [];
	return [
		'## Memory',
		'',
		`Generated input (bench/memory-input.mjs: page templates with changing numbers, 64 KiB chunks, made as read) streamed with backpressure through each task into a sink that discards; one child process per run, on dist/ (\`node\`, no loader). Extract counts Links, rewrite (\`to: 'absolute'\`) counts bytes out. Targets: peak RSS at ${mb(sizes.at(-1) ?? 0)} within ${MAX_GROWTH * 100}% of the peak at ${mb(sizes[0] ?? 0)}, and under ${MAX_PEAK_MB} MB. One run each.`,
		'',
		...section('capped', `### V8 old generation capped (\`${OLD_SPACE_FLAG}\`)`, []),
		...section('defaults', '### Node defaults', [
			'With the defaults V8 collects the old generation only at its limit (about 4x the live heap plus the young generation, ~49 MB here; the pipeline never leaves the event loop idle for its memory reducer): what a run promotes piles up until then, each MB per 100 MB of input adding ~9 MB at 1 GB. V8 also grows the young generation (up to two 16 MiB semi-spaces) after a fixed total of scavenge survivors: every library task gets there in its first 100 MB, htmlparser2 and the generator alone later, so their 1 GB peaks are higher with nothing promoted.',
			'',
		]),
	].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	console.log(await runMemoryBench());
}
