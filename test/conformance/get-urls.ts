/**
 * Conformance: SHARED_DIR/peer-tests/get-urls (fixture.txt vs expected.json) through scanText.
 *
 * get-urls returns a de-duplicated set normalised by normalize-url, so our references
 * (default options: no fuzzy domains) go through the equivalent of the normalize-url
 * defaults that matter for this fixture: lower-case scheme and host, `www.` stripped,
 * default port dropped, a trailing `/` removed, `//host` read as `http://host`.
 * One check per expected URL (found), one per URL we found (expected), one for the
 * `#foo` line and the prose (no other links).
 *
 * Usage: npx tsx test/conformance/get-urls.ts SHARED_DIR
 * Ends with `get-urls: P passed, F failed`; exit 0 when every failure is a known difference.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {scanText} from '../../src/extract/text/scan.js';

/** Check name -> reason. None so far. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map();

/** The normalize-url defaults this fixture exercises. */
function normalizeLikeGetUrls(reference: string): string {
	const url = new URL(reference.startsWith('//') ? `http:${reference}` : reference);
	url.hostname = url.hostname.replace(/^www\./, '');
	let text = url.href;
	if (url.pathname === '/' && url.search === '' && url.hash === '') text = text.slice(0, -1);
	else if (text.endsWith('/')) text = text.slice(0, -1);
	return text;
}

function main(sharedDir: string): number {
	const dir = join(sharedDir, 'peer-tests', 'get-urls');
	const text = readFileSync(join(dir, 'fixture.txt'), 'utf8');
	const expected = new Set(
		(JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {upstream_expected_set: string[]})
			.upstream_expected_set,
	);
	const matches = scanText(text);
	const found = new Set(matches.map(match => normalizeLikeGetUrls(match.reference)));
	const checks: Array<[string, boolean]> = [
		...[...expected].map((url): [string, boolean] => [`found ${url}`, found.has(url)]),
		...[...found].map((url): [string, boolean] => [`expected ${url}`, expected.has(url)]),
		['no link from "#foo" or the prose', matches.every(match => match.value.includes('.'))],
	];
	let passed = 0;
	let failed = 0;
	let known = 0;
	for (const [name, ok] of checks) {
		const reason = KNOWN_DIFFERENCES.get(name);
		if (ok && reason === undefined) passed++;
		else if (!ok && reason !== undefined) {
			known++;
			console.log(`known  ${name} (${reason})`);
		} else {
			failed++;
			console.log(`FAIL   ${name}${ok ? ': passes now, remove it from KNOWN_DIFFERENCES' : ''}`);
		}
	}
	console.log(`(${known} known differences; found: ${JSON.stringify(matches.map(match => match.value))})`);
	console.log(`get-urls: ${passed} passed, ${failed + known} failed`);
	return failed === 0 ? 0 : 1;
}

const sharedDir = process.argv[2];
if (sharedDir === undefined) {
	console.error('usage: tsx test/conformance/get-urls.ts SHARED_DIR');
	process.exit(2);
}
process.exit(main(sharedDir));
