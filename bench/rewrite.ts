/**
 * Rewriting throughput (MB/s) over the corpus, side by side with parse5's rewriting
 * stream and html-rewriter-wasm (lol-html), in one run: identity (nothing changed) and
 * links to absolute (linkstream: every reference in every context, and `a[href]` only;
 * the peers: every `href` (parse5) or `a[href]` (lol-html) through `new URL`). Every
 * contender gets the page bytes and produces the output bytes. Then peak RSS of a
 * 100 MB and a 1 GB stream through createRewriteStream (child processes,
 * bench/corpus-stream-child.mjs).
 * Usage: npx tsx bench/rewrite.ts SHARED_DIR [--no-rss]
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {HTMLRewriter} from 'html-rewriter-wasm';
import {RewritingStream} from 'parse5-html-rewriting-stream';
import {rewriteLinks} from '../dist/index.js';
import {runCorpusStream} from './html-stream.js';
import {fileURLToPath} from 'node:url';
import {corpusPages, measureIsolated, table} from './harness.js';

interface Page {
	bytes: Buffer;
	url: string;
}

function absolute(value: string, base: string): string | null {
	try {
		return new URL(value.trim(), base).href;
	} catch {
		return null;
	}
}

/** parse5-html-rewriting-stream: bytes in (decoded as UTF-8, as it only takes text), bytes out. */
async function parse5Rewrite(page: Page, hrefs: boolean): Promise<number> {
	const stream = new RewritingStream();
	if (hrefs) {
		stream.on('startTag', tag => {
			for (const attribute of tag.attrs) {
				if (attribute.name !== 'href') continue;
				attribute.value = absolute(attribute.value, page.url) ?? attribute.value;
			}
			stream.emitStartTag(tag);
		});
	}
	let length = 0;
	stream.on('data', (chunk: string) => {
		length += Buffer.byteLength(chunk);
	});
	const done = new Promise<void>((resolve, reject) => {
		stream.on('end', resolve);
		stream.on('error', reject);
	});
	stream.end(page.bytes.toString('utf8'));
	await done;
	return length;
}

/**
 * html-rewriter-wasm (lol-html): bytes in (the chunks in turn), bytes out; the number of bytes
 * out. `hrefs`: with an `a[href]` to absolute handler (against `url`), else identity.
 */
export async function lolRewrite(chunks: readonly Uint8Array[], url: string, hrefs: boolean): Promise<number> {
	let length = 0;
	const rewriter = new HTMLRewriter(chunk => {
		length += chunk.length;
	});
	if (hrefs) {
		rewriter.on('a[href]', {
			element(element) {
				const href = element.getAttribute('href');
				const target = href === null ? null : absolute(href, url);
				if (target !== null) element.setAttribute('href', target);
			},
		});
	}
	try {
		for (const chunk of chunks) await rewriter.write(chunk);
		await rewriter.end();
	} finally {
		rewriter.free();
	}
	return length;
}

/** The benchmark as markdown. */
export async function runRewriteBench(
	sharedDir: string,
	options: {runs?: number; rss?: boolean} = {},
): Promise<string> {
	const runs = options.runs ?? 5;
	const pages: Page[] = corpusPages(sharedDir).map(page => ({bytes: Buffer.from(page.html), url: page.url}));
	const megabytes = pages.reduce((sum, page) => sum + page.bytes.length, 0) / 1e6;
	const rows = await measureIsolated(
		fileURLToPath(import.meta.url),
		[sharedDir],
		[
			[
				'linkstream identity',
				() => {
					for (const page of pages)
						rewriteLinks(page.bytes, {type: 'html', retrievalUrl: page.url, to: () => undefined});
				},
			],
			[
				'linkstream every reference to absolute',
				() => {
					for (const page of pages) rewriteLinks(page.bytes, {type: 'html', retrievalUrl: page.url, to: 'absolute'});
				},
			],
			[
				'linkstream a[href] to absolute',
				() => {
					for (const page of pages) {
						rewriteLinks(page.bytes, {
							type: 'html',
							retrievalUrl: page.url,
							to: link =>
								link.element === 'a' && link.attribute === 'href' && link.sameDocument !== true ? link.url : undefined,
						});
					}
				},
			],
			[
				'parse5-html-rewriting-stream identity',
				async () => {
					for (const page of pages) await parse5Rewrite(page, false);
				},
			],
			[
				'parse5-html-rewriting-stream every href to absolute',
				async () => {
					for (const page of pages) await parse5Rewrite(page, true);
				},
			],
			[
				'html-rewriter-wasm (lol-html) identity',
				async () => {
					for (const page of pages) await lolRewrite([page.bytes], page.url, false);
				},
			],
			[
				'html-rewriter-wasm (lol-html) a[href] to absolute',
				async () => {
					for (const page of pages) await lolRewrite([page.bytes], page.url, true);
				},
			],
		],
		megabytes,
		runs,
	);
	const ratio = (a: string, b: string): string =>
		((rows.find(r => r.name === a)?.median ?? 0) / (rows.find(r => r.name === b)?.median ?? 1)).toFixed(1);
	const lines = [
		`### Rewriting, ${pages.length} corpus pages (${megabytes.toFixed(1)} MB)`,
		'',
		table(rows, 'MB/s', 'parse5-html-rewriting-stream every href to absolute'),
		'',
		`Goals: every reference to absolute ≥ 8× parse5's rewriting stream with an href handler: ${ratio('linkstream every reference to absolute', 'parse5-html-rewriting-stream every href to absolute')}×; ≥ 3× lol-html-wasm with the a[href] handler: ${ratio('linkstream every reference to absolute', 'html-rewriter-wasm (lol-html) a[href] to absolute')}× (a[href] only: ${ratio('linkstream a[href] to absolute', 'html-rewriter-wasm (lol-html) a[href] to absolute')}×). Each run of a row in a fresh process (after a warm-up, the fastest of 5 timed runs), rows interleaved in rounds; medians and ranges over the rounds (harness.ts measureIsolated).`,
	];
	if (options.rss !== false) lines.push('', rssSection(sharedDir));
	return `${lines.join('\n')}\n`;
}

/** Peak RSS of createRewriteStream over 100 MB and 1 GB, each in a fresh process. */
function rssSection(sharedDir: string): string {
	const rows: string[] = ['| stream size | peak RSS | MB/s |', '|---:|---:|---:|'];
	const peaks: number[] = [];
	for (const megabytes of [100, 1000]) {
		const run = runCorpusStream('rewrite', sharedDir, megabytes * 1e6);
		const maxRssMb = run.maxRssKiB / 1024;
		peaks.push(maxRssMb);
		rows.push(`| ${megabytes} MB | ${maxRssMb.toFixed(0)} MB | ${run.megabytesPerSecond.toFixed(1)} |`);
	}
	const growth = ((peaks[1] ?? Number.NaN) / (peaks[0] ?? Number.NaN) - 1) * 100;
	return `Peak RSS, corpus pages concatenated into one stream, every reference to absolute (goal: 1 GB within 10% of 100 MB): ${growth.toFixed(1)}%\n\n${rows.join('\n')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const shared = process.argv[2];
	if (shared === undefined) throw new Error('usage: npx tsx bench/rewrite.ts SHARED_DIR [--no-rss]');
	console.log(await runRewriteBench(shared, {rss: !process.argv.includes('--no-rss')}));
}
