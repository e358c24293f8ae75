/**
 * Issue 13 items 5–7, worked by hand from RFC 3986 §5.2 (and RFC 2396 §5.2 where a row says so),
 * then two properties against test/helpers/rfc3986.ts, a literal transcription of §5.2.2–§5.3.
 *
 * Notation in the derivations: R is the reference, B the base, T the target, as in §5.2.2;
 * "−" is an undefined component.
 */
import test from 'ava';
import fc from 'fast-check';
import type {Dialect, RelativeForm} from '../../src/types.js';
import {absolutize, relativize, resolve} from '../../src/uri/index.js';
import {isScheme, parse, recompose, remove_dot_segments, resolveLiterally, transform} from '../helpers/rfc3986.js';
import {check} from './fc-seed.js';

const MAILTO = 'mailto:user@example.com';

// [ref, base, expected]: rfc3986 resolution, each derived step by step.
const rfc3986Rows: Array<[string, string, string]> = [
	// B = mailto:user@example.com: scheme "mailto", authority −, path "user@example.com", query −.
	// R = "g": scheme −, authority −, path "g". Path not empty and not starting with "/", so
	// T.path = merge(B.path, "g"): B has no authority, so "all but the last segment" of
	// "user@example.com", which holds no "/", is "", giving "g"; remove_dot_segments("g") = "g"
	// (2E moves "g"). T.query = R.query = −; T.authority = B.authority = −; T.scheme = "mailto".
	// §5.3: "mailto" ":" "g".
	['g', MAILTO, 'mailto:g'],
	// R = "//h/p": authority "h", path "/p". T.authority = "h", T.path = remove_dot_segments("/p") = "/p",
	// T.query = −, T.scheme = B.scheme. §5.3: "mailto:" "//h" "/p".
	['//h/p', MAILTO, 'mailto://h/p'],
	// R = "?y": path "", query "y". T.path = B.path = "user@example.com", T.query = R.query = "y".
	['?y', MAILTO, 'mailto:user@example.com?y'],
	// R = "#f": path "", query −, fragment "f". T.path = B.path, T.query = B.query = −, T.fragment = "f".
	['#f', MAILTO, 'mailto:user@example.com#f'],
	// R = "": as above without fragment.
	['', MAILTO, 'mailto:user@example.com'],
	// R = "../g": merge gives "" + "../g" = "../g"; remove_dot_segments: 2A drops "../", 2E moves "g".
	['../g', MAILTO, 'mailto:g'],
	// R = "/g": starts with "/", T.path = remove_dot_segments("/g") = "/g".
	['/g', MAILTO, 'mailto:/g'],
	// R = "./a:b" (the "./" keeps "a" from reading as a scheme, §4.2): merge gives "./a:b"; 2A drops
	// "./", 2E moves "a:b". T = "mailto:" "a:b": a rootless path after a scheme may hold ":".
	['./a:b', MAILTO, 'mailto:a:b'],
	// R = "g?q#f": T.path = "g" as for "g", T.query = "q", T.fragment = "f".
	['g?q#f', MAILTO, 'mailto:g?q#f'],
	// B = urn:a:b (path "a:b", query −). R = "?q": T.path = "a:b", T.query = "q".
	['?q', 'urn:a:b', 'urn:a:b?q'],
	// B = foo:a/b/c (rootless path). R = "../d": merge = "a/b/" + "../d" = "a/b/../d";
	// remove_dot_segments: 2E "a" (out "a"), 2E "/b" (out "a/b"), 2C "/../d" -> "/d" and out "a",
	// 2E "/d" (out "a/d").
	['../d', 'foo:a/b/c', 'foo:a/d'],
	// R = "../../../g": merge = "a/b/../../../g"; 2E "a", 2E "/b", 2C (out "a", in "/../../g"),
	// 2C (out "": "a" has no "/", so the whole segment goes; in "/../g"), 2C (out "", in "/g"),
	// 2E "/g". The rootless path comes out rooted: "/g".
	['../../../g', 'foo:a/b/c', 'foo:/g'],
	// B = s: (path "", authority −). R = "g": merge: no authority, so all but the last segment of ""
	// is "", giving "g".
	['g', 's:', 's:g'],
	// B = http://a/.. (path "/..", kept as written: §5.2.2 takes Base.path for an empty R.path).
	// R = "?q": T.path = "/..", T.query = "q".
	['?q', 'http://a/..', 'http://a/..?q'],
	// R = "#f": T.path = "/..", T.query = B.query = −.
	['#f', 'http://a/..', 'http://a/..#f'],
	// R = "g": merge = "/" + "g" = "/g" (all but the last segment ".." of "/..").
	['g', 'http://a/..', 'http://a/g'],
	// R = "./?a": merge = "/./"; 2B "/./" -> "/", 2E "/". T = http://a/?a: not the ?a row above.
	['./?a', 'http://a/..', 'http://a/?a'],
	// B = http://a/b/./c/../d. R = "#s": T.path = B.path as written.
	['#s', 'http://a/b/./c/../d', 'http://a/b/./c/../d#s'],
	// R = "d#s": merge = "/b/./c/../d"; 2E "/b", 2B "/./c/../d" -> "/c/../d", 2E "/c", 2C (out "/b",
	// in "/d"), 2E "/d": "/b/d".
	['d#s', 'http://a/b/./c/../d', 'http://a/b/d#s'],
];

for (const [ref, base, expected] of rfc3986Rows) {
	test(`rfc3986 by hand: ${JSON.stringify(ref)} against ${base}`, t => {
		t.is(resolve(ref, base, {dialect: 'rfc3986'}), expected);
		t.is(resolveLiterally(ref, base), expected, 'the literal transcription agrees with the hand derivation');
	});
}

test('rfc3986 by hand: a "//" path without an authority is written "/." (Deviation from §5.3)', t => {
	// B = foo:a/b, R = "..//g": merge = "a/..//g"; 2E "a", 2C (out "", in "//g"), 2E "/" (an empty
	// segment), 2E "/g": T.path = "//g" with T.authority −. §5.3 would write "foo://g", which reads
	// back with authority "g"; recompose writes "foo:/.//g", whose path remove_dot_segments takes
	// back to "//g".
	t.is(recompose(transform(parse('..//g'), parse('foo:a/b'))), 'foo://g');
	t.is(resolve('..//g', 'foo:a/b', {dialect: 'rfc3986'}), 'foo:/.//g');
	t.is(remove_dot_segments('/.//g'), '//g');
});

test('rfc2396 keeps its rule: only the current document against an opaque base', t => {
	// RFC 2396 §5.2 step 2: an empty path, no scheme, authority or query is the current document,
	// for any base; anything else relative needs a hierarchical base (§3 opaque_part).
	t.is(resolve('#f', MAILTO, {dialect: 'rfc2396'}), 'mailto:user@example.com#f');
	t.is(resolve('', MAILTO, {dialect: 'rfc2396'}), MAILTO);
	for (const ref of ['g', '//h/p', '?y', '../g', '/g']) {
		t.throws(() => resolve(ref, MAILTO, {dialect: 'rfc2396'}), {instanceOf: TypeError, message: /opaque base/});
	}
});

test('whatwg keeps the URL Standard against an opaque base', t => {
	// URL Standard, "no scheme state": a base with an opaque path takes only a "#" reference.
	t.is(resolve('#f', MAILTO), 'mailto:user@example.com#f');
	for (const ref of ['g', '?y', '']) t.throws(() => resolve(ref, MAILTO), {instanceOf: TypeError});
});

const BASE = 'http://a/b/c/d;p?q';

// [target, base, dialects, form, expected reference]: each resolves back to the target (checked).
const relativizeRows: Array<[string, string, Dialect[], RelativeForm, string]> = [
	// Item 6. An opaque base: §5.2.2 (RFC 2396 §5.2 step 2) with R.path "" and R.query −
	// gives B.path and B.query, and R.fragment.
	[MAILTO + '#frag', MAILTO, ['rfc2396', 'rfc3986'], 'path-relative', '#frag'],
	[MAILTO, MAILTO, ['rfc2396', 'rfc3986'], 'path-relative', ''],
	['mailto:x?q#f', 'mailto:x?q', ['rfc2396', 'rfc3986'], 'shortest', '#f'],
	// The base's own fragment is never kept (T.fragment = R.fragment): "" loses it.
	['mailto:x', 'mailto:x#old', ['rfc2396', 'rfc3986'], 'root-relative', ''],
	// rfc3986, R = "?y": T.path = B.path = "a/../b" as written; absolute "mailto:a/../b?y" would
	// resolve to "mailto:b?y" (§5.2.2 removes dot segments of an absolute R).
	['mailto:a/../b?y', 'mailto:a/../b', ['rfc3986'], 'path-relative', '?y'],
	// Other targets against an opaque base stay absolute (they resolve to themselves).
	['mailto:g', MAILTO, ['rfc2396', 'rfc3986'], 'shortest', 'mailto:g'],
	// Item 6. Dot segments in the base path: "?a" keeps B.path "/.." (rfc3986 rows above), while
	// the old "./?a" resolves to http://a/?a.
	['http://a/..?a', 'http://a/..', ['rfc3986'], 'path-relative', '?a'],
	['http://a/..#f', 'http://a/..', ['rfc2396', 'rfc3986'], 'path-relative', '#f'],
	// RFC 2396: "?a" would take step 6a's "/" (not "/.."); step 5 keeps an absolute path as it is.
	['http://a/..?a', 'http://a/..', ['rfc2396'], 'path-relative', '/..?a'],
	['http://a/b/./c/../d#s', 'http://a/b/./c/../d', ['rfc2396', 'rfc3986'], 'path-relative', '#s'],
	['http://a/b/./c/../d?y', 'http://a/b/./c/../d', ['rfc3986'], 'shortest', '?y'],
	// The same base, a target without the dot segments: "d#s" (rfc3986 rows above).
	['http://a/b/d#s', 'http://a/b/./c/../d', ['rfc3986'], 'path-relative', 'd#s'],
	// Item 7. "." and "..": merge "/b/c/" + "." = "/b/c/."; §5.2.4 2B turns the final "/." into "/"
	// (RFC 2396 §5.2 step 6d removes the final "."): "/b/c/". For "..": "/b/c/.." -> 2C -> "/b/"
	// (step 6f removes "c/.."). URL Standard: a single-dot or double-dot final segment appends "".
	['http://a/b/c/', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '.'],
	['http://a/b/', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '..'],
	['http://a/b/c/#f', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '.#f'],
	['http://a/b/c/?y', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '.?y'],
	['http://a/b/?y', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '..?y'],
	// "../.." (5 characters) loses to "/" (1).
	['http://a/', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '/'],
	// "/x/" has 3 characters, ".." 2: merge "/x/y/" + ".." = "/x/y/..", 2C: "/x/".
	['http://a/x/', 'http://a/x/y/z', ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '..'],
	// "../.." against /x/y/z/w: "/x/y/z/../.." -> "/x/y/.." -> "/x/"; "/x/" is shorter still.
	['http://a/x/', 'http://a/x/y/z/w', ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '/x/'],
	['http://a/xyz/', 'http://a/xyz/y/z/w', ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '../..'],
	// Ties keep path-relative first: "." and "/" both have one character.
	['http://a/', 'http://a/x', ['rfc2396', 'rfc3986', 'whatwg'], 'shortest', '.'],
	// The other forms keep "./" and "../".
	['http://a/b/c/', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'path-relative', './'],
	['http://a/b/', BASE, ['rfc2396', 'rfc3986', 'whatwg'], 'path-relative', '../'],
];

for (const [target, base, dialects, form, expected] of relativizeRows) {
	for (const dialect of dialects) {
		test(`${dialect} ${form} by hand: ${target} from ${base}`, t => {
			const reference = relativize(target, base, {dialect, form});
			t.is(reference, expected);
			t.is(resolve(reference, base, {dialect}), target);
		});
	}
}

// Generators: bases of every shape §5.2 meets (authority or not, rooted, rootless, empty paths,
// dot segments, queries, fragments), built from pieces, plus free text after a scheme.
const schemeArb = fc.constantFrom('http', 'foo', 'mailto', 'urn', 'a+b.c-d', 'S');
const segmentArb = fc.constantFrom('a', 'b', 'c', '', '.', '..', 'x:y', 'user@example.com', 'd;p', '%2e', '..g');
const segments = fc.array(segmentArb, {maxLength: 5}).map(s => s.join('/'));
const queryArb = fc.constantFrom('', '?', '?q', '?y=1/2', '?a/../b');
const fragmentArb = fc.constantFrom('', '#', '#f', '#s/../x');
const authorityArb = fc.constantFrom('a', 'u@h:1', '', '[::1]');
const piece = fc.constantFrom('a', 'b:', '/', '//', '.', '..', '?', '#', '@', ':', '%2e', ';p', 'x', '');
const text = fc.array(piece, {maxLength: 10}).map(p => p.join(''));

const baseArb: fc.Arbitrary<string> = fc.oneof(
	// scheme "//" authority, then an empty or rooted path
	fc
		.tuple(schemeArb, authorityArb, fc.boolean(), segments, queryArb, fragmentArb)
		.map(([s, a, empty, p, q, f]) => `${s}://${a}${empty ? '' : '/' + p}${q}${f}`),
	// scheme, no authority, a rooted path not starting with "//"
	fc
		.tuple(schemeArb, segments, queryArb, fragmentArb)
		.map(([s, p, q, f]) => `${s}:/${p.startsWith('/') ? 'x' + p : p}${q}${f}`),
	// scheme, a rootless (opaque) or empty path
	fc
		.tuple(schemeArb, segments, queryArb, fragmentArb)
		.map(([s, p, q, f]) => `${s}:${p.startsWith('/') ? 'x' + p : p}${q}${f}`),
	// anything after a scheme
	fc.tuple(schemeArb, text).map(([s, rest]) => `${s}:${rest}`),
);
const referenceArb: fc.Arbitrary<string> = fc.oneof(
	text,
	fc.tuple(segments, queryArb, fragmentArb).map(([p, q, f]) => p + q + f),
	fc
		.tuple(fc.constantFrom('/', '//h/', '//', './', '../', '..//'), segments, queryArb, fragmentArb)
		.map(([prefix, p, q, f]) => prefix + p + q + f),
	fc.tuple(fc.constantFrom('http:', 'mailto:', '1x:', 'b:'), text).map(([s, rest]) => s + rest),
);

/** Our resolve, or 'TypeError'. */
function attempt(ref: string, base: string, dialect: Dialect): string {
	try {
		return resolve(ref, base, {dialect});
	} catch (error) {
		if (error instanceof TypeError) return 'TypeError';
		throw error;
	}
}

test('rfc3986 resolve equals §5.2.2–§5.3 transcribed literally, for every absolute base (property)', t => {
	check(
		t,
		fc.property(referenceArb, baseArb, (ref, base) => {
			const R = parse(ref);
			// A "scheme" that is not one (§3.1) makes no URI reference (§4.2: no ":" in a first segment).
			if (R.scheme !== undefined && !isScheme(R.scheme)) return attempt(ref, base, 'rfc3986') === 'TypeError';
			const T = transform(R, parse(base));
			// Deviation (src/uri/parse.ts recompose): a path starting with "//" without an authority
			// is written with a "/." prefix, which remove_dot_segments takes away again.
			if (T.authority === undefined && T.path.startsWith('//')) T.path = '/.' + T.path;
			const ours = attempt(ref, base, 'rfc3986');
			// §5.3's string reads back as the same components (no path without "/" after an authority,
			// no "//" path without one), so the result means what §5.2.2 computed.
			return ours === recompose(T) && JSON.stringify(parse(ours)) === JSON.stringify(T);
		}),
	);
});

for (const dialect of ['rfc2396', 'rfc3986'] as const) {
	for (const form of ['path-relative', 'root-relative', 'shortest'] as const) {
		test(`${dialect} ${form}: every result resolves back to its target, for every absolute base (property)`, t => {
			check(
				t,
				fc.property(referenceArb, baseArb, (ref, base) => {
					// Targets are what resolution gives against this base (opaque bases included).
					const target = attempt(ref, base, dialect);
					if (target === 'TypeError') return true;
					const reference = relativize(target, base, {dialect, form});
					return attempt(reference, base, dialect) === target;
				}),
			);
		});
	}
}

test('relativize against any base: the target itself, or its absolute form when no reference reaches it as written (property)', t => {
	// Half the targets are the base up to its query with another query and fragment.
	const beforeQuery = (s: string): string => s.split(/[?#]/)[0]!;
	const pair = fc
		.tuple(baseArb, baseArb, fc.boolean())
		.map(([a, base, share]) => [share ? beforeQuery(base) + a.slice(beforeQuery(a).length) : a, base] as const);
	const dialectArb = fc.constantFrom<Dialect>('rfc2396', 'rfc3986');
	const formArb = fc.constantFrom<RelativeForm>('path-relative', 'root-relative', 'shortest');
	check(
		t,
		fc.property(pair, dialectArb, formArb, ([target, base], dialect, form) => {
			const back = attempt(relativize(target, base, {dialect, form}), base, dialect);
			const absolute = absolutize(target, {dialect});
			return back === target || (back === absolute && absolute !== target);
		}),
	);
});
