/**
 * linkstream beside the npm `feedparser` package (a devDependency, installed) over the
 * shared corpus of real feeds: every URL feedparser resolves for links, enclosures and
 * images (feed and article) must be among linkstream's Links' `url`s with the same value,
 * both given the feed's URL (`https://feeds.example/<file>`) as their base below xml:base.
 *
 * A URL linkstream does not give is a failure unless DELIBERATE lists it: each row was
 * checked by hand against the specification it names, and is counted apart.
 *
 * Usage: npx tsx test/conformance/feedparser.ts SHARED_DIR [--only FILE]
 * Ends with `feedparser: P passed, F failed`; exit 1 on any failure.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {extractLinks} from '../../src/index.js';
import {report} from '../helpers/conformance.js';
import type {Result} from '../helpers/conformance.js';
import {peerUrls} from '../helpers/feedparser-peer.js';
import type {PeerUrl} from '../helpers/feedparser-peer.js';
import {feedFiles, feedFolder, feedOptions, feedUrl} from '../helpers/feeds.js';

/** A difference judged by hand: feedparser's URL at these fields of these feeds, and why linkstream does not give it. */
interface Deliberate {
	files: readonly string[];
	field: RegExp;
	reason: string;
}

const DELIBERATE: readonly Deliberate[] = [
	{
		// <guid>https://localhost:8000</guid>: RSS 2.0 "guid": isPermaLink defaults to true, so the guid is a URL.
		files: ['instant-article.rss'],
		field: /^item\[0\]\.permalink$/,
		reason:
			'feedparser gives the guid text as written; linkstream resolves it like every URL (WHATWG URL Standard: a special URL\'s empty path serializes as "/"), so its url is "https://localhost:8000/", the same as feedparser\'s own item.link for the same text',
	},
];

function deliberate(file: string, peer: PeerUrl): Deliberate | undefined {
	return DELIBERATE.find(row => row.files.includes(file) && row.field.test(peer.field));
}

async function compare(file: string, bytes: Buffer, judged: Map<Deliberate, string[]>): Promise<Result[]> {
	let peer: PeerUrl[];
	try {
		peer = await peerUrls(bytes, feedUrl(file));
	} catch (error) {
		return [{title: `${file} feedparser`, problem: `feedparser gave up: ${(error as Error).message}`}];
	}
	const ours = new Set(extractLinks(bytes, feedOptions(file)).map(link => link.url));
	const results: Result[] = [];
	for (const url of peer) {
		const title = `${file} ${url.field}`;
		if (ours.has(url.url)) {
			results.push({title, problem: null});
			continue;
		}
		const row = deliberate(file, url);
		if (row === undefined)
			results.push({title, problem: `feedparser gives ${JSON.stringify(url.url)}, linkstream does not`});
		else judged.set(row, [...(judged.get(row) ?? []), `${title} ${JSON.stringify(url.url)}`]);
	}
	return results;
}

async function main(): Promise<number> {
	const {values, positionals} = parseArgs({options: {only: {type: 'string'}}, allowPositionals: true});
	const sharedDir = positionals[0];
	if (sharedDir === undefined) {
		console.error('usage: npx tsx test/conformance/feedparser.ts SHARED_DIR [--only FILE]');
		return 2;
	}
	const folder = feedFolder(sharedDir);
	if (!existsSync(folder)) {
		console.log(`feedparser: skipped (no folder ${folder})`);
		return 0;
	}
	const results: Result[] = [];
	const judged = new Map<Deliberate, string[]>();
	for (const file of feedFiles(folder)) {
		if (values.only !== undefined && file !== values.only) continue;
		results.push(...(await compare(file, readFileSync(join(folder, file)), judged)));
	}
	let count = 0;
	for (const [row, cases] of judged) {
		count += cases.length;
		console.log(`DELIBERATE (${cases.length}) ${row.reason}:\n  ${cases.join('\n  ')}`);
	}
	console.log(`feedparser: ${count} deliberate differences (listed above, counted apart)`);
	return report('feedparser', results, new Map());
}

process.exit(await main());
