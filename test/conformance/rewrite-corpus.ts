/**
 * Rewrite conformance over the shared corpus (read at run time, never copied):
 * - identity: every page of SHARED_DIR/corpus/html and every file of corpus/text comes
 *   back byte for byte through a function rewrite that keeps every reference (returning
 *   `undefined`, and returning `link.value`), whole and at seeded random chunkings;
 * - round trip: every page rewritten to absolute, to relative, and to relative for a
 *   moved copy (`documentUrl` two folders deeper) is extracted again as the document it
 *   now is; each Link must resolve to the original absolute URL, Link by Link (the
 *   number of Links must match; same-document and empty references of the moved copy
 *   are left out: they follow the document by design, see src/rewrite/targets.ts); to
 *   absolute, a Link whose reference has a scheme must also keep its source text.
 * Pages are loaded at `https://corpus.example/<file name without .html>/index.html`.
 *
 * Usage: npx tsx test/conformance/rewrite-corpus.ts SHARED_DIR [--seed N] [--only FILE]
 * Ends with `rewrite-corpus: P passed, F failed`; exit 1 on a failure not listed in
 * KNOWN_DIFFERENCES.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {isAbsolute} from '../../src/uri/index.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../src/types.js';
import {identity, random, seedOf} from '../helpers/chunks.js';
import {report} from '../helpers/conformance.js';
import type {Result} from '../helpers/conformance.js';

/** Case title -> the reason it is allowed to fail. None so far. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map();

function roundTrip(
	name: string,
	bytes: Buffer,
	options: ExtractOptions,
	mode: Pick<RewriteOptions, 'to' | 'documentUrl'>,
): Result {
	const title = `round trip (${String(mode.to)}${mode.documentUrl === undefined ? '' : ', moved'}) ${name}`;
	const before = extractLinks(bytes, options);
	const output = rewriteLinks(bytes, {...options, ...mode});
	const after = extractLinks(output, {...options, retrievalUrl: mode.documentUrl ?? (options.retrievalUrl as string)});
	if (after.length !== before.length) return {title, problem: `${before.length} Links before, ${after.length} after`};
	const moved = mode.documentUrl !== undefined;
	for (const [i, link] of after.entries()) {
		const original = before[i] as Link;
		if (original.url === null || (moved && (original.sameDocument === true || original.value === ''))) continue;
		if (mode.to === 'absolute' && isAbsolute(original.value) && link.raw !== original.raw) {
			return {
				title,
				problem: `Link ${i} has a scheme and was rewritten: ${JSON.stringify(original.raw.slice(0, 80))} -> ${JSON.stringify(link.raw.slice(0, 80))}`,
			};
		}
		if (link.url !== original.url) {
			return {
				title,
				problem: `Link ${i} (${original.element ?? ''} ${original.attribute ?? ''} ${JSON.stringify(original.raw.slice(0, 80))} -> ${JSON.stringify(link.raw.slice(0, 80))}): ${JSON.stringify(link.url)} instead of ${JSON.stringify(original.url)}`,
			};
		}
	}
	return {title, problem: null};
}

function main(): number {
	const {values, positionals} = parseArgs({
		options: {seed: {type: 'string'}, only: {type: 'string'}},
		allowPositionals: true,
	});
	const sharedDir = positionals[0];
	if (sharedDir === undefined) {
		console.error('usage: npx tsx test/conformance/rewrite-corpus.ts SHARED_DIR [--seed N] [--only FILE]');
		return 2;
	}
	const seed = seedOf(values.seed);
	console.log(`rewrite-corpus: chunking seed ${seed} (replay with --seed ${seed})`);
	const next = random(seed);
	const results: Result[] = [];
	const htmlDir = join(sharedDir, 'corpus', 'html');
	for (const file of readdirSync(htmlDir)
		.filter(f => f.endsWith('.html'))
		.sort()) {
		if (values.only !== undefined && file !== values.only) continue;
		const bytes = readFileSync(join(htmlDir, file));
		const stem = file.slice(0, -'.html'.length);
		const options: ExtractOptions = {type: 'html', retrievalUrl: `https://corpus.example/${stem}/index.html`};
		results.push(...identity(`html/${file}`, bytes, options, next));
		results.push(roundTrip(`html/${file}`, bytes, options, {to: 'absolute'}));
		results.push(roundTrip(`html/${file}`, bytes, options, {to: 'relative'}));
		results.push(
			roundTrip(`html/${file}`, bytes, options, {
				to: 'relative',
				documentUrl: `https://corpus.example/moved/deeper/${stem}/index.html`,
			}),
		);
	}
	const textDir = join(sharedDir, 'corpus', 'text');
	for (const file of readdirSync(textDir)
		.filter(f => f.endsWith('.txt'))
		.sort()) {
		if (values.only !== undefined && file !== values.only) continue;
		results.push(
			...identity(
				`text/${file}`,
				readFileSync(join(textDir, file)),
				{type: 'text', retrievalUrl: 'https://corpus.example/text/'},
				next,
			),
		);
	}
	return report('rewrite-corpus', results, KNOWN_DIFFERENCES);
}

process.exit(main());
