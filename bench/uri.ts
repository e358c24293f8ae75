/**
 * URI core benchmark: resolve throughput of our rfc3986 dialect against `new URL(ref, base)`,
 * uri-js (`URI.resolve`) and urijs (`URI(ref).absoluteTo(base)`), and relativize throughput
 * (all three dialects) with `new URL` resolve as the yardstick.
 *
 * Pairs: the href/src values of a, link, img and script elements in SHARED_DIR/corpus/html,
 * each against its page's base from bases.json. Without SHARED_DIR, synthetic pairs.
 *
 * Usage: npx tsx bench/uri.ts [SHARED_DIR]
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {Parser} from 'htmlparser2';
import * as uriJs from 'uri-js';
import URIjs from 'urijs';
import type {Dialect} from '../dist/types.js';
import {createRelativizer, relativize, resolve} from '../dist/uri/index.js';
import {measure, table, type Measurement} from './harness.js';

type Pair = [ref: string, base: string];

const LINK_ATTRIBUTES: Readonly<Record<string, string>> = {a: 'href', link: 'href', img: 'src', script: 'src'};

/** (reference, base) pairs from the corpus pages, attribute values as the parser decodes them. */
export function corpusPairs(sharedDir: string): Pair[] {
	const folder = join(sharedDir, 'corpus', 'html');
	const bases = JSON.parse(readFileSync(join(folder, 'bases.json'), 'utf8')) as Record<string, {base: string}>;
	const pairs: Pair[] = [];
	for (const [name, {base}] of Object.entries(bases).sort(([a], [b]) => a.localeCompare(b))) {
		const parser = new Parser({
			onopentag(tag, attributes) {
				const attribute = LINK_ATTRIBUTES[tag];
				const value = attribute === undefined ? undefined : attributes[attribute];
				if (value !== undefined) pairs.push([value.trim(), base]);
			},
		});
		parser.end(readFileSync(join(folder, name), 'utf8'));
	}
	return pairs;
}

/** Synthetic pairs in the proportions pages tend to have: paths, roots, absolutes, fragments. */
export function syntheticPairs(count = 50_000): Pair[] {
	const refs = [
		'img/logo.png',
		'../css/site.css',
		'/about/',
		'https://cdn.example.net/lib.js',
		'#top',
		'?page=2',
		'./a/b/c.html',
		'//static.example.org/x.gif',
		'mailto:me@example.com',
		'news/2024/item.html?id=7#c',
	];
	const bases = [
		'https://www.example.com/blog/2024/05/post.html',
		'http://example.org/',
		'https://shop.example.com/cat/item?id=3',
	];
	const pairs: Pair[] = [];
	for (let index = 0; index < count; index++) pairs.push([refs[index % refs.length]!, bases[index % bases.length]!]);
	return pairs;
}

function each(pairs: readonly Pair[], fn: (ref: string, base: string) => unknown): () => void {
	return () => {
		for (const [ref, base] of pairs) {
			try {
				fn(ref, base);
			} catch {
				// failures cost what they cost; every contender is timed on the same pairs
			}
		}
	};
}

/** Run every measurement and return the markdown section. */
export async function runUriBench(sharedDir?: string): Promise<string> {
	const pairs = sharedDir === undefined ? syntheticPairs() : corpusPairs(sharedDir);
	const source =
		sharedDir === undefined ? 'synthetic pairs' : 'the a/link/img/script links of corpus/html against their bases';
	const contenders: Array<[string, () => void]> = [
		['new URL(ref, base)', each(pairs, (ref, base) => new URL(ref, base).href)],
		['linkstream resolve rfc3986', each(pairs, (ref, base) => resolve(ref, base, {dialect: 'rfc3986'}))],
		['linkstream resolve rfc2396', each(pairs, (ref, base) => resolve(ref, base, {dialect: 'rfc2396'}))],
		['linkstream resolve whatwg', each(pairs, (ref, base) => resolve(ref, base))],
		['uri-js URI.resolve', each(pairs, (ref, base) => uriJs.resolve(base, ref))],
		['urijs absoluteTo', each(pairs, (ref, base) => URIjs(ref).absoluteTo(base).toString())],
	];
	const relativizers: Array<[string, number, () => void]> = (['rfc3986', 'rfc2396', 'whatwg'] as const).map(dialect => {
		const targets = targetPairs(pairs, dialect);
		return [
			`linkstream relativize ${dialect}`,
			targets.length,
			each(targets, (target, base) => relativize(target, base, {dialect})),
		];
	});
	// The bulk path a rewriter takes: one relativizer per page (pairs come page by page).
	for (const dialect of ['rfc3986', 'rfc2396', 'whatwg'] as const) {
		const targets = targetPairs(pairs, dialect);
		let lastBase = '';
		let bound: (target: string) => string = target => target;
		relativizers.push([
			`linkstream createRelativizer(base) per page, ${dialect}`,
			targets.length,
			each(targets, (target, base) => {
				if (base !== lastBase) {
					bound = createRelativizer(base, {dialect});
					lastBase = base;
				}
				return bound(target);
			}),
		]);
	}
	// Warm every contender up first, so JIT tiers and leftover garbage do not favour a row.
	for (const [, fn] of contenders) fn();
	for (const [, , fn] of relativizers) fn();
	const resolveRows: Measurement[] = contenders.map(([name, fn]) => measure(name, pairs.length, fn));
	const relativizeRows: Measurement[] = [
		measure('new URL(ref, base)', pairs.length, contenders[0]![1]),
		...relativizers.map(([name, count, fn]) => measure(name, count, fn)),
	];
	return [
		'## URI core',
		'',
		`${pairs.length} (reference, base) pairs: ${source}. Pairs per second; the yardstick is measured again before the relativize rows.`,
		'',
		'### resolve',
		'',
		table(resolveRows, 'pairs/s', 'new URL(ref, base)'),
		'',
		'### relativize (targets: each pair resolved in the dialect; yardstick: `new URL` resolve)',
		'',
		table(relativizeRows, 'pairs/s', 'new URL(ref, base)'),
		'',
	].join('\n');
}

/** (resolved target, base) pairs for relativizing, only where the dialect resolves the pair. */
function targetPairs(pairs: readonly Pair[], dialect: Dialect): Pair[] {
	const out: Pair[] = [];
	for (const [ref, base] of pairs) {
		try {
			out.push([resolve(ref, base, {dialect}), base]);
		} catch {
			// not resolvable in this dialect: nothing to relativize
		}
	}
	return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	console.log(await runUriBench(process.argv[2]));
}
