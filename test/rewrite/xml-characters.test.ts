/**
 * A new value with characters XML 1.0 §2.2 does not allow (C0 controls but TAB, LF, CR;
 * U+FFFE, U+FFFF; lone surrogates) written into XML: percent-encoded (as a URL parser would
 * encode them: WHATWG URL #c0-control-percent-encode-set), so the document stays
 * well-formed and the URL read back is the one given. Expected text written by hand.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const RETRIEVAL = 'https://r.example/f/feed';

/** XML 1.0 §2.2 Char, as a test of a whole text. */
const XML_TEXT = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

const FEED = `<rss><channel><link>/a</link><item><enclosure url="/e.mp3"/><description><![CDATA[<a href="/d">d</a>]]></description></item></channel></rss>`;

test('C0 controls in a user function value: percent-encoded in element text, attribute and CDATA', (t) => {
	const out = rewriteLinks(FEED, {type: 'xml', retrievalUrl: RETRIEVAL, to: (link) => `https://n.example${link.value}\u0000x\u0001y\u001f`});
	t.is(
		out,
		'<rss><channel><link>https://n.example/a%00x%01y%1F</link><item><enclosure url="https://n.example/e.mp3%00x%01y%1F"/><description><![CDATA[<a href="https://n.example/d%00x%01y%1F">d</a>]]></description></item></channel></rss>',
	);
	t.regex(out, XML_TEXT);
	// Read back: the URLs a browser makes of the values given.
	t.deepEqual(
		extractLinks(out, {type: 'xml', retrievalUrl: RETRIEVAL}).map((link) => link.url),
		['https://n.example/a%00x%01y%1F', 'https://n.example/e.mp3%00x%01y%1F', 'https://n.example/d%00x%01y%1F'],
	);
});

test('TAB, LF and CR stay references in an attribute (allowed characters); U+FFFE, U+FFFF and a lone surrogate are percent-encoded', (t) => {
	const out = rewriteLinks('<feed xmlns="http://www.w3.org/2005/Atom"><link href="x"/></feed>', {
		type: 'xml',
		retrievalUrl: RETRIEVAL,
		to: () => 'https://n.example/\t\n\r\ufffe\uffff\ud800z',
	});
	t.is(out, '<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://n.example/&#9;&#10;&#13;%EF%BF%BE%EF%BF%BF%EF%BF%BDz"/></feed>');
	t.regex(out, XML_TEXT);
});

test('a DOCTYPE system literal and an xml-stylesheet href get the same treatment', (t) => {
	const xml = '<?xml-stylesheet type="text/xsl" href="s.xsl"?><!DOCTYPE r SYSTEM "r.dtd"><r/>';
	const out = rewriteLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL, to: (link) => `${link.value}\u0002`});
	t.is(out, '<?xml-stylesheet type="text/xsl" href="s.xsl%02"?><!DOCTYPE r SYSTEM "r.dtd%02"><r/>');
});
