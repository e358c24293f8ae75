/**
 * Plain-text URL scanning (RFC 2396 App. E/F):
 * (a) scaling: time at n, 4n and 16n units for each known ReDoS shape and for normal text;
 *     time(4n)/time(n) must stay at or below 4.5 (linear time);
 * (b) throughput on SHARED_DIR/corpus/text/{visible,links}.txt, MB/s (UTF-8 bytes of the
 *     file per CPU second), side by side with linkify-it `match()`, Autolinker `parse()` and
 *     url-regex-safe, in one run; ratios to linkify-it with its defaults.
 * Usage: npx tsx bench/text.ts [SHARED_DIR]   (default ../shared; exits 1 if a ratio exceeds 4.5)
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Autolinker} from 'autolinker';
import {LinkifyIt} from 'linkify-it';
import urlRegexSafe from 'url-regex-safe';
import {scanText, TextExtractor, type TextScanOptions} from '../dist/extract/text/extractor.js';
import {table, type Measurement} from './harness.js';

/** Worst case for the scaling runs: every rule on. */
const FUZZY: TextScanOptions = {fuzzy: {domains: true, emails: true}};

/** Largest allowed time(4n)/time(n). */
export const MAX_SCALING_RATIO = 4.5;

/** Each shape builds an input of about `units` UTF-16 units. */
const SHAPES: ReadonlyArray<[string, (units: number) => string]> = [
	['"a.com " repeated, then "@"', units => `${'a.com '.repeat(units / 6)}@`],
	['thousands of "("', units => '('.repeat(units)],
	['"mailto:" repeated', units => 'mailto:'.repeat(units / 7)],
	['long run of "<"', units => '<'.repeat(units)],
	['"www." repeated', units => 'www.'.repeat(units / 4)],
	['"http://" + "("', units => `http://${'('.repeat(units)}`],
	['"http://a.b/" + "("', units => `http://a.b/${'('.repeat(units)}`],
	['"<http://x/" + wrap, repeated', units => '<http://x.example/a-\n  '.repeat(units / 23)],
	['"a@" repeated', units => 'a@'.repeat(units / 2)],
	['"a." repeated (one long domain)', units => 'a.'.repeat(units / 2)],
];

/**
 * CPU seconds per scan of `inputs[k]` (process CPU time, so other processes on a busy
 * machine do not count). Rounds interleave the sizes, each size is repeated to the same
 * total work (`repeats[k]` times), and the minimum over the rounds is kept.
 */
function seconds(inputs: readonly string[], repeats: readonly number[], rounds = 9): number[] {
	const best = inputs.map(() => Number.POSITIVE_INFINITY);
	for (const input of inputs) scanText(input, FUZZY);
	for (let round = 0; round < rounds; round++) {
		inputs.forEach((input, k) => {
			const times = repeats[k] ?? 1;
			const start = process.cpuUsage();
			for (let r = 0; r < times; r++) scanText(input, FUZZY);
			const used = process.cpuUsage(start);
			best[k] = Math.min(best[k]!, (used.user + used.system) / 1e6 / times);
		});
	}
	return best;
}

interface ScalingRow {
	name: string;
	times: number[];
}

function scaling(normal: string, n: number): ScalingRow[] {
	const shapes: Array<[string, (units: number) => string]> = [
		...SHAPES,
		['normal text (corpus visible.txt)', units => normal.repeat(Math.ceil(units / normal.length)).slice(0, units)],
	];
	return shapes.map(([name, make]) => ({name, times: seconds([make(n), make(4 * n), make(16 * n)], [128, 32, 8])}));
}

function scalingTable(rows: readonly ScalingRow[], n: number): string {
	const ms = (s: number): string => (s * 1000).toFixed(2);
	const lines = [
		`| input (fuzzy on) | n = ${n} (ms) | 4n (ms) | 16n (ms) | time(4n)/time(n) | time(16n)/time(4n) |`,
		'|---|---:|---:|---:|---:|---:|',
	];
	for (const {
		name,
		times: [a = 0, b = 0, c = 0],
	} of rows) {
		lines.push(`| ${name} | ${ms(a)} | ${ms(b)} | ${ms(c)} | ${(b / a).toFixed(2)} | ${(c / b).toFixed(2)} |`);
	}
	return lines.join('\n');
}

/**
 * Like harness `measure`, in process CPU time (a busy machine does not skew the ratios),
 * after extra warm-up runs: Node's URL parsing reaches its fast path only after some
 * thousands of calls.
 */
function warmMeasure(name: string, megabytes: number, fn: () => void, runs: number): Measurement {
	for (let i = 0; i < 4; i++) fn();
	const rates: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = process.cpuUsage();
		fn();
		const used = process.cpuUsage(start);
		rates.push(megabytes / ((used.user + used.system) / 1e6));
	}
	rates.sort((a, b) => a - b);
	return {name, median: rates[Math.floor(rates.length / 2)]!, min: rates[0]!, max: rates.at(-1)!};
}

function throughput(text: string, runs: number): Measurement[] {
	const megabytes = Buffer.byteLength(text) / 1e6;
	const linkify = new LinkifyIt();
	const linkifyFuzzy = new LinkifyIt({fuzzyLink: true});
	const autolinkerOptions = {urls: true, email: true, phone: false, mention: false, hashtag: false} as const;
	const rows: Measurement[] = [
		warmMeasure('linkstream scanText (defaults)', megabytes, () => void scanText(text), runs),
		warmMeasure('linkstream scanText (fuzzy domains + e-mails)', megabytes, () => void scanText(text, FUZZY), runs),
		warmMeasure(
			'linkstream TextExtractor (resolved Links)',
			megabytes,
			() => {
				const core = new TextExtractor({type: 'text'}, () => {});
				core.write(text);
				core.end();
			},
			runs,
		),
		warmMeasure('linkify-it match() (defaults: fuzzyLink off)', megabytes, () => void linkify.match(text), runs),
		warmMeasure('linkify-it match() (fuzzyLink on)', megabytes, () => void linkifyFuzzy.match(text), runs),
		warmMeasure(
			'Autolinker.parse (urls + email)',
			megabytes,
			() => void Autolinker.parse(text, autolinkerOptions),
			runs,
		),
		warmMeasure('url-regex-safe', megabytes, () => void text.match(urlRegexSafe()), runs),
	];
	return rows;
}

function counts(text: string): string {
	const linkify = new LinkifyIt().match(text)?.length ?? 0;
	return `matches: linkstream ${scanText(text).length}, linkify-it ${linkify}`;
}

export async function runTextBench(sharedDir = '../shared', runs = 5): Promise<string> {
	const folder = join(sharedDir, 'corpus', 'text');
	const visible = readFileSync(join(folder, 'visible.txt'), 'utf8');
	const links = readFileSync(join(folder, 'links.txt'), 'utf8');
	// Small enough that input and matches stay in cache and young GC space at 16n: beyond that,
	// memory effects (not the scanner) add up to 1.5x per match on a one-shot scan that keeps
	// every match (the streaming core keeps none).
	const n = 1 << 13;
	const rows = scaling(visible.slice(0, 1 << 20), n);
	const worst = Math.max(...rows.map(row => row.times[1]! / row.times[0]!));
	const yardstick = 'linkify-it match() (defaults: fuzzyLink off)';
	const sections = [
		'### Plain-text scanning (RFC 2396 App. E/F)',
		'',
		`Scaling (scanText, fuzzy on; CPU time, sizes interleaved, minimum of 9 rounds, same total work per size). Worst time(4n)/time(n): ${worst.toFixed(2)} (limit ${MAX_SCALING_RATIO}).`,
		'',
		scalingTable(rows, n),
		'',
		`Throughput on corpus/text/visible.txt (${(Buffer.byteLength(visible) / 1e6).toFixed(2)} MB, sparse URLs; ${counts(visible)}):`,
		'',
		table(throughput(visible, runs), 'MB/s', yardstick),
		'',
		`Throughput on corpus/text/links.txt (${(Buffer.byteLength(links) / 1e6).toFixed(2)} MB, dense \`<URL>\`s; ${counts(links)}):`,
		'',
		table(throughput(links, runs), 'MB/s', yardstick),
		'',
	];
	return sections.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const shared = process.argv[2] ?? '../shared';
	if (!existsSync(join(shared, 'corpus', 'text'))) throw new Error('usage: npx tsx bench/text.ts [SHARED_DIR]');
	const report = await runTextBench(shared);
	console.log(report);
	const worst = /Worst time\(4n\)\/time\(n\): ([\d.]+)/.exec(report)?.[1];
	process.exitCode = Number(worst) <= MAX_SCALING_RATIO ? 0 : 1;
}
