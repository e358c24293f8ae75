/**
 * Every Link of one set of fields has one hidden class (V8 map): its numbers (start, end,
 * line, column) are small integers (Smis) from the first document on. A number that is a
 * heap number once (an integer value computed from a double, `-0`, Infinity arithmetic) makes
 * V8 turn the field into a double field: the map of every Link made before is deprecated, and
 * code that reads Links (filters, the NDJSON writer, the caller's) sees two maps per shape.
 * A map is not visible from JavaScript, so each type runs in a child process with
 * `--allow-natives-syntax` (test/helpers/link-maps.ts). Positions are checked by hand.
 */
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const helper = fileURLToPath(new URL('../helpers/link-maps.ts', import.meta.url));

interface Report {
	maps: Record<string, number>;
	links: {keys: string; numbers: Record<string, number>}[];
}

function run(type: string, documents: string[]): Report {
	const out = execFileSync(
		process.execPath,
		['--allow-natives-syntax', '--import=tsx', helper, JSON.stringify({type, documents})],
		{encoding: 'utf8'},
	);
	return JSON.parse(out) as Report;
}

// Three lines with a reference each, the last with no line break after it (the search for
// the next one finds none), then the same again: the second document's third line is
// located from a line feed the tracker remembered from the search before. By hand: where
// lines 2, 3 and 4 start, where each reference starts on its line (0-based), its length.
const feed =
	'<feed xmlns="http://www.w3.org/2005/Atom">\n<link href="p"/>\n<link href="q"/>\n<link href="r"/>\n</feed>';
const cases: [type: string, document: string, lines: number[], at: number[], length: number][] = [
	// The value, after `<a href="` (9 units).
	['html', 'x\n<a href="p">1</a>\n<a href="q">2</a>\n<a href="r">3</a>', [2, 20, 38], [9, 9, 9], 1],
	// `see ` is 4 units, the last URL 2 units in; each URL 17 units.
	['text', 'x\nsee http://a.example/ ok\nhttp://b.example/\n  http://c.example/', [2, 27, 45], [4, 0, 2], 17],
	// The value, after `<link href="` (12 units).
	['xml', feed, [43, 60, 77], [12, 12, 12], 1],
	// The value, after `a{background:url(` (17 units).
	['css', 'x{}\na{background:url(p)}\nb{background:url(q)}\nc{background:url(r)}', [4, 25, 46], [17, 17, 17], 1],
];

for (const [type, document, lines, at, length] of cases) {
	test(`${type}: the Links of two documents, one map per set of fields, integer positions`, t => {
		const report = run(type, [document, document]);
		t.is(report.links.length, 6);
		for (const [keys, count] of Object.entries(report.maps)) t.is(count, 1, `${type} Links {${keys}}: ${count} maps`);
		const positions = lines.map((lineStart, i) => {
			const start = lineStart + at[i]!;
			return {start, end: start + length, line: i + 2, column: at[i]! + 1};
		});
		const expected = [...positions, ...positions];
		t.deepEqual(
			report.links.map(link => link.numbers),
			expected,
		);
		for (const {numbers} of report.links) {
			for (const [key, value] of Object.entries(numbers)) {
				t.true(Number.isInteger(value) && !Object.is(value, -0), `${key}: ${value}`);
			}
		}
	});
}
