/**
 * The document base (html-url-attributes.md §4.2, §4.3 cases, §4.5 streaming policy) and
 * the RFC 2396 §5.1 layers behind it. Expected URLs resolved by hand.
 */
import test from 'ava';
import {HOLD_LIMIT_CHARS, HOLD_LIMIT_EVENTS} from '../../src/extract/html/base.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import type {Link} from '../../src/types.js';
import {collect, links, PAGE_URL, rows} from './html-collect.js';

const hrefs = (html: string, options = {}): Array<[string | null, string | null]> =>
	links(html, options)
		.filter(link => link.element === 'a')
		.map(link => [link.url, link.baseSource]);

test('first BASE with href wins; later ones are ignored', t => {
	t.deepEqual(hrefs('<base href="https://one.example/"><base href="https://two.example/"><a href="x">'), [
		['https://one.example/x', 'document'],
	]);
});

test('BASE without href is skipped; the later one with href counts', t => {
	t.deepEqual(hrefs('<base target="_top"><base href="https://two.example/"><a href="x">'), [
		['https://two.example/x', 'document'],
	]);
});

test('relative BASE hrefs resolve against the document URL', t => {
	t.deepEqual(hrefs('<base href="sub/"><a href="x">'), [['https://site.example/dir/sub/x', 'document']]);
	t.deepEqual(hrefs('<base href="/x/"><a href="y">'), [['https://site.example/x/y', 'document']]);
	t.deepEqual(hrefs('<base href="../"><a href="z">'), [['https://site.example/z', 'document']]);
});

test('empty or blank BASE href: the document URL without fragment, and later BASEs stay ignored', t => {
	const options = {retrievalUrl: 'https://site.example/dir/page.html?q=1#frag'};
	t.deepEqual(hrefs('<base href=""><base href="https://other.example/"><a href="x">', options), [
		['https://site.example/dir/x', 'document'],
	]);
	const base = links('<base href="  "><a href="#f">', options);
	t.is(base[0]?.url, 'https://site.example/dir/page.html?q=1');
	t.is(base[1]?.url, 'https://site.example/dir/page.html?q=1#f');
	t.is(base[1]?.base, 'https://site.example/dir/page.html?q=1');
});

test('unparseable, data: and javascript: BASE hrefs: the fallback base, later BASEs still ignored', t => {
	for (const href of ['http://[', 'data:text/html,x', 'javascript:void(0)', ' JavaScript:x']) {
		t.deepEqual(
			hrefs(`<base href="${href}"><base href="https://later.example/"><a href="x">`),
			[['https://site.example/dir/x', 'retrieval']],
			href,
		);
	}
});

test('the BASE element is emitted as a base Link resolved against the fallback base', t => {
	const [base] = links('<base href="../b/">');
	t.like(base, {
		kind: 'base',
		element: 'base',
		attribute: 'href',
		value: '../b/',
		url: 'https://site.example/b/',
		base: PAGE_URL,
		baseSource: 'retrieval',
	});
});

test('references before the BASE in head resolve against it (held)', t => {
	t.deepEqual(rows('<head><link rel=stylesheet href="s.css"><script src="j.js"></script><base href="/b/"></head>'), [
		'link href https://site.example/b/s.css',
		'script src https://site.example/b/j.js',
		'base href https://site.example/b/',
	]);
});

test('BASE after body content applies only to the references after it', t => {
	t.deepEqual(hrefs('<p>text</p><a href="before"><base href="/late/"><a href="after">'), [
		['https://site.example/dir/before', 'retrieval'],
		['https://site.example/late/after', 'document'],
	]);
	// Non-whitespace text outside head elements starts the body too.
	t.deepEqual(hrefs('<link href="l.css">Hello<base href="/late/"><a href="a">'), [
		['https://site.example/late/a', 'document'],
	]);
	t.is(links('<link href="l.css">Hello<base href="/late/">')[0]?.url, 'https://site.example/dir/l.css');
	// Whitespace and comments do not.
	t.is(links('<link href="l.css">\n  <!-- c --> <base href="/b/">')[0]?.url, 'https://site.example/b/l.css');
	// Nor does </head> ... it does: end of head settles the base.
	t.is(links('<head><link href="l.css"></head><base href="/b/">')[0]?.url, 'https://site.example/dir/l.css');
});

test('BASE in a table or after </html> counts when nothing settled the base before', t => {
	// The table starts the body (the base settles); the BASE in it still counts for what follows.
	t.deepEqual(hrefs('<a href="before"><table><base href="/t/"><tr><td><a href="x">'), [
		['https://site.example/dir/before', 'retrieval'],
		['https://site.example/t/x', 'document'],
	]);
	t.deepEqual(hrefs('<html><head></head></html><base href="/tail/"><a href="x">'), [
		['https://site.example/tail/x', 'document'],
	]);
});

test('BASE inside svg, math or template is ignored', t => {
	t.deepEqual(hrefs('<svg><base href="https://svg.example/"/></svg><a href="x">'), [
		['https://site.example/dir/x', 'retrieval'],
	]);
	t.deepEqual(hrefs('<math><base href="https://math.example/"/></math><a href="x">'), [
		['https://site.example/dir/x', 'retrieval'],
	]);
	t.deepEqual(
		hrefs('<head><template><base href="https://t.example/"></template><base href="/real/"></head><a href="x">'),
		[['https://site.example/real/x', 'document']],
	);
});

test('BASE inside noscript counts (scripting off, the crawler view)', t => {
	t.deepEqual(hrefs('<head><noscript><base href="/ns/"></noscript></head><a href="x">'), [
		['https://site.example/ns/x', 'document'],
	]);
});

test('no base at all: no-base errors, absolute references still resolve', t => {
	const found = links('<a href="rel.html"></a><a href="https://abs.example/p"></a><a href="#f">', {
		retrievalUrl: undefined,
	});
	t.like(found[0], {url: null, error: 'no-base', base: null, baseSource: null});
	t.like(found[1], {url: 'https://abs.example/p', base: null, baseSource: null});
	t.like(found[2], {url: null, error: 'no-base', sameDocument: true});
});

test('an absolute BASE works without any outer layer; a relative one cannot', t => {
	t.deepEqual(hrefs('<base href="https://only.example/d/"><a href="x">', {retrievalUrl: undefined}), [
		['https://only.example/d/x', 'document'],
	]);
	const found = links('<base href="rel/"><a href="x">', {retrievalUrl: undefined});
	t.like(found[0], {kind: 'base', url: null, error: 'no-base'});
	t.like(found[1], {url: null, error: 'no-base'});
});

test('RFC 2396 §5.1 layers: encapsulating before retrieval before default', t => {
	const options = {
		encapsulatingBase: 'https://mime.example/part/',
		retrievalUrl: 'https://r.example/',
		defaultBase: 'https://d.example/',
	};
	t.deepEqual(hrefs('<a href="x">', options), [['https://mime.example/part/x', 'encapsulating']]);
	t.deepEqual(hrefs('<a href="x">', {retrievalUrl: undefined, defaultBase: 'https://d.example/'}), [
		['https://d.example/x', 'default'],
	]);
});

test('form action empty or absent: the document URL, not the BASE', t => {
	const found = links(
		'<base href="https://base.example/"><form></form><form action=""></form><form action="go"></form>',
	);
	t.deepEqual(
		found.slice(1).map(link => [link.value, link.url, link.baseSource, link.raw, link.start, link.end]),
		[
			// <base href="https://base.example/"> is 35 characters; "<form" ends at 40.
			['', PAGE_URL, 'retrieval', '', 40, 40],
			['', PAGE_URL, 'retrieval', '', 62, 62],
			['go', 'https://base.example/go', 'document', 'go', 85, 87],
		],
	);
	t.is(collect('<form>').events[0]?.syntax, 'none');
});

test('hold bound: past HOLD_LIMIT_EVENTS held references, the base settles with the fallback', t => {
	const head = '<link href="l.css">'.repeat(HOLD_LIMIT_EVENTS + 1);
	const found = links(`<head>${head}<base href="/late/"><link href="after.css">`);
	t.is(found[0]?.url, 'https://site.example/dir/l.css');
	t.is(found.at(-1)?.url, 'https://site.example/late/after.css');
});

test('hold bound: past HOLD_LIMIT_CHARS of input, held references are released before the end', t => {
	const released: Link[] = [];
	const core = new HtmlExtractor({type: 'html', retrievalUrl: PAGE_URL}, link => released.push(link));
	core.write('<head><link href="l.css">');
	t.is(released.length, 0, 'held while the base may still come');
	core.write(`<script>${' '.repeat(HOLD_LIMIT_CHARS)}</script>`);
	t.is(released.length, 1, 'released once the bound is passed');
	t.is(released[0]?.url, 'https://site.example/dir/l.css');
	core.end();
});

test('iframe srcdoc: its fallback base is the parent document base; its own BASE resolves against that', t => {
	// The srcdoc document is read whole: its BASE governs its links before it too (as in Chromium).
	const doc = '<base href="/parent/"><iframe srcdoc="&lt;a href=a&gt;&lt;base href=sub/&gt;&lt;a href=b&gt;"></iframe>';
	t.deepEqual(
		links(doc).map(link => [link.element, link.url, link.baseSource]),
		[
			['base', 'https://site.example/parent/', 'retrieval'],
			['a', 'https://site.example/parent/sub/a', 'document'],
			['base', 'https://site.example/parent/sub/', 'document'],
			['a', 'https://site.example/parent/sub/b', 'document'],
		],
	);
});

test('an empty form action is the document URL itself, fragment included (HTML form submission)', t => {
	const options = {retrievalUrl: 'https://site.example/dir/page.html?q=1#frag'};
	const found = links('<base href="/b/"><form></form><form action=" "><button formaction="">', options);
	t.deepEqual(
		found.slice(1).map(link => [link.attribute, link.value, link.url]),
		[
			['action', '', 'https://site.example/dir/page.html?q=1#frag'],
			['action', '', 'https://site.example/dir/page.html?q=1#frag'],
			['formaction', '', 'https://site.example/dir/page.html?q=1#frag'],
		],
	);
	t.like(links('<form action="">', {retrievalUrl: undefined})[0], {url: null, error: 'no-base'});
});
