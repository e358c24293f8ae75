/**
 * Linear time on adversarial shapes, for every scanner: CPU time at n, 4n and 16n, and the
 * ratios per step (linear: about 4; the bound is 4.5). Each input runs through the extraction
 * pipeline (scanning and resolution) in 64 KiB chunks, as a stream delivers them, into a sink
 * that keeps nothing: collecting hundreds of thousands of Links in an array would measure the
 * garbage collector, not the scanners. Runs with a 64 MB young generation for the same reason
 * (it re-executes itself with `--max-semi-space-size=64`).
 * Usage: npx tsx bench/scaling.ts [n]
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {spawnSync} from 'node:child_process';
import {pathToFileURL} from 'node:url';
import type {ExtractOptions} from '../dist/index.js';
import {checkExtractOptions} from '../dist/options.js';
import {ExtractPipeline} from '../dist/stream/core/pipeline.js';
import {nodeCodecs} from '../dist/stream/node/codecs.js';

/** Largest allowed time(4n)/time(n). */
export const MAX_RATIO = 4.5;

interface Shape {
	name: string;
	options: ExtractOptions;
	/** An input of about `units` UTF-16 units. */
	make: (units: number) => string;
}

const html: ExtractOptions = {type: 'html', retrievalUrl: 'https://example.com/a/b.html'};
const css: ExtractOptions = {type: 'css', retrievalUrl: 'https://example.com/s.css'};
const text: ExtractOptions = {type: 'text', fuzzy: {domains: true, emails: true}};
const repeat = (piece: string, units: number): string => piece.repeat(Math.max(1, Math.floor(units / piece.length)));

export const SHAPES: readonly Shape[] = [
	{name: 'html: run of "&" in an href', options: html, make: n => `<a href="${repeat('&', n)}">x</a>`},
	{name: 'html: run of "&amp;" in an href', options: html, make: n => `<a href="${repeat('&amp;', n)}">x</a>`},
	{name: 'html: run of "<"', options: html, make: n => repeat('<', n)},
	{name: 'html: run of "<a href=x>"', options: html, make: n => repeat('<a href=x>', n)},
	{name: 'html: one tag, many attributes', options: html, make: n => `<a ${repeat('b=1 ', n)}href=x>`},
	{name: 'html: deeply nested elements', options: html, make: n => repeat('<div>', n)},
	{name: 'html: unclosed comment', options: html, make: n => `<!--${repeat('<a href=x>', n)}`},
	{name: 'html: srcset of many candidates', options: html, make: n => `<img srcset="${repeat('a.png 1x, ', n)}">`},
	{name: 'html: style of many url(', options: html, make: n => `<style>${repeat('url(', n)}</style>`},
	{
		name: 'html: text links on, run of "www."',
		options: {...html, textLinks: true},
		make: n => `<p>${repeat('www.', n)}</p>`,
	},
	{name: 'css: run of "url("', options: css, make: n => repeat('url(', n)},
	{name: 'css: run of "url(x) "', options: css, make: n => repeat('url(x) ', n)},
	{name: 'css: unclosed comment', options: css, make: n => `/*${repeat('url(x)', n)}`},
	{name: 'css: run of "\\"', options: css, make: n => `url(${repeat('\\', n)})`},
	{name: 'css: nested "(" ', options: css, make: n => repeat('(', n)},
	{name: 'text: "a.com " repeated, then "@"', options: text, make: n => `${repeat('a.com ', n)}@`},
	{name: 'text: run of "("', options: text, make: n => repeat('(', n)},
	{name: 'text: "mailto:" repeated', options: text, make: n => repeat('mailto:', n)},
	{name: 'text: "http://x/" + run of "("', options: text, make: n => `http://x.example/${repeat('(', n)}`},
	{name: 'text: "<http://x/" + wrap, repeated', options: text, make: n => repeat('<http://x.example/a-\n  ', n)},
	{name: 'text: unclosed "<URL:" + long line', options: text, make: n => `<URL:${repeat('a', n)}`},
];

/** Chunk size written to the pipeline, as a file stream delivers it. */
const CHUNK = 1 << 16;

function extract(input: string, options: ExtractOptions): void {
	const pipeline = new ExtractPipeline(checkExtractOptions(options), nodeCodecs, () => {});
	for (let start = 0; start < input.length; start += CHUNK) pipeline.write(input.slice(start, start + CHUNK));
	pipeline.end();
}

/** Best-of-rounds CPU seconds for one run over each input (repeated to equal total work). */
function cpuSeconds(inputs: readonly string[], options: ExtractOptions, rounds = 11): number[] {
	const best = inputs.map(() => Number.POSITIVE_INFINITY);
	for (const input of inputs) extract(input, options);
	for (let round = 0; round < rounds; round++) {
		inputs.forEach((input, k) => {
			const times = 16 / 4 ** k;
			const start = process.cpuUsage();
			for (let r = 0; r < times; r++) extract(input, options);
			const used = process.cpuUsage(start);
			best[k] = Math.min(best[k]!, (used.user + used.system) / 1e6 / times);
		});
	}
	return best;
}

export interface ScalingResult {
	table: string;
	worst: number;
}

/**
 * Time every shape at n, 4n, 16n; the markdown table and the worst step ratio. The default n
 * is two 64 KiB chunks, so every size is read across chunk boundaries (at n = one chunk the
 * first step would compare one write with several).
 */
export function runScaling(n = 1 << 17): ScalingResult {
	const ms = (s: number): string => (s * 1000).toFixed(2);
	const lines = [`| input | n = ${n} (ms) | 4n (ms) | 16n (ms) | 4n/n | 16n/4n |`, '|---|---:|---:|---:|---:|---:|'];
	let worst = 0;
	for (const shape of SHAPES) {
		const [a = 0, b = 0, c = 0] = cpuSeconds([shape.make(n), shape.make(4 * n), shape.make(16 * n)], shape.options);
		const ratios = [b / a, c / b];
		worst = Math.max(worst, ...ratios);
		const flag = (r: number): string => `${r.toFixed(2)}${r > MAX_RATIO ? ' ✗' : ''}`;
		lines.push(`| ${shape.name} | ${ms(a)} | ${ms(b)} | ${ms(c)} | ${flag(ratios[0]!)} | ${flag(ratios[1]!)} |`);
	}
	return {table: lines.join('\n'), worst};
}

const GC_FLAG = '--max-semi-space-size=64';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && !process.execArgv.includes(GC_FLAG)) {
	const child = spawnSync(process.execPath, [GC_FLAG, '--import', 'tsx', ...process.argv.slice(1)], {stdio: 'inherit'});
	process.exitCode = child.status ?? 1;
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const {table, worst} = runScaling(process.argv[2] === undefined ? undefined : Number(process.argv[2]));
	console.log(
		`### Scaling (CPU time, extraction pipeline)\n\n${table}\n\nWorst step ratio: ${worst.toFixed(2)} (bound ${MAX_RATIO}).`,
	);
	process.exitCode = worst > MAX_RATIO ? 1 : 0;
}
