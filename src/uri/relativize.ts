/**
 * Relative references: the inverse of resolution. For a target in the dialect's resolved form,
 * `resolve(relativize(target, base, o), base, o) === target`, always.
 *
 * The resolved form is what the dialect's `resolve` can produce: rfc2396 takes any absolute URI
 * as it is (§5.2 step 3), rfc3986 removes dot segments (§5.2.2), whatwg serializes
 * (`new URL(target).href`). A target not in that form is relativized as its resolved form: the
 * answer then resolves to `absolutize(target)`, the same resource, not the string given.
 */
import type {Dialect, RelativeForm, RelativizeOptions} from '../types.js';
import {hasDotSegment, removeDotSegments, removeDotSegments2396} from './dot-segments.js';
import {CharCodes, isSchemeSyntax, scanReference, type ReferenceOffsets} from './parse.js';
import {absolutize, resolve} from './resolve.js';

/** The pieces of an absolute URI that relativizing compares, as slices of one string. */
interface Parts {
	href: string;
	/** Scheme with its ":", e.g. `http:`. */
	scheme: string;
	/** `//authority`, or '' when the authority is undefined. */
	authority: string;
	hasAuthority: boolean;
	path: string;
	/** `?query`, or '' when undefined. */
	query: string;
	/** `#fragment`, or '' when undefined. */
	fragment: string;
}

/**
 * A reference that resolves to `target` against `base` in the dialect.
 *
 * Forms: `path-relative` (default) climbs from the base's directory (`../x`), `root-relative`
 * prefers `/path`, `shortest` takes the shortest correct candidate. Same-document targets give
 * `''` or `#fragment`, a query-only change `?query`. A network-path (`//host/p`) is only
 * returned by `shortest`, and only when no other relative reference exists. Opaque targets
 * (`mailto:`, `data:`, `javascript:`), targets of another scheme or authority, and targets not
 * starting with `scope` are returned unchanged.
 *
 * Throws a TypeError naming the input when `base` or `target` is not absolute.
 *
 * @example
 * relativize('http://a/b/g?y', 'http://a/b/c/d;p?q'); // '../g?y'
 * relativize('http://a/b/c/d;p?y', 'http://a/b/c/d;p?q', {dialect: 'rfc2396'}); // 'd;p?y'
 */
export function relativize(target: string, base: string, options?: RelativizeOptions): string {
	const dialect: Dialect = options?.dialect ?? 'whatwg';
	const form: RelativeForm = options?.form ?? 'path-relative';
	const scope = options?.scope;
	if (scope !== undefined && !target.startsWith(scope)) {
		// whatwg: the serialized target may fall in scope where the given spelling does not.
		if (dialect !== 'whatwg' || !URL.canParse(target) || !new URL(target).href.startsWith(scope)) return target;
	}
	const t = split(dialect === 'whatwg' ? canonical(target, 'Target') : resolvedForm(target, dialect));
	const b = split(dialect === 'whatwg' ? canonical(base, 'Base') : checkAbsolute(base, 'Base'));
	// whatwg: the serialization, since a same-scheme `http:/x\\y` would be read as relative.
	const absolute = dialect === 'whatwg' ? t.href : target;
	// Opaque targets and bases (RFC 2396 §3 opaque_part) and other schemes: the absolute URI.
	if (!isHierarchical(t) || !isHierarchical(b) || t.scheme !== b.scheme) return absolute;
	const candidates = form === 'shortest' ? allCandidates(t, b, dialect) : preferred(t, b, dialect, form);
	for (const candidate of candidates) {
		if (candidate !== null && verify(candidate, b.href, t.href, dialect)) return candidate;
	}
	return absolute;
}

/** Candidates in order of preference for the `path-relative` and `root-relative` forms. */
function preferred(t: Parts, b: Parts, dialect: Dialect, form: RelativeForm): Array<string | null> {
	if (t.authority !== b.authority || t.hasAuthority !== b.hasAuthority) return [];
	const same = sameDocument(t, b);
	if (same !== null) return [same];
	if (form === 'root-relative') return [rootRelative(t, dialect), pathRelative(t, b, dialect)];
	return [queryOnly(t, b, dialect), pathRelative(t, b, dialect), rootRelative(t, dialect)];
}

/** Every candidate, shortest first; ties keep the order '', '#f', '?q', path, root, network. */
function allCandidates(t: Parts, b: Parts, dialect: Dialect): string[] {
	const sameAuthority = t.authority === b.authority && t.hasAuthority === b.hasAuthority;
	const found: string[] = [];
	if (sameAuthority) {
		for (const c of [sameDocument(t, b), queryOnly(t, b, dialect), pathRelative(t, b, dialect), rootRelative(t, dialect)]) {
			if (c !== null) found.push(c);
		}
	}
	// A network-path only when nothing else is relative.
	if (found.length === 0 && t.hasAuthority) found.push(t.authority + t.path + t.query + t.fragment);
	return found.sort((x, y) => x.length - y.length); // Array#sort is stable: ties keep the order
}

/** `''` or `#fragment` when the target is the base document (RFC 3986 §4.4, RFC 2396 §4.2). */
function sameDocument(t: Parts, b: Parts): string | null {
	if (t.path !== b.path || t.query !== b.query) return null;
	return t.fragment;
}

/**
 * `?query#fragment` when only the query differs. RFC 3986 §5.2.2 keeps Base.path for an empty
 * reference path; RFC 2396 §5.2 step 6a drops the base's last segment, so there `?y` only works
 * when that segment is empty, and otherwise the last segment is repeated (`d;p?y`).
 */
function queryOnly(t: Parts, b: Parts, dialect: Dialect): string | null {
	if (t.path !== b.path || t.query === '') return null;
	const suffix = t.query + t.fragment;
	if (dialect !== 'rfc2396') return suffix;
	if (hasDotSegment(t.path)) return null; // step 6c–6f would rework the merged path
	const last = t.path.slice(t.path.lastIndexOf('/') + 1);
	if (last === '') return suffix;
	return segmentSafe(last) + suffix;
}

/**
 * A relative-path reference (RFC 3986 §4.2) climbing from the base's directory: one `../` per
 * base directory segment not shared with the target, then the target's remaining segments.
 */
function pathRelative(t: Parts, b: Parts, dialect: Dialect): string | null {
	if (t.path.charCodeAt(0) !== CharCodes.Slash) return null; // an empty target path has no relative path
	// RFC 2396 §5.2 step 6c–6f would remove the target's own dot segments.
	if (dialect === 'rfc2396' && hasDotSegment(t.path)) return null;
	const directory = baseDirectory(b, dialect);
	if (directory === null) return null;
	// Longest common run of whole directory segments: compare up to the last "/" both share.
	const limit = Math.min(directory.length, t.path.lastIndexOf('/') + 1);
	let common = 0;
	for (let index = 0; index < limit; index++) {
		if (directory.charCodeAt(index) !== t.path.charCodeAt(index)) break;
		if (directory.charCodeAt(index) === CharCodes.Slash) common = index + 1;
	}
	const ups = countSlashes(directory, common);
	let rest = t.path.slice(common);
	if (ups === 0) {
		// "" would mean the current document, "/x" or "//x" a rooted or network path, "a:b" a scheme.
		if (rest === '' || rest.charCodeAt(0) === CharCodes.Slash || firstSegmentHasColon(rest)) rest = './' + rest;
	}
	return '../'.repeat(ups) + rest + t.query + t.fragment;
}

/**
 * The directory a relative path is merged with (RFC 3986 §5.2.3, RFC 2396 §5.2 step 6a), after
 * the dot-segment removal that resolution applies to it as part of the merged path; null when
 * the dialect would leave unpoppable segments.
 */
function baseDirectory(b: Parts, dialect: Dialect): string | null {
	// RFC 3986 §5.2.3: an authority with an empty path merges with "/".
	const directory = b.path === '' ? (b.hasAuthority ? '/' : '') : b.path.slice(0, b.path.lastIndexOf('/') + 1);
	if (directory.charCodeAt(0) !== CharCodes.Slash || !hasDotSegment(directory)) return directory;
	const reduced = dialect === 'rfc2396' ? removeDotSegments2396(directory) : removeDotSegments(directory);
	return dialect === 'rfc2396' && hasDotSegment(reduced) ? null : reduced;
}

/**
 * An absolute-path reference (RFC 3986 §4.2). A target path starting with "//" would read as a
 * network-path; `/.//x` resolves right where dot segments are removed (rfc3986, whatwg), and
 * RFC 2396 §5.2 step 5 never removes them, so there it has no root-relative form.
 */
function rootRelative(t: Parts, dialect: Dialect): string | null {
	if (t.path.charCodeAt(0) !== CharCodes.Slash) return null;
	if (t.path.charCodeAt(1) !== CharCodes.Slash) return t.path + t.query + t.fragment;
	return dialect === 'rfc2396' ? null : '/.' + t.path + t.query + t.fragment;
}

/** A path segment that cannot be taken for a scheme (RFC 3986 §4.2 path-noscheme). */
function segmentSafe(segment: string): string {
	return firstSegmentHasColon(segment) ? './' + segment : segment;
}

function firstSegmentHasColon(path: string): boolean {
	const colon = path.indexOf(':');
	if (colon === -1) return false;
	const slash = path.indexOf('/');
	return slash === -1 || colon < slash;
}

function countSlashes(s: string, from: number): number {
	let count = 0;
	for (let index = from; index < s.length; index++) if (s.charCodeAt(index) === CharCodes.Slash) count++;
	return count;
}

/** RFC 2396 §3 / RFC 3986 §3: an authority, or a path starting with "/". */
function isHierarchical(p: Parts): boolean {
	return p.hasAuthority || p.path.charCodeAt(0) === CharCodes.Slash;
}

/**
 * whatwg only: the candidate must resolve to the target, checked with `URL` itself, since the
 * WHATWG parser has scheme-specific rules (file: drive letters, non-special schemes) and Node's
 * `URL` its own quirks (`#f` against `http://a/?` drops the empty query). For rfc2396 and
 * rfc3986 the candidates above are right by construction; the property tests in
 * test/uri/relativize.test.ts check that over adversarial URIs without this net.
 */
function verify(candidate: string, base: string, target: string, dialect: Dialect): boolean {
	if (dialect !== 'whatwg') return true;
	try {
		return resolve(candidate, base, {dialect}) === target;
	} catch {
		return false;
	}
}

function canonical(uri: string, role: string): string {
	if (!URL.canParse(uri)) throw new TypeError(`${role} ${JSON.stringify(uri)} is not an absolute URL (WHATWG URL parser failure)`);
	return new URL(uri).href;
}

function checkAbsolute(uri: string, role: string): string {
	const {schemeEnd} = scanReference(uri);
	if (schemeEnd === -1 || !isSchemeSyntax(uri, 0, schemeEnd)) {
		throw new TypeError(`${role} ${JSON.stringify(uri)} is not an absolute URI (RFC 3986 §4.3)`);
	}
	return uri;
}

/** rfc3986: remove_dot_segments on the path (§5.2.2); rfc2396: the URI as it is (§5.2 step 3). */
function resolvedForm(target: string, dialect: Dialect): string {
	const absolute = absolutize(target, {dialect});
	if (absolute === null) throw new TypeError(`Target ${JSON.stringify(target)} is not an absolute URI (RFC 3986 §4.3)`);
	return absolute;
}

function split(href: string): Parts {
	const o: ReferenceOffsets = scanReference(href);
	const queryEnd = o.fragmentStart === -1 ? href.length : o.fragmentStart - 1;
	return {
		href,
		scheme: href.slice(0, o.schemeEnd + 1),
		authority: o.authorityStart === -1 ? '' : href.slice(o.authorityStart - 2, o.authorityEnd),
		hasAuthority: o.authorityStart !== -1,
		path: href.slice(o.pathStart, o.pathEnd),
		query: o.queryStart === -1 ? '' : href.slice(o.queryStart - 1, queryEnd),
		fragment: o.fragmentStart === -1 ? '' : href.slice(o.fragmentStart - 1),
	};
}
