import {readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import type {Dialect} from '../../src/types.js';
import {absolutize, isAbsolute, parseReference, recompose, resolve, transformReference} from '../../src/uri/index.js';
import {check} from './fc-seed.js';

interface Row {
	ref: string;
	rfc2396: string;
	rfc3986: string;
	whatwg?: string;
}
const examples = JSON.parse(readFileSync(new URL('../../fixtures/uri/rfc-examples.json', import.meta.url), 'utf8')) as {
	base: string;
	normal: Row[];
	abnormal: Row[];
};
const draftEra = JSON.parse(readFileSync(new URL('../../fixtures/uri/draft-era.json', import.meta.url), 'utf8')) as {
	pages: Array<{part: number; base: string; rows: Array<[string, string]>}>;
};

const resolvesTo = test.macro({
	exec(t, dialect: Dialect, base: string, ref: string, expected: string) {
		t.is(resolve(ref, base, {dialect}), expected);
	},
	title: (given, dialect: Dialect, base: string, ref: string) =>
		`${given ?? ''} ${dialect}: ${JSON.stringify(ref)} against ${base}`.trim(),
});

for (const [table, rows] of [
	['normal', examples.normal],
	['abnormal', examples.abnormal],
] as const) {
	for (const row of rows) {
		test(`RFC 2396 App. C ${table}`, resolvesTo, 'rfc2396', examples.base, row.ref, row.rfc2396);
		test(`RFC 3986 §5.4.${table === 'normal' ? 1 : 2}`, resolvesTo, 'rfc3986', examples.base, row.ref, row.rfc3986);
		test(
			`WHATWG on §5.4.${table === 'normal' ? 1 : 2}`,
			resolvesTo,
			'whatwg',
			examples.base,
			row.ref,
			row.whatwg ?? row.rfc3986,
		);
	}
}

for (const page of draftEra.pages) {
	for (const [ref, expected] of page.rows)
		test(`draft-era page ${page.part}`, resolvesTo, 'rfc2396', page.base, ref, expected);
}

test('rfc2396: empty base path under an authority counts as "/" (deviation)', t => {
	t.is(resolve('g', 'http://a', {dialect: 'rfc2396'}), 'http://a/g');
	t.is(resolve('?y', 'http://a', {dialect: 'rfc2396'}), 'http://a?y');
	t.is(resolve('g', 'http://a', {dialect: 'rfc3986'}), 'http://a/g');
});

test('fragment and empty references are the current document, base fragment dropped', t => {
	for (const dialect of ['rfc2396', 'rfc3986', 'whatwg'] as const) {
		t.is(resolve('', 'http://a/b?q#old', {dialect}), 'http://a/b?q');
		t.is(resolve('#new', 'http://a/b?q#old', {dialect}), 'http://a/b?q#new');
		t.is(resolve('#f', 'mailto:x', {dialect}), 'mailto:x#f');
	}
});

test('rfc3986: a path that would start with "//" without an authority keeps its meaning', t => {
	t.is(resolve('..//b', 'foo:/a/c', {dialect: 'rfc3986'}), 'foo:/.//b');
});

const errorCases: Array<[string, string, Dialect]> = [
	['g', '/relative/base', 'rfc3986'],
	['g', '/relative/base', 'rfc2396'],
	['g', '/relative/base', 'whatwg'],
	['g', 'mailto:x', 'rfc2396'],
	['g', 'mailto:x', 'whatwg'],
	['?q', 'urn:a:b', 'rfc2396'],
	['//h/p', 'mailto:x', 'rfc2396'],
	['g', '', 'rfc3986'],
	['1a:b', 'http://a/', 'rfc3986'],
	['a b:c', 'http://a/', 'rfc2396'],
	['http://[', 'http://a/', 'whatwg'],
];
for (const [ref, base, dialect] of errorCases) {
	test(`${dialect}: ${JSON.stringify(ref)} against ${JSON.stringify(base)} is a TypeError naming the input`, t => {
		const error = t.throws(() => resolve(ref, base, {dialect}), {instanceOf: TypeError});
		t.true(error.message.includes(JSON.stringify(ref)) || error.message.includes(JSON.stringify(base)));
		t.true(error.message.includes(JSON.stringify(base)));
	});
}

test('absolutize: absolute form or null, never throws', t => {
	t.is(absolutize('http://a/b/../c', {dialect: 'rfc3986'}), 'http://a/c');
	t.is(absolutize('http://a/b/../c', {dialect: 'rfc2396'}), 'http://a/b/../c');
	t.is(absolutize('HTTP://A/b/../c'), 'http://a/c');
	t.is(absolutize('mailto:x', {dialect: 'rfc3986'}), 'mailto:x');
	for (const dialect of ['rfc2396', 'rfc3986', 'whatwg'] as const) {
		t.is(absolutize('g', {dialect}), null);
		t.is(absolutize('//h/p', {dialect}), null);
		t.is(absolutize('1a:b', {dialect}), null);
		t.is(absolutize('', {dialect}), null);
	}
	t.is(absolutize('http://[', {dialect: 'whatwg'}), null);
});

test('isAbsolute follows RFC 3986 §3.1 scheme syntax', t => {
	t.true(isAbsolute('a+b-c.d:x'));
	t.true(isAbsolute('mailto:'));
	t.false(isAbsolute(':x'));
	t.false(isAbsolute('1a:x'));
	t.false(isAbsolute('./a:b'));
	t.false(isAbsolute('//a:b'));
});

test('isAbsolute is RFC 2396 Appendix B\'s scheme (what precedes the first ":" before any "/", "?", "#") in scheme syntax (property)', t => {
	const char = fc.constantFrom(...'aZ9+-.:/?#% '.split(''));
	check(
		t,
		fc.property(fc.array(char, {maxLength: 10}), chars => {
			const ref = chars.join('');
			// Appendix B: ^(([^:/?#]+):)? ; RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
			const group = /^([^:/?#]+):/.exec(ref)?.[1];
			return isAbsolute(ref) === (group !== undefined && /^[a-z][a-z\d+.-]*$/i.test(group));
		}),
		2000,
	);
});

const uriChar = fc.constantFrom(...'abc:/?#[]@%.-;=~'.split(''), 'é', '/', '.', '..');
const refArb = fc.array(uriChar, {maxLength: 14}).map(parts => parts.join(''));

test('rfc3986: an absolute reference ignores the base (property)', t => {
	const base = fc.constantFrom('http://a/b/c/d;p?q', 'foo:/x/y', 'http://u@h:1/', 'file:///C:/d/');
	check(
		t,
		fc.property(refArb, base, base, (rest, b1, b2) => {
			const ref = 's:' + rest;
			return (
				resolve(ref, b1, {dialect: 'rfc3986'}) === resolve(ref, b2, {dialect: 'rfc3986'}) &&
				resolve(ref, b1, {dialect: 'rfc3986'}) === absolutize(ref, {dialect: 'rfc3986'})
			);
		}),
	);
});

test('rfc2396 and rfc3986 agree on references without dot segments and queries (property)', t => {
	const seg = fc.constantFrom('a', 'b', 'c;p', '', 'x:y', '%2e');
	const path = fc.array(seg, {maxLength: 5}).map(s => s.join('/'));
	check(
		t,
		fc.property(path, path, (basePath, refPath) => {
			const ref = refPath.startsWith('x:') ? './' + refPath : refPath;
			if (ref === '') return true; // "" is the current document in both, tested above
			const base = 'http://h/' + basePath;
			return resolve(ref, base, {dialect: 'rfc2396'}) === resolve(ref, base, {dialect: 'rfc3986'});
		}),
	);
});

test('rfc3986: the offset-based resolve equals transformReference on components (property)', t => {
	const piece = fc.constantFrom('a', 'b:', '/', '//', '.', '..', '?', '#', '@', '[', ']', '%2e', ';p', 'x', '');
	const text = fc.array(piece, {maxLength: 10}).map(p => p.join(''));
	const base = fc.tuple(fc.constantFrom('http:', 's:', 'a+b:', '1x:', ''), text).map(([s, rest]) => s + rest);
	const outcome = (fn: () => string): string => {
		try {
			return fn();
		} catch (error) {
			return error instanceof TypeError ? 'TypeError' : 'other error';
		}
	};
	check(
		t,
		fc.property(text, base, (ref, b) => {
			const fast = outcome(() => resolve(ref, b, {dialect: 'rfc3986'}));
			const slow = outcome(() => {
				const r = parseReference(ref);
				const bp = parseReference(b);
				if (bp.scheme === undefined || !isAbsolute(b)) throw new TypeError('base');
				if (r.scheme !== undefined && !isAbsolute(ref)) throw new TypeError('ref');
				return recompose(transformReference(r, bp));
			});
			return fast === slow;
		}),
	);
});
