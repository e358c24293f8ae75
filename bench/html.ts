/**
 * HTML extraction throughput (MB/s) over the corpus, side by side with peers, in one run:
 * htmlparser2's Parser with empty callbacks and its Tokenizer alone (floors), cheerio
 * (parse5 and htmlparser2 backends) and parse5's SAX parser doing the same extraction.
 * Then the streamed run (bench/html-stream.ts, a child process per size): 100 MB and
 * 1 GB through `createExtractStream`, with throughput and peak RSS.
 * Usage: npx tsx bench/html.ts SHARED_DIR [--no-stream]
 * Measures the shipped build (dist/): run `npm run build` first (`npm run bench` does).
 */
import {load} from 'cheerio';
import {Parser, Tokenizer} from 'htmlparser2';
import {SAXParser} from 'parse5-sax-parser';
import {FastTokenizer} from '../dist/extract/markup/tokenizer.js';
import {extractLinks} from '../dist/index.js';
import {fileURLToPath} from 'node:url';
import {corpusPages, measureIsolated, table} from './harness.js';
import {runHtmlStreamBench, streamTable} from './html-stream.js';
import type {Case} from './harness.js';

const URL_ATTRIBUTES: Readonly<Record<string, string>> = {
	a: 'href',
	link: 'href',
	area: 'href',
	img: 'src',
	script: 'src',
	iframe: 'src',
	embed: 'src',
	source: 'src',
	form: 'action',
};

function resolveOrNull(ref: string, base: string): string | null {
	try {
		return new URL(ref.trim(), base).href;
	} catch {
		return null;
	}
}

/** The corpus table, then (unless `stream` is false) the streamed 100 MB / 1 GB section. */
export async function runHtmlBench(sharedDir: string, runs = 5, stream = true): Promise<string> {
	const pages = corpusPages(sharedDir);
	const megabytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / 1e6;
	const noop = (): void => {};
	// A plain object: a Proxy's get trap on every callback would be measured too.
	const callbacks: ConstructorParameters<typeof Tokenizer>[1] = {
		onattribdata: noop,
		onattribentity: noop,
		onattribend: noop,
		onattribname: noop,
		oncdata: noop,
		onclosetag: noop,
		oncomment: noop,
		ondeclaration: noop,
		onend: noop,
		onopentagend: noop,
		onopentagname: noop,
		onprocessinginstruction: noop,
		onselfclosingtag: noop,
		ontext: noop,
		ontextentity: noop,
		isInForeignContext: () => false,
	};
	const cheerio = (backend: 'parse5' | 'htmlparser2'): Case => [
		`cheerio (${backend}) extract + new URL`,
		() => {
			for (const page of pages) {
				const $ =
					backend === 'parse5' ? load(page.html) : load(page.html, {xml: {xmlMode: false, decodeEntities: true}});
				for (const [element, attribute] of Object.entries(URL_ATTRIBUTES)) {
					$(`${element}[${attribute}]`).each((_, node) => void resolveOrNull($(node).attr(attribute) ?? '', page.url));
				}
			}
		},
	];
	const rows = await measureIsolated(
		fileURLToPath(import.meta.url),
		[sharedDir],
		[
			[
				'linkstream extractLinks (resolved Links)',
				() => {
					for (const page of pages) extractLinks(page.html, {type: 'html', retrievalUrl: page.url});
				},
			],
			[
				'htmlparser2 Parser, empty callbacks',
				() => {
					for (const page of pages) new Parser({}).end(page.html);
				},
			],
			[
				'htmlparser2 Tokenizer alone',
				() => {
					for (const page of pages) {
						const tokenizer = new Tokenizer({}, callbacks);
						tokenizer.write(page.html);
						tokenizer.end();
					}
				},
			],
			// The floor of our design: the tokenizer extractLinks drives, as it drives it, doing nothing.
			[
				"linkstream's tokenizer alone (the same, skipping with indexOf, entities left to the caller)",
				() => {
					for (const page of pages) {
						const tokenizer = new FastTokenizer({decodeEntities: false}, callbacks);
						tokenizer.write(page.html);
						tokenizer.end();
					}
				},
			],
			cheerio('parse5'),
			cheerio('htmlparser2'),
			[
				'parse5 SAX extract + new URL',
				() => {
					for (const page of pages) {
						const parser = new SAXParser();
						parser.on('startTag', tag => {
							const wanted = URL_ATTRIBUTES[tag.tagName];
							if (wanted === undefined) return;
							for (const attribute of tag.attrs)
								if (attribute.name === wanted) resolveOrNull(attribute.value, page.url);
						});
						parser.end(page.html);
					}
				},
			],
		],
		megabytes,
		runs,
	);
	const fastestCheerio = Math.max(...rows.filter(row => row.name.startsWith('cheerio')).map(row => row.median));
	const ours = rows[0]?.median ?? Number.NaN;
	const summary = `linkstream vs the fastest cheerio: ${(ours / fastestCheerio).toFixed(2)}×. Each run of a row in a fresh process (after a warm-up, the fastest of 5 timed runs), rows interleaved in rounds; medians and ranges over the rounds (harness.ts measureIsolated).`;
	const corpus = `### HTML extraction, ${pages.length} corpus pages (${megabytes.toFixed(1)} MB)\n\n${table(rows, 'MB/s', 'htmlparser2 Parser, empty callbacks')}\n\n${summary}\n`;
	return stream ? `${corpus}\n${runHtmlStreamSection(sharedDir)}` : corpus;
}

/** Streamed extraction of 100 MB and 1 GB (corpus pages repeated), each in its own process. */
export function runHtmlStreamSection(sharedDir: string): string {
	const runs = runHtmlStreamBench(sharedDir, [100e6, 1e9]);
	return `### Streamed HTML extraction (createExtractStream, one child process per size)\n\n${streamTable(runs)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const shared = process.argv[2];
	if (shared === undefined) throw new Error('usage: npx tsx bench/html.ts SHARED_DIR');
	console.log(await runHtmlBench(shared, 5, !process.argv.includes('--no-stream')));
}
