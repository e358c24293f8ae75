/**
 * WHATWG resolution without a URL parse for the common case: a base URL that is its own
 * serialization, and a reference that the parser would copy through unchanged (no
 * character to percent-encode, no dot segment, no case to fold, no default port).
 * Anything else returns null: parse to know. test/extract/plain-base.test.ts checks every
 * answer against `new URL` (Node's parser is the reference for the `whatwg` dialect).
 *
 * Only the reference is scanned, never the joined result (a joined string would be
 * flattened to scan it, and the base part is known good): the base's parts are computed
 * once per base URL, and a {@link PlainResolver} keeps them for the last two bases it saw
 * (the document base and the document URL), as explicit state of one document's
 * resolution context, never shared between documents.
 */
import {isPlainSerialization} from '../uri/whatwg.js';

const CharCodes = {
	Space: 0x20, // " "
	NumberSign: 0x23, // "#"
	Percent: 0x25, // "%"
	Hyphen: 0x2d, // "-"
	Dot: 0x2e, // "."
	Solidus: 0x2f, // "/"
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	Colon: 0x3a, // ":"
	QuestionMark: 0x3f, // "?"
	LowerA: 0x61, // "a"
	LowerZ: 0x7a, // "z"
	Tilde: 0x7e, // "~"
} as const;

/** Bits of {@link SECTIONS}: the URL part a character can be copied into unchanged. */
const Section = {Path: 1, Query: 2, Fragment: 4} as const;
type Section = (typeof Section)[keyof typeof Section];

/**
 * For printable ASCII: the sections that leave it alone. URL Standard percent-encode sets:
 * path (`"` `#` `<` `>` `?` `` ` `` `{` `}`), special-query (`"` `#` `<` `>` `'`), fragment
 * (`"` `<` `>` `` ` ``). Conservative: backslash (a path separator in special URLs) and
 * braces and backtick in queries also ask for a parse; `?` and `#` switch sections.
 */
const SECTIONS = buildSections();

function buildSections(): Uint8Array {
	const table = new Uint8Array(128);
	const allow = (section: Section, excluded: string): void => {
		for (let c = CharCodes.Space + 1; c <= CharCodes.Tilde; c++) {
			if (!excluded.includes(String.fromCharCode(c))) table[c] = (table[c] ?? 0) | section;
		}
	};
	allow(Section.Path, '"#<>?`{}\\');
	allow(Section.Query, '"#<>\'`{}\\');
	allow(Section.Fragment, '"#<>`');
	return table;
}

/**
 * Whether `s` from `start` (inside `section`) is copied unchanged by the parser: every
 * character allowed where it stands, and no path segment that may be a dot segment.
 */
function isPlainTail(s: string, start: number, section: Section): boolean {
	for (let i = start; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c < 0x80 && ((SECTIONS[c] ?? 0) & section) !== 0) {
			if (c === CharCodes.Solidus && section === Section.Path && mayBeDotSegment(s, i + 1)) return false;
		} else if (c === CharCodes.QuestionMark && section === Section.Path) {
			section = Section.Query;
		} else if (c === CharCodes.NumberSign && section !== Section.Fragment) {
			section = Section.Fragment;
		} else {
			return false;
		}
	}
	return true;
}

/** A path segment at `i` that may be "." or ".." (URL Standard single- and double-dot segments, `%2e` too). */
function mayBeDotSegment(s: string, i: number): boolean {
	const c = s.charCodeAt(i);
	if (c === CharCodes.Percent) return true; // "%2e…": rare, let the parser decide
	if (c !== CharCodes.Dot) return false;
	const d = s.charCodeAt(i + 1);
	if (d === CharCodes.Dot || d === CharCodes.Percent) return true;
	return Number.isNaN(d) || d === CharCodes.Solidus || d === CharCodes.QuestionMark || d === CharCodes.NumberSign;
}

/**
 * The default port of a special scheme with a host (URL Standard: http 80, https 443, ws 80,
 * wss 443, ftp 21) spelled in lower case as `s[0, colon)`, else -1. Compared by char codes:
 * indexing an object with a freshly sliced key costs a string-table lookup per call.
 */
function defaultPort(s: string, colon: number): number {
	const c0 = s.charCodeAt(0);
	const c1 = s.charCodeAt(1);
	if (colon === 4 && s.startsWith('http')) return 80;
	if (colon === 5 && s.startsWith('https')) return 443;
	if (c0 === 0x77 /* "w" */ && c1 === 0x73 /* "s" */) return colon === 2 ? 80 : colon === 3 && s.charCodeAt(2) === 0x73 ? 443 : -1;
	return colon === 3 && s.startsWith('ftp') ? 21 : -1;
}

/**
 * End of `//host[:port]` at `start` when the parser keeps it as written (a lower-case DNS
 * name that is not an IPv4 address nor IDNA, a non-default port without leading zero), else -1.
 */
function authorityEnd(s: string, start: number, defaultPort: number): number {
	if (s.charCodeAt(start) !== CharCodes.Solidus || s.charCodeAt(start + 1) !== CharCodes.Solidus) return -1;
	const hostStart = start + 2;
	let labelStart = hostStart;
	let i = hostStart;
	for (; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c === CharCodes.Dot) {
			if (i === labelStart) return -1; // empty label
			labelStart = i + 1;
		} else if (c === CharCodes.Hyphen) {
			if (i === labelStart + 2 && s.charCodeAt(i + 1) === CharCodes.Hyphen) return -1; // "xn--" and the like: IDNA
		} else if (!((c >= CharCodes.LowerA && c <= CharCodes.LowerZ) || (c >= CharCodes.Zero && c <= CharCodes.Nine))) {
			break;
		}
	}
	if (i === labelStart) return -1; // empty host, or a trailing "."
	// URL Standard "ends in a number": a last label of digits (or 0x…) makes an IPv4 address.
	const last = s.charCodeAt(i - 1);
	if ((last >= CharCodes.Zero && last <= CharCodes.Nine) || s.startsWith('0x', labelStart)) return -1;
	if (s.charCodeAt(i) !== CharCodes.Colon) return endsAuthority(s, i) ? i : -1;
	const portStart = i + 1;
	let port = 0;
	for (i = portStart; i < s.length && i - portStart <= 5; i++) {
		const c = s.charCodeAt(i);
		if (c < CharCodes.Zero || c > CharCodes.Nine) break;
		port = port * 10 + c - CharCodes.Zero;
	}
	if (i === portStart || s.charCodeAt(portStart) === CharCodes.Zero || i - portStart > 5 || port > 65535 || port === defaultPort) return -1;
	return endsAuthority(s, i) ? i : -1;
}

/** The authority ends at `i`: the end, or "/", "?" or "#" (anything else, "@" or an upper-case letter, needs a parse). */
function endsAuthority(s: string, i: number): boolean {
	const c = s.charCodeAt(i);
	return Number.isNaN(c) || c === CharCodes.Solidus || c === CharCodes.QuestionMark || c === CharCodes.NumberSign;
}

/**
 * `new URL(ref).href` for an absolute `ref` that needs no parse to know, else null:
 * a special URL whose parts are kept as written (an empty path becomes "/"), or a
 * non-special URL with an opaque path of printable ASCII and no query or fragment.
 *
 * @example
 * plainAbsolute('https://h.example?q'); // 'https://h.example/?q'
 * plainAbsolute('javascript:void(0)'); // 'javascript:void(0)'
 * plainAbsolute('HTTP://h.example/'); // null (the parser lower-cases the scheme)
 */
export function plainAbsolute(ref: string): string | null {
	const colon = schemeEnd(ref);
	if (colon <= 0) return null;
	const port = defaultPort(ref, colon);
	if (port < 0) return isPlainOpaque(ref, colon) ? ref : null;
	const end = authorityEnd(ref, colon + 1, port);
	if (end < 0) return null;
	if (ref.charCodeAt(end) === CharCodes.Solidus) return isPlainTail(ref, end, Section.Path) ? ref : null;
	// An empty path serializes as "/" in special URLs.
	return isPlainTail(ref, end, Section.Path) ? `${ref.slice(0, end)}/${ref.slice(end)}` : null;
}

/** Index of the ":" after a lower-case scheme (`[a-z][a-z0-9+.-]*`) at the start of `s`, else -1. */
function schemeEnd(s: string): number {
	const first = s.charCodeAt(0);
	if (!(first >= CharCodes.LowerA && first <= CharCodes.LowerZ)) return -1;
	for (let i = 1; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c === CharCodes.Colon) return i;
		const ok = (c >= CharCodes.LowerA && c <= CharCodes.LowerZ) || (c >= CharCodes.Zero && c <= CharCodes.Nine) || c === 0x2b /* "+" */ || c === CharCodes.Hyphen || c === CharCodes.Dot;
		if (!ok) return -1;
	}
	return -1;
}

/** URL Standard "opaque path state", C0 control percent-encode set: printable ASCII is kept; no "?" or "#" here. */
function isPlainOpaque(s: string, colon: number): boolean {
	if (s.startsWith('file:') || s.charCodeAt(colon + 1) === CharCodes.Solidus) return false;
	for (let i = colon + 1; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c <= CharCodes.Space || c > CharCodes.Tilde || c === CharCodes.QuestionMark || c === CharCodes.NumberSign) return false;
	}
	return true;
}

/**
 * The prefixes of a plain base URL that a relative reference replaces the rest of.
 *
 * @example
 * const base = PlainBase.of('https://h.example/a/b?q#f');
 * base?.resolve('c'); // 'https://h.example/a/c'
 * base?.resolve('../c'); // null (a dot segment: parse to know)
 */
export class PlainBase {
	readonly url: string;
	/** `https:` */
	private readonly scheme: string;
	private readonly defaultPort: number;
	/** `https://h.example` (with a port if any): everything before the path. */
	private readonly origin: string;
	/** Up to and including the last `/` of the path. */
	private readonly directory: string;
	/** Everything before the query (or the fragment when there is no query). */
	private readonly beforeQuery: string;
	/** Everything before the fragment. */
	private readonly beforeFragment: string;

	private constructor(url: string, colon: number, pathStart: number, queryStart: number, fragmentStart: number) {
		this.url = url;
		this.scheme = url.slice(0, colon + 1);
		this.defaultPort = defaultPort(url, colon);
		this.origin = url.slice(0, pathStart);
		this.directory = url.slice(0, url.lastIndexOf('/', queryStart - 1) + 1);
		this.beforeQuery = url.slice(0, queryStart);
		this.beforeFragment = url.slice(0, fragmentStart);
	}

	/** The parts of `url`, or null when it is not a plain serialization (an http(s), ws(s) or ftp URL). */
	static of(url: string): PlainBase | null {
		if (!isPlainSerialization(url)) return null;
		const colon = url.indexOf(':');
		// A plain serialization has "//", a host without "/", then a path starting with "/".
		const pathStart = url.indexOf('/', colon + 3);
		let fragmentStart = url.indexOf('#', pathStart);
		if (fragmentStart < 0) fragmentStart = url.length;
		let queryStart = url.indexOf('?', pathStart);
		if (queryStart < 0 || queryStart > fragmentStart) queryStart = fragmentStart;
		return new PlainBase(url, colon, pathStart, queryStart, fragmentStart);
	}

	/** `new URL(ref, this.url).href` when it needs no parse to know, else null (URL Standard "relative state"). */
	resolve(ref: string): string | null {
		if (ref.length === 0) return this.beforeFragment;
		const c = ref.charCodeAt(0);
		if (c === CharCodes.Solidus) {
			if (ref.charCodeAt(1) !== CharCodes.Solidus) return isPlainTail(ref, 0, Section.Path) ? this.origin + ref : null;
			// "relative slash state" then "special authority ignore slashes state": the base's scheme, the reference's host.
			const end = authorityEnd(ref, 0, this.defaultPort);
			if (end < 0 || !isPlainTail(ref, end, Section.Path)) return null;
			return ref.charCodeAt(end) === CharCodes.Solidus ? this.scheme + ref : `${this.scheme}${ref.slice(0, end)}/${ref.slice(end)}`;
		}
		if (c === CharCodes.QuestionMark) return isPlainTail(ref, 1, Section.Query) ? this.beforeQuery + ref : null;
		if (c === CharCodes.NumberSign) return isPlainTail(ref, 1, Section.Fragment) ? this.beforeFragment + ref : null;
		// A ":" before any "/", "?" or "#" may end a scheme: an absolute URL.
		for (let i = 1; i < ref.length; i++) {
			const d = ref.charCodeAt(i);
			if (d === CharCodes.Colon) return plainAbsolute(ref);
			if (d === CharCodes.Solidus || d === CharCodes.QuestionMark || d === CharCodes.NumberSign) break;
		}
		// "path state" from the base's directory: the first segment starts here.
		return !mayBeDotSegment(ref, 0) && isPlainTail(ref, 0, Section.Path) ? this.directory + ref : null;
	}
}

/**
 * {@link PlainBase} parts for the last two base URLs seen, made on first use.
 *
 * @example
 * const resolver = new PlainResolver();
 * resolver.resolve('/x', 'https://h.example/a/b'); // 'https://h.example/x'
 * resolver.resolve('x', 'file:///a'); // null (not a plain base)
 */
export class PlainResolver {
	private first: PlainBase | null = null;
	private firstUrl: string | undefined;
	private second: PlainBase | null = null;
	private secondUrl: string | undefined;

	/** `new URL(ref, base).href` when it needs no parse to know, else null. */
	resolve(ref: string, base: string): string | null {
		if (base === this.firstUrl) return this.first === null ? null : this.first.resolve(ref);
		if (base === this.secondUrl) return this.second === null ? null : this.second.resolve(ref);
		// Keep the most recent first.
		this.second = this.first;
		this.secondUrl = this.firstUrl;
		this.first = PlainBase.of(base);
		this.firstUrl = base;
		return this.first === null ? null : this.first.resolve(ref);
	}
}
