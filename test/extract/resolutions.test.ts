import test from 'ava';
import fc from 'fast-check';
import {type ResolveContext, resolveContext, resolveEvent} from '../../src/extract/base.js';
import {referenceEvent} from '../../src/extract/event.js';
import {MAX_ENTRIES, MAX_KEY_LENGTH, Resolutions} from '../../src/extract/resolutions.js';
import type {Dialect, Link} from '../../src/types.js';
import {resolve} from '../../src/uri/index.js';
import {fcParams} from '../helpers/seed.js';

const DIALECTS: readonly Dialect[] = ['whatwg', 'rfc3986', 'rfc2396'];

/** A copy that shares nothing, as the stream layer's `own` (detach) makes. */
const own = (s: string): string => ` ${s}`.slice(1);

/** The Link of `value` (an href) against `base` in `context`. */
function linkOf(value: string, context: ResolveContext, against: 'base' | 'document' = 'base'): Link {
	return resolveEvent(
		referenceEvent(value, value, 0, value.length, 1, 1, 'navigation', against, 'url', 'attribute'),
		context,
	);
}

/** A context of `dialect` with `base` as its retrieval URL, Links owning their strings. */
function contextOf(dialect: Dialect, base: string | undefined): ResolveContext {
	return resolveContext({dialect, own}, base === undefined ? null : {url: base, source: 'retrieval'});
}

/** The same context without this document's resolutions: every reference through the full resolver, as before them. */
function fullResolver(context: ResolveContext): ResolveContext {
	const full = {...context};
	delete full.resolutions;
	return full;
}

// Shapes of the references and bases of the RFC 2396 / RFC 3986 resolution vectors
// (RFC 3986 §5.4, RFC 2396 Appendix C), of canonical absolute URLs, and of what breaks them.
const piece = fc.constantFrom(
	'http://',
	'https://',
	'ws://',
	'wss://',
	'ftp://',
	'file://',
	'fred://',
	'HTTP://',
	'http:',
	'g:h',
	'mailto:',
	'javascript:',
	'data:',
	'a',
	'b',
	'g',
	'h.example',
	'.example',
	'xn--p1ai',
	'0x1',
	'1.2.3.4',
	'[::1]',
	'-',
	'.',
	'..',
	'./',
	'../',
	'/',
	'//',
	'///',
	'\\',
	':',
	':80',
	':443',
	':8080',
	'@',
	'u:p@',
	'?',
	'?y',
	'#',
	'#s',
	';x',
	';p=1/2',
	'=',
	'%',
	'%2e',
	'%41',
	' ',
	'\t',
	'\n',
	'é',
	'\u0000',
	'"',
	'<',
	'`',
	'{',
	'|',
	'^',
);
/** Absolute URLs: a scheme, `//`, a host, maybe a port, then what follows (a path of pieces or random text). */
const absolute = fc
	.tuple(
		fc.constantFrom('http://', 'https://', 'ws://', 'wss://', 'ftp://', 'HTTP://', 'fred://', 'file://'),
		fc.constantFrom('a', 'h.example', 'xn--p1ai', 'a--b.example', '1.2.3.4', '0x1.example', 'h.example.', 'H.example'),
		fc.constantFrom('', ':80', ':8080', ':443', ':21', ':0'),
		fc.oneof(
			fc.constantFrom('/', '/a', '/b/c;p?q', '/g?y#s', '/x/g;x=1?y', '/.g', '/g..', '/a?b/../c', '?y', '#s', ''),
			fc.array(piece, {maxLength: 6}).map(parts => `/${parts.join('')}`),
			fc.string({maxLength: 12}),
		),
	)
	.map(parts => parts.join(''));
/** Canonical absolute URLs, and what a piece more makes of them. */
const canonical = fc
	.tuple(
		fc.constantFrom('http://', 'https://', 'ws://', 'wss://', 'ftp://'),
		fc.constantFrom('a', 'h.example', 'cdn-1.h.example'),
		fc.constantFrom('/', '/a', '/b/c;p?q', '/g?y#s', '/x/g;x=1?y', '/.g', '/g..', '/a?b/../c', '/#s/./x', ''),
		fc.oneof(fc.constant(''), piece),
	)
	.map(parts => parts.join(''));
const reference = fc.oneof(
	canonical,
	absolute,
	fc.array(piece, {maxLength: 10}).map(parts => parts.join('')),
	fc.string({maxLength: 20}),
);
const base = fc.oneof(
	fc.constantFrom(
		'http://a/b/c/d;p?q',
		'http://a/b/c/d;p=1/2?q',
		'http://a/b/c/d;p?q=1/2',
		'fred:///s//a/b/c',
		'http:///s//a/b/c',
		'https://h.example/a/b.html?q=1#f',
		'mailto:x@y.example',
		'file:///a/b',
		'data:text/html,x',
		'javascript:void(0)',
		'about:blank',
		'not a base',
		'',
	),
	reference,
);

test('an absolute URL taken as written is what the full resolver gives, in every dialect (property)', t => {
	let taken = 0;
	fc.assert(
		fc.property(reference, base, fc.constantFrom(...DIALECTS), (value, baseUrl, dialect) => {
			const context = contextOf(dialect, baseUrl);
			const fast = context.resolutions?.takesAbsolute(baseUrl, value) === true;
			// The fast path's claim, against the resolver of src/uri itself.
			if (fast) {
				taken++;
				t.is(resolve(value, baseUrl, {dialect}), value, `${dialect}: ${value} against ${baseUrl}`);
			}
			// And the Link it makes is the one the full path makes.
			t.deepEqual(
				linkOf(value, context),
				linkOf(value, fullResolver(context)),
				`${dialect}: ${value} against ${baseUrl}`,
			);
		}),
		fcParams(t, 10_000),
	);
	t.log(`${taken} absolute URLs taken as written`);
	t.true(taken > 100, 'the generators reach the fast path');
});

test('repeated references give the Links of the full resolver, per base (property)', t => {
	const values = fc.array(
		fc.constantFrom('g', '../g', 'http://a/x', 'https://h.example/p?q', '#s', '', 'mailto:m', 'a b'),
		{
			maxLength: 30,
		},
	);
	fc.assert(
		fc.property(
			values,
			fc.array(base, {minLength: 1, maxLength: 3}),
			fc.constantFrom(...DIALECTS),
			(refs, bases, dialect) => {
				const context = contextOf(dialect, bases[0]);
				refs.forEach((value, i) => {
					// A BASE element changes the document base now and then (html/base.ts sets context.base).
					const layer = bases[i % bases.length]!;
					context.base = {url: layer, source: 'document'};
					const against = i % 3 === 2 ? 'document' : 'base';
					t.deepEqual(
						linkOf(value, context, against),
						linkOf(value, fullResolver(context), against),
						`${value} against ${layer}`,
					);
				});
			},
		),
		fcParams(t, 3_000),
	);
});

test('a repeated (base, value) is remembered with its first Link, and the base takes absolute URLs', t => {
	const context = contextOf('rfc3986', 'http://a/b/c/d;p?q');
	const first = linkOf('../g', context);
	t.is(first.url, 'http://a/b/g');
	t.deepEqual(context.resolutions?.find('http://a/b/c/d;p?q', '../g'), {
		value: '../g',
		url: 'http://a/b/g',
		error: undefined,
	});
	t.deepEqual(linkOf('../g', context), first);
	t.true(context.resolutions?.takesAbsolute('http://a/b/c/d;p?q', 'http://h.example/x'));
	t.false(context.resolutions?.takesAbsolute('http://a/b/c/d;p?q', 'http://h.example/./x'), 'a dot segment');
	t.false(context.resolutions?.takesAbsolute('http://a/b/c/d;p?q', 'HTTP://h.example/x'), 'a scheme to lower-case');
});

test('a base that refuses references refuses absolute ones too: no fast path', t => {
	for (const dialect of DIALECTS) {
		// A script base (extract/base.ts SCRIPT_SCHEME): only a script reference resolves against it.
		const script = contextOf(dialect, 'data:text/html,x');
		t.false(script.resolutions?.takesAbsolute('data:text/html,x', 'https://h.example/'), dialect);
		t.like(linkOf('https://h.example/', script), {url: null, error: 'invalid-base'}, dialect);
	}
	// Not a URL at all: the whatwg and rfc3986 resolvers refuse it as a base.
	for (const dialect of ['whatwg', 'rfc3986'] as const) {
		const bad = contextOf(dialect, 'not a base');
		t.false(bad.resolutions?.takesAbsolute('not a base', 'https://h.example/'), dialect);
	}
});

test('Links whose strings are not their own are not remembered (slices would keep the input alive)', t => {
	const context = resolveContext({dialect: 'whatwg'}, {url: 'https://h.example/a/', source: 'retrieval'});
	linkOf('g', context);
	t.is(context.resolutions?.find('https://h.example/a/', 'g'), undefined);
});

test('the memory is bounded: rows per base, key length, two bases', t => {
	const resolutions = new Resolutions(() => null);
	const entry = (value: string) => ({value, url: `https://h.example/${value}`, error: undefined});
	const values = Array.from({length: 4 * MAX_ENTRIES}, (_, i) => `v${i}`);
	for (const value of values) resolutions.remember('https://h.example/', value, entry(value));
	// At most one reference a row: the last one written there.
	const found = values.filter(value => resolutions.find('https://h.example/', value) !== undefined);
	t.true(found.length <= MAX_ENTRIES, `${found.length} remembered`);
	t.is(resolutions.find('https://h.example/', values.at(-1)!)?.value, values.at(-1));
	// Found only for its own value, never for another in the same row.
	for (const value of found) t.is(resolutions.find('https://h.example/', value)?.url, `https://h.example/${value}`);
	const long = 'x'.repeat(MAX_KEY_LENGTH + 1);
	resolutions.remember('https://h.example/', long, entry(long));
	t.is(resolutions.find('https://h.example/', long), undefined);
	// A third base replaces the older of the two.
	resolutions.remember('https://b.example/', 'v', entry('v'));
	resolutions.remember('https://c.example/', 'v', entry('v'));
	t.is(resolutions.find('https://b.example/', 'v')?.value, 'v');
	t.is(resolutions.find('https://h.example/', values.at(-1)!), undefined);
});

test('one probe a reference: a miss, then a store into the row it looked at, then a hit with the outcome', t => {
	const resolutions = new Resolutions(() => null);
	t.false(resolutions.probe('https://h.example/', 'a b'));
	resolutions.store('a b', 'a b', null, 'invalid-url');
	t.false(resolutions.probe('https://h.example/', 'g'));
	resolutions.store('g', 'g', 'https://h.example/g', undefined);
	t.true(resolutions.probe('https://h.example/', 'a b'));
	t.deepEqual([resolutions.value, resolutions.url, resolutions.error], ['a b', null, 'invalid-url']);
	t.true(resolutions.probe('https://h.example/', 'g'));
	t.deepEqual([resolutions.value, resolutions.url, resolutions.error], ['g', 'https://h.example/g', undefined]);
	// Not against another base, and a value over the key bound is never stored.
	t.false(resolutions.probe('https://b.example/', 'g'));
	const long = 'y'.repeat(MAX_KEY_LENGTH + 1);
	t.false(resolutions.probe('https://h.example/', long));
	resolutions.store(long, long, 'https://h.example/long', undefined);
	t.false(resolutions.probe('https://h.example/', long));
});
