/**
 * Writes fixtures/html/rewrite-browser.json: for each fixture page, headless Chromium's
 * URLs (browser-harness.ts, scripts off) for the original page at its retrieval URL and
 * for its relative rewrite (`rewriteLinks`, `to: 'relative'`) loaded where the rewrite
 * says it lives: in place, and moved two folders deeper (`documentUrl`). The test
 * (test/rewrite/browser.test.ts) checks, without a browser, that the rewritten pages are
 * still the ones loaded (sha256) and that Chromium resolved the same URLs in both.
 *
 * Usage: npx tsx scripts/browser-rewrite.ts [--only file.html]
 */
import {createHash} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {rewriteLinks} from '../src/index.js';
import {BrowserHarness, HARNESS_VERSION, type BrowserRow} from './browser-harness.js';

const DIR = new URL('../fixtures/html/', import.meta.url);
const OUT = new URL('rewrite-browser.json', DIR);

/** The row as kept: element, attribute, value as the DOM holds it, resolved URL. */
type Row = [string, string, string, string | null];

export interface RewriteCheck {
	page: string;
	variant: 'in place' | 'moved';
	retrievalUrl: string;
	documentUrl: string;
	/** sha256 of the rewritten bytes that were loaded. */
	rewritten: string;
	/** `document.baseURI` of the original and of the rewritten page. */
	originalBase: string;
	rewrittenBase: string;
	original: Row[];
	rewrittenRows: Row[];
}

/** Where the moved copy lives: two folders deeper on the same site. */
export function movedUrl(retrievalUrl: string): string {
	const url = new URL(retrievalUrl);
	const name = url.pathname.split('/').pop() || 'index.html';
	return new URL(`/moved/deeper/${name}`, url).href;
}

export function sha256(bytes: Uint8Array): string {
	return createHash('sha256').update(bytes).digest('hex');
}

function rows(links: readonly BrowserRow[]): Row[] {
	return links.map(row => [
		row.frame === undefined ? row.element : `${row.frame} ${row.element}`,
		row.attribute,
		row.value,
		row.url,
	]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const {values} = parseArgs({options: {only: {type: 'string'}}});
	const pages = JSON.parse(readFileSync(new URL('pages.json', DIR), 'utf8')) as Record<string, {retrievalUrl: string}>;
	const harness = await BrowserHarness.open();
	if (harness === null) {
		console.error('browser-rewrite: Chromium not found (set CHROMIUM_PATH)');
		process.exit(2);
	}
	const checks: RewriteCheck[] = [];
	try {
		for (const [page, {retrievalUrl}] of Object.entries(pages)) {
			if (values.only !== undefined && values.only !== page) continue;
			const body = readFileSync(new URL(page, DIR));
			const loaded = await harness.load({url: retrievalUrl, body});
			const original = rows(loaded.links);
			for (const variant of ['in place', 'moved'] as const) {
				const documentUrl = variant === 'moved' ? movedUrl(retrievalUrl) : retrievalUrl;
				// Every reference relativized (keepAbsolute: []): what a browser must resolve the same is the relative form; one kept absolute resolves to itself.
				const rewritten = rewriteLinks(body, {
					type: 'html',
					retrievalUrl,
					documentUrl,
					to: 'relative',
					keepAbsolute: [],
				});
				const reloaded = await harness.load({url: documentUrl, body: rewritten});
				const rewrittenRows = rows(reloaded.links);
				checks.push({
					page,
					variant,
					retrievalUrl,
					documentUrl,
					rewritten: sha256(rewritten),
					originalBase: loaded.baseURI,
					rewrittenBase: reloaded.baseURI,
					original,
					rewrittenRows,
				});
				console.log(`${page} (${variant}): ${original.length} rows, ${rewrittenRows.length} after`);
			}
		}
	} finally {
		await harness.close();
	}
	const lines = checks.map(check => `\t\t${JSON.stringify(check)}`);
	writeFileSync(
		OUT,
		`{\n\t"harness": ${JSON.stringify(HARNESS_VERSION)},\n\t"checks": [\n${lines.join(',\n')}\n\t]\n}\n`,
	);
}
