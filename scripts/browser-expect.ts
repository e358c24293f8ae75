/**
 * Writes the browser expectations of the HTML fixtures: for every page in
 * `DIR/pages.json`, loads its bytes in headless Chromium at its retrieval URL (scripts off,
 * see browser-harness.ts) and writes `DIR/x.links.json` with `document.baseURI` and the
 * URLs the DOM gives, in tree order. The tests compare against these files without a
 * browser.
 *
 * Meta refresh: besides the parsed row, each content value is loaded alone in a tiny page
 * and the navigation Chromium starts is recorded (`refreshChecks`), so the parse is
 * checked against the browser itself.
 *
 * Usage: npx tsx scripts/browser-expect.ts [--dir fixtures/html] [--out DIR] [--only file.html]
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {BrowserHarness, type PageResult} from './browser-harness.js';

interface PageEntry {
	retrievalUrl: string;
}

interface RefreshCheck {
	content: string;
	/** The URL our parse of the content gives (null: no refresh URL). */
	parsed: string | null;
	/** The navigation Chromium started (null: none). */
	chromium: string | null;
}

/** Longest meta refresh delay we wait for in the refresh check. */
const MAX_REFRESH_WAIT_SECONDS = 6;

const {values} = parseArgs({
	options: {dir: {type: 'string', default: 'fixtures/html'}, out: {type: 'string'}, only: {type: 'string'}},
});
const dir = values.dir;
const out = values.out ?? dir;
const pages = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8')) as Record<string, PageEntry>;

const harness = await BrowserHarness.open();
if (harness === null) {
	console.error('browser-expect: Chromium not found (set CHROMIUM_PATH)');
	process.exit(2);
}
let problems = 0;
try {
	for (const [file, entry] of Object.entries(pages)) {
		if (values.only !== undefined && values.only !== file) continue;
		const body = readFileSync(join(dir, file));
		const result = await harness.load({url: entry.retrievalUrl, body});
		const refreshChecks = await checkRefreshes(harness, entry.retrievalUrl, result.refreshContents);
		for (const check of refreshChecks) {
			if (check.parsed !== check.chromium) {
				problems++;
				console.error(
					`${file}: meta refresh ${JSON.stringify(check.content)}: parsed ${check.parsed}, Chromium ${check.chromium}`,
				);
			}
		}
		for (const check of result.checks)
			console.error(`${file}: CSS scan vs CSSOM differ at ${check.where}: ${JSON.stringify(check)}`);
		writeFileSync(join(out, file.replace(/\.html$/u, '.links.json')), format(file, entry, result, refreshChecks));
		console.log(`${file}: ${result.links.length} rows, base ${result.baseURI}, ${result.requests.length} requests`);
	}
} finally {
	await harness.close();
}
process.exit(problems === 0 ? 0 : 1);

/** Load each refresh content alone (same URL, no BASE) and see where Chromium goes. */
async function checkRefreshes(browser: BrowserHarness, url: string, contents: string[]): Promise<RefreshCheck[]> {
	const checks = contents.map(async (content): Promise<RefreshCheck | null> => {
		const delay = Number.parseFloat(/^[\t\n\f\r ]*([0-9.]*)/u.exec(content)?.[1] ?? '');
		if (delay > MAX_REFRESH_WAIT_SECONDS) return null;
		const html = `<!DOCTYPE html><meta http-equiv="refresh" content="${escapeAttribute(content)}">`;
		const result = await browser.load({
			url,
			body: Buffer.from(html),
			settleMs: ((Number.isNaN(delay) ? 0 : delay) + 1.5) * 1000,
		});
		const parsed = result.links.find(row => row.element === 'meta')?.url ?? null;
		return {content, parsed, chromium: result.navigations[0] ?? null};
	});
	return (await Promise.all(checks)).filter(check => check !== null);
}

function escapeAttribute(value: string): string {
	return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** JSON with one row per line, so diffs of regenerated expectations stay readable. */
function format(file: string, entry: PageEntry, result: PageResult, refreshChecks: RefreshCheck[]): string {
	const rows = (items: readonly unknown[]) =>
		items.length === 0 ? '[]' : `[\n${items.map(item => `\t\t${JSON.stringify(item)}`).join(',\n')}\n\t]`;
	const fields = [
		`\t"page": ${JSON.stringify(file)}`,
		`\t"retrievalUrl": ${JSON.stringify(entry.retrievalUrl)}`,
		`\t"baseURI": ${JSON.stringify(result.baseURI)}`,
		`\t"documentURL": ${JSON.stringify(result.documentURL)}`,
		`\t"characterSet": ${JSON.stringify(result.characterSet)}`,
		`\t"links": ${rows(result.links)}`,
		// Sorted: the order of requests depends on timing.
		`\t"requests": ${rows(result.requests.toSorted())}`,
		`\t"navigations": ${rows(result.navigations.toSorted())}`,
		`\t"refreshChecks": ${rows(refreshChecks)}`,
		`\t"cssomChecks": ${rows(result.checks)}`,
	];
	return `{\n${fields.join(',\n')}\n}\n`;
}
