/**
 * Conformance: SHARED_DIR/peer-tests/linkify-it (links.txt, not_links.txt) through scanText.
 *
 * Run as upstream's harness does: fuzzy domains and e-mails on (linkify-it 5.x defaults
 * fuzzyLink and fuzzyEmail); each positive row must give, as its first match, the
 * expected text (the raw span, delimiters excluded), both bare and wrapped in newlines;
 * each negative row must give no match. Rows in KNOWN_DIFFERENCES are deliberate
 * differences (RFC 2396 App. E/F, or a linkify-it option we do not offer) and are counted
 * as passes only while they still differ as documented.
 *
 * Usage: npx tsx test/conformance/linkify-it.ts SHARED_DIR
 * Ends with `linkify-it: P passed, F failed`; exit 0 when every failure is a known difference.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {scanText, type TextScanOptions} from '../../src/extract/text/scan.js';
import {parseLinks, parseNotLinks, type LineEntry} from '../helpers/line-fixtures.js';

const OPTIONS: TextScanOptions = {fuzzy: {domains: true, emails: true}};

/** Input row -> reason. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map([
	[
		'//localhost',
		'network-path reference (`//host`) without a scheme: not a URL in running text (App. E/F give no rule; `//` starts comments and paths)',
	],
	['//test.123', 'network-path reference, as above'],
	['My ssl //example.com site', 'network-path reference, as above'],
	[
		'4.4.4.4',
		"bare IPv4 needs linkify-it's fuzzyIP option; ours has only fuzzy domains/e-mails (PRODUCT.md), and a TLD check",
	],
	['192.168.1.1/abc', 'bare IPv4, as above'],
	[
		'hppt://example.com',
		'RFC 2396 §3.1: any syntactically valid scheme followed by `//` is taken; linkify-it knows a fixed list',
	],
]);

function firstMatch(input: string): string | undefined {
	const match = scanText(input, OPTIONS)[0];
	return match === undefined ? undefined : input.slice(match.start, match.end);
}

function checkLink(entry: LineEntry): string | null {
	const bare = firstMatch(entry.input);
	if (bare !== entry.expected) return `got ${JSON.stringify(bare)}`;
	const wrapped = firstMatch(`\n${entry.input}\n`);
	if (wrapped !== entry.expected) return `wrapped in newlines: got ${JSON.stringify(wrapped)}`;
	return null;
}

function checkNotLink(entry: LineEntry): string | null {
	const found = scanText(entry.input, OPTIONS);
	return found.length === 0 ? null : `got ${JSON.stringify(found.map(m => entry.input.slice(m.start, m.end)))}`;
}

function main(sharedDir: string): number {
	const dir = join(sharedDir, 'peer-tests', 'linkify-it');
	const rows: Array<{file: string; entry: LineEntry; check: (entry: LineEntry) => string | null}> = [
		...parseLinks(readFileSync(join(dir, 'links.txt'), 'utf8'), false).map(entry => ({
			file: 'links.txt',
			entry,
			check: checkLink,
		})),
		...parseNotLinks(readFileSync(join(dir, 'not_links.txt'), 'utf8'), false).map(entry => ({
			file: 'not_links.txt',
			entry,
			check: checkNotLink,
		})),
	];
	let passed = 0;
	let failed = 0;
	let known = 0;
	for (const {file, entry, check} of rows) {
		const problem = check(entry);
		const reason = KNOWN_DIFFERENCES.get(entry.input);
		if (problem === null && reason === undefined) passed++;
		else if (problem !== null && reason !== undefined) {
			known++;
			console.log(`known  ${file}:${entry.line} ${JSON.stringify(entry.input)}: ${problem} (${reason})`);
		} else {
			failed++;
			const why = problem ?? 'passes now: remove it from KNOWN_DIFFERENCES';
			console.log(
				`FAIL   ${file}:${entry.line} ${JSON.stringify(entry.input)} expected ${JSON.stringify(entry.expected)}: ${why}`,
			);
		}
	}
	console.log(`(${known} known differences)`);
	console.log(`linkify-it: ${passed} passed, ${failed + known} failed`);
	return failed === 0 ? 0 : 1;
}

const sharedDir = process.argv[2];
if (sharedDir === undefined) {
	console.error('usage: tsx test/conformance/linkify-it.ts SHARED_DIR');
	process.exit(2);
}
process.exit(main(sharedDir));
