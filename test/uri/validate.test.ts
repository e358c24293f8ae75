import test from 'ava';
import fc from 'fast-check';
import type {Dialect} from '../../src/types.js';
import {escapeComponent, normalizeEscapes, unescapeUnreserved, validate} from '../../src/uri/index.js';
import {check} from './fc-seed.js';

// [reference, dialect, expected [code, start, end] triples], worked out by hand from the BNF.
const rows: Array<[string, Dialect, Array<[string, number, number]>]> = [
	['http://a/b/c/d;p?q', 'rfc3986', []],
	['g;x=1/../y', 'rfc2396', []],
	['http://[::1]:80/p', 'rfc3986', []],
	['http://[v1.x:y]/', 'rfc3986', []],
	['ldap://[2001:db8::7]/c=GB?objectClass?one', 'rfc3986', []],
	[
		'http://a b/%zz',
		'rfc3986',
		[
			['excluded-character', 8, 9],
			['invalid-percent-escape', 11, 12],
		],
	],
	['http://a/%4', 'rfc3986', [['invalid-percent-escape', 9, 10]]],
	[
		'http://a/p<"x">',
		'rfc2396',
		[
			['excluded-character', 10, 11],
			['excluded-character', 11, 12],
			['excluded-character', 13, 14],
			['excluded-character', 14, 15],
		],
	],
	[
		'a{}|\\^`',
		'rfc3986',
		[
			['excluded-character', 1, 2],
			['excluded-character', 2, 3],
			['excluded-character', 3, 4],
			['excluded-character', 4, 5],
			['excluded-character', 5, 6],
			['excluded-character', 6, 7],
		],
	],
	[
		'a\tb\u007f',
		'rfc3986',
		[
			['excluded-character', 1, 2],
			['excluded-character', 3, 4],
		],
	],
	['1a:b', 'rfc3986', [['invalid-scheme', 0, 2]]],
	['a_b:c', 'rfc2396', [['invalid-scheme', 0, 3]]],
	['http://a:8x/', 'rfc3986', [['invalid-port', 9, 11]]],
	['http://[::1/p', 'rfc3986', [['invalid-ip-literal', 7, 11]]],
	['http://[g::1]/', 'rfc3986', [['invalid-ip-literal', 7, 13]]],
	['http://[1:2:3:4:5:6:7:8:9]/', 'rfc3986', [['invalid-ip-literal', 7, 26]]],
	[
		'http://a/[b]',
		'rfc3986',
		[
			['misplaced-bracket', 9, 10],
			['misplaced-bracket', 11, 12],
		],
	],
	[
		'http://a[b]/',
		'rfc3986',
		[
			['misplaced-bracket', 8, 9],
			['misplaced-bracket', 10, 11],
		],
	],
	['http://a/#x#y', 'rfc3986', [['illegal-character', 11, 12]]],
	['http://u@v@h/', 'rfc3986', [['illegal-character', 8, 9]]],
	[
		'http://a/é😀',
		'rfc3986',
		[
			['non-ascii-character', 9, 10],
			['non-ascii-character', 10, 12],
		],
	],
	['//u@:80/', 'rfc2396', [['empty-host', 4, 4]]],
	['//u@:80/', 'rfc3986', []],
	['http:///p', 'rfc3986', [['empty-host', 7, 7]]],
];

for (const [ref, dialect, expected] of rows) {
	test(`${dialect}: validate ${JSON.stringify(ref)}`, t => {
		const problems = validate(ref, {dialect});
		t.deepEqual(
			problems.map(p => [p.code, p.start, p.end]),
			expected,
		);
		for (const p of problems) t.regex(p.message, /RFC \d+ §/);
	});
}

test('validate on a valid escaped reference is [] (property)', t => {
	const raw = fc.string({unit: 'grapheme', maxLength: 10});
	check(
		t,
		fc.property(raw, raw, raw, (path, query, fragment) => {
			const ref =
				'http://h/' +
				escapeComponent(path, 'path') +
				'?' +
				escapeComponent(query, 'query') +
				'#' +
				escapeComponent(fragment, 'fragment');
			return validate(ref).length === 0;
		}),
	);
});

test('escapeComponent: per component, never escaping an escape twice (RFC 2396 §2.4.2)', t => {
	t.is(escapeComponent('a b/c%20d', 'segment'), 'a%20b%2Fc%20d');
	t.is(escapeComponent('a b/c', 'path'), 'a%20b/c');
	t.is(escapeComponent('a?b#c', 'query'), 'a?b%23c');
	t.is(escapeComponent('a?b#c', 'fragment'), 'a?b%23c');
	t.is(escapeComponent('u:p@h', 'userinfo'), 'u:p%40h');
	t.is(escapeComponent('100%', 'path'), '100%25');
	t.is(escapeComponent('%zz%4', 'path'), '%25zz%254');
	t.is(escapeComponent('é😀', 'segment'), '%C3%A9%F0%9F%98%80');
	t.is(escapeComponent('\ud800', 'segment'), '%EF%BF%BD');
	t.is(escapeComponent('[x]', 'path'), '%5Bx%5D');
	const clean = 'a/b;c=d';
	t.is(escapeComponent(clean, 'path'), clean);
});

test('escapeComponent is idempotent (property)', t => {
	const components = fc.constantFrom('path', 'segment', 'query', 'fragment', 'userinfo') as fc.Arbitrary<
		'path' | 'segment' | 'query' | 'fragment' | 'userinfo'
	>;
	check(
		t,
		fc.property(fc.string({unit: 'binary', maxLength: 16}), components, (s, c) => {
			const once = escapeComponent(s, c);
			return escapeComponent(once, c) === once;
		}),
	);
});

test('escapeComponent decodes back with decodeURIComponent (property)', t => {
	check(
		t,
		fc.property(fc.string({unit: 'grapheme', maxLength: 16}), s => {
			if (s.includes('%')) return true;
			return decodeURIComponent(escapeComponent(s, 'segment')) === s;
		}),
	);
});

test('unescapeUnreserved decodes only unreserved escapes', t => {
	t.is(unescapeUnreserved('%7euser/%41%2F%2f%25%0D%0A'), '~user/A%2F%2f%25%0D%0A');
	t.is(unescapeUnreserved('%21%2A'), '%21%2A');
	t.is(unescapeUnreserved('%21%2A', 'rfc2396'), '!*');
	t.is(unescapeUnreserved('plain'), 'plain');
	t.is(normalizeEscapes('%7e%2f%c3%a9'), '~%2F%C3%A9');
	t.is(normalizeEscapes('%%41a'), '%%41a');
	t.is(normalizeEscapes('%4%31'), '%4%31');
});
