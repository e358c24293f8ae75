/**
 * Feed extraction throughput (MB/s) over the shared corpus of real feeds, in one run, issue
 * 18: linkstream extracting every Link (resolved, escaped HTML read, bytes decoded) beside
 * the npm `feedparser` package parsing the same feeds (it resolves xml:base and the links
 * in escaped HTML too), and `fast-xml-parser` parsing them into objects with no link work
 * at all (a floor). Goal: at least 3× feedparser and 1× fast-xml-parser.
 * Usage: npx tsx bench/feeds.ts SHARED_DIR
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {XMLParser} from 'fast-xml-parser';
import {extractLinks} from '../dist/index.js';
import {feedparse} from '../test/helpers/feedparser-peer.js';
import {feedFiles, feedFolder, feedUrl} from '../test/helpers/feeds.js';
import {measureIsolated, table} from './harness.js';

/** Row names (the ratios are taken between them). */
const OURS = 'linkstream extractLinks (every Link, resolved)';
const FEEDPARSER = 'feedparser (feedurl given: xml:base and escaped HTML resolved)';
const FAST_XML = 'fast-xml-parser XMLParser.parse (attributes kept, no link work)';

interface Feed {
	name: string;
	bytes: Buffer;
	url: string;
}

/** The markdown section: the table (ratios to feedparser) and the two goal ratios. */
export async function runFeedsBench(sharedDir: string, runs = 5): Promise<string> {
	const folder = feedFolder(sharedDir);
	const feeds: Feed[] = feedFiles(folder).map(name => ({
		name,
		bytes: readFileSync(join(folder, name)),
		url: feedUrl(name),
	}));
	const megabytes = feeds.reduce((sum, feed) => sum + feed.bytes.length, 0) / 1e6;
	const xml = new XMLParser({ignoreAttributes: false});
	const rows = await measureIsolated(
		fileURLToPath(import.meta.url),
		[sharedDir],
		[
			[
				OURS,
				() => {
					for (const feed of feeds) extractLinks(feed.bytes, {type: 'xml', retrievalUrl: feed.url});
				},
			],
			[
				FEEDPARSER,
				async () => {
					for (const feed of feeds) await feedparse(feed.bytes, feed.url);
				},
			],
			[
				FAST_XML,
				() => {
					for (const feed of feeds) xml.parse(feed.bytes);
				},
			],
		],
		megabytes,
		runs,
	);
	const rate = (name: string): number => rows.find(row => row.name === name)?.median ?? Number.NaN;
	const ours = rate(OURS);
	const summary = `linkstream vs feedparser: ${(ours / rate(FEEDPARSER)).toFixed(2)}× (goal ≥ 3×); vs fast-xml-parser: ${(ours / rate(FAST_XML)).toFixed(2)}× (goal ≥ 1×). Each run of a row in a fresh process (after a warm-up, the fastest of 5 timed runs), rows interleaved in rounds; medians and ranges over the rounds (harness.ts measureIsolated).`;
	return `### Feeds, ${feeds.length} real feeds of the shared corpus (${megabytes.toFixed(1)} MB)\n\n${table(rows, 'MB/s', FEEDPARSER)}\n\n${summary}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const shared = process.argv[2];
	if (shared === undefined) throw new Error('usage: npx tsx bench/feeds.ts SHARED_DIR');
	console.log(await runFeedsBench(shared));
}
