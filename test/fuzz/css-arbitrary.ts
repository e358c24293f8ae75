/**
 * Structured CSS for fuzzing: url tokens in every spacing, quoted url()s, @import and
 * @namespace, image-set strings, escapes, comments (some unterminated), bad urls and bad
 * strings, and look-alike functions.
 */
import fc from 'fast-check';
import {cssEscape, cssText, hazard, uriReference} from './pieces.js';

const space = fc.constantFrom('', ' ', '  ', '\n', '\t', '\r\n', '\f', '/**/');

/** One URL-bearing construct. */
const urlConstruct: fc.Arbitrary<string> = fc.oneof(
	fc
		.tuple(space, cssText, space, fc.constantFrom(')', '', ' )', ') '))
		.map(([a, v, b, close]) => `url(${a}${v.replace(/[\s"'()\\]/g, '')}${b}${close}`),
	fc
		.tuple(space, fc.constantFrom('"', "'"), cssText, space, fc.boolean())
		.map(([a, q, v, b, closed]) => `url(${a}${q}${v}${closed ? q : ''}${b})`),
	fc
		.tuple(fc.constantFrom('"', "'"), uriReference, fc.constantFrom(';', ' screen;', '', ' layer(x);'))
		.map(([q, v, tail]) => `@import ${q}${v}${q}${tail}`),
	fc.tuple(space, uriReference).map(([a, v]) => `@import url(${a}${v.replace(/[\s"'()\\]/g, '')});`),
	fc
		.tuple(fc.constantFrom('', 'svg '), uriReference)
		.map(([prefix, v]) => `@namespace ${prefix}url(${v.replace(/[\s"'()\\]/g, '')});`),
	fc
		.tuple(fc.constantFrom('"', "'"), uriReference)
		.map(([q, v]) => `background:image-set(${q}${v}${q} 1x, url(i.png) 2x);`),
	fc
		.tuple(fc.constantFrom('URL(', 'Url(', 'u\\rl(', 'u\\72 l(', 'src(', 'urlx(', 'url ('), uriReference)
		.map(([open, v]) => `${open}${v.replace(/[\s"'()\\]/g, '')})`),
);

/** Bad urls (CSS Syntax 3 §4.3.6) and bad strings (§4.3.5). */
const broken: fc.Arbitrary<string> = fc.constantFrom(
	'url(a"b.png)',
	"url(a'b)",
	'url(a(b)',
	'url(a b)',
	'url(a\\\nb)',
	'url(\u0000)',
	'url(\u007f)',
	'"unterminated\n',
	"'a\\\nb'",
	'url(',
	'url(  ',
	'url("x',
	'/* open comment url(c.png)',
	'*/',
	'@import',
	'@import url(',
	'@namespace',
	'}',
	'{',
	';',
	'\\',
	'"',
	"'",
	')',
	'(',
);

const filler = fc.constantFrom(
	'a{',
	'}',
	'color:red;',
	'background:',
	' ',
	'\n',
	'@media screen{',
	'b::before{content:"url(x)"}',
	'/* url(c.png) */',
	'<!--',
	'-->',
	'</style>',
	'<a href=x>',
);

/** One piece of a style sheet. */
const cssPiece: fc.Arbitrary<string> = fc.oneof(
	{weight: 6, arbitrary: urlConstruct},
	{weight: 2, arbitrary: broken},
	{weight: 3, arbitrary: filler},
	{weight: 1, arbitrary: cssEscape},
	{weight: 1, arbitrary: hazard},
);

/** A style sheet (or a declaration block's contents) of up to 12 pieces. */
export const cssDocument: fc.Arbitrary<string> = fc.array(cssPiece, {maxLength: 12}).map(pieces => pieces.join(''));
