/**
 * A new value with characters XML 1.0 §2.2 does not allow (C0 controls but TAB, LF, CR;
 * U+FFFE, U+FFFF; lone surrogates) written into XML: percent-encoded (as a URL parser would
 * encode them: WHATWG URL #c0-control-percent-encode-set), so the document stays
 * well-formed and the URL read back is the one given. Expected text written by hand.
 */
import test from 'ava';
import fc from 'fast-check';
import {XMLValidator} from 'fast-xml-parser';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {fcParams} from '../helpers/seed.js';

const RETRIEVAL = 'https://r.example/f/feed';

/** XML 1.0 §2.2 Char, as a test of a whole text. */
const XML_TEXT = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

const FEED = `<rss><channel><link>/a</link><item><enclosure url="/e.mp3"/><description><![CDATA[<a href="/d">d</a>]]></description></item></channel></rss>`;

test('C0 controls in a user function value: percent-encoded in element text, attribute and CDATA', t => {
	const out = rewriteLinks(FEED, {
		type: 'xml',
		retrievalUrl: RETRIEVAL,
		to: link => `https://n.example${link.value}\u0000x\u0001y\u001f`,
	});
	t.is(
		out,
		'<rss><channel><link>https://n.example/a%00x%01y%1F</link><item><enclosure url="https://n.example/e.mp3%00x%01y%1F"/><description><![CDATA[<a href="https://n.example/d%00x%01y%1F">d</a>]]></description></item></channel></rss>',
	);
	t.regex(out, XML_TEXT);
	// Read back: the URLs a browser makes of the values given.
	t.deepEqual(
		extractLinks(out, {type: 'xml', retrievalUrl: RETRIEVAL}).map(link => link.url),
		['https://n.example/a%00x%01y%1F', 'https://n.example/e.mp3%00x%01y%1F', 'https://n.example/d%00x%01y%1F'],
	);
});

test('TAB, LF and CR stay references in an attribute (allowed characters); U+FFFE, U+FFFF and a lone surrogate are percent-encoded', t => {
	const out = rewriteLinks('<feed xmlns="http://www.w3.org/2005/Atom"><link href="x"/></feed>', {
		type: 'xml',
		retrievalUrl: RETRIEVAL,
		to: () => 'https://n.example/\t\n\r\ufffe\uffff\ud800z',
	});
	t.is(
		out,
		'<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://n.example/&#9;&#10;&#13;%EF%BF%BE%EF%BF%BF%EF%BF%BDz"/></feed>',
	);
	t.regex(out, XML_TEXT);
});

test('a DOCTYPE system literal and an xml-stylesheet href get the same treatment', t => {
	const xml = '<?xml-stylesheet type="text/xsl" href="s.xsl"?><!DOCTYPE r SYSTEM "r.dtd"><r/>';
	const out = rewriteLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL, to: link => `${link.value}\u0002`});
	t.is(out, '<?xml-stylesheet type="text/xsl" href="s.xsl%02"?><!DOCTYPE r SYSTEM "r.dtd%02"><r/>');
});

/** What a URL parser makes of the characters XML cannot hold: their UTF-8 percent-encoding (a lone surrogate as U+FFFD). */
function encodedAsUrl(value: string): string {
	return value.replace(/[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]/gu, c =>
		[...new TextEncoder().encode(/[\ud800-\udfff]/u.test(c) ? '\ufffd' : c)]
			.map(b => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
			.join(''),
	);
}

const CHARACTERS = [
	'\0',
	'\u0001',
	'\u0008',
	'\u000b',
	'\u000c',
	'\u001b',
	'\u001f',
	'\ufffe',
	'\uffff',
	'\ud800',
	'\udc00',
	'\ud83d\ude00',
	'&',
	'<',
	']',
	'>',
	'"',
	"'",
	'a',
	'/',
	'é',
];

test('property: any value written in element text, an attribute, CDATA and escaped HTML is well-formed XML and reads back percent-encoded', t => {
	fc.assert(
		fc.property(fc.array(fc.constantFrom(...CHARACTERS), {maxLength: 20}), characters => {
			const value = `https://n.example/${characters.join('')}x`;
			const out = rewriteLinks(FEED, {type: 'xml', retrievalUrl: RETRIEVAL, to: () => value});
			if (!XML_TEXT.test(out) || XMLValidator.validate(out) !== true) return false;
			const read = extractLinks(out, {type: 'xml', retrievalUrl: RETRIEVAL}).map(link => link.value);
			return JSON.stringify(read) === JSON.stringify([0, 1, 2].map(() => encodedAsUrl(value)));
		}),
		fcParams(t, 200),
	);
	t.pass();
});
