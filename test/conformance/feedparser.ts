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

/** A difference judged by hand: feedparser's URL at these fields of this feed, and why linkstream does not give it. */
interface Deliberate {
	file: string;
	field: RegExp;
	reason: string;
}

const DELIBERATE: readonly Deliberate[] = [];

function deliberate(file: string, peer: PeerUrl): Deliberate | undefined {
	return DELIBERATE.find(row => row.file === file && row.field.test(peer.field));
}

async function compare(file: string, bytes: Buffer, judged: string[]): Promise<Result[]> {
	let peer: PeerUrl[];
	try {
		peer = await peerUrls(bytes, feedUrl(file));
	} catch (error) {
		judged.push(`${file}: feedparser gave up (${(error as Error).message}); nothing to compare`);
		return [];
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
		if (row === undefined) results.push({title, problem: `feedparser gives ${JSON.stringify(url.url)}, linkstream does not`});
		else judged.push(`${title}: ${JSON.stringify(url.url)}: ${row.reason}`);
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
	const judged: string[] = [];
	for (const file of feedFiles(folder)) {
		if (values.only !== undefined && file !== values.only) continue;
		results.push(...(await compare(file, readFileSync(join(folder, file)), judged)));
	}
	for (const line of judged) console.log(`DELIBERATE ${line}`);
	console.log(`feedparser: ${judged.length} deliberate differences (listed above, counted apart)`);
	return report('feedparser', results, new Map());
}

process.exit(await main());
