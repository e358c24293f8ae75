/**
 * iframe srcdoc in XHTML elements inside XML (src/extract/xml/srcdoc.ts): read as the HTML
 * core reads srcdoc (Links with `frame`; the fallback base is the base where the iframe
 * stands, its own xml:base included; the srcdoc's own BASE rules inside it). Expected URLs
 * resolved by hand (RFC 3986 §5.2) against the bases named in each title.
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';
import type {Link} from '../../src/types.js';

const RETRIEVAL = 'https://r.example/f/feed';
const XHTML = 'http://www.w3.org/1999/xhtml';

function links(xml: string): Link[] {
	return extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
}

test('Atom type="xhtml" content: srcdoc Links with frame, against the xml:base in scope', t => {
	const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a.example/blog/"><entry><content type="xhtml"><div xmlns="${XHTML}"><iframe src="f.html" srcdoc="&lt;a href=&quot;p/x.html&quot;&gt;x&lt;/a&gt;"/></div></content></entry></feed>`;
	const found = links(xml).map(link => [
		link.kind,
		link.element,
		link.attribute,
		link.url,
		link.frame === undefined ? null : xml.slice(link.frame.start, link.frame.end),
	]);
	t.deepEqual(found, [
		['base', 'feed', 'xml:base', 'http://a.example/blog/', null],
		['resource', 'iframe', 'src', 'http://a.example/blog/f.html', null],
		// The srcdoc value as written in the XML is the frame; a href resolves against the xml:base.
		['navigation', 'a', 'href', 'http://a.example/blog/p/x.html', '&lt;a href=&quot;p/x.html&quot;&gt;x&lt;/a&gt;'],
	]);
	const link = links(xml)[2];
	t.is(link?.raw, 'p/x.html');
	t.is(xml.slice(link?.start, link?.end), 'p/x.html');
	t.is(link?.frame?.depth, 1);
});

test("the iframe's own xml:base applies to its attributes and to its srcdoc (XML Base §4.2)", t => {
	const xml = `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><h:iframe xmlns:h="${XHTML}" xml:base="/sub/" src="s.html" srcdoc="&lt;img src=i.png&gt;"/></foreignObject></svg>`;
	t.deepEqual(
		links(xml).map(link => [link.element, link.attribute, link.url]),
		[
			['h:iframe', 'xml:base', 'https://r.example/sub/'],
			['iframe', 'src', 'https://r.example/sub/s.html'],
			['img', 'src', 'https://r.example/sub/i.png'],
		],
	);
});

test("an XHTML document read as XML: the srcdoc's own BASE rules inside it, not outside", t => {
	const xml = `<html xmlns="${XHTML}"><body><iframe srcdoc="&lt;a href=x&gt;&lt;/a&gt;&lt;base href='http://b.example/d/'&gt;"></iframe><a href="y">y</a></body></html>`;
	t.deepEqual(
		links(xml).map(link => [link.element, link.url, link.baseSource]),
		[
			// HTML: the first base with an href is the document base, even after the link.
			['a', 'http://b.example/d/x', 'document'],
			['base', 'http://b.example/d/', 'retrieval'],
			['a', 'https://r.example/f/y', 'retrieval'],
		],
	);
});

test('a srcdoc inside a srcdoc: the frame of the inner document, depth 2, in the XML source', t => {
	const xml = `<h:p xmlns:h="${XHTML}"><h:iframe srcdoc="&lt;iframe srcdoc='&amp;lt;a href=z&amp;gt;'&gt;"/></h:p>`;
	const [link] = links(xml);
	if (link?.frame === undefined) return t.fail('no frame');
	t.is(link.url, 'https://r.example/f/z');
	t.is(link.frame.depth, 2);
	t.is(xml.slice(link.frame.start, link.frame.end), '&amp;lt;a href=z&amp;gt;');
	t.is(xml.slice(link.start, link.end), 'z');
});

test('srcdoc on an element outside the XHTML namespace is not one', t => {
	t.deepEqual(links('<doc><iframe srcdoc="&lt;a href=x&gt;"/></doc>'), []);
});
