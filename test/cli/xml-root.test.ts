/**
 * Which XML files of a site are read away from it (xml-root.ts): sitemaps (sitemaps.org
 * protocol), RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and 0.3, OPML, by root element and
 * namespace (Namespaces in XML §6.2), and not SVG, XSLT or other XML.
 */
import test from 'ava';
import {readAwayKind} from '../../src/cli/inputs/xml-root.js';

const kind = (text: string) => readAwayKind(Buffer.from(text));

test('sitemaps: urlset and sitemapindex in the sitemaps.org namespace (or none)', t => {
	t.is(
		kind(
			'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
		),
		'sitemap',
	);
	t.is(kind('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'), 'sitemap');
	t.is(kind('<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">'), 'sitemap');
	t.is(kind('<urlset>'), 'sitemap');
	t.is(kind('<urlset xmlns="http://example.com/not-a-sitemap">'), null);
});

test('feeds: rss, Atom 1.0 and 0.3 feed whatever the prefix, RSS 1.0 rdf:RDF', t => {
	t.is(kind('<rss version="2.0"><channel>'), 'feed');
	t.is(kind("<feed xmlns='http://www.w3.org/2005/Atom'>"), 'feed');
	t.is(kind('<a:feed xmlns:a="http://www.w3.org/2005/Atom">'), 'feed');
	t.is(kind('<feed version="0.3" xmlns="http://purl.org/atom/ns#">'), 'feed');
	t.is(kind('<feed>'), 'feed', 'feed without its namespace is read as Atom, as the extractor reads it');
	t.is(
		kind('<a:feed xmlns="http://www.w3.org/2005/Atom" xmlns:a="urn:other">'),
		null,
		'the prefix, not the default namespace, names it',
	);
	t.is(
		kind('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel>'),
		'feed',
	);
	t.is(
		kind(
			'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">',
		),
		'feed',
	);
	t.is(
		kind(
			'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">',
		),
		null,
		'RDF that is not RSS',
	);
	t.is(kind('<opml version="2.0"><body>'), 'opml');
});

test('namespaces as publishers write them: https, ASCII case, a trailing slash, spaces', t => {
	t.is(kind('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9/">'), 'sitemap');
	t.is(kind('<urlset xmlns=" https://WWW.sitemaps.org/schemas/sitemap/0.9 ">'), 'sitemap');
	t.is(kind('<feed xmlns="https://www.w3.org/2005/Atom">'), 'feed');
	t.is(
		kind('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="https://purl.org/rss/1.0">'),
		'feed',
	);
	t.is(kind('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.99">'), null);
});

test('the prolog is skipped: BOM, XML declaration, comments, processing instructions, a DOCTYPE with an internal subset', t => {
	t.is(
		kind(
			'\uFEFF<?xml version="1.0"?>\n<!-- generated -->\n<?xml-stylesheet href="s.xsl" type="text/xsl"?>\n<!DOCTYPE rss [<!ENTITY x "<y>">]>\n<rss>',
		),
		'feed',
	);
	t.is(readAwayKind(Buffer.from('\uFEFF<feed xmlns="http://www.w3.org/2005/Atom">', 'utf16le')), 'feed');
	t.is(readAwayKind(Buffer.from('<urlset>', 'utf16le')), 'sitemap', 'UTF-16 without a BOM');
});

test('other XML and broken starts are not read away', t => {
	t.is(kind('<svg xmlns="http://www.w3.org/2000/svg"><a href="x"/></svg>'), null);
	t.is(kind('<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">'), null);
	t.is(kind(''), null);
	t.is(kind('<!-- never closed'), null);
	t.is(kind('<?xml version="1.0"'), null);
	t.is(kind('plain text'), null);
});
