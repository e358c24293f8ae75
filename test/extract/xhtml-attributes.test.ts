/**
 * XHTML attribute values are XML attribute values (XML 1.0 §3.3.3): a literal TAB, LF or
 * CR reads as a space (a character reference `&#10;` stays an LF), for an XHTML document
 * (`type: 'xhtml'`) and for XHTML elements inside XML, on the plain fast path (a value
 * with nothing else to decode) as on the decoding one; and a new value is written with TAB,
 * LF and CR as character references, so it reads back as written. Expected URLs worked
 * out by hand: the space is percent-encoded (WHATWG URL: space in a path is %20), while an
 * LF from `&#10;` is removed by the URL parser.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const base = 'https://x.example/d/';
const xhtml = (body: string): string => `<html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`;

const urls = (doc: string, type: 'xhtml' | 'xml'): Array<[string, string | null]> =>
	extractLinks(doc, {type, retrievalUrl: base}).map(link => [link.value, link.url]);

test('xhtml: a literal TAB, LF or CR in an attribute is a space, a reference to one is not', t => {
	t.deepEqual(
		urls(
			xhtml(
				'<a href="a\nb">1</a><a href="c\td">2</a><a href="e\r\nf">3</a><a href="g&#10;h">4</a><img src="i\nj&amp;k"/>',
			),
			'xhtml',
		),
		[
			['a b', 'https://x.example/d/a%20b'],
			['c d', 'https://x.example/d/c%20d'],
			['e f', 'https://x.example/d/e%20f'],
			['g\nh', 'https://x.example/d/gh'],
			['i j&k', 'https://x.example/d/i%20j&k'],
		],
	);
});

test('html keeps its own rule: a literal LF stays in the value and the URL parser removes it', t => {
	t.deepEqual(
		extractLinks('<a href="a\nb">1</a>', {type: 'html', retrievalUrl: base}).map(link => [link.value, link.url]),
		[['a\nb', 'https://x.example/d/ab']],
	);
});

test('XHTML elements inside XML read their attributes as XML attributes too', t => {
	const feed =
		'<feed xmlns="http://www.w3.org/2005/Atom"><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="e\nf">z</a></div></content></feed>';
	t.deepEqual(urls(feed, 'xml'), [['e f', 'https://x.example/d/e%20f']]);
});

test('xhtml: a new value with TAB, LF or CR is written with character references and reads back as written', t => {
	const doc = xhtml('<a href="x">1</a><p style="background:url(y)"/>');
	const out = rewriteLinks(doc, {type: 'xhtml', retrievalUrl: base, to: link => `${link.value}\t\n\r!`});
	t.is(out, xhtml('<a href="x&#9;&#10;&#13;!">1</a><p style="background:url(y\\9 \\a \\d !)"/>'));
	t.deepEqual(
		extractLinks(out, {type: 'xhtml', retrievalUrl: base}).map(link => link.value),
		['x\t\n\r!', 'y\t\n\r!'],
	);
});
