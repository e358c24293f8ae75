/** Small benchmark harness: median and range of several timed runs, in one process. */
import {readdirSync, readFileSync} from 'node:fs';
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

/** A markdown table of measurements with ratios to the row named `yardstick`. */
export function table(rows: readonly Measurement[], unit: string, yardstick: string): string {
	const reference = rows.find(row => row.name === yardstick)?.median ?? Number.NaN;
	const lines = [`| task | ${unit} (median) | range | ratio to ${yardstick} |`, '|---|---:|---:|---:|'];
	for (const row of rows) {
		lines.push(`| ${row.name} | ${fmt(row.median)} | ${fmt(row.min)}–${fmt(row.max)} | ${(row.median / reference).toFixed(2)}× |`);
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
		.map(name => ({name, html: readFileSync(join(folder, name), 'utf8'), url: `https://corpus.example/${name.slice(0, -5)}/index.html`}));
}
