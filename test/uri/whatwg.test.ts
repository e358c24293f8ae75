import test from 'ava';
import fc from 'fast-check';
import {isPlainSerialization, parseUrl} from '../../src/uri/whatwg.js';
import {fcParams} from '../helpers/seed.js';
import {URL_PUNCTUATION} from '../helpers/url-pieces.js';

const plain = [
	'http://example.com/',
	'https://a.example/b/c.html?x=1&y=2#frag',
	'ws://h:8080/socket',
	'ftp://ftp.example.org/pub/%7Efile',
	'https://h.example/a/b;p=1/c:d@e?q=x|y^z',
];
const notPlain = [
	'HTTP://example.com/', // scheme case
	'http://Example.com/', // host case
	'http://example.com', // empty path
	'http://example.com:80/', // default port
	'http://example.com:0080/', // leading zero
	'http://u@example.com/', // userinfo
	'http://1.2.3/', // IPv4 to normalize
	'http://0x7f/', // hex IPv4
	'http://a.0xff/', // hex last label
	'http://example.com/a/../b', // dot segment
	'http://example.com/a/%2E/b', // encoded dot segment
	'http://example.com/a b', // space
	'http://example.com/a\\b', // backslash
	'http://example.com/?', // empty query
	'http://example.com/#', // empty fragment
	"http://example.com/?a='b'", // apostrophe in a special query
	'http://example.com/é', // non-ASCII
	'http://xn--nxasmq6b.example/', // punycode
	'mailto:a@b.example', // not special
	'file:///C:/x', // file
];

test('plain serializations are their own href', t => {
	for (const s of plain) {
		t.true(isPlainSerialization(s), s);
		t.is(parseUrl(s)?.href, s);
	}
});

test('anything else asks for a parse', t => {
	for (const s of notPlain) t.false(isPlainSerialization(s), s);
});

test('isPlainSerialization(s) implies new URL(s).href === s (property)', t => {
	const piece = fc.constantFrom(
		'http://',
		'https://',
		'ws://',
		'ftp://',
		'a',
		'B',
		'z9',
		'-',
		'.',
		'..',
		'/',
		'//',
		':',
		':80',
		':8080',
		':0',
		...URL_PUNCTUATION,
		'\\',
		'xn--a',
		'1',
		'255',
		'0x7f',
		';',
		'=',
		'&',
	);
	fc.assert(
		fc.property(fc.array(piece, {maxLength: 16}), parts => {
			const s = parts.join('');
			if (isPlainSerialization(s)) t.is(parseUrl(s)?.href, s, s);
		}),
		fcParams(t, 20_000),
	);
	t.pass();
});
