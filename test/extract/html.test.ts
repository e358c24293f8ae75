/**
 * The HTML core's reading of values: entities, whitespace, duplicates, case, text-only
 * elements, CSS, srcdoc spans, anchor text, rel, robots, text links, XHTML. Expectations
 * by hand from html-url-attributes.md §5 and the HTML standard.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {ANCHOR_TEXT_LENGTH} from '../../src/extract/html/text.js';
import {collect, first, links, rows} from './html-collect.js';

const D = 'https://site.example/dir/';

test('entities in attribute values (§5.2): value decoded, raw as written, span over the source', t => {
	const input = '<a href="x?a=1&copy=2&amp;b=&reg;&#x41;">';
	const link = first(links(input));
	t.like(link, {value: 'x?a=1&copy=2&b=\u00AEA', raw: 'x?a=1&copy=2&amp;b=&reg;&#x41;', start: 9, end: 39});
	t.is(input.slice(link.start, link.end), link.raw);
	t.is(link.url, `${D}x?a=1&copy=2&b=%C2%AEA`);
});

test('ASCII whitespace is stripped (§5.3); the span covers the stripped value only', t => {
	const input = '<a href=" \t\n a b.html \r\n">';
	const [link] = links(input);
	t.like(link, {value: 'a b.html', raw: 'a b.html', start: 13, end: 21, line: 2, column: 2});
	// Whitespace written as a reference is stripped too (it is whitespace once decoded).
	t.like(links('<a href="&#32;x.html&#9;">')[0], {value: 'x.html', raw: 'x.html', start: 14, end: 20});
});

test("tabs and newlines inside a URL are the URL parser's business", t => {
	t.like(links('<a href="java\nscript:x">')[0], {value: 'java\nscript:x', url: 'javascript:x'});
	t.like(links('<a href="a\n.html">')[0], {url: `${D}a.html`});
});

test('duplicate attributes: the first wins (§5.1)', t => {
	t.deepEqual(rows('<a href="first.html" HREF="second.html" href="third.html">'), [`a href ${D}first.html`]);
	t.deepEqual(rows('<img src="1.png" data-x="y" SRC="2.png">'), [`img src ${D}1.png`]);
});

test('element and attribute names are case-insensitive and reported lower-case', t => {
	t.deepEqual(rows('<A HREF="x"><IMG SrC="y"><svg><A XLINK:HREF="z"/></svg>'), [
		`a href ${D}x`,
		`img src ${D}y`,
		`a xlink:href ${D}z`,
	]);
});

test('quotes: double, single, unquoted, and no value', t => {
	const {events} = collect(`<a href="d"><a href='s'><a href=u><a href>`);
	t.deepEqual(
		events.map(event => [event.value, event.quote]),
		[
			['d', '"'],
			['s', "'"],
			['u', ''],
			['', undefined],
		],
	);
	t.like(events[3], {start: 41, end: 41, raw: ''}); // empty, right after the name
});

test('text-only elements hold no elements: title, textarea, script, style, xmp, iframe, noembed, noframes, plaintext', t => {
	for (const element of ['title', 'textarea', 'script', 'style', 'xmp', 'iframe', 'noembed', 'noframes']) {
		t.deepEqual(
			rows(`<${element}><a href="in.html"></${element}><a href="out.html">`),
			[`a href ${D}out.html`],
			element,
		);
	}
	t.deepEqual(rows('<plaintext><a href="in.html"></plaintext><a href="still-in.html">'), []);
	t.deepEqual(rows('<script>"</scr" + "ipt><a href=in.html>"</script ><a href=out.html>'), [`a href ${D}out.html`]);
});

test('comments hide markup', t => {
	t.deepEqual(rows('<!-- <a href="c.html"> --><a href="x.html"><!--><a href="y.html">'), [
		`a href ${D}x.html`,
		`a href ${D}y.html`,
	]);
});

test('style attribute: entity-decoded, then CSS; spans into the source', t => {
	const input = '<div style="background:url(&quot;a&amp;b.png&quot;); --x: url( c\\2e png )">';
	const found = links(input);
	t.deepEqual(
		found.map(link => [link.value, link.raw, input.slice(link.start, link.end), link.url]),
		[
			['a&b.png', 'a&amp;b.png', 'a&amp;b.png', `${D}a&b.png`],
			['c.png', 'c\\2e png', 'c\\2e png', `${D}c.png`],
		],
	);
	t.like(collect(input).events[0], {
		element: 'div',
		attribute: 'style',
		container: 'attribute',
		quote: '"',
		syntax: 'css-string',
	});
});

test('<style> text is raw: no entity decoding (§5.1)', t => {
	const found = collect('<style>a { background: url(a&amp;b.png) } @import url("i.css");</style>');
	t.deepEqual(
		found.links.map(link => [link.element, link.attribute, link.value]),
		[
			['style', 'url', 'a&amp;b.png'],
			['style', 'import', 'i.css'],
		],
	);
	t.like(found.events[0], {container: 'raw', syntax: 'css-url'});
});

test('<style> in SVG is decoded text; CDATA sections in it are raw', t => {
	const found = collect('<svg><style>a{fill:url(&quot;f.svg#a&quot;)}<![CDATA[b{fill:url(&quot;)}]]></style></svg>');
	t.deepEqual(
		found.links.map(link => [link.value, link.raw]),
		[
			['f.svg#a', 'f.svg#a'],
			['&quot;', '&quot;'],
		],
	);
	t.is(found.events[0]?.container, 'html-text');
});

test('iframe srcdoc: Links of the nested document, with spans into the parent source', t => {
	const input = '<iframe srcdoc="&lt;p&gt;&lt;a href=&quot;in&amp;amp;x.html&quot;&gt;"></iframe>';
	const link = first(links(input));
	t.like(link, {element: 'a', attribute: 'href', value: 'in&x.html', url: `${D}in&x.html`});
	t.is(link.raw, 'in&amp;amp;x.html');
	t.is(input.slice(link.start, link.end), link.raw);
});

test('rel tokens, lower-cased, on a, area and link Links', t => {
	const found = links(
		'<a href="a" rel="NoFollow  UGC"></a><area href="b" rel="sponsored"><link href="c" rel="stylesheet"><a href="d"></a><img src="e" rel="x">',
	);
	t.deepEqual(
		found.map(link => link.rel),
		[['nofollow', 'ugc'], ['sponsored'], ['stylesheet'], undefined, undefined],
	);
});

test('anchor text: collapsed, trimmed, entities decoded, nested elements included, script excluded', t => {
	const found = links(
		'<a href="x">  Read\n the <b>bold</b> &amp; <script>no()</script>docs  </a><img src="after.png">',
		{anchorText: true},
	);
	t.deepEqual(
		found.map(link => [link.element, link.text]),
		[
			['a', 'Read the bold & docs'],
			['img', undefined],
		],
	);
});

test('anchor text: cut at 128 characters; the next <a> or the end closes an anchor', t => {
	const long = 'word '.repeat(40);
	const found = links(`<a href="1">${long}</a><a href="2">two<a href="3">three`, {anchorText: true});
	t.is(found[0]?.text, long.slice(0, ANCHOR_TEXT_LENGTH)); // 25 × "word " + "wor"
	t.is(
		links(`<a href="1">${'x'.repeat(127)} y</a>`, {anchorText: true})[0]?.text,
		'x'.repeat(127),
		'no trailing space after the cut',
	);
	t.deepEqual(
		found.slice(1).map(link => link.text),
		['two', 'three'],
	);
	t.is(links('<a href="x">t</a>')[0]?.text, undefined, 'no text without the option');
});

test('robots nofollow is reported once per document, as an empty reference carrying the directives', t => {
	const found = collect(
		'<meta name="robots" content="noindex, NoFollow"><meta name="ROBOTS" content="none"><meta name="robots" content="noarchive">',
	);
	t.is(found.links.length, 1);
	t.like(found.links[0], {
		kind: 'metadata',
		element: 'meta',
		attribute: 'content',
		value: '',
		raw: '',
		url: 'https://site.example/dir/page.html',
		rel: ['noindex', 'nofollow'],
	});
	t.is(found.events[0]?.syntax, 'none');
	t.is(links('<meta name="robots" content="noindex">').length, 0);
	t.deepEqual(links('<meta name="robots" content="none">')[0]?.rel, ['none']);
});

test('textLinks: URLs in text nodes, not inside <a>, RCDATA or RAWTEXT; spans through entities', t => {
	const input =
		'<title>http://title.example/</title><p>See http://a.example/?x=1&amp;y=2 now</p><a href="l">http://in-anchor.example/</a><script>"http://s.example/"</script>';
	const found = collect(input, {textLinks: true});
	const text = found.links.filter(link => link.kind === 'text');
	t.deepEqual(
		text.map(link => [link.value, link.raw, link.url]),
		[['http://a.example/?x=1&y=2', 'http://a.example/?x=1&amp;y=2', 'http://a.example/?x=1&y=2']],
	);
	const link = first(text);
	t.is(input.slice(link.start, link.end), link.raw);
	t.like(
		found.events.find(event => event.kind === 'text'),
		{syntax: 'text', container: 'html-text'},
	);
	t.is(links(input).filter(link => link.kind === 'text').length, 0, 'off by default');
});

test('input: unfinished tag at the end of input is dropped', t => {
	t.deepEqual(rows('<a href="x.html"'), []);
	t.deepEqual(rows('<img src="y.png">text<a href="x.html'), [`img src ${D}y.png`]);
});

test('XHTML: XML tokenizing, CDATA style, references need ";"', t => {
	const input = readFileSync(new URL('../../fixtures/html-unit/page.xhtml', import.meta.url), 'utf8');
	t.deepEqual(
		links(input, {type: 'xhtml'}).map(link => `${link.element} ${link.attribute} ${link.value} ${link.url}`),
		[
			'base href http://xhtml.example/root/ http://xhtml.example/root/',
			'style url cdata-bg.png http://xhtml.example/root/cdata-bg.png',
			'style url entity-bg.png http://xhtml.example/root/entity-bg.png',
			'script src x.js http://xhtml.example/root/x.js',
			'a href a.html?x=1&y=2 http://xhtml.example/root/a.html?x=1&y=2',
			'a href b.html?c&copy=1 http://xhtml.example/root/b.html?c&copy=1',
			'img src c.png http://xhtml.example/root/c.png',
		],
	);
});

test('line and column are 1-based, counting CR LF once', t => {
	const found = links('<p>\r\n<a href="x">\r<img\nsrc="y">');
	t.deepEqual(
		found.map(link => [link.line, link.column]),
		[
			[2, 10],
			[4, 6],
		],
	);
});
