/**
 * Inputs for the rewrite tests: every fixture of the project (HTML, XHTML, CSS, text)
 * with its options, and a chunked driver for the rewrite pipeline.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import type {ExtractOptions, RewriteOptions} from '../../src/types.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

export interface Input {
	name: string;
	bytes: Buffer;
	options: ExtractOptions;
}

const root = new URL('../../fixtures/', import.meta.url);

function read(path: string): Buffer {
	return readFileSync(new URL(path, root));
}

/** Every fixture page and file, with the options its own tests use. */
export function fixtureInputs(): Input[] {
	const pages = JSON.parse(read('html/pages.json').toString('utf8')) as Record<string, {retrievalUrl: string}>;
	const inputs: Input[] = [];
	for (const name of readdirSync(new URL('html/', root))
		.filter(n => n.endsWith('.html'))
		.sort()) {
		const retrievalUrl = pages[name]?.retrievalUrl ?? `https://fixtures.example/html/${name}`;
		inputs.push({name: `html/${name}`, bytes: read(`html/${name}`), options: {type: 'html', retrievalUrl}});
	}
	for (const name of readdirSync(new URL('html-unit/', root)).sort()) {
		const type = name.endsWith('.xhtml') ? 'xhtml' : 'html';
		inputs.push({
			name: `html-unit/${name}`,
			bytes: read(`html-unit/${name}`),
			options: {type, retrievalUrl: `https://unit.example/pages/${name}`, textLinks: true},
		});
	}
	inputs.push({
		name: 'readme/page.html',
		bytes: read('readme/page.html'),
		options: {type: 'html', retrievalUrl: 'https://example.com/docs/page.html'},
	});
	for (const name of readdirSync(new URL('text/', root)).sort()) {
		inputs.push({
			name: `text/${name}`,
			bytes: read(`text/${name}`),
			options: {type: 'text', retrievalUrl: 'http://base.example/dir/page.txt', fuzzy: {domains: true, emails: true}},
		});
	}
	inputs.push({
		name: 'css/site.css',
		bytes: read('css/site.css'),
		options: {type: 'css', retrievalUrl: 'https://example.com/css/site.css'},
	});
	return inputs;
}

/** `bytes` cut at the given points (taken modulo the length, deduplicated). */
export function cut<T extends string | Uint8Array>(input: T, cuts: readonly number[]): T[] {
	const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
	const chunks: T[] = [];
	let last = 0;
	for (const point of [...points, input.length]) {
		chunks.push(input.slice(last, point) as T);
		last = point;
	}
	return chunks;
}

/** Random cut points for a seeded run, from a small LCG (the seed is the test's). */
export function randomCuts(length: number, seed: number, count: number): number[] {
	let state = seed >>> 0 || 1;
	const cuts: number[] = [];
	for (let i = 0; i < count; i++) {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		cuts.push(state % (length + 1));
	}
	return cuts;
}

/** The rewrite of `chunks` through one pipeline, asserting no edit was refused. */
export function rewriteChunks(chunks: ReadonlyArray<string | Uint8Array>, options: RewriteOptions): Buffer | string {
	const pipeline = new RewritePipeline(checkRewriteOptions(options), nodeCodecs);
	const out: Array<string | Uint8Array> = [];
	for (const chunk of chunks) out.push(...pipeline.write(chunk));
	out.push(...pipeline.end());
	if (pipeline.refused > 0) throw new Error(`${pipeline.refused} edits refused`);
	return typeof chunks[0] === 'string' ? out.join('') : Buffer.concat(out as Uint8Array[]);
}
