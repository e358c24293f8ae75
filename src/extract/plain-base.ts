/**
 * WHATWG resolution without a URL parse for the common case: a base URL that is its own
 * serialization, and a reference that the parser would copy through unchanged (no
 * character to percent-encode, no dot segment, no case to fold, no default port).
 * Anything else returns null: parse to know. test/extract/plain-base.test.ts checks every
 * answer against `new URL` (Node's parser is the reference for the `whatwg` dialect).
 *
 * Only the reference is checked, never the joined result; the base's parts are computed
 * once per base URL, and a {@link PlainResolver} keeps them for the last two bases it saw
 * (the document base and the document URL), as explicit state of one document's
 * resolution context, never shared between documents.
 *
 * Deviation from the house char-code scanners: the checks are small regular expressions
 * built from the named character classes below. Measured in the HTML extractor, where
 * references are slices of the page just tokenized, a JavaScript charCodeAt loop over
 * them cost as much as `new URL` itself, while the regex engine scans them natively at a
 * fifth of that.
 */
import {codeAt, knownString} from '../known-string.js';
import {isPlainSerialization} from '../uri/whatwg.js';

// URL Standard percent-encode sets, as the printable ASCII each section copies unchanged:
// path (all but `"` `#` `<` `>` `?` `` ` `` `{` `}`), special-query (all but `"` `#` `<`
// `>` `'`), fragment (all but `"` `#` `<` `>` `` ` ``). Conservative: backslash (a path
// separator in special URLs), and braces and backtick in queries, ask for a parse.
const QUERY_CHAR = String.raw`[!$-&(-;=?-\[\]-_a-z|~]`;
const FRAGMENT_CHAR = '[!$-;=?-_a-~]';
/** A path character other than "/". */
const SEGMENT_CHAR = String.raw`[!$-.0-;=@-\[\]-_a-z|~]`;
/**
 * A path segment that cannot be a single- or double-dot segment (`.`, `..`, `%2e`…):
 * conservatively, one that starts neither with "%" nor with "." then ".", "%", "/", "?",
 * "#" or the end. (Only the path has dot segments: the query and fragment are copied.)
 */
const SEGMENT = String.raw`(?!%|\.(?:[./?#%]|$))${SEGMENT_CHAR}*`;
/**
 * A path (then query, then fragment) the parser copies as written, without dot segments:
 * a relative reference's whole text, or what follows an authority. One anchored pass
 * (two regular expressions, one of them unanchored, cost twice as much).
 */
const PLAIN_TAIL = new RegExp(`^${SEGMENT}(?:\\/${SEGMENT})*(?:\\?${QUERY_CHAR}*)?(?:#${FRAGMENT_CHAR}*)?$`);
/** A ":" before any "/", "?" or "#": the reference may start with a scheme. */
const SCHEME_LIKE = /^[^/?#]*:/;

const SPECIAL_SCHEME = '(?:https?|wss?|ftp)';
const DNS_HOST = '(?:[a-z0-9-]+\\.)*[a-z0-9-]+';
const PORT = '(?::[1-9][0-9]{0,4})?';
/** `scheme://host[:port]` of a special URL, lower-case, ended by "/", "?", "#" or the end; group 1 the scheme, 2 the authority. */
const SPECIAL_PREFIX = new RegExp(`^(${SPECIAL_SCHEME}):\\/\\/(${DNS_HOST}${PORT})(?=[/?#]|$)`);
/** `//host[:port]` (a scheme-relative reference), ended as above; group 1 the authority. */
const AUTHORITY_PREFIX = new RegExp(`^\\/\\/(${DNS_HOST}${PORT})(?=[/?#]|$)`);
/**
 * Hosts the parser rewrites: IDNA-like labels (`xn--`, any "--"), an IPv4 address (URL
 * Standard "ends in a number": conservatively, any host ending in a digit or with a
 * label starting "0x").
 */
const HOST_NEEDS_PARSE = /--|[0-9]$|(?:^|\.)0x/;
/**
 * A DNS label the parser keeps (HOST_NEEDS_PARSE): letters and digits, single hyphens between
 * them (so no "--" anywhere in a host of such labels), not starting "0x". Conservative: a
 * label that starts or ends with a hyphen asks for the longer way (plainAbsolute).
 */
const PLAIN_LABEL = '(?!0x)[a-z0-9]+(?:-[a-z0-9]+)*';
/**
 * The common case of {@link SPECIAL_PREFIX} in one test: a special URL with a DNS host
 * that needs no rewriting (no "--", no label starting "0x", not ending in a digit: see
 * HOST_NEEDS_PARSE), no port, and a plain path: it is its own serialization. The host is
 * read once, label by label, its last character looked back at; a lookahead that searched
 * it for "--" and ".0x" first read it twice (over the corpus pages' absolute references
 * this test took 1.5 times as long).
 */
const PLAIN_SPECIAL_URL = new RegExp(
	String.raw`^${SPECIAL_SCHEME}:\/\/${PLAIN_LABEL}(?:\.${PLAIN_LABEL})*(?<=[a-z])\/${SEGMENT}(?:\/${SEGMENT})*(?:\?${QUERY_CHAR}*)?(?:#${FRAGMENT_CHAR}*)?$`,
);
/**
 * A non-special URL with an opaque path (URL Standard "opaque path state": the C0 control
 * percent-encode set leaves printable ASCII alone), without query or fragment.
 */
const PLAIN_OPAQUE = /^(?!(?:https?|wss?|ftp|file):)[a-z][a-z0-9+.-]*:(?!\/)[!-"$->@-~]*$/;

/**
 * A `file:` URL with an empty host that is its own serialization (URL Standard
 * #file-state, #file-slash-state, #file-host-state: `file:///a/b.html`; `file://localhost/`
 * serializes without the host, so it is not plain). Conservative: no path that starts with
 * a letter then ":" or "|" (#windows-drive-letter: `..` never removes a drive, a `/x`
 * keeps it; `|` becomes ":"), no empty first segment (`file:////a`), and no empty query or
 * fragment (as isPlainSerialization: Node drops them from the base when it resolves `""`).
 */
const PLAIN_FILE_URL = new RegExp(
	String.raw`^file:\/\/(?=\/)(?!\/[A-Za-z][:|]|\/\/)(?:\/${SEGMENT})+(?:\?${QUERY_CHAR}+)?(?:#${FRAGMENT_CHAR}+)?$`,
);
/** The length of `file://`: where a plain file URL's path starts. */
const FILE_PATH_START = 7;

/**
 * Whether `s` at `at` starts with a letter then ":" or "|": a Windows drive letter in a
 * file URL's first path segment (URL Standard #windows-drive-letter, #file-state), which
 * the parser may rewrite (`C|` to `C:`) or keep from the base: parse to know.
 */
function driveAt(s: string, at: number): boolean {
	const c = codeAt(s, at) | 0x20;
	if (c < 0x61 /* "a" */ || c > 0x7a /* "z" */) return false;
	const next = codeAt(s, at + 1);
	return next === 0x3a /* ":" */ || next === 0x7c /* "|" */;
}

/** The longest reference (UTF-16 units) the fast path tests; longer ones are parsed. */
const MAX_PLAIN_REFERENCE = 65536;

const DEFAULT_PORTS: Readonly<Record<string, string>> = {http: '80', https: '443', ws: '80', wss: '443', ftp: '21'};

/**
 * An authority the parser keeps as written: a DNS host that needs no rewriting and no
 * default port (`scheme` lower-case, from the regex match).
 */
function isPlainAuthority(authority: string, scheme: string): boolean {
	const colon = authority.indexOf(':');
	const host = colon < 0 ? authority : authority.slice(0, colon);
	if (HOST_NEEDS_PARSE.test(host)) return false;
	if (colon < 0) return true;
	const port = authority.slice(colon + 1);
	return port !== DEFAULT_PORTS[scheme] && Number(port) <= 65535;
}

/** The tail after an authority ending at `end`: an empty path serializes as "/" in special URLs. */
function withPath(prefix: string, ref: string, end: number): string | null {
	if (end === ref.length) return `${prefix}${ref}/`;
	const tail = ref.slice(end);
	if (!PLAIN_TAIL.test(tail)) return null;
	return codeAt(ref, end) === 0x2f /* "/" */ ? prefix + ref : `${prefix}${ref.slice(0, end)}/${tail}`;
}

/**
 * Whether `ref` is a special URL (http, https, ws, wss, ftp) with a DNS host the parser keeps,
 * no port, and a path, query and fragment it copies as written: it is its own serialization.
 *
 * @example
 * plainSpecialUrl('https://h.example/a?b'); // true
 * plainSpecialUrl('https://h.example/a/../b'); // false (a dot segment)
 */
export function plainSpecialUrl(ref: string): boolean {
	return PLAIN_SPECIAL_URL.test(ref);
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
	if (plainSpecialUrl(ref)) return ref;
	const match = SPECIAL_PREFIX.exec(ref);
	if (match === null) return PLAIN_OPAQUE.test(ref) ? ref : null;
	const [prefix, scheme = '', authority = ''] = match;
	if (!isPlainAuthority(authority, scheme)) return null;
	return withPath('', ref, prefix.length);
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
	/** `https` */
	private readonly scheme: string;
	/** `https://h.example` (with a port if any): everything before the path. */
	private readonly origin: string;
	/** Up to and including the last `/` of the path. */
	private readonly directory: string;
	/** Everything before the query (or the fragment when there is no query). */
	private readonly beforeQuery: string;
	/** Everything before the fragment. */
	private readonly beforeFragment: string;
	/** A `file:` base (PLAIN_FILE_URL): no `//host` reference, no drive letter in a path from the root. */
	private readonly file: boolean;

	private constructor(url: string, colon: number, pathStart: number, queryStart: number, fragmentStart: number) {
		this.url = url;
		this.scheme = url.slice(0, colon);
		this.file = this.scheme === 'file';
		this.origin = url.slice(0, pathStart);
		this.directory = url.slice(0, url.lastIndexOf('/', queryStart - 1) + 1);
		this.beforeQuery = url.slice(0, queryStart);
		this.beforeFragment = url.slice(0, fragmentStart);
	}

	/**
	 * The parts of `url`, or null when it is not a plain serialization (an http(s), ws(s) or
	 * ftp URL, or a `file:` URL with an empty host: PLAIN_FILE_URL).
	 */
	static of(url: string): PlainBase | null {
		let colon: number;
		let pathStart: number;
		if (isPlainSerialization(url)) {
			colon = url.indexOf(':');
			// A plain serialization has "//", a host without "/", then a path starting with "/".
			pathStart = url.indexOf('/', colon + 3);
		} else if (PLAIN_FILE_URL.test(url)) {
			colon = FILE_PATH_START - 3;
			pathStart = FILE_PATH_START;
		} else {
			return null;
		}
		let fragmentStart = url.indexOf('#', pathStart);
		if (fragmentStart < 0) fragmentStart = url.length;
		let queryStart = url.indexOf('?', pathStart);
		if (queryStart < 0 || queryStart > fragmentStart) queryStart = fragmentStart;
		return new PlainBase(url, colon, pathStart, queryStart, fragmentStart);
	}

	/**
	 * `new URL(ref, this.url).href` when it needs no parse to know, else null (URL Standard
	 * "relative state"). The first character decides which one pass applies: "/", "?" and
	 * "#" start no scheme, and a canonical http(s), ws(s) or ftp URL, two thirds of the
	 * references of the corpus pages, is recognized whole before anything else is tried.
	 *
	 * `owned`, the same text as `reference` in another string (a copy that keeps no input
	 * alive: CoreOptions.own), is what the URL is made of; `reference` (as read from the
	 * input) is what is tested. Measured over the corpus pages' references: testing the
	 * fresh copy (detach.ts: a join, flattened) instead made the Links 8% slower to make.
	 */
	resolve(reference: string, owned: string = reference): string | null {
		const ref = knownString(reference);
		if (ref.length === 0) return this.beforeFragment;
		// The path regexes repeat once per segment: a multi-megabyte reference of short segments
		// overflows the regex engine's stack (an 8 MB `a/a/…` did). Long references go to the parser.
		if (ref.length > MAX_PLAIN_REFERENCE) return null;
		const c = codeAt(ref, 0);
		if (c === 0x2f /* "/" */) {
			// A file URL's host (#file-host-state: `//localhost`) and a drive from the root (#file-slash-state): parse.
			if (this.file && (codeAt(ref, 1) === 0x2f || driveAt(ref, 1))) return null;
			if (codeAt(ref, 1) === 0x2f) {
				// "relative slash state", "special authority ignore slashes state": the base's scheme, the reference's host.
				const match = AUTHORITY_PREFIX.exec(owned);
				if (match === null || !isPlainAuthority(match[1] ?? '', this.scheme)) return null;
				return withPath(`${this.scheme}:`, owned, match[0].length);
			}
			return PLAIN_TAIL.test(ref) ? this.origin + owned : null; // "path state" from the root
		}
		// "query state": the base's path; "fragment state": the base's path and query.
		if (c === 0x3f /* "?" */) return PLAIN_TAIL.test(ref) ? this.beforeQuery + owned : null;
		if (c === 0x23 /* "#" */) return PLAIN_TAIL.test(ref) ? this.beforeFragment + owned : null;
		// "f", "h", "w": the first letters of ftp, http(s) and ws(s).
		if ((c === 0x66 || c === 0x68 || c === 0x77) && PLAIN_SPECIAL_URL.test(ref)) return owned;
		// A "." starts no scheme ("scheme start state" wants a letter).
		if (c === 0x2e /* "." */) return this.dotted(owned);
		if (SCHEME_LIKE.test(ref)) return plainAbsolute(owned);
		// #file-state: a reference that starts with a drive letter (`C|/x`) replaces the base's path.
		if (this.file && driveAt(ref, 0)) return null;
		return PLAIN_TAIL.test(ref) ? this.directory + owned : null; // "path state" after the base's last segment
	}

	/**
	 * A relative path that starts with single- and double-dot segments (`../x.html#y`, `./x`:
	 * the links between the pages of generated documentation), else null. URL Standard "path
	 * state": a `.` segment adds nothing, a `..` one drops the last segment of the base's
	 * folder ("shorten a URL's path": never the root), and either, ended by "?", "#" or the end
	 * rather than "/", leaves the folder's trailing "/". What follows must be a plain tail
	 * without dot segments (PLAIN_TAIL), joined to the folder left.
	 */
	private dotted(ref: string): string | null {
		const {url} = this;
		// The folder never shrinks past the path's first "/".
		const root = this.origin.length + 1;
		let end = this.directory.length;
		let at = 0;
		while (codeAt(ref, at) === 0x2e /* "." */) {
			const up = codeAt(ref, at + 1) === 0x2e;
			const next = up ? at + 2 : at + 1;
			const after = codeAt(ref, next);
			// `.x`, `..x`, `...`: a segment of its own, left to PLAIN_TAIL (which refuses the dotted ones).
			if (next < ref.length && after !== 0x2f /* "/" */ && after !== 0x3f /* "?" */ && after !== 0x23 /* "#" */) break;
			if (up && end > root) end = url.lastIndexOf('/', end - 2) + 1;
			at = after === 0x2f ? next + 1 : next;
		}
		const rest = at === 0 ? ref : ref.slice(at);
		// #path-state: a drive letter segment at the root of a file URL becomes `C:`.
		if (this.file && driveAt(rest, 0)) return null;
		if (!PLAIN_TAIL.test(rest)) return null;
		return end === this.directory.length ? this.directory + rest : url.slice(0, end) + rest;
	}
}

/**
 * {@link PlainBase} parts for the last two base URLs seen, made on first use.
 *
 * @example
 * const resolver = new PlainResolver();
 * resolver.resolve('/x', 'https://h.example/a/b'); // 'https://h.example/x'
 * resolver.resolve('x', 'file:///a/b.html'); // 'file:///a/x'
 * resolver.resolve('x', 'file://localhost/a'); // null (not a plain base)
 */
export class PlainResolver {
	private first: PlainBase | null = null;
	private firstUrl: string | undefined;
	private second: PlainBase | null = null;
	private secondUrl: string | undefined;

	/** `new URL(ref, base).href` when it needs no parse to know, else null; made of `owned` (see PlainBase.resolve). */
	resolve(ref: string, base: string, owned: string = ref): string | null {
		if (base === this.firstUrl) return this.first === null ? null : this.first.resolve(ref, owned);
		if (base === this.secondUrl) return this.second === null ? null : this.second.resolve(ref, owned);
		// Keep the most recent first.
		this.second = this.first;
		this.secondUrl = this.firstUrl;
		this.first = PlainBase.of(base);
		this.firstUrl = base;
		return this.first === null ? null : this.first.resolve(ref, owned);
	}
}
