/**
 * scanCss: every rule of html-url-attributes.md §5.7, with expected values worked out by
 * hand from CSS Syntax Level 3 §4.3 (tokenization) and the CSS specs that name URL positions.
 */
import test from 'ava';
import {scanCss} from '../../src/extract/css/extractor.js';
import type {CssMatch} from '../../src/extract/css/extractor.js';

/** [raw (the span's text), value, syntax, attribute] of each match. */
type Row = [string, string, CssMatch['syntax'], CssMatch['attribute']];

const U = (raw: string, value = raw): Row => [raw, value, 'css-url', 'url'];
const S = (raw: string, value = raw): Row => [raw, value, 'css-string', 'url'];
const I = (raw: string, value = raw, syntax: CssMatch['syntax'] = 'css-string'): Row => [raw, value, syntax, 'import'];

const cases: Array<[string, string, Row[]]> = [
	// §4.3.6 consume a url token
	['unquoted url()', 'a{background:url(x.png)}', [U('x.png')]],
	['unquoted url() with whitespace: span without it', 'a{b:url(  x.png \t\n)}', [U('x.png')]],
	['empty url()', 'a{b:url()}', [U('')]],
	['url() of whitespace only', 'a{b:url(   )}', [U('')]],
	['same-document url(#id)', 'a{filter:url(#blur)}', [U('#blur')]],
	['url( at EOF: the token ends there', 'a{b:url(x.png', [U('x.png')]],
	['url( with trailing whitespace at EOF', 'a{b:url( x.png  ', [U('x.png')]],
	['escaped ) inside url()', 'a{b:url(a\\)b.png)}', [U('a\\)b.png', 'a)b.png')]],
	['hex escape eats one following space', 'a{b:url(caf\\e9 .png)}', [U('caf\\e9 .png', 'café.png')]],
	['hex escape then space then )', 'a{b:url(x\\41 )}', [U('x\\41 ', 'xA')]],
	['six hex digits at most', 'a{b:url(\\00004142)}', [U('\\00004142', 'A42')]],
	[
		'escape of zero, surrogate, too large: U+FFFD',
		'a{b:url(\\0 \\D800 \\110000)}',
		[U('\\0 \\D800 \\110000', '\uFFFD\uFFFD\uFFFD')],
	],
	['backslash at EOF inside url(): U+FFFD', 'a{b:url(x\\', [U('x\\', 'x\uFFFD')]],
	['NUL becomes U+FFFD', 'a{b:url(a\u0000b)}', [U('a\u0000b', 'a\uFFFDb')]],
	['astral characters pass through', 'a{b:url(😀.png)}', [U('😀.png')]],
	// §4.3.14 bad url: never reported, and the rest still parses
	['whitespace inside: bad url', 'a{b:url(a b)} c{d:url(ok.png)}', [U('ok.png')]],
	['quote inside: bad url', 'a{b:url(a"b)} c{d:url(ok.png)}', [U('ok.png')]],
	['( inside: bad url', 'a{b:url(a(b)} c{d:url(ok.png)}', [U('ok.png')]],
	['non-printable inside: bad url', 'a{b:url(a\u0001b)} c{d:url(ok.png)}', [U('ok.png')]],
	['backslash-newline inside: bad url', 'a{b:url(a\\\nb)} c{d:url(ok.png)}', [U('ok.png')]],
	['bad url remnants skip escaped )', 'a{b:url(a b\\) url(c)) url(d)}', [U('d')]],
	// §4.3.4 consume an ident-like token: function names
	['URL( is case-insensitive', 'a{b:URL(x) c:Url("y")}', [U('x'), S('y')]],
	['escaped name \\75rl(', 'a{b:\\75rl(x.png)}', [U('x.png')]],
	['escaped name u\\rl( and \\55 RL(', 'a{b:u\\rl(x) c:\\55 RL(y)}', [U('x'), U('y')]],
	['not url(: dimension, longer ident, hash, at-keyword', 'a{b:10url(x) -url(y) a-url(z) #url(w) @url(v) urls(u)}', []],
	// url( followed by a quote: a function with a string argument
	['url("…")', 'a{b:url("x.png")}', [S('x.png')]],
	["url('…') with whitespace", "a{b:url(  'x.png'  )}", [S('x.png')]],
	['url( newline "…" )', 'a{b:url(\n"x.png")}', [S('x.png')]],
	['url( then two newlines then unquoted', 'a{b:url(\n\n x.png)}', [U('x.png')]],
	['escaped quote in a string', 'a{b:url("a\\"b")}', [S('a\\"b', 'a"b')]],
	[
		'escaped newline in a string is removed',
		'a{b:url("a\\\nb" ) c:url("c\\\r\nd")}',
		[S('a\\\nb', 'ab'), S('c\\\r\nd', 'cd')],
	],
	['hex escape then CR LF in a string', 'a{b:url("\\41\r\nB")}', [S('\\41\r\nB', 'AB')]],
	['escaped backslash', 'a{b:url("a\\\\b")}', [S('a\\\\b', 'a\\b')]],
	['string at EOF is closed', 'a{b:url("x.png', [S('x.png')]],
	['backslash at EOF in a string yields nothing', 'a{b:url("x\\', [S('x\\', 'x')]],
	['bad string: not reported, parsing resumes after the newline', 'a{content:"x\n;b:url(y)}', [U('y')]],
	// Comments
	['comments hide URLs', '/* url(a) */ b{c:url(b) /* url("c") */} /* unterminated url(d)', [U('b')]],
	['comment-like text inside a string is text', 'a{b:url("/*x*/")}', [S('/*x*/')]],
	['CDO and CDC are skipped', '<!-- a{b:url(c)} -->', [U('c')]],
	// Strings in URL-taking functions; other strings are not URLs
	[
		'image-set() strings and url()',
		'a{b:image-set("1.png" 1x, url(2.png) 2x, "3.avif" type("image/avif"))}',
		[S('1.png'), U('2.png'), S('3.avif')],
	],
	[
		'-webkit-image-set() and image()',
		'a{b:-webkit-image-set("1.png" 1x);c:image("2.png", red);d:IMAGE-SET("3.png" 1x)}',
		[S('1.png'), S('2.png'), S('3.png')],
	],
	['src("…")', 'a{b:src("x.png")}', [S('x.png')]],
	[
		'strings elsewhere are not URLs',
		'a{content:"x.png";font-family:"Fancy"} b::after{content:url(y.png) "z.png"}',
		[U('y.png')],
	],
	[
		'@font-face: local() is not a URL, url() is, format() is not',
		'@font-face{src:local("Font"), url(f.woff2) format("woff2"), url("f.woff")}',
		[U('f.woff2'), S('f.woff')],
	],
	['strings nested deeper in image-set() are not URLs', 'a{b:image-set(("x.png") 1x, attr(y) 2x)}', []],
	// @import (CSS Cascade §2.1)
	['@import "…"', '@import "a.css";', [I('a.css')]],
	['@import url() with media', '@import url(b.css) screen and (min-width: 1px);', [I('b.css', 'b.css', 'css-url')]],
	['@import url("…") with supports()', '@import url("c.css") supports(display: grid);', [I('c.css')]],
	["@import '…' layer()", "@import 'd.css' layer(base);", [I('d.css')]],
	['@IMPORT and an escaped @\\69mport', '@IMPORT "e.css"; @\\69mport "f.css";', [I('e.css'), I('f.css')]],
	['@import src("…")', '@import src("g.css");', [I('g.css')]],
	[
		'only the first component is the import',
		'@import url(a.css) "b.css"; @import "c.css" url(d.css);',
		[I('a.css', 'a.css', 'css-url'), I('c.css'), U('d.css')],
	],
	['after the prelude, strings are strings again', '@import "a.css"; b{content:"c.css"}', [I('a.css')]],
	['comments do not count as the first component', '@import /* x */ "a.css";', [I('a.css')]],
	// @namespace (CSS Namespaces §2): never a link
	[
		'@namespace url() and strings',
		'@namespace svg url(http://www.w3.org/2000/svg); @namespace "http://x.example/"; a{b:url(c)}',
		[U('c')],
	],
	// Nesting
	[
		'blocks and at-rules',
		'@media screen{a{b:url(x)}} @supports (c:d){e{f:url("y") g:image-set("z" 1x)}}',
		[U('x'), S('y'), S('z')],
	],
	['a ) inside [] does not close url("…")', 'a{b:url( "x" [ ) ] "y")}', [S('x'), S('y')]],
];

for (const [title, input, rows] of cases) {
	test(`scanCss: ${title}`, t => {
		const matches = scanCss(input);
		t.deepEqual(
			matches.map(m => [input.slice(m.start, m.end), m.value, m.syntax, m.attribute]),
			rows,
		);
	});
}

test('scanCss: spans are offsets into the input, inside the quotes', t => {
	const input = '@import "a.css"; b { background: url( b\\2e png ) }';
	t.deepEqual(scanCss(input), [
		{start: 9, end: 14, value: 'a.css', syntax: 'css-string', attribute: 'import'},
		{start: 38, end: 46, value: 'b.png', syntax: 'css-url', attribute: 'url'},
	]);
});

test('scanCss: empty url() has an empty span where the content would be', t => {
	t.deepEqual(scanCss('a{b:url(  )}'), [{start: 10, end: 10, value: '', syntax: 'css-url', attribute: 'url'}]);
});

test('scanCss: style attribute values (declarations only)', t => {
	const rows = scanCss("background: url('a.png') no-repeat; list-style: url(b.png)").map(m => m.value);
	t.deepEqual(rows, ['a.png', 'b.png']);
});

test('scanCss: a token longer than maxToken is not reported, and what follows is', t => {
	const long = 'x'.repeat(40);
	t.deepEqual(
		scanCss(`a{b:url("${long}") c:url(${long}) d:url(ok)}`, {maxToken: 16}).map(m => m.value),
		['ok'],
	);
	t.deepEqual(
		scanCss(`a{b:url("${long}") c:url(${long}) d:url(ok)}`).map(m => m.value),
		[long, long, 'ok'],
	);
	// A cut string still ends per §4.3.5: escaped quotes and `\` + hex + CR LF do not end it.
	t.deepEqual(
		scanCss(`a{b:url("${long}\\"\\41\r\n${long}") d:url(ok)}`, {maxToken: 16}).map(m => m.value),
		['ok'],
	);
	// A cut url still ends at the first unescaped ")".
	t.deepEqual(
		scanCss(`a{b:url(${long}\\)${long}) d:url(ok)}`, {maxToken: 16}).map(m => m.value),
		['ok'],
	);
	// Comments are never cut.
	t.deepEqual(
		scanCss(`/* ${long} url(no) */ a{d:url(ok)}`, {maxToken: 16}).map(m => m.value),
		['ok'],
	);
});
