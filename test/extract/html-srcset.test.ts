/**
 * srcset parsing (HTML "parse a srcset attribute"). Every expectation below was worked out
 * by hand from the spec's steps (step numbers in the titles where one step decides).
 */
import test from 'ava';
import {parseSrcset} from '../../src/extract/srcset.js';

interface Row {
	input: string;
	/** [url, start, end, valid] per candidate. */
	expected: Array<[string, number, number, boolean]>;
}

const ROWS: Record<string, Row> = {
	'one URL, no descriptors': {input: 'a.jpg', expected: [['a.jpg', 0, 5, true]]},
	'density descriptors': {
		input: 'a.jpg 1x, b.jpg 2x',
		expected: [
			['a.jpg', 0, 5, true],
			['b.jpg', 10, 15, true],
		],
	},
	'step 5: commas inside a URL are kept': {
		input: 'w_100,h_100/x.jpg 2x',
		expected: [['w_100,h_100/x.jpg', 0, 17, true]],
	},
	'step 5: a,b without space is one URL': {input: 'a.jpg,b.jpg', expected: [['a.jpg,b.jpg', 0, 11, true]]},
	'step 7.1: trailing commas stripped, no descriptors': {
		input: 'a.jpg,, b.jpg,',
		expected: [
			['a.jpg', 0, 5, true],
			['b.jpg', 8, 13, true],
		],
	},
	'step 4: leading whitespace and commas skipped': {input: ' \n, ,a.jpg 100w', expected: [['a.jpg', 5, 10, true]]},
	'data: URL with a comma': {
		input: 'data:image/png;base64,AAAA 1x',
		expected: [['data:image/png;base64,AAAA', 0, 26, true]],
	},
	'comma right after a descriptor ends the candidate': {
		input: 'a.jpg 1x,b.jpg 2x',
		expected: [
			['a.jpg', 0, 5, true],
			['b.jpg', 9, 14, true],
		],
	},
	'width and height': {input: 'a.jpg 100w 50h', expected: [['a.jpg', 0, 5, true]]},
	'step 14: height without width': {input: 'a.jpg 50h', expected: [['a.jpg', 0, 5, false]]},
	'two densities': {input: 'a.jpg 1x 2x', expected: [['a.jpg', 0, 5, false]]},
	'zero width': {input: 'a.jpg 0w', expected: [['a.jpg', 0, 5, false]]},
	'fractional density': {input: 'a.jpg 1.5x', expected: [['a.jpg', 0, 5, true]]},
	'exponent density': {input: 'a.jpg 1e1x', expected: [['a.jpg', 0, 5, true]]},
	'negative density': {input: 'a.jpg -1x', expected: [['a.jpg', 0, 5, false]]},
	'"1." is not a floating-point number': {input: 'a.jpg 1.x', expected: [['a.jpg', 0, 5, false]]},
	'unknown descriptor': {
		input: 'a.jpg 1q, b.jpg',
		expected: [
			['a.jpg', 0, 5, false],
			['b.jpg', 10, 15, true],
		],
	},
	'parentheses group a comma': {
		input: 'a.jpg (1x, 2x), b.jpg',
		expected: [
			['a.jpg', 0, 5, false],
			['b.jpg', 16, 21, true],
		],
	},
	'width with a sign is invalid': {input: 'a.jpg +100w', expected: [['a.jpg', 0, 5, false]]},
	'empty input': {input: '', expected: []},
	'only commas and spaces': {input: ' , ,, ', expected: []},
};

for (const [title, row] of Object.entries(ROWS)) {
	test(`srcset: ${title}`, t => {
		const actual = parseSrcset(row.input).map((c): [string, number, number, boolean] => [
			c.url,
			c.start,
			c.end,
			c.valid,
		]);
		t.deepEqual(actual, row.expected);
		for (const candidate of parseSrcset(row.input))
			t.is(row.input.slice(candidate.start, candidate.end), candidate.url);
	});
}

test('srcset: descriptors are tokenized as written', t => {
	t.deepEqual(
		parseSrcset('a.jpg 100w   50h , b.jpg (x y)').map(c => c.descriptors),
		[['100w', '50h'], ['(x y)']],
	);
});
