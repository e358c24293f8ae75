/**
 * Reference resolution in three dialects: RFC 2396 §5.2, RFC 3986 §5.2, and the WHATWG URL
 * Standard (delegated to the global `URL`).
 */
import type {Dialect, ResolveOptions, UriReference} from '../types.js';
import {removeDotSegments, removeDotSegments2396} from './dot-segments.js';
import {CharCodes, isSchemeSyntax, parseReference, recompose, scanReference} from './parse.js';
import {checkDialect, checkOptions, checkString, optionError} from './options.js';
import {isPlainSerialization, parseUrl} from './whatwg.js';

/**
 * Resolve `ref` against the absolute URI `base`.
 *
 * Throws a TypeError naming the inputs when `base` is not absolute, when the dialect cannot
 * resolve the pair: in rfc2396 a reference other than `''` or `#frag` against an opaque base
 * (`mailto:x`, RFC 2396 §5.2 step 2 and §3); in whatwg a URL Standard failure. rfc3986 applies
 * §5.2.2 to every absolute base, opaque ones included.
 *
 * @example
 * resolve('../g', 'http://a/b/c/d;p?q'); // 'http://a/b/g'
 * resolve('../../../g', 'http://a/b/c/d;p?q', {dialect: 'rfc2396'}); // 'http://a/../g'
 * resolve('g', 'mailto:user@example.com', {dialect: 'rfc3986'}); // 'mailto:g'
 */
export function resolve(ref: string, base: string, options?: ResolveOptions): string {
	if (typeof ref !== 'string' || typeof base !== 'string')
		checkString(typeof ref === 'string' ? 'base' : 'ref', typeof ref === 'string' ? base : ref);
	const d = options === undefined ? undefined : checkOptions(options)?.dialect;
	const dialect: Dialect = d === undefined || d === 'whatwg' ? 'whatwg' : checkDialect(d);
	if (dialect === 'whatwg') return resolveWhatwg(ref, base);
	if (dialect === 'rfc3986') return resolve3986(ref, base);
	const b = parseBase(ref, base);
	const r = parseRelative(ref, base);
	return recompose(resolve2396(r, b));
}

/**
 * RFC 3986 §5.2.2 over offsets into the two strings, without component objects (ada style):
 * the same result as `recompose(transformReference(parseReference(ref), parseReference(base)))`,
 * which test/uri/resolve.test.ts checks as a property.
 */
function resolve3986(ref: string, base: string): string {
	const baseSchemeEnd = schemeEndOf(base);
	if (baseSchemeEnd === -1) parseBase(ref, base); // throws the TypeError
	const r = scanReference(ref);
	if (r.schemeEnd !== -1) {
		if (!isSchemeSyntax(ref, 0, r.schemeEnd)) parseRelative(ref, base); // throws
		return withPath(ref, r.pathStart, r.pathEnd, r.authorityStart !== -1); // §5.2.2: defined(R.scheme)
	}
	// RFC 3986 §5.2.2 applies to every absolute base: an opaque one (`mailto:x`) too.
	const b = scanReference(base);
	const refPathEmpty = r.pathStart === r.pathEnd;
	// §5.2.2: defined(R.authority): scheme from the base, the rest from the reference
	if (r.authorityStart !== -1) return base.slice(0, baseSchemeEnd + 1) + withPath(ref, r.pathStart, r.pathEnd, true);
	if (refPathEmpty) {
		// §5.2.2: R.path == "": Base.path, and R.query if defined, else Base.query
		if (r.queryStart !== -1) return base.slice(0, b.pathEnd) + ref;
		return base.slice(0, b.fragmentStart === -1 ? base.length : b.fragmentStart - 1) + ref;
	}
	const refPath = ref.slice(0, r.pathEnd);
	// §5.2.2: R.path starts with "/", or §5.2.3 merge; then §5.2.4 remove_dot_segments
	const merged =
		refPath.charCodeAt(0) === CharCodes.Slash
			? refPath
			: mergePaths(
					{authority: b.authorityStart === -1 ? undefined : '', path: base.slice(b.pathStart, b.pathEnd)},
					refPath,
				);
	return (
		base.slice(0, b.pathStart) + guardPath(removeDotSegments(merged), b.authorityStart !== -1) + ref.slice(r.pathEnd)
	);
}

/** `s` with remove_dot_segments applied to its path `[pathStart, pathEnd)`. */
function withPath(s: string, pathStart: number, pathEnd: number, hasAuthority: boolean): string {
	const path = s.slice(pathStart, pathEnd);
	const clean = removeDotSegments(path);
	if (clean === path) return s;
	return s.slice(0, pathStart) + guardPath(clean, hasAuthority) + s.slice(pathEnd);
}

/** As `recompose` writes it: a "//" path without an authority gets "/." (see its Deviation). */
function guardPath(path: string, hasAuthority: boolean): string {
	if (hasAuthority || path.charCodeAt(0) !== CharCodes.Slash || path.charCodeAt(1) !== CharCodes.Slash) return path;
	return '/.' + path;
}

/** Index of the ":" ending a valid scheme (RFC 3986 §3.1), or -1. */
function schemeEndOf(s: string): number {
	const colon = s.indexOf(':');
	return colon !== -1 && isSchemeSyntax(s, 0, colon) ? colon : -1;
}

function resolveWhatwg(ref: string, base: string): string {
	const url = parseUrl(ref, base);
	if (url !== null) return url.href;
	if (parseUrl(base) === null)
		throw optionError('base', 'an absolute URL such as "https://example.com/page.html"', base);
	throw new TypeError(
		`Cannot resolve ${JSON.stringify(ref)} against ${JSON.stringify(base)} (WHATWG URL parser failure)`,
	);
}

/** The base must be an absolute URI (RFC 3986 §5.1, RFC 2396 §5.2 step 1). */
function parseBase(ref: string, base: string): UriReference {
	const parts = parseReference(base);
	if (parts.scheme === undefined || !isSchemeSyntax(parts.scheme, 0, parts.scheme.length)) {
		throw optionError(
			'base',
			`an absolute URI (RFC 3986 §4.3) such as "https://example.com/page.html" (resolving ${JSON.stringify(ref)})`,
			base,
		);
	}
	return parts;
}

/** Parse the reference; a scheme-like prefix that is not a valid scheme makes it no URI reference. */
function parseRelative(ref: string, base: string): UriReference {
	const parts = parseReference(ref);
	if (parts.scheme !== undefined && !isSchemeSyntax(parts.scheme, 0, parts.scheme.length)) {
		throw new TypeError(
			`Reference ${JSON.stringify(ref)} is not a URI reference: ${JSON.stringify(parts.scheme)} is no scheme ` +
				`(RFC 3986 §3.1) and a relative path cannot hold ":" in its first segment (§4.2); base ${JSON.stringify(base)}`,
		);
	}
	return parts;
}

/** Same-document reference: no scheme, authority or query, and an empty path (RFC 2396 §5.2 step 2). */
function isSameDocument(r: UriReference): boolean {
	return r.path === '' && r.scheme === undefined && r.authority === undefined && r.query === undefined;
}

/**
 * RFC 2396 only: an opaque base (§3 opaque_part: no authority and a path not starting with "/")
 * takes no relative reference but the current document's (§5.2 step 2). RFC 3986 has no such rule.
 */
function assertHierarchical(r: UriReference, b: UriReference): void {
	if (b.authority !== undefined || b.path.charCodeAt(0) === 0x2f /* "/" */) return;
	throw new TypeError(
		`Cannot resolve relative reference ${JSON.stringify(recompose(r))} against opaque base ` +
			`${JSON.stringify(recompose(b))} (RFC 2396 §5: relative references need a hierarchical base)`,
	);
}

/**
 * RFC 3986 §5.2.2 transform references (strict parser).
 *
 * @example
 * recompose(transformReference(parseReference('g;x?y#s'), parseReference('http://a/b/c/d;p?q')));
 * // 'http://a/b/c/g;x?y#s'
 */
export function transformReference(r: UriReference, b: UriReference): UriReference {
	const t: UriReference = {path: ''};
	if (r.scheme !== undefined) {
		t.scheme = r.scheme; // §5.2.2: defined(R.scheme)
		setAuthority(t, r);
		t.path = removeDotSegments(r.path);
		setQuery(t, r.query);
	} else {
		if (r.authority !== undefined) {
			setAuthority(t, r); // §5.2.2: defined(R.authority)
			t.path = removeDotSegments(r.path);
			setQuery(t, r.query);
		} else {
			if (r.path === '') {
				t.path = b.path; // §5.2.2: R.path == ""
				setQuery(t, r.query ?? b.query);
			} else {
				// §5.2.2: R.path starts with "/", or merge (§5.2.3) then remove_dot_segments (§5.2.4)
				t.path = removeDotSegments(r.path.charCodeAt(0) === 0x2f ? r.path : mergePaths(b, r.path));
				setQuery(t, r.query);
			}
			setAuthority(t, b);
		}
		t.scheme = b.scheme!;
	}
	if (r.fragment !== undefined) t.fragment = r.fragment;
	return t;
}

/**
 * RFC 3986 §5.2.3 merge: the reference path appended to all but the last segment of the
 * base path, or to "/" when the base has an authority and an empty path.
 *
 * @example
 * mergePaths({authority: 'a', path: '/b/c/d;p'}, 'g'); // '/b/c/g'
 */
export function mergePaths(b: {authority?: string | undefined; path: string}, refPath: string): string {
	if (b.authority !== undefined && b.path === '') return '/' + refPath;
	return b.path.slice(0, b.path.lastIndexOf('/') + 1) + refPath;
}

/**
 * RFC 2396 §5.2 steps 2–7 as written (steps 1 and 7's recomposition are the caller's).
 */
export function resolve2396(r: UriReference, b: UriReference): UriReference {
	// Step 2: a reference to the current document: the base without its fragment, plus the reference's
	if (isSameDocument(r)) {
		const current: UriReference = {...b};
		delete current.fragment;
		if (r.fragment !== undefined) current.fragment = r.fragment;
		return current;
	}
	// Step 3: a scheme makes it an absolute URI; we are done
	if (r.scheme !== undefined) return r;
	assertHierarchical(r, b);
	const t: UriReference = {scheme: b.scheme!, path: r.path};
	if (r.authority !== undefined) {
		setAuthority(t, r); // Step 4: network-path; skip to step 7
	} else {
		setAuthority(t, b); // Step 4: otherwise inherit the base authority
		if (r.path.charCodeAt(0) !== 0x2f) t.path = mergePath2396(b, r.path); // Step 5 (abs_path) skips step 6
	}
	setQuery(t, r.query); // Step 6 and 7: the query and fragment are the reference's
	if (r.fragment !== undefined) t.fragment = r.fragment;
	return t; // Step 7: recomposed by the caller
}

/** RFC 2396 §5.2 step 6. */
function mergePath2396(b: UriReference, refPath: string): string {
	const slash = b.path.lastIndexOf('/');
	// Step 6a: all but the last segment of the base path.
	// Deviation: an empty base path under an authority counts as "/" (RFC 3986 §5.2.3),
	// else `g` against `http://a` would glue into `http://ag`.
	const directory = slash === -1 && b.authority !== undefined && refPath !== '' ? '/' : b.path.slice(0, slash + 1);
	return removeDotSegments2396(directory + refPath); // Step 6b appends; 6c–6g in removeDotSegments2396
}

function setAuthority(t: UriReference, from: UriReference): void {
	if (from.authority === undefined) return;
	t.authority = from.authority;
	if (from.userinfo !== undefined) t.userinfo = from.userinfo;
	if (from.host !== undefined) t.host = from.host;
	if (from.port !== undefined) t.port = from.port;
}

function setQuery(t: UriReference, query: string | undefined): void {
	if (query !== undefined) t.query = query;
}

/**
 * The absolute form of an absolute reference, or null when `ref` is not absolute (or, for
 * whatwg, does not parse). Never throws.
 *
 * @example
 * absolutize('http://a/b/../c', {dialect: 'rfc3986'}); // 'http://a/c'
 * absolutize('g'); // null
 */
export function absolutize(ref: string, options?: ResolveOptions): string | null {
	const dialect: Dialect = options?.dialect ?? 'whatwg';
	if (dialect === 'whatwg') {
		// A URL that is its own serialization needs no parse (a page's retrieval URL, checked for each page).
		return isPlainSerialization(ref) ? ref : (parseUrl(ref)?.href ?? null);
	}
	const {schemeEnd} = scanReference(ref);
	if (schemeEnd === -1 || !isSchemeSyntax(ref, 0, schemeEnd)) return null;
	// RFC 2396 §5.2 step 3 takes an absolute URI as it is; RFC 3986 §5.2.2 removes dot segments.
	if (dialect === 'rfc2396') return ref;
	const parts = parseReference(ref);
	const path = removeDotSegments(parts.path);
	if (path === parts.path) return ref;
	parts.path = path;
	return recompose(parts);
}
