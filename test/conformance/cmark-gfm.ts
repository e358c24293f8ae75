/**
 * Conformance: SHARED_DIR/peer-tests/cmark-gfm autolink examples through scanText.
 *
 * Each example's expected links (`<a href>` of its HTML, in order) are compared with our
 * matches: the span as written (`text`) and what we resolve (`href`; both sides
 * percent-decoded, since cmark percent-encodes non-ASCII and `\` `[`). Run with fuzzy
 * e-mails on (GFM links bare addresses) and fuzzy domains off (GFM does not link them).
 *
 * - "Autolinks" examples (plain CommonMark, no extension) link only `<...>`: only our
 *   bracket-delimited matches are compared there, since a plain-text scanner also finds
 *   bare URLs, which CommonMark without the extension leaves alone.
 * - "Autolinks (extension)" and extensions.txt: every match is compared.
 *
 * Examples in KNOWN_DIFFERENCES (example number -> reason) differ on purpose and count as
 * passes only while they still differ.
 * Usage: npx tsx test/conformance/cmark-gfm.ts SHARED_DIR
 * Ends with `cmark-gfm: P passed, F failed`; exit 0 when every failure is a known difference.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {scanText, type TextMatch} from '../../src/extract/text/scan.js';

interface Example {
	source: string;
	example: number;
	section: string;
	markdown: string;
	links: Array<{href: string; text: string}>;
}

const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map([
	[
		'spec.txt#606',
		'`<a+b+c:d>`: CommonMark takes any 2-32 letter scheme in `<...>`; we take `scheme://` or a known opaque scheme (`Re:`, `std::` must never match)',
	],
	['spec.txt#609', '`<localhost:5001/foo>`: as 606, `localhost:` is not a known opaque scheme'],
	[
		'spec.txt#625',
		'`(business))+ok`: GFM trims only trailing unbalanced `)`; we end a URL at the first unbalanced `)`, which also keeps Markdown `[a](url)[b](url)` chains apart',
	],
	['spec.txt#626', '`&hl;`: GFM drops a trailing HTML entity reference (Markdown); in plain text we drop only the `;`'],
	['spec.txt#629', '`foo@bar.baz`: GFM has no TLD check; ours rejects `.baz` (a TLD check for bare e-mails)'],
	['spec.txt#631', '`a.b-c_d@a.b`: as 629, `.b` is not a TLD'],
	[
		'extensions.txt#19',
		'Markdown image syntax `![http://x](http://x)` is not plain text (we find both URLs); and `a.w@b.c` fails the TLD check (as 629)',
	],
]);

function decode(url: string): string {
	try {
		return decodeURI(url).replaceAll('%5C', '\\').replaceAll('%5B', '[').replaceAll('%5D', ']');
	} catch {
		return url;
	}
}

function compare(example: Example, matches: TextMatch[]): string | null {
	const expected = example.links.map(link => `${link.text} -> ${decode(link.href)}`);
	const got = matches.map(match => `${match.value} -> ${decode(match.reference)}`);
	if (expected.length === got.length && expected.every((row, i) => row === got[i])) return null;
	return `expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`;
}

function main(sharedDir: string): number {
	const dir = join(sharedDir, 'peer-tests', 'cmark-gfm');
	const examples: Example[] = ['spec-autolinks.json', 'extensions-autolinks.json'].flatMap(
		file => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Example[],
	);
	let passed = 0;
	let failed = 0;
	let known = 0;
	for (const example of examples) {
		const id = `${example.source.replace(/^test\//, '')}#${example.example}`;
		let matches = scanText(example.markdown, {fuzzy: {emails: true}});
		if (example.source === 'test/spec.txt' && example.section === 'Autolinks')
			matches = matches.filter(match => match.delimiter === '<>');
		const problem = compare(example, matches);
		const reason = KNOWN_DIFFERENCES.get(id);
		if (problem === null && reason === undefined) passed++;
		else if (problem !== null && reason !== undefined) {
			known++;
			console.log(`known  ${id}: ${problem}\n       (${reason})`);
		} else {
			failed++;
			console.log(
				`FAIL   ${id} ${JSON.stringify(example.markdown)}: ${problem ?? 'passes now: remove it from KNOWN_DIFFERENCES'}`,
			);
		}
	}
	console.log(`(${known} known differences)`);
	console.log(`cmark-gfm: ${passed} passed, ${failed + known} failed`);
	return failed === 0 ? 0 : 1;
}

const sharedDir = process.argv[2];
if (sharedDir === undefined) {
	console.error('usage: tsx test/conformance/cmark-gfm.ts SHARED_DIR');
	process.exit(2);
}
process.exit(main(sharedDir));
