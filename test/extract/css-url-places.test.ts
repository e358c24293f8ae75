/**
 * mayHoldUrls: CSS text with no URL place (CSS Syntax 3 §4.3.4: no `url(`, `src(`, `image(`,
 * `image-set(` and no `@import`, unless escaped) is not scanned, in style attributes and in
 * `<style>` elements (StyleText, whose text may come in any pieces). Hand cases from the CSS
 * specs, and seeded properties: a "no" is never wrong (the scanner then finds nothing), and a
 * `<style>` written in pieces reports what the whole sheet holds.
 */
import test from 'ava';
import fc from 'fast-check';
import {scanCss} from '../../src/extract/css/extractor.js';
import {mayHoldUrls} from '../../src/extract/css/scanner.js';
import {StyleText, UNSCANNED_STYLE} from '../../src/extract/html/style.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import {LineTracker} from '../../src/extract/position.js';
import {fcParams} from '../helpers/seed.js';

const none: string[] = [
	'color: red; width: 10px',
	'a{color:rgb(0 0 0)} @media (max-width: 9px) { b { margin: calc(1px + 2px) } }',
	// An ident and "(" apart are no function (§4.3.4 needs the "(" right after the name).
	'a{b:url (x.png)}',
	'a{content:"url"} /* src image-set */',
	'@namespace svg "http://www.w3.org/2000/svg"; @font-face { font-family: x }',
	'a{b:ur/**/l(x)}',
];

/** [CSS, the URL place in it] */
const some: Array<[string, string]> = [
	['a{b:url(x.png)}', 'a url token'],
	['a{b:URL(x.png)}', 'any ASCII case'],
	['a{b:Src("x.png")}', 'src()'],
	['a{b:image("x.png")}', 'image()'],
	['a{b:IMAGE-SET("x.png" 1x)}', 'image-set()'],
	['a{b:-webkit-image-set("x.png" 1x)}', 'its prefixed form'],
	['@IMPORT "a.css";', '@import'],
	// §4.3.7: an escape may spell a name ("u" is U+75): any "\" is a maybe.
	['a{b:\\75 rl(x.png)}', 'an escaped url('],
	['@\\69mport "a.css";', 'an escaped @import'],
];

test('mayHoldUrls: no for CSS without a URL place, yes for each place as written, in any ASCII case, and for escapes', t => {
	for (const css of none) {
		t.false(mayHoldUrls(css), css);
		t.deepEqual(scanCss(css), [], css);
	}
	for (const [css, place] of some) {
		t.true(mayHoldUrls(css), place);
		t.not(scanCss(css).length, 0, place);
	}
});

/** CSS made of pieces that make and break URL places (seeded). */
const cssText = fc
	.array(
		fc.constantFrom(
			'url',
			'URL',
			'uRl',
			'src',
			'image',
			'image-set',
			'-webkit-image-set',
			'(',
			')',
			'"x.png"',
			"'y",
			'@import',
			'@IMPORT',
			'@namespace',
			'\\75 ',
			'\\',
			'/*',
			'*/',
			' ',
			'\n',
			'a',
			'{',
			'}',
			';',
			':',
			'z.png',
		),
		{maxLength: 40},
	)
	.map(parts => parts.join(''));

test('mayHoldUrls: when it says no, the scanner finds no URL', t => {
	fc.assert(
		fc.property(cssText, css => mayHoldUrls(css) || scanCss(css).length === 0),
		fcParams(t, 3000),
	);
	t.pass();
});

/** The events of a StyleText fed `pieces` from offset `at`. */
function styleEvents(pieces: readonly string[], at = 0): {events: ReferenceEvent[]; walked: number} {
	const whole = pieces.join('');
	const tracker = new LineTracker();
	const events: ReferenceEvent[] = [];
	const style = new StyleText(
		offset => tracker.locate(whole, at, offset),
		event => events.push(event),
	);
	let offset = at;
	for (const piece of pieces) {
		style.write(piece, offset);
		offset += piece.length;
	}
	style.end();
	return {events, walked: style.walked};
}

/** `input` cut at each of `cuts` (modulo its length + 1), in order; empty pieces too (they must be harmless). */
function piecesOf(input: string, cuts: readonly number[]): string[] {
	const points = [0, ...cuts.map(c => c % (input.length + 1)).sort((a, b) => a - b), input.length];
	return points.slice(1).map((point, i) => input.slice(points[i], point));
}

test('StyleText: in any pieces (a URL place cut anywhere), the URLs of the whole sheet, with their spans', t => {
	fc.assert(
		fc.property(cssText, fc.array(fc.nat(), {maxLength: 6}), (css, cuts) => {
			const expected = scanCss(css).map(m => [m.start + 5, m.end + 5, m.value, m.attribute]);
			const got = styleEvents(piecesOf(css, cuts), 5).events.map(e => [e.start, e.end, e.value, e.attribute]);
			t.deepEqual(got, expected);
		}),
		fcParams(t, 1000),
	);
});

test('StyleText: a sheet with no URL place is not scanned at all', t => {
	const css = 'a{color:rgb(0 0 0)} @media (max-width: 9px) { b { margin: 0 } }'.repeat(50);
	const {events, walked} = styleEvents([css.slice(0, 1000), css.slice(1000)]);
	t.deepEqual(events, []);
	t.is(walked, 0);
});

test('StyleText: past UNSCANNED_STYLE units with no URL place, the text is scanned (a comment open there hides a later url())', t => {
	const filler = 'a{color:red}'.repeat(Math.ceil(UNSCANNED_STYLE / 12));
	const hidden = styleEvents([filler, '/* open ', 'x'.repeat(UNSCANNED_STYLE), ' url(no.png) */ b{c:url(yes.png)}']);
	t.deepEqual(
		hidden.events.map(e => e.value),
		['yes.png'],
	);
	t.true(hidden.walked > UNSCANNED_STYLE);
});
