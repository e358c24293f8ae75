/**
 * The HTML extractor's shortcuts must not change what it finds: each case here sits on
 * the edge of one (expected values worked out by hand from HTML, CSS Syntax 3 and the
 * URL Standard).
 */
import test from 'ava';
import fc from 'fast-check';
import {scanCss} from '../../src/extract/css/extractor.js';
import {CharacterReferenceDecoder} from '../../src/extract/html/decode.js';
import {fcParams} from '../helpers/seed.js';
import {links, rows} from './html-collect.js';

test('a style attribute without "(" or "@" holds no URL; a decoded "(" still counts', t => {
	t.deepEqual(rows('<p style="color: red; margin: 0">x</p>'), []);
	// &lpar; is "(" once the attribute value is decoded (HTML §13.2.5.72), so this is url(a.png).
	t.deepEqual(rows('<p style="background: url&lpar;a.png)">x</p>'), ['p style https://site.example/dir/a.png']);
	// An escaped "(" is part of an ident, not a function: no URL (CSS Syntax 3 §4.3.4).
	t.deepEqual(rows('<p style="background: url\\(a.png)">x</p>'), []);
});

test('a style attribute gives the URLs the CSS scanner finds in its decoded value, with references, escapes or neither (property)', t => {
	// Pieces that spell a URL place as written, through a character reference or a CSS escape, or none.
	const piece = fc.constantFrom(
		'color: red; ',
		'margin:0 ',
		'background: url(a.png) ',
		'BACKGROUND:URL( b.png ) ',
		'u&#114;l(c.png) ',
		'url&lpar;d.png) ',
		'\\75 rl(e.png) ',
		'image-set("f.png" 1x) ',
		'@import "g.css"; ',
		'src(h.woff) ',
		'rgb(0 0 0) ',
		'&amp; ',
		'(',
		')',
		'u',
		'rl',
	);
	const decoder = new CharacterReferenceDecoder();
	const property = fc.property(fc.array(piece, {maxLength: 8}), pieces => {
		const value = pieces.join('');
		const expected = scanCss(decoder.decode(value, 0, 'attribute').text).map(match => match.value);
		const found = links(`<div style='${value}'>x</div>`).map(link => link.value);
		return JSON.stringify(found) === JSON.stringify(expected);
	});
	fc.assert(property, fcParams(t, 500));
	t.pass();
});

test('references resolved without a parse agree with the URL parser', t => {
	const found = links(
		'<a href="/x/y?q#f">1</a><a href="#">2</a><a href="z.html">3</a><a href="//cdn.example">4</a>' +
			'<a href="http://o.example?p">5</a><a href="../up">6</a><a href="javascript:void(0)">7</a><a href="HTTP://O.example/">8</a>',
	);
	t.deepEqual(
		found.map(link => link.url),
		[
			'https://site.example/x/y?q#f',
			'https://site.example/dir/page.html#',
			'https://site.example/dir/z.html',
			'https://cdn.example/',
			'http://o.example/?p',
			'https://site.example/up',
			'javascript:void(0)',
			'http://o.example/',
		],
	);
});

test('a whole-URL value with references: decoded between its ends as written, its span what is left once stripped', t => {
	const spans = (html: string) => links(html).map(({value, raw, start, end}) => ({value, raw, start, end}));
	// `&amp;` is "&" (HTML `#named-character-reference-state`); the span is the value as written (offsets counted by hand).
	t.deepEqual(spans('<a href=" /s?a=1&amp;b=2 ">x</a>'), [
		{value: '/s?a=1&b=2', raw: '/s?a=1&amp;b=2', start: 10, end: 24},
	]);
	// A legacy name without ";" before whitespace is decoded: the stripped space does not change that.
	t.deepEqual(spans('<a href="/s?c&amp ">x</a>'), [{value: '/s?c&', raw: '/s?c&amp', start: 9, end: 17}]);
	// A reference at an end that decodes to whitespace is stripped with it: the span starts (ends) at the URL.
	t.deepEqual(spans('<a href="&#32;/x">x</a>'), [{value: '/x', raw: '/x', start: 14, end: 16}]);
	t.deepEqual(spans('<a href="/y&#x9;">x</a>'), [{value: '/y', raw: '/y', start: 9, end: 11}]);
	// A lone CR inside is LF (`#preprocessing-the-input-stream`); a NUL in an attribute is U+FFFD; at an end, CR is stripped.
	t.deepEqual(spans('<img src="\ra\rb\0">'), [{value: 'a\nb\uFFFD', raw: 'a\rb\0', start: 11, end: 15}]);
	// Nothing but a reference to whitespace: an empty value, its span empty where the value's text ends.
	t.deepEqual(
		spans('<a href="&#32;">x</a>').map(({value}) => value),
		[''],
	);
});
