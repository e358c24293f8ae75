/**
 * Seeded random chunkings for the conformance suites (test/conformance/*.ts): a small
 * xorshift32 generator, so a run replays with `--seed N`, and the pieces of an input.
 */
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../src/types.js';
import type {Result} from './conformance.js';

/** Random chunkings per identity check, after the whole input. */
const CHUNKINGS = 3;

/** Largest random chunk (skewed small: most pieces are a few bytes). */
const MAX_CHUNK = 65_536;

/** A seeded generator of numbers in [0, 1) (xorshift32). */
export function random(seed: number): () => number {
	let state = seed >>> 0 || 0x9e3779b9;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 0x1_0000_0000;
	};
}

/** `bytes` cut into pieces of 1 byte to 64 KiB, skewed small. */
export function chunk(bytes: Buffer, next: () => number): Buffer[] {
	const chunks: Buffer[] = [];
	for (let at = 0; at < bytes.length; ) {
		const size = 1 + Math.floor(next() ** 3 * MAX_CHUNK);
		chunks.push(bytes.subarray(at, at + size));
		at += size;
	}
	return chunks;
}

/** The rewrite of `chunks` written one after another into one pipeline. */
export function rewriteChunks(chunks: readonly Buffer[], options: RewriteOptions): Buffer {
	const pipeline = new RewritePipeline(checkRewriteOptions(options), nodeCodecs);
	const out: Uint8Array[] = [];
	for (const piece of chunks) out.push(...(pipeline.write(piece) as Uint8Array[]));
	out.push(...(pipeline.end() as Uint8Array[]));
	return Buffer.concat(out);
}

/** The first byte at which `a` and `b` differ, or -1 when they are equal. */
export function firstDifference(a: Buffer, b: Buffer): number {
	const n = Math.min(a.length, b.length);
	for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
	return a.length === b.length ? -1 : n;
}

/** The seed of `--seed`, else a new one (printed by the suite so that a run can be replayed). */
export function seedOf(value: string | undefined): number {
	return value === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(value);
}

/**
 * Identity rewrites of `bytes`: a function keeping every reference (returning `undefined`,
 * and returning `link.value`), whole and at three seeded random chunkings, must give the
 * input back byte for byte.
 */
export function identity(name: string, bytes: Buffer, options: ExtractOptions, next: () => number): Result[] {
	const results: Result[] = [];
	for (const [keeper, to] of [
		['undefined', () => undefined],
		['value', (link: Link) => link.value],
	] as const) {
		for (let run = 0; run <= CHUNKINGS; run++) {
			const chunks = run === 0 ? [bytes] : chunk(bytes, next);
			const output = rewriteChunks(chunks, {...options, to});
			const at = firstDifference(output, bytes);
			results.push({
				title: `identity (${keeper}, ${run === 0 ? 'whole' : `${chunks.length} chunks`}) ${name}`,
				problem: at < 0 ? null : `differs at byte ${at}`,
			});
		}
	}
	return results;
}

/** `bytes` cut at `cuts` (offsets, any order, taken modulo its length + 1): the pieces, none empty. */
export function split<T extends Uint8Array>(bytes: T, cuts: number[]): T[] {
	const points = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b);
	const chunks: T[] = [];
	let last = 0;
	for (const point of [...points, bytes.length]) {
		if (point > last) chunks.push(bytes.subarray(last, point) as T);
		last = point;
	}
	return chunks;
}
