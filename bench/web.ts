/**
 * linkstream/web beside the Node streams (MB/s) over the corpus, in one run: each page
 * fed in 64 KiB chunks to ExtractStream / RewriteStream (Web Streams, pipeThrough, read to
 * the end) and to createExtractStream / createRewriteStream (Node Transforms, read to the
 * end), every reference to absolute for the rewrites; html-rewriter-wasm (lol-html) with
 * an `a[href]` to absolute handler as the peer. Goal: the web streams ≥ 0.9×
 * the Node streams. Runs on Node (its Web Streams implementation), which is what the
 * ratio is about; rows as bench/harness.ts measureIsolated (fresh processes, rounds).
 * Usage: npx tsx bench/web.ts SHARED_DIR. Measures dist/: run `npm run build` first.
 */
import {Transform} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {createExtractStream, createRewriteStream, extractLinks} from '../dist/index.js';
import type {ExtractOptions, RewriteOptions} from '../dist/index.js';
import {ExtractStream, RewriteStream} from '../dist/web.js';
import {corpusPages, measureIsolated, table} from './harness.js';
import {lolRewrite} from './rewrite.js';

const CHUNK_BYTES = 1 << 16;

interface Page {
	chunks: Uint8Array[];
	/** The page's Links, as many after each chunk as extraction gives there (for the streams-alone rows). */
	linksByChunk: unknown[][];
	bytes: Uint8Array;
	url: string;
}

/** A Node Transform fed `chunks`, read to the end; the number of items it gave. */
async function nodeStream(stream: NodeJS.ReadWriteStream, chunks: readonly Uint8Array[]): Promise<number> {
	let items = 0;
	const done = new Promise<void>((resolve, reject) => {
		stream.on('end', resolve);
		stream.on('error', reject);
	});
	stream.on('data', () => {
		items++;
	});
	for (const chunk of chunks) stream.write(chunk);
	stream.end();
	await done;
	return items;
}

/** A TransformStream fed `chunks` through pipeThrough, read to the end; the number of items it gave. */
async function webStream(stream: TransformStream<Uint8Array, unknown>, chunks: readonly Uint8Array[]): Promise<number> {
	let items = 0;
	const source = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	const reader = source.pipeThrough(stream).getReader();
	while (!(await reader.read()).done) items++;
	return items;
}

/** The streams alone, Node: a Transform giving, for each chunk, the Links extraction gives there. */
function nodeAlone(page: Page): NodeJS.ReadWriteStream {
	let next = 0;
	return new Transform({
		readableObjectMode: true,
		transform(_chunk, _encoding, callback) {
			for (const link of page.linksByChunk[next++] ?? []) this.push(link);
			callback();
		},
	});
}

/** The streams alone, web: the same as a TransformStream. */
function webAlone(page: Page): TransformStream<Uint8Array, unknown> {
	let next = 0;
	return new TransformStream<Uint8Array, unknown>({
		transform(_chunk, controller) {
			for (const link of page.linksByChunk[next++] ?? []) controller.enqueue(link);
		},
	});
}

/** The benchmark as markdown. */
export async function runWebBench(sharedDir: string, options: {runs?: number} = {}): Promise<string> {
	const encoder = new TextEncoder();
	const pages: Page[] = corpusPages(sharedDir).map(page => {
		const bytes = encoder.encode(page.html);
		const chunks: Uint8Array[] = [];
		for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
		// Each chunk's Links: those starting in it (a held Link comes later in the real stream; the count is what matters).
		const links = extractLinks(bytes, {type: 'html', retrievalUrl: page.url});
		const linksByChunk = chunks.map((_, i) => links.filter(link => Math.floor(link.start / CHUNK_BYTES) === i));
		return {bytes, chunks, linksByChunk, url: page.url};
	});
	const linkCount = pages.reduce((sum, page) => sum + page.linksByChunk.reduce((n, links) => n + links.length, 0), 0);
	const megabytes = pages.reduce((sum, page) => sum + page.bytes.length, 0) / 1e6;
	const extract = (page: Page): ExtractOptions => ({type: 'html', retrievalUrl: page.url});
	const rewrite = (page: Page): RewriteOptions => ({type: 'html', retrievalUrl: page.url, to: 'absolute'});
	const rows = await measureIsolated(
		fileURLToPath(import.meta.url),
		[sharedDir],
		[
			[
				'createExtractStream (Node)',
				async () => {
					for (const page of pages) await nodeStream(createExtractStream(extract(page)), page.chunks);
				},
			],
			[
				'ExtractStream (web)',
				async () => {
					for (const page of pages) await webStream(new ExtractStream(extract(page)), page.chunks);
				},
			],
			[
				'createRewriteStream (Node), every reference to absolute',
				async () => {
					for (const page of pages) await nodeStream(createRewriteStream(rewrite(page)), page.chunks);
				},
			],
			[
				'RewriteStream (web), every reference to absolute',
				async () => {
					for (const page of pages)
						await webStream(new RewriteStream(rewrite(page)) as TransformStream<Uint8Array, unknown>, page.chunks);
				},
			],
			[
				'the streams alone: the Links through a Node Transform (no extraction)',
				async () => {
					for (const page of pages) await nodeStream(nodeAlone(page), page.chunks);
				},
			],
			[
				'the streams alone: the Links through a TransformStream (no extraction)',
				async () => {
					for (const page of pages) await webStream(webAlone(page), page.chunks);
				},
			],
			[
				'html-rewriter-wasm (lol-html) a[href] to absolute',
				async () => {
					for (const page of pages) await lolRewrite(page.chunks, page.url, true);
				},
			],
		],
		megabytes,
		options.runs ?? 5,
	);
	const rate = (name: string): number => rows.find(row => row.name.startsWith(name))?.median ?? Number.NaN;
	/** Milliseconds for the corpus at a row's median rate. */
	const ms = (name: string): number => (megabytes / rate(name)) * 1000;
	const platform =
		ms('the streams alone: the Links through a TransformStream') -
		ms('the streams alone: the Links through a Node Transform');
	const gap = ms('ExtractStream (web)') - ms('createExtractStream (Node)');
	return [
		`### Web Streams (linkstream/web) beside the Node streams, ${pages.length} corpus pages (${megabytes.toFixed(1)} MB) in 64 KiB chunks`,
		'',
		table(rows, 'MB/s', 'createExtractStream (Node)'),
		'',
		`Goal: the web streams ≥ 0.9× the Node streams: extraction ${(rate('ExtractStream (web)') / rate('createExtractStream (Node)')).toFixed(2)}×, rewriting ${(rate('RewriteStream (web)') / rate('createRewriteStream (Node)')).toFixed(2)}×. Both on Node ${process.version} (its Web Streams); each run of a row in a fresh process, rows interleaved in rounds (harness.ts measureIsolated).`,
		'',
		`Where the extraction gap goes: every Link is one chunk of the stream (${linkCount.toLocaleString('en-US')} Links). The streams alone, with each chunk's Links given and no extraction, take ${platform.toFixed(0)} ms more as Web Streams than as a Node Transform; the extraction rows differ by ${gap.toFixed(0)} ms. Extraction without that platform cost would run at ${(ms('createExtractStream (Node)') / (ms('ExtractStream (web)') - platform)).toFixed(2)}× the Node stream.`,
		'',
	].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const shared = process.argv[2];
	if (shared === undefined) throw new Error('usage: npx tsx bench/web.ts SHARED_DIR');
	console.log(await runWebBench(shared));
}
