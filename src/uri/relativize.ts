/**
 * Relative references: the inverse of resolution. For a target in the dialect's resolved form,
 * `resolve(relativize(target, base, o), base, o) === target`, always.
 *
 * The resolved form is what the dialect's `resolve` can produce against the base: rfc2396 takes
 * any absolute URI as it is (§5.2 step 3); rfc3986 removes dot segments (§5.2.2), except that an
 * empty reference path keeps the base path as written (`?q` against `http://a/..` is
 * `http://a/..?q`); whatwg serializes (`new URL(target).href`). A target not in that form is
 * relativized as its resolved form, so the answer resolves to `absolutize(target)`: the same
 * resource, not the string given. Where no relative reference works, the answer is the target as
 * given (rfc2396, rfc3986) or its WHATWG serialization (whatwg: a same-scheme `http:/x\y` would
 * otherwise be read as relative).
 */
import type {Dialect, RelativeForm, RelativizeOptions} from '../types.js';
import {hasDotSegment, removeDotSegments, removeDotSegments2396} from './dot-segments.js';
import {CharCodes, isSchemeSyntax, scanReference, type ReferenceOffsets} from './parse.js';
import {absolutize, resolve} from './resolve.js';
import {checkDialect, checkForm, checkOptions, checkString, optionError} from './options.js';
import {isAbsolute} from './parse.js';
import {isPlainSerialization, parseUrl} from './whatwg.js';

/** The pieces of an absolute URI that relativizing compares, as slices of one string. */
interface Parts {
	href: string;
	/** Index of the scheme's ":". */
	schemeEnd: number;
	/** Scheme, ":" and `//authority` if any: everything before the path. */
	origin: string;
	hasAuthority: boolean;
	path: string;
	/** `?query`, or '' when undefined. */
	query: string;
	/** `#fragment`, or '' when undefined. */
	fragment: string;
	/** Offsets from `scanReference`, for `detail`. */
	pathEnd: number;
	queryStart: number;
	fragmentStart: number;
	/** Whether path, query and fragment are filled in (see `detail`). */
	detailed: boolean;
}

/**
 * A reference that resolves to `target` against `base` in the dialect.
 *
 * Forms: `path-relative` (default) climbs from the base's directory (`../x`), `root-relative`
 * prefers `/path`, `shortest` takes the shortest correct candidate (`.` and `..` included).
 * Same-document targets give `''` or `#fragment`, a query-only change `?query` (both against an
 * opaque base too in rfc2396 and rfc3986, the query-only change in rfc3986 only). A network-path
 * (`//host/p`) is only returned by `shortest`, and only when no other relative reference exists.
 * Other opaque targets (`mailto:`, `data:`, `javascript:`), targets of another scheme or
 * authority, and targets not starting with `scope` are returned unchanged.
 *
 * Throws a TypeError naming the input when `base` or `target` is not absolute.
 *
 * @example
 * relativize('http://a/b/g?y', 'http://a/b/c/d;p?q'); // '../g?y'
 * relativize('http://a/b/c/d;p?y', 'http://a/b/c/d;p?q', {dialect: 'rfc2396'}); // 'd;p?y'
 * relativize('http://a/b/c/', 'http://a/b/c/d;p?q', {form: 'shortest'}); // '.'
 * relativize('mailto:x#f', 'mailto:x', {dialect: 'rfc3986'}); // '#f'
 */
export function relativize(target: string, base: string, options?: RelativizeOptions): string {
	return createRelativizer(base, options)(target);
}

/**
 * `relativize` with the base and options bound: the base is checked and split once, for
 * relativizing every link of one document.
 *
 * @example
 * const toRelative = createRelativizer('https://example.com/docs/a/page.html');
 * toRelative('https://example.com/docs/b/other.html'); // '../b/other.html'
 */
export function createRelativizer(base: string, options?: RelativizeOptions): (target: string) => string {
	checkString('base', base);
	const dialect: Dialect = checkDialect(checkOptions(options)?.dialect);
	const form: RelativeForm = checkForm(options?.form);
	const scope = options?.scope;
	if (scope !== undefined && (typeof scope !== 'string' || !isAbsolute(scope)))
		throw optionError('scope', 'an absolute URI prefix such as "https://example.com/docs/"', scope);
	const b = split(dialect === 'whatwg' ? canonical(base, 'Base') : base, 'Base');
	const document = dialect === 'whatwg' ? '' : base.slice(0, b.pathEnd);
	if (dialect !== 'whatwg') detail(b);
	return target => {
		checkString('target', target);
		if (scope !== undefined && !target.startsWith(scope)) {
			// whatwg: the serialized target may fall in scope where the given spelling does not.
			if (dialect !== 'whatwg' || !(parseUrl(target)?.href.startsWith(scope) ?? false)) return target;
		}
		if (dialect !== 'whatwg' && target.startsWith(document)) {
			const current = currentDocument(target, b, dialect);
			if (current !== null) return current;
		}
		// whatwg: a plain serialization needs no parse, and its candidates no check (see `verify`).
		const plain = dialect === 'whatwg' && isPlainSerialization(target);
		const t =
			dialect !== 'whatwg' ? resolvedParts(target, dialect) : split(plain ? target : canonical(target, 'Target'));
		return relativeTo(t, b, dialect, form, plain, dialect === 'whatwg' ? t.href : target);
	};
}

/** The preferred correct reference to `t` from `b`, else `absolute` (whatwg: the serialization, since a same-scheme `http:/x\y` would be read as relative). */
function relativeTo(
	t: Parts,
	b: Parts,
	dialect: Dialect,
	form: RelativeForm,
	plain: boolean,
	absolute: string,
): string {
	// Opaque targets and bases (RFC 2396 §3 opaque_part): the absolute URI.
	if (!isHierarchical(t) || !isHierarchical(b)) return absolute;
	if (t.origin !== b.origin) {
		// Another scheme: absolute. Another authority: only a network-path, and only if asked.
		if (form !== 'shortest' || !t.hasAuthority || !sameScheme(t, b)) return absolute;
		const network = t.href.slice(t.schemeEnd + 1);
		return verify(network, b.href, t.href, dialect, false) ? network : absolute;
	}
	detail(t);
	detail(b);
	if (form === 'shortest') {
		for (const candidate of allCandidates(t, b, dialect))
			if (verify(candidate, b.href, t.href, dialect, plain)) return candidate;
		return absolute;
	}
	for (const make of form === 'root-relative' ? ROOT_FIRST : PATH_FIRST) {
		const candidate = make(t, b, dialect);
		if (candidate !== null && verify(candidate, b.href, t.href, dialect, plain)) return candidate;
	}
	return absolute;
}

/**
 * rfc2396 and rfc3986: `''`, `#fragment` or (rfc3986) `?query#fragment` when the target is the
 * base as written up to its query, else null. An empty reference path takes the base's path as it
 * is, dot segments included (RFC 3986 §5.2.2 `R.path == ""`; RFC 2396 §5.2 step 2 for the current
 * document), against an opaque base too: there the target given absolute would lose its dot
 * segments in rfc3986 (`mailto:a/../b?y`). `target` starts with the base up to its path.
 */
function currentDocument(target: string, b: Parts, dialect: Dialect): string | null {
	const pathEnd = b.pathEnd;
	const c = target.charCodeAt(pathEnd);
	if (pathEnd < target.length && c !== CharCodes.Question && c !== CharCodes.Hash) return null;
	const hash = target.indexOf('#', pathEnd);
	const query = target.slice(pathEnd, hash === -1 ? target.length : hash);
	const fragment = hash === -1 ? '' : target.slice(hash);
	if (query === b.query) return fragment; // RFC 3986 §4.4, RFC 2396 §4.2: the current document
	// RFC 3986 §5.2.2: R.path == "" and defined(R.query); RFC 2396 §5.2 step 6a drops the last segment.
	if (dialect === 'rfc3986' && query !== '') return query + fragment;
	return null;
}

type Candidate = (t: Parts, b: Parts, dialect: Dialect) => string | null;

/** Preference orders, tried lazily: the first correct candidate wins. */
const PATH_FIRST: readonly Candidate[] = [sameDocument, queryOnly, pathRelative, rootRelative];
const ROOT_FIRST: readonly Candidate[] = [sameDocument, rootRelative, pathRelative];

/** Every candidate for the same origin, shortest first; ties keep the order '', '#f', '?q', path, root, network. */
function allCandidates(t: Parts, b: Parts, dialect: Dialect): string[] {
	const found: string[] = [];
	for (const make of PATH_FIRST) {
		const candidate = make(t, b, dialect);
		if (candidate === null) continue;
		found.push(candidate);
		const dots = make === pathRelative ? withoutFinalSlash(candidate) : null;
		if (dots !== null) found.push(dots);
	}
	// A network-path only when nothing else is relative.
	if (found.length === 0 && t.hasAuthority) found.push(t.href.slice(t.schemeEnd + 1));
	return found.sort((x, y) => x.length - y.length); // Array#sort is stable: ties keep the order
}

/**
 * `.` for `./`, `..` for `../`, `../..` for `../../` (query and fragment kept): the same
 * directory, one character shorter. RFC 3986 §5.2.4 2B and 2C write a final "/." or "/.." as
 * "/", and RFC 2396 §5.2 steps 6d and 6f keep the "/" before a final "." or "<segment>/.."
 * (`pathRelative` only climbs over real segments, never "..").
 */
function withoutFinalSlash(candidate: string): string | null {
	let pathEnd = 0;
	while (pathEnd < candidate.length && candidate.charCodeAt(pathEnd) === CharCodes.Dot) {
		const next = candidate.charCodeAt(pathEnd + 1) === CharCodes.Dot ? pathEnd + 2 : pathEnd + 1;
		if (candidate.charCodeAt(next) !== CharCodes.Slash) return null;
		pathEnd = next + 1;
	}
	if (pathEnd === 0) return null;
	const c = candidate.charCodeAt(pathEnd);
	if (pathEnd < candidate.length && c !== CharCodes.Question && c !== CharCodes.Hash) return null;
	return candidate.slice(0, pathEnd - 1) + candidate.slice(pathEnd);
}

function sameScheme(t: Parts, b: Parts): boolean {
	if (t.schemeEnd !== b.schemeEnd) return false;
	for (let index = 0; index < t.schemeEnd; index++)
		if (t.href.charCodeAt(index) !== b.href.charCodeAt(index)) return false;
	return true;
}

/** `''` or `#fragment` when the target is the base document (RFC 3986 §4.4, RFC 2396 §4.2). */
function sameDocument(t: Parts, b: Parts, _dialect: Dialect): string | null {
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
	const target = t.path;
	if (target.charCodeAt(0) !== CharCodes.Slash) return null; // an empty target path has no relative path
	// RFC 2396 §5.2 step 6c–6f would remove the target's own dot segments.
	if (dialect === 'rfc2396' && hasDotSegment(target)) return null;
	// The directory: the base path up to its last "/" (RFC 3986 §5.2.3, RFC 2396 §5.2 step 6a).
	let directory = b.path;
	let directoryEnd = directory.lastIndexOf('/') + 1;
	if (directoryEnd === 0 || hasDotSegment(directory, 0, directoryEnd)) {
		const reduced = reducedDirectory(b, dialect);
		if (reduced === null) return null;
		directory = reduced;
		directoryEnd = reduced.length;
	}
	// Longest common run of whole directory segments: compare up to the last "/" both share.
	const limit = Math.min(directoryEnd, target.lastIndexOf('/') + 1);
	let common = 0;
	for (let index = 0; index < limit; index++) {
		const c = directory.charCodeAt(index);
		if (c !== target.charCodeAt(index)) break;
		if (c === CharCodes.Slash) common = index + 1;
	}
	// One "../" per directory segment not shared.
	let ups = 0;
	for (
		let slash = directory.indexOf('/', common);
		slash !== -1 && slash < directoryEnd;
		slash = directory.indexOf('/', slash + 1)
	)
		ups++;
	let rest = target.slice(common);
	if (ups === 0) {
		// "" would mean the current document, "/x" or "//x" a rooted or network path, "a:b" a scheme.
		if (rest === '' || rest.charCodeAt(0) === CharCodes.Slash || firstSegmentHasColon(rest)) rest = './' + rest;
	}
	return '../'.repeat(ups) + rest + t.query + t.fragment;
}

/**
 * The base directory when it is not simply the path up to its last "/": "/" for an authority
 * with an empty path (RFC 3986 §5.2.3), and after the dot-segment removal that resolution applies
 * to it as part of the merged path; null when the dialect would leave unpoppable segments
 * (RFC 2396 §5.2 step 6g) or there is no root to climb from.
 */
function reducedDirectory(b: Parts, dialect: Dialect): string | null {
	const directory = b.path === '' ? (b.hasAuthority ? '/' : '') : b.path.slice(0, b.path.lastIndexOf('/') + 1);
	if (directory.charCodeAt(0) !== CharCodes.Slash) return null;
	const reduced = dialect === 'rfc2396' ? removeDotSegments2396(directory) : removeDotSegments(directory);
	return dialect === 'rfc2396' && hasDotSegment(reduced) ? null : reduced;
}

/**
 * An absolute-path reference (RFC 3986 §4.2). A target path starting with "//" would read as a
 * network-path; `/.//x` resolves right where dot segments are removed (rfc3986, whatwg), and
 * RFC 2396 §5.2 step 5 never removes them, so there it has no root-relative form.
 */
function rootRelative(t: Parts, _b: Parts, dialect: Dialect): string | null {
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

/** RFC 2396 §3 / RFC 3986 §3: an authority, or a path starting with "/". */
function isHierarchical(p: Parts): boolean {
	return p.hasAuthority || p.href.charCodeAt(p.origin.length) === CharCodes.Slash;
}

/**
 * whatwg only: the candidate must resolve to the target, checked with `URL` itself, since the
 * WHATWG parser has scheme-specific rules (file: drive letters, non-special schemes) and Node's
 * `URL` its own quirks (`#f` against `http://a/?` drops the empty query). For rfc2396 and
 * rfc3986 the candidates above are right by construction; the property tests in
 * test/uri/relativize.test.ts check that over adversarial URIs without this net.
 */
function verify(candidate: string, base: string, target: string, dialect: Dialect, plain: boolean): boolean {
	// A plain target (`isPlainSerialization`: http(s)/ws(s)/ftp, no dot segments, no empty query
	// or fragment) is rebuilt exactly by the path, query and fragment candidates.
	if (dialect !== 'whatwg' || (plain && candidate.charCodeAt(0) !== CharCodes.Slash)) return true;
	try {
		return resolve(candidate, base, {dialect}) === target;
	} catch {
		return false;
	}
}

function canonical(uri: string, role: string): string {
	if (isPlainSerialization(uri)) return uri;
	const url = parseUrl(uri);
	if (url === null)
		throw optionError(
			role.toLowerCase(),
			'an absolute URL such as "https://example.com/page.html" (WHATWG URL parser failure)',
			uri,
		);
	return url.href;
}

/**
 * The target in the dialect's resolved form, split: rfc3986 removes dot segments (§5.2.2),
 * rfc2396 takes an absolute URI as it is (§5.2 step 3).
 */
function resolvedParts(target: string, dialect: Dialect): Parts {
	const parts = split(target, 'Target');
	if (dialect === 'rfc2396' || !hasDotSegment(target, parts.origin.length, parts.pathEnd)) return parts;
	return split(absolutize(target, {dialect})!);
}

/** One scan of an absolute URI into the pieces compared; a TypeError naming it when it has no scheme. */
function split(href: string, role?: string): Parts {
	const o: ReferenceOffsets = scanReference(href);
	if (role !== undefined && (o.schemeEnd === -1 || !isSchemeSyntax(href, 0, o.schemeEnd))) {
		throw optionError(
			role.toLowerCase(),
			'an absolute URI (RFC 3986 §4.3) such as "https://example.com/page.html"',
			href,
		);
	}
	return {
		href,
		schemeEnd: o.schemeEnd,
		origin: href.slice(0, o.pathStart),
		hasAuthority: o.authorityStart !== -1,
		pathEnd: o.pathEnd,
		queryStart: o.queryStart,
		fragmentStart: o.fragmentStart,
		path: '',
		query: '',
		fragment: '',
		detailed: false,
	};
}

/** Fill in path, query and fragment: only needed once the origins match. */
function detail(p: Parts): Parts {
	if (p.detailed) return p;
	const {href} = p;
	p.path = href.slice(p.origin.length, p.pathEnd);
	const queryEnd = p.fragmentStart === -1 ? href.length : p.fragmentStart - 1;
	p.query = p.queryStart === -1 ? '' : href.slice(p.queryStart - 1, queryEnd);
	p.fragment = p.fragmentStart === -1 ? '' : href.slice(p.fragmentStart - 1);
	p.detailed = true;
	return p;
}
