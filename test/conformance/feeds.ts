/**
 * Feed conformance over the shared corpus of real feeds (SHARED_DIR/corpus/feeds, read at
 * run time, never copied), each read as `type: 'xml'` from
 * `https://feeds.example/<file name>`:
 * - read: extraction never throws, and gives the same Links whole and at seeded random
 *   chunkings (the Node stream's pipeline, bytes in);
 * - spans: every Link's `raw` equals `text.slice(start, end)` of the decoded text;
 * - identity: a function rewrite keeping every reference gives the bytes back, whole and
 *   chunked;
 * - absolute: the feed rewritten to absolute and extracted again gives the same URLs, Link
 *   by Link (an xml:base made absolute is the same base).
 *
 * Usage: npx tsx test/conformance/feeds.ts SHARED_DIR [--seed N] [--only FILE]
 * Ends with `feeds: P passed, F failed`; exit 1 on a failure not listed in KNOWN_DIFFERENCES.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {checkExtractOptions} from '../../src/options.js';
import {createDecoder} from '../../src/stream/core/decode.js';
import {ExtractPipeline} from '../../src/stream/core/pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {ExtractOptions, Link} from '../../src/types.js';
import {chunk, identity, random, seedOf} from '../helpers/chunks.js';
import {report} from '../helpers/conformance.js';
import type {Result} from '../helpers/conformance.js';
import {feedFiles, feedFolder, feedOptions} from '../helpers/feeds.js';

/** Case title -> the reason it is allowed to fail. None so far. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map();

/** Random chunkings of each feed for the extraction check. */
const EXTRACT_CHUNKINGS = 3;

function extractChunks(chunks: readonly Buffer[], options: ExtractOptions): Link[] {
	const links: Link[] = [];
	const pipeline = new ExtractPipeline(checkExtractOptions(options), nodeCodecs, link => links.push(link));
	for (const piece of chunks) pipeline.write(piece);
	pipeline.end();
	return links;
}

/** A Link as the comparison sees it (record fields that depend on nothing but the input). */
function key(link: Link): string {
	return JSON.stringify(link);
}

function read(name: string, bytes: Buffer, options: ExtractOptions, next: () => number): Result[] {
	let whole: Link[];
	try {
		whole = extractLinks(bytes, options);
	} catch (error) {
		return [{title: `read ${name}`, problem: `threw ${(error as Error).message}`}];
	}
	const results: Result[] = [{title: `read ${name}`, problem: whole.length === 0 ? 'no Link' : null}];
	const expected = whole.map(key);
	for (let run = 1; run <= EXTRACT_CHUNKINGS; run++) {
		const chunks = chunk(bytes, next);
		const links = extractChunks(chunks, options).map(key);
		const at = links.findIndex((link, i) => link !== expected[i]);
		const problem =
			at >= 0 || links.length !== expected.length
				? `Link ${at < 0 ? links.length : at} differs (${links.length} Links, ${expected.length} whole)`
				: null;
		results.push({title: `chunked extract (${chunks.length} chunks) ${name}`, problem});
	}
	return results;
}

function spans(name: string, bytes: Buffer, options: ExtractOptions): Result {
	const decoder = createDecoder({type: 'xml'}, nodeCodecs);
	const text = decoder.write(bytes) + decoder.end();
	const links = extractLinks(bytes, options);
	const wrong = links.find(link => text.slice(link.start, link.end) !== link.raw);
	const problem =
		wrong === undefined
			? null
			: `raw ${JSON.stringify(wrong.raw.slice(0, 60))} at ${wrong.start}-${wrong.end} is ${JSON.stringify(text.slice(wrong.start, wrong.end).slice(0, 60))} in the text`;
	return {title: `spans (${links.length} Links) ${name}`, problem};
}

function absolute(name: string, bytes: Buffer, options: ExtractOptions): Result {
	const title = `absolute then extract ${name}`;
	const before = extractLinks(bytes, options);
	const after = extractLinks(rewriteLinks(bytes, {...options, to: 'absolute'}), options);
	if (after.length !== before.length) return {title, problem: `${before.length} Links before, ${after.length} after`};
	const at = after.findIndex((link, i) => before[i]!.url !== null && link.url !== before[i]!.url);
	if (at < 0) return {title, problem: null};
	const original = before[at]!;
	return {
		title,
		problem: `Link ${at} (${original.element ?? ''} ${JSON.stringify(original.raw.slice(0, 80))}): ${JSON.stringify(after[at]!.url)} instead of ${JSON.stringify(original.url)}`,
	};
}

function main(): number {
	const {values, positionals} = parseArgs({
		options: {seed: {type: 'string'}, only: {type: 'string'}},
		allowPositionals: true,
	});
	const sharedDir = positionals[0];
	if (sharedDir === undefined) {
		console.error('usage: npx tsx test/conformance/feeds.ts SHARED_DIR [--seed N] [--only FILE]');
		return 2;
	}
	const folder = feedFolder(sharedDir);
	if (!existsSync(folder)) {
		console.log(`feeds: skipped (no folder ${folder})`);
		return 0;
	}
	const seed = seedOf(values.seed);
	console.log(`feeds: chunking seed ${seed} (replay with --seed ${seed})`);
	const next = random(seed);
	const results: Result[] = [];
	for (const file of feedFiles(folder)) {
		if (values.only !== undefined && file !== values.only) continue;
		const bytes = readFileSync(join(folder, file));
		const options = feedOptions(file);
		const reads = read(file, bytes, options, next);
		results.push(...reads);
		if (reads[0]!.problem?.startsWith('threw') === true) continue;
		results.push(spans(file, bytes, options), ...identity(file, bytes, options, next), absolute(file, bytes, options));
	}
	return report('feeds', results, KNOWN_DIFFERENCES);
}

process.exit(main());
