import test from 'ava';
import fc from 'fast-check';
import type {Dialect, RelativeForm} from '../../src/types.js';
import {absolutize, relativize, resolve} from '../../src/uri/index.js';
import {check} from './fc-seed.js';

const DIALECTS: Dialect[] = ['rfc2396', 'rfc3986', 'whatwg'];
const FORMS: RelativeForm[] = ['path-relative', 'root-relative', 'shortest'];
const BASE = 'http://a/b/c/d;p?q';

// [target, base, dialect, form, expected]: expected references worked out by hand from §5.2.
const cases: Array<[string, string, Dialect | 'all', RelativeForm, string]> = [
	['http://a/b/c/d;p?q', BASE, 'all', 'path-relative', ''],
	['http://a/b/c/d;p?q#f', BASE, 'all', 'path-relative', '#f'],
	['http://a/b/c/d;p?y', BASE, 'rfc3986', 'path-relative', '?y'],
	['http://a/b/c/d;p?y', BASE, 'whatwg', 'path-relative', '?y'],
	['http://a/b/c/d;p?y', BASE, 'rfc2396', 'path-relative', 'd;p?y'],
	['http://a/b/c/?y', 'http://a/b/c/?q', 'rfc2396', 'path-relative', '?y'],
	['http://a/b/c/d;p', BASE, 'all', 'path-relative', 'd;p'],
	['http://a/b/c/g', BASE, 'all', 'path-relative', 'g'],
	['http://a/b/c/', BASE, 'all', 'path-relative', './'],
	['http://a/b/', BASE, 'all', 'path-relative', '../'],
	['http://a/', BASE, 'all', 'path-relative', '../../'],
	['http://a/', BASE, 'all', 'shortest', '/'],
	['http://a/x/y', BASE, 'all', 'path-relative', '../../x/y'],
	['http://a/x/y', BASE, 'all', 'root-relative', '/x/y'],
	['http://a/b/c/a:b', BASE, 'all', 'path-relative', './a:b'],
	['http://a/b/c/a:b', BASE, 'all', 'root-relative', '/b/c/a:b'],
	['http://a//x', BASE, 'all', 'path-relative', '../..//x'],
	['http://a//x', 'http://a/d', 'all', 'path-relative', './/x'],
	['http://a//x', BASE, 'rfc3986', 'root-relative', '/.//x'],
	['http://a//x', BASE, 'whatwg', 'root-relative', '/.//x'],
	['http://a//x', BASE, 'rfc2396', 'root-relative', '../..//x'],
	['http://a/b/c//x', BASE, 'all', 'path-relative', './/x'],
	['http://a/b//x', BASE, 'all', 'path-relative', '..//x'],
	['http://a/x', 'http://a/b//c/d', 'all', 'path-relative', '../../../x'],
	['http://a/b/c/d;p=1/x', 'http://a/b/c/d;p=1/2?q', 'all', 'path-relative', 'x'],
	['http://a/b/c/x', 'http://a/b/c/d;p=1/2?q', 'all', 'path-relative', '../x'],
	['http://b/x', BASE, 'all', 'path-relative', 'http://b/x'],
	['http://b/x', BASE, 'all', 'shortest', '//b/x'],
	['http://a:8080/x', BASE, 'all', 'path-relative', 'http://a:8080/x'],
	['https://a/b/c/g', BASE, 'all', 'shortest', 'https://a/b/c/g'],
	['http://A/b/c/g', BASE, 'rfc3986', 'path-relative', 'http://A/b/c/g'],
	['http://A/b/c/g', BASE, 'whatwg', 'path-relative', 'g'],
	['http://a/b/../g', BASE, 'rfc2396', 'path-relative', '/b/../g'],
	['http://a/b/../g', BASE, 'rfc3986', 'path-relative', '../../g'],
	['foo://h', 'foo://h/x', 'rfc3986', 'path-relative', 'foo://h'],
	['foo://h', 'foo://h/x', 'all', 'shortest', '//h'],
	['foo://h?y', 'foo://h?q', 'rfc3986', 'path-relative', '?y'],
	['mailto:x@y', 'mailto:x@y', 'whatwg', 'path-relative', 'mailto:x@y'],
	['mailto:x@y', 'mailto:x@y', 'rfc2396', 'path-relative', ''],
	['mailto:x@y', 'mailto:x@y', 'rfc3986', 'path-relative', ''],
	['mailto:x@y#f', 'mailto:x@y', 'rfc2396', 'path-relative', '#f'],
	['mailto:x@y#f', 'mailto:x@y', 'rfc3986', 'path-relative', '#f'],
	['mailto:x@y#f', 'mailto:x@y', 'whatwg', 'path-relative', 'mailto:x@y#f'],
	['data:text/plain,hi', BASE, 'all', 'shortest', 'data:text/plain,hi'],
	['javascript:void(0)', BASE, 'all', 'path-relative', 'javascript:void(0)'],
	['http://a/b/c/g', 'mailto:x', 'all', 'shortest', 'http://a/b/c/g'],
];

for (const [target, base, which, form, expected] of cases) {
	for (const dialect of which === 'all' ? DIALECTS : [which]) {
		test(`${dialect} ${form}: ${target} from ${base}`, t => {
			const r = relativize(target, base, {dialect, form});
			t.is(r, expected);
			const expectedUrl: string | null = absolutize(target, {dialect});
			t.is(resolve(r, base, {dialect}) as string | null, expectedUrl);
		});
	}
}

test('scope: targets outside it come back unchanged', t => {
	t.is(relativize('http://a/x/y', BASE, {scope: 'http://a/b/'}), 'http://a/x/y');
	t.is(relativize('http://a/b/y', BASE, {scope: 'http://a/b/'}), '../y');
	t.is(relativize('HTTP://a/b/y', BASE, {scope: 'http://a/b/'}), '../y');
	t.is(relativize('HTTP://a/b/y', BASE, {scope: 'http://a/b/', dialect: 'rfc3986'}), 'HTTP://a/b/y');
	t.is(relativize('not a url', BASE, {scope: 'http://a/b/'}), 'not a url');
});

test('non-canonical whatwg targets are relativized as their serialization', t => {
	const r = relativize('http://a/b/c/%7e/./x\\y', BASE);
	t.is(resolve(r, BASE), new URL('http://a/b/c/%7e/./x\\y').href);
	t.is(r, '%7e/x/y');
});

test('a target or base that is not absolute is a TypeError naming it', t => {
	for (const dialect of DIALECTS) {
		t.throws(() => relativize('g', BASE, {dialect}), {instanceOf: TypeError, message: /"g"/});
		t.throws(() => relativize(BASE, '/b', {dialect}), {instanceOf: TypeError, message: /"\/b"/});
	}
});

// Generators with the adversarial shapes: "//" paths, ":" in a segment, dot segments, empty
// segments, ";" params with "/", queries and fragments, ports, upper-case hosts, "%2e%2e", "\".
const segment = fc.constantFrom(
	'a',
	'b',
	'c',
	'',
	'.',
	'..',
	'x:y',
	'd;p=1',
	'e;q',
	'%2e%2e',
	'%2E',
	'g.h',
	'..g',
	'A%7e',
);
const whatwgSegment = fc.oneof(segment, fc.constantFrom('x\\y', '%2e', '.%2E', 'C:', 'c|'));
const pathOf = (seg: fc.Arbitrary<string>) => fc.array(seg, {maxLength: 6}).map(s => '/' + s.join('/'));
const optional = (values: string[]) => fc.constantFrom('', ...values);
const authority = fc.constantFrom('a', 'A', 'a:8080', 'u@a', 'b', '[::1]', 'a:');
const scheme = fc.constantFrom('http', 'https', 'foo', 'file');

function uri(seg: fc.Arbitrary<string>): fc.Arbitrary<string> {
	return fc
		.tuple(
			scheme,
			fc.option(authority, {nil: undefined, freq: 6}),
			pathOf(seg),
			fc.boolean(),
			optional(['?', '?q', '?y=1/2', '?a/../b']),
			optional(['#', '#f', '#s/../x']),
		)
		.map(([s, auth, path, emptyPath, query, fragment]) => {
			const p = auth !== undefined && emptyPath ? '' : path;
			const body = auth === undefined ? (p.startsWith('//') ? '/.' + p : p) : '//' + auth + p;
			return s + ':' + body + query + fragment;
		});
}

function sameSite(seg: fc.Arbitrary<string>): fc.Arbitrary<[string, string]> {
	// Most pairs share scheme and authority, so the relative branches run.
	return fc.tuple(uri(seg), uri(seg), pathOf(seg), fc.boolean()).map(([target, base, path, share]) => {
		if (!share) return [target, base];
		const prefix = base.slice(0, base.indexOf('/', base.indexOf('//') + 2 || base.indexOf(':') + 1));
		return [prefix.includes('//') ? prefix + path : target, base];
	});
}

for (const dialect of ['rfc2396', 'rfc3986'] as const) {
	for (const form of FORMS) {
		test(`${dialect} ${form}: resolve(relativize(t, b), b) is t, or absolutize(t) when t is not in resolved form (property)`, t => {
			check(
				t,
				fc.property(sameSite(segment), ([target, base]) => {
					const absolute = absolutize(target, {dialect})!;
					const r = relativize(target, base, {dialect, form});
					const back = resolve(r, base, {dialect});
					// rfc3986: `?y` and `#f` keep the base path as written, dot segments and all
					// (§5.2.2), so a target equal to the base up to its query resolves as given.
					return back === target || (back === absolute && absolute !== target);
				}),
			);
		});
	}
}

for (const form of FORMS) {
	test(`whatwg ${form}: resolve(relativize(t, b), b) === new URL(t).href (property)`, t => {
		check(
			t,
			fc.property(sameSite(whatwgSegment), ([target, base]) => {
				if (!URL.canParse(target) || !URL.canParse(base)) return true;
				const r = relativize(target, base, {form});
				return resolve(r, base) === new URL(target).href;
			}),
		);
	});
}

test('path-relative answers are relative whenever scheme and authority match (property)', t => {
	const seg = fc.constantFrom('a', 'b', 'c', 'd;p', 'x:y');
	const path = pathOf(seg);
	check(
		t,
		fc.property(path, path, optional(['?q', '?y']), (targetPath, basePath, query) => {
			const r = relativize('http://h' + targetPath + query, 'http://h' + basePath, {dialect: 'rfc3986'});
			return !r.startsWith('http:') && !r.startsWith('//');
		}),
	);
});
