/**
 * One token's references and unfinished tokens: each hostile
 * shape of bench/tokens-shapes.mjs streamed through `createExtractStream` and
 * `createRewriteStream` (`to: 'absolute'`) at three sizes, each run in a child process of
 * its own (bench/tokens-child.mjs, on the compiled dist/) so that its peak RSS is the
 * run's alone. Prints a Markdown table: seconds, MB/s, peak RSS, and for the unfinished
 * tokens the rewrite's time over the extraction's on the same bytes (target: within 3x).
 *
 * Usage: npx tsx bench/tokens.ts   (builds dist/ first)
 * TOKENS_BENCH_SIZES=4e6,16e6,64e6 (the `many` shapes) and TOKENS_BENCH_LONG_SIZES=10e6,30e6,100e6
 * (the unfinished ones) change the sizes; TOKENS_BENCH_SHAPES=srcset,comment runs a few;
 * TOKENS_BENCH_DIST=/path/to/dist/index.js measures another build.
 */
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {SHAPES} from './tokens-shapes.mjs';

const CHILD = fileURLToPath(new URL('tokens-child.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** A run longer than this is stopped and reported as such. */
const TIMEOUT_MS = 180_000;
const MB = 1e6;

interface Run {
	seconds: number;
	maxRssKiB: number;
}

function sizes(variable: string, fallback: string): number[] {
	return (process.env[variable] ?? fallback).split(',').map(Number);
}

function measure(shape: string, operation: 'extract' | 'rewrite', bytes: number): Run | string {
	const child = spawnSync(process.execPath, [CHILD, shape, operation, String(bytes)], {
		encoding: 'utf8',
		timeout: TIMEOUT_MS,
		env: process.env,
	});
	if (child.error !== undefined || child.status !== 0)
		return child.signal === 'SIGTERM'
			? `> ${TIMEOUT_MS / 1000} s`
			: `failed: ${(child.stderr || String(child.error)).split('\n').find(line => line.includes('Error')) ?? child.status}`;
	return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Run;
}

const cell = (run: Run | string): string =>
	typeof run === 'string' ? `${run} | | ` : `${run.seconds.toFixed(2)} | ${Math.round(run.maxRssKiB / 1024)} | `;

if (process.env.TOKENS_BENCH_DIST === undefined) spawnSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit'});
const only = process.env.TOKENS_BENCH_SHAPES?.split(',');
console.log('| shape | MB | extract s | extract peak RSS MiB | rewrite s | rewrite peak RSS MiB | rewrite / extract |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, shape] of Object.entries(SHAPES)) {
	if (only !== undefined && !only.includes(name)) continue;
	const list =
		shape.group === 'many'
			? sizes('TOKENS_BENCH_SIZES', '4e6,16e6,64e6')
			: sizes('TOKENS_BENCH_LONG_SIZES', '10e6,30e6,100e6');
	for (const bytes of list) {
		const extract = measure(name, 'extract', bytes);
		const rewrite = measure(name, 'rewrite', bytes);
		const ratio =
			typeof extract === 'string' || typeof rewrite === 'string'
				? ''
				: `${(rewrite.seconds / extract.seconds).toFixed(1)}x`;
		console.log(`| ${name} | ${bytes / MB} | ${cell(extract)}${cell(rewrite)}${ratio} |`);
	}
}
