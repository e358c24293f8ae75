/**
 * The shapes of the hostile-input attack at small sizes: one token holding many
 * references (a srcset, ping or archive list, a style attribute of `url()`s, an iframe
 * srcdoc of anchors; sometimes just past MAX_TAG_REFERENCES), one huge reference (a run of
 * NULs, CRs or character references in an href, a long data: URL), and tokens left
 * unfinished (comment, script and style raw text, a tag, an attribute quote, CDATA, a CSS
 * url( or string, text without whitespace), each between generated HTML pieces.
 */
import fc from 'fast-check';
import {MAX_TAG_REFERENCES} from '../../src/extract/html/tag-cap.js';
import type {InputType} from '../../src/types.js';
import {htmlPiece} from './html-arbitrary.js';
import {uriReference} from './pieces.js';

/** A generated attack document and the type it is read as. */
export interface Attack {
	type: InputType;
	document: string;
}

/** How many times a shape repeats: a few, or around the per-tag cap. */
const count = fc.oneof(
	{weight: 6, arbitrary: fc.integer({min: 0, max: 12})},
	{weight: 1, arbitrary: fc.integer({min: MAX_TAG_REFERENCES - 2, max: MAX_TAG_REFERENCES + 40})},
);

/** Lengths of a run (a huge token, scaled down). */
const runLength = fc.integer({min: 0, max: 1500});

const item = uriReference.map(u => u.replace(/[\s,"'<>&]/g, ''));
const repeated = (separator: string) =>
	fc.tuple(item, count).map(([u, n]) => Array.from({length: n}, (_, i) => `${u}${i}`).join(separator));

/** One token, many references (rendered inside an HTML document). */
const manyReferences: fc.Arbitrary<string> = fc.oneof(
	repeated(', ').map(list => `<img srcset="${list}">`),
	repeated(' ').map(list => `<a ping="${list}" href=x>`),
	repeated(' ').map(list => `<object archive="${list}" codebase="/c/"></object>`),
	repeated('); --v:url(').map(list => `<p style="--v:url(${list})">`),
	repeated('><a href=').map(list => `<iframe srcdoc="<a href=${list}>"></iframe>`),
	repeated(';url=').map(list => `<meta http-equiv=refresh content="0;url=${list}">`),
);

/** One reference made long by a run of one hazard. */
const hugeReference: fc.Arbitrary<string> = fc
	.tuple(fc.constantFrom('\0', '\r', '\r\n', '&amp;', '&#0;', 'é', '%', ' '), runLength)
	.map(([unit, n]) => `<a href="${unit.repeat(n)}">x</a>`);

const dataUrl = runLength.map(n => `<img src="data:text/plain,${'a'.repeat(n)}">`);

/** HTML tokens left open to the end of the input (XHTML: CDATA). */
const unfinishedHtml: fc.Arbitrary<Attack> = fc
	.tuple(
		fc.constantFrom(
			'<!--',
			'<script>',
			'<style>',
			'<style>a{b:url(',
			'<a ',
			'<a href="',
			"<a href='",
			'<textarea>',
			'<![CDATA[',
		),
		runLength,
		fc.constantFrom('x', 'b ', '-', '<a href=y>'),
	)
	.map(([open, n, unit]) => ({type: open === '<![CDATA[' ? 'xhtml' : 'html', document: open + unit.repeat(n)}));

/** CSS and plain text left open, or without a break. */
const unfinishedOther: fc.Arbitrary<Attack> = fc.oneof(
	fc
		.tuple(fc.constantFrom('a{b:url(', 'a{b:"', '@import "', '/*', 'a{b:url(http://e/'), runLength)
		.map(([open, n]) => ({type: 'css' as const, document: open + 'x'.repeat(n)})),
	fc
		.tuple(fc.constantFrom('', '<', '<http://e/', '"http://e/'), runLength, fc.constantFrom('x', 'http://e/ ', 'a.b.'))
		.map(([open, n, unit]) => ({type: 'text' as const, document: open + unit.repeat(n)})),
);

const around = fc.array(htmlPiece, {maxLength: 3}).map(pieces => pieces.join(''));

/** An attack document: a hostile shape between generated HTML pieces, or a CSS or text one. */
export const attackDocument: fc.Arbitrary<Attack> = fc.oneof(
	fc
		.tuple(around, fc.oneof(manyReferences, hugeReference, dataUrl), around)
		.map(([before, shape, after]) => ({type: 'html' as const, document: before + shape + after})),
	fc.tuple(around, unfinishedHtml).map(([before, attack]) => ({type: attack.type, document: before + attack.document})),
	unfinishedOther,
);
