import test from 'ava';
import fc from 'fast-check';
import type {Dialect} from '../../src/types.js';
import {normalize, removeDotSegments} from '../../src/uri/index.js';
import {check} from './fc-seed.js';

// [input, dialect, expected], worked out by hand from RFC 3986 §6.2.2–§6.2.3 and RFC 2396 §6.
const rows: Array<[string, Dialect, string]> = [
	['HTTP://Example.COM/', 'rfc3986', 'http://example.com/'], // §6.2.2.1
	['http://a/%7euser/%7Efoo', 'rfc3986', 'http://a/~user/~foo'], // §6.2.2.2
	['http://a/%2f%2F%25%0d%0a', 'rfc3986', 'http://a/%2F%2F%25%0D%0A'], // reserved and excluded stay escaped
	['http://a/%41%42%5a%61%30%2d%2e%5f', 'rfc3986', 'http://a/ABZa0-._'],
	['http://a/%21%27%28%29%2a', 'rfc3986', 'http://a/%21%27%28%29%2A'], // sub-delims are reserved in 3986
	['http://a/%21%27%28%29%2a', 'rfc2396', "http://a/!'()*"], // marks are unreserved in 2396 §2.3
	['http://a/b/c/./../../g', 'rfc3986', 'http://a/g'], // §6.2.2.3
	['http://a/b/c/./../../g', 'rfc2396', 'http://a/b/c/./../../g'], // §5.2 step 3 keeps them
	['http://a/b/%2E%2E/c', 'rfc3986', 'http://a/c'], // decoded first, then removed
	['http://example.com:80/', 'rfc3986', 'http://example.com/'], // §6.2.3
	['https://example.com:443/x', 'rfc3986', 'https://example.com/x'],
	['ws://h:80/', 'rfc3986', 'ws://h/'],
	['wss://h:443/', 'rfc3986', 'wss://h/'],
	['ftp://h:21/', 'rfc3986', 'ftp://h/'],
	['http://h:443/', 'rfc3986', 'http://h:443/'],
	['http://example.com:/', 'rfc3986', 'http://example.com/'],
	['http://example.com', 'rfc3986', 'http://example.com/'],
	['foo://example.com', 'rfc3986', 'foo://example.com'],
	['mailto:Joe@Example.COM', 'rfc3986', 'mailto:Joe@Example.COM'], // the path is not a host
	['http://User%7e@H%41ST%2f/', 'rfc3986', 'http://User~@hast%2F/'],
	['HTTP://[FE80::A]/', 'rfc3986', 'http://[fe80::a]/'],
	['a/../b?%7e', 'rfc3986', 'a/../b?~'], // a relative path keeps its dot segments
	['/a/../b', 'rfc3986', '/b'],
	['foo:/..//b', 'rfc3986', 'foo:/.//b'],
	['HTTP://Example.COM:80/a/./b/../%7euser?%3f#%7e', 'whatwg', 'http://example.com/a/~user?%3F#~'],
	['http://u%7e:p@h/%2e/x', 'whatwg', 'http://u~:p@h/x'],
	['http://h/é?é#é', 'whatwg', 'http://h/%C3%A9?%C3%A9#%C3%A9'],
];

for (const [input, dialect, expected] of rows) {
	test(`${dialect}: normalize ${JSON.stringify(input)}`, t => {
		t.is(normalize(input, {dialect}), expected);
	});
}

test('whatwg: an unparseable URL is a TypeError naming it', t => {
	t.throws(() => normalize('a/b'), {instanceOf: TypeError, message: /"a\/b"/});
});

test('RFC 3986 §5.2.4 examples of remove_dot_segments', t => {
	t.is(removeDotSegments('/a/b/c/./../../g'), '/a/g');
	t.is(removeDotSegments('mid/content=5/../6'), 'mid/6');
	t.is(removeDotSegments('/..'), '/');
	t.is(removeDotSegments('.'), '');
	t.is(removeDotSegments('a//..'), 'a/');
});

const piece = fc.constantFrom(
	'a',
	'B',
	'/',
	'.',
	'..',
	'%7e',
	'%7E',
	'%2f',
	'%2E',
	'%2e%2E',
	'%41',
	'%zz',
	'%',
	':',
	'@',
	'?',
	'#',
	';',
	'[',
	']',
	'é',
	'%c3%a9',
	'\\',
	' ',
);
const text = fc.array(piece, {maxLength: 12}).map(p => p.join(''));
const uri = fc
	.tuple(
		fc.constantFrom('http://', 'HTTPS://', 'foo:', 'ftp://u@', 'Ws://', '', '//', 'file:///'),
		fc.constantFrom('', 'Ex.COM', 'h:80', 'h:', '[::A]', 'h%41', 'h:443'),
		text,
	)
	.map(([a, b, c]) => a + b + c);

for (const dialect of ['rfc2396', 'rfc3986', 'whatwg'] as const) {
	test(`${dialect}: normalize is idempotent (property)`, t => {
		check(
			t,
			fc.property(uri, u => {
				if (dialect === 'whatwg' && !URL.canParse(u)) return true;
				const once = normalize(u, {dialect});
				return normalize(once, {dialect}) === once;
			}),
		);
	});
}

test('whatwg: normalize gives a URL that serializes to itself (property)', t => {
	check(
		t,
		fc.property(uri, u => !URL.canParse(u) || new URL(normalize(u)).href === normalize(u)),
	);
});

test('removeDotSegments is idempotent (property)', t => {
	const path = fc.array(fc.constantFrom('a', '', '.', '..', 'b.', '.c', '...'), {maxLength: 10}).map(s => s.join('/'));
	const rooted = fc.tuple(fc.boolean(), path).map(([root, p]) => (root ? '/' + p : p));
	check(
		t,
		fc.property(rooted, p => removeDotSegments(removeDotSegments(p)) === removeDotSegments(p)),
	);
});
