/**
 * Rewrite modes and escapers on hand-checked examples (expected outputs written by
 * reading the HTML, CSS and URL standards, not by running the code).
 */
import test from 'ava';
import {rewriteLinks} from '../../src/index.js';
import {escapeCssString, escapeCssUrl} from '../../src/rewrite/escape-css.js';
import {escapeAttribute, writeUnquotedValue} from '../../src/rewrite/escape-html.js';
import {escapeRefreshUrl, escapeSrcsetUrl, escapeTextUrl} from '../../src/rewrite/escape-url.js';
import type {RewriteOptions} from '../../src/types.js';

const page = 'https://example.com/a/b.html';
const html = (input: string, options: Partial<RewriteOptions> & Pick<RewriteOptions, 'to'>): string =>
	rewriteLinks(input, {type: 'html', retrievalUrl: page, ...options});

test('absolute: relative references become absolute; same-document, empty and opaque ones stay', t => {
	t.is(
		html(
			'<a href="c.html">c</a><a href=#top>t</a><a href="">e</a><a href="mailto:x@example.com">m</a><a href="javascript:go()">j</a><img src=../i.png>',
			{to: 'absolute'},
		),
		'<a href="https://example.com/a/c.html">c</a><a href=#top>t</a><a href="">e</a><a href="mailto:x@example.com">m</a><a href="javascript:go()">j</a><img src=https://example.com/i.png>',
	);
});

test('absolute: srcset candidates, meta refresh, style attribute and element, srcdoc', t => {
	t.is(
		html(
			`<img srcset="x.png 1x,y.png 2x"><meta http-equiv=refresh content="5; URL=n.html"><p style="background:url(bg.png)"><style>@import 'i.css';</style><iframe srcdoc="<img src=&quot;s.png&quot;>"></iframe>`,
			{to: 'absolute'},
		),
		`<img srcset="https://example.com/a/x.png 1x,https://example.com/a/y.png 2x"><meta http-equiv=refresh content="5; URL=https://example.com/a/n.html"><p style="background:url(https://example.com/a/bg.png)"><style>@import 'https://example.com/a/i.css';</style><iframe srcdoc="<img src=&quot;https://example.com/a/s.png&quot;>"></iframe>`,
	);
});

test('relative: against the document URL; another origin stays absolute', t => {
	t.is(
		html(
			'<a href="https://example.com/a/c/d.html">d</a><a href="https://example.com/x.html">x</a><a href="https://other.example/y">y</a>',
			{to: 'relative'},
		),
		'<a href="c/d.html">d</a><a href="../x.html">x</a><a href="https://other.example/y">y</a>',
	);
	t.is(
		html('<a href="https://example.com/x.html">x</a>', {to: 'relative', form: 'root-relative'}),
		'<a href="/x.html">x</a>',
	);
});

test('relative: under a BASE element, relative to that base; the BASE href relative to the document URL', t => {
	t.is(
		html(
			'<base href="https://example.com/lib/"><img src="https://example.com/lib/img/i.png"><a href="https://example.com/a/z.html">z</a>',
			{to: 'relative'},
		),
		'<base href="../lib/"><img src="img/i.png"><a href="../a/z.html">z</a>',
	);
	// A BASE on another origin cannot be relative: kept, and the references under it are relative to it.
	t.is(
		html('<base href="https://cdn.example/x/"><img src="https://cdn.example/x/y/i.png">', {to: 'relative'}),
		'<base href="https://cdn.example/x/"><img src="y/i.png">',
	);
});

test('relative: the output document URL; out-of-scope references keep their meaning', t => {
	const options = {
		to: 'relative',
		retrievalUrl: 'https://example.com/blog/index.html',
		documentUrl: 'https://mirror.example/blog/index.html',
		scope: 'https://example.com/blog/',
	} as const;
	t.is(
		html(
			'<a href="https://example.com/blog/p.html">p</a><a href="/shop/">s</a><a href="https://example.com/shop/">S</a><a href=#f>f</a>',
			options,
		),
		// p: in scope, relative to the new place (another origin, so absolute); /shop/: out of scope and
		// would now resolve on mirror.example, so written absolute; the absolute one is kept.
		'<a href="https://example.com/blog/p.html">p</a><a href="https://example.com/shop/">s</a><a href="https://example.com/shop/">S</a><a href=#f>f</a>',
	);
	t.is(
		html('<a href="https://example.com/blog/2024/p.html">p</a><a href="../shop/">s</a>', {
			to: 'relative',
			retrievalUrl: 'https://example.com/blog/index.html',
			scope: 'https://example.com/blog/',
		}),
		'<a href="2024/p.html">p</a><a href="../shop/">s</a>',
	);
});

test('relative: object archive relative to its codebase', t => {
	t.is(
		html(
			'<object codebase="/applets/" classid="java:Main.class" archive="https://example.com/applets/lib.jar"></object>',
			{to: 'relative'},
		),
		'<object codebase="../applets/" classid="java:Main.class" archive="lib.jar"></object>',
	);
});

test('function: escaping in each quoting; an attribute without value gets one', t => {
	const to = (): string => 'x "y" \'z\' & <w>';
	t.is(html('<a href="a">1</a>', {to}), '<a href="x &quot;y&quot; \'z\' &amp; &lt;w>">1</a>');
	t.is(html("<a href='a'>1</a>", {to}), '<a href=\'x "y" &#39;z&#39; &amp; &lt;w>\'>1</a>');
	t.is(html('<a href=a>1</a>', {to}), '<a href="x &quot;y&quot; \'z\' &amp; &lt;w>">1</a>');
	t.is(html('<a href=a>1</a>', {to: () => 'b/c.html'}), '<a href=b/c.html>1</a>');
	t.is(html('<a href>1</a>', {to: () => 'n.html'}), '<a href="n.html">1</a>');
	t.is(html('<a href=a title=t>1</a>', {to: () => ''}), '<a href="" title=t>1</a>');
	t.is(html('<a href="a">1</a>', {to: () => null}), '<a href="a">1</a>');
});

test('function: entity-encoded sources are written fresh with minimal escaping', t => {
	t.is(
		html('<a href="&#x61;.html?x=1&amp;y=2">1</a>', {to: link => `${link.value}&z=3`}),
		'<a href="a.html?x=1&amp;y=2&amp;z=3">1</a>',
	);
	t.is(
		html('<a href="&#x61;.html">1</a>', {to: () => 'a.html'}),
		'<a href="&#x61;.html">1</a>',
		'equal to the value: kept as written',
	);
});

test('function: srcset, ping, meta refresh and CSS keep their syntax', t => {
	const to = (): string => 'a b,c.png';
	t.is(html('<img srcset="x.png 1x, y.png 2x">', {to}), '<img srcset="a%20b,c.png 1x, a%20b,c.png 2x">');
	t.is(
		html('<a href=h ping="p q">1</a>', {to: link => (link.attribute === 'ping' ? 'x y' : undefined)}),
		'<a href=h ping="x%20y x%20y">1</a>',
	);
	t.is(
		html(`<meta http-equiv=refresh content="0; url='r.html'">`, {to: () => "it's"}),
		`<meta http-equiv=refresh content="0; url='it%27s'">`,
	);
	t.is(
		rewriteLinks('a{background:url(x.png)} b{background:url("y.png")}', {
			type: 'css',
			retrievalUrl: page,
			to: () => 'p (1).png',
		}),
		'a{background:url(p\\20 \\(1\\).png)} b{background:url("p (1).png")}',
	);
	t.is(
		html('<style>a{background:url(x)}</style>', {to: () => '</style><script>'}),
		'<style>a{background:url(\\3c /style\\3e \\3c script\\3e )}</style>',
	);
	t.is(
		html('<p style="background:url(\'x\')">', {to: () => `"&'`}),
		"<p style=\"background:url('\\&quot;&amp;\\'')\">",
	);
});

test('text: a URL in brackets stays inside them; a wrapped URL is replaced whole', t => {
	const text = 'See <http://example.com/a-\n   long/path> and <URL:rel/x.html>.';
	t.is(
		rewriteLinks(text, {
			type: 'text',
			retrievalUrl: 'http://example.com/dir/page.txt',
			to: link => `${link.value}?q=a b>c`,
		}),
		'See <http://example.com/a-long/path?q=a%20b%3Ec> and <URL:rel/x.html?q=a%20b%3Ec>.',
	);
	t.is(
		rewriteLinks(text, {type: 'text', retrievalUrl: 'http://example.com/dir/page.txt', to: 'absolute'}),
		'See <http://example.com/a-\n   long/path> and <URL:http://example.com/dir/rel/x.html>.',
	);
});

test('HTML text URLs (textLinks): percent-encoded for text, then & and < escaped for HTML', t => {
	t.is(
		html('<p>see http://x.example/a.</p>', {textLinks: true, to: () => 'http://x.example/<b>&c d'}),
		'<p>see &lt;http://x.example/%3Cb%3E&amp;c%20d>.</p>',
	);
	// Followed by whitespace or the end of the text, a new URL needs no delimiters.
	t.is(
		html('<p>see http://x.example/a </p>', {textLinks: true, to: () => 'http://y.example/b'}),
		'<p>see http://y.example/b </p>',
	);
});

test('escapers', t => {
	t.is(escapeAttribute('a&b"c\'d<e', '"'), "a&amp;b&quot;c'd&lt;e");
	t.is(escapeAttribute('a&b"c\'d<e', "'"), 'a&amp;b"c&#39;d&lt;e');
	t.is(escapeAttribute('a b=c>', ''), 'a&#32;b&#61;c&gt;');
	t.is(writeUnquotedValue('a.html'), 'a.html');
	t.is(writeUnquotedValue('a b'), '"a b"');
	t.is(escapeCssUrl('a(b)c"d\'e\\f g\nh<'), 'a\\(b\\)c\\"d\\\'e\\\\f\\20 g\\a h\\3c ');
	t.is(escapeCssString('"\'\\\n<'), '\\"\\\'\\\\\\a \\3c ');
	t.is(escapeSrcsetUrl(',a,b c,,'), './,a,b%20c%2C%2C');
	t.is(escapeRefreshUrl('url=x', null), './url=x');
	t.is(escapeRefreshUrl("'q.html", null), "./'q.html");
	t.is(escapeRefreshUrl('"a\' b', undefined), '%22a%27%20b');
	t.is(escapeTextUrl('http://x/"a b"<>'), 'http://x/%22a%20b%22%3C%3E');
});

test('function: the Links it is given say their line and column (absolute and relative count none)', t => {
	const seen: Array<[number, number]> = [];
	// Line 3, column 10: `<a href="` is nine characters after the second line break (CR LF, then a lone CR).
	const input = '<p>\r\n<b>\r<a href="x.html">x</a>\n<img src=y.png>';
	html(input, {
		to: link => {
			seen.push([link.line, link.column]);
			return null;
		},
	});
	t.deepEqual(seen, [
		[3, 10],
		[4, 10],
	]);
});
