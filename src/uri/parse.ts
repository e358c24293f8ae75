/**
 * RFC 2396 §4.3 / Appendix B decomposition of a URI reference, with a char-code
 * scanner instead of the Appendix B regular expression, and its inverse (§5.2 step 7).
 *
 * `undefined` means the separator is absent, `''` that it is present but empty
 * (RFC 2396 §5.2 note; RFC 3986 §5.3).
 */
import type {UriReference} from '../types.js';
import {checkString} from './options.js';

/** Characters the scanners name. */
export const CharCodes = {
	Percent: 0x25, // "%"
	Plus: 0x2b, // "+"
	Minus: 0x2d, // "-"
	Dot: 0x2e, // "."
	Slash: 0x2f, // "/"
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	Colon: 0x3a, // ":"
	Question: 0x3f, // "?"
	At: 0x40, // "@"
	UpperA: 0x41, // "A"
	UpperF: 0x46, // "F"
	UpperZ: 0x5a, // "Z"
	LeftBracket: 0x5b, // "["
	Backslash: 0x5c, // "\"
	RightBracket: 0x5d, // "]"
	LowerA: 0x61, // "a"
	LowerF: 0x66, // "f"
	LowerZ: 0x7a, // "z"
	Hash: 0x23, // "#"
	Semicolon: 0x3b, // ";"
} as const;

/**
 * Offsets of the Appendix B components in one string: each `*Start`/`*End` pair is
 * half-open; -1 in a start means the component (and its separator) is absent.
 * `schemeEnd` is the index of the ":" (or -1), `authorityStart` the index after "//".
 */
export interface ReferenceOffsets {
	schemeEnd: number;
	authorityStart: number;
	authorityEnd: number;
	pathStart: number;
	pathEnd: number;
	queryStart: number;
	fragmentStart: number;
}

/**
 * RFC 2396 Appendix B as a scanner: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
 * The first "#" ends everything before the fragment and the first "?" before it ends the path,
 * so those two are found with `indexOf`; only the scheme is walked character by character.
 */
export function scanReference(ref: string): ReferenceOffsets {
	const length = ref.length;
	const hash = ref.indexOf('#');
	const beforeFragment = hash === -1 ? length : hash;
	let question = ref.indexOf('?');
	if (question > beforeFragment) question = -1;
	const pathLimit = question === -1 ? beforeFragment : question;
	let schemeEnd = -1;
	// Appendix B group 2: ([^:/?#]+): — a scheme needs at least one character before ":".
	for (let index = 0; index < pathLimit; index++) {
		const c = ref.charCodeAt(index);
		if (c === CharCodes.Colon) {
			if (index > 0) schemeEnd = index;
			break;
		}
		if (c === CharCodes.Slash) break;
	}
	let pathStart = schemeEnd + 1;
	let authorityStart = -1;
	let authorityEnd = -1;
	// Appendix B group 4: (//([^/?#]*))?
	if (
		pathStart + 1 < pathLimit &&
		ref.charCodeAt(pathStart) === CharCodes.Slash &&
		ref.charCodeAt(pathStart + 1) === CharCodes.Slash
	) {
		authorityStart = pathStart + 2;
		const slash = ref.indexOf('/', authorityStart);
		authorityEnd = slash === -1 || slash > pathLimit ? pathLimit : slash;
		pathStart = authorityEnd;
	}
	// Appendix B groups 5, 7 and 9: path up to "?" or "#", query up to "#", fragment
	return {
		schemeEnd,
		authorityStart,
		authorityEnd,
		pathStart,
		pathEnd: pathLimit,
		queryStart: question === -1 ? -1 : question + 1,
		fragmentStart: hash === -1 ? -1 : hash + 1,
	};
}

/**
 * Split a URI reference into its RFC 2396 Appendix B components, with the authority
 * further split into userinfo, host and port (RFC 3986 §3.2; IP literals per RFC 2732).
 *
 * @example
 * parseReference('http://u@[::1]:8080/p?q#f');
 * // {scheme: 'http', authority: 'u@[::1]:8080', userinfo: 'u', host: '[::1]', port: '8080',
 * //  path: '/p', query: 'q', fragment: 'f'}
 */
export function parseReference(ref: string): UriReference {
	if (typeof ref !== 'string') checkString('ref', ref);
	const o = scanReference(ref);
	const parts: UriReference = {path: ref.slice(o.pathStart, o.pathEnd)};
	if (o.schemeEnd !== -1) parts.scheme = ref.slice(0, o.schemeEnd);
	if (o.authorityStart !== -1) splitAuthority(ref.slice(o.authorityStart, o.authorityEnd), parts);
	if (o.queryStart !== -1) {
		parts.query = ref.slice(o.queryStart, o.fragmentStart === -1 ? ref.length : o.fragmentStart - 1);
	}
	if (o.fragmentStart !== -1) parts.fragment = ref.slice(o.fragmentStart);
	return parts;
}

/**
 * RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ].
 * userinfo ends at the last "@" (a valid userinfo holds none; browsers split at the last one too);
 * an IP literal `[...]` (RFC 2732, RFC 3986 §3.2.2) may hold ":"; the port is what follows the
 * last ":" outside brackets. An unclosed "[" runs to the end of the authority.
 */
function splitAuthority(authority: string, parts: UriReference): void {
	parts.authority = authority;
	const at = authority.lastIndexOf('@');
	let hostStart = 0;
	if (at !== -1) {
		parts.userinfo = authority.slice(0, at);
		hostStart = at + 1;
	}
	let colon = -1;
	let inBrackets = false;
	for (let index = hostStart; index < authority.length; index++) {
		const c = authority.charCodeAt(index);
		if (c === CharCodes.LeftBracket) inBrackets = true;
		else if (c === CharCodes.RightBracket) inBrackets = false;
		else if (c === CharCodes.Colon && !inBrackets) colon = index;
	}
	if (colon === -1) {
		parts.host = authority.slice(hostStart);
	} else {
		parts.host = authority.slice(hostStart, colon);
		parts.port = authority.slice(colon + 1);
	}
}

/**
 * Recompose components into a reference: RFC 2396 §5.2 step 7, RFC 3986 §5.3.
 * `authority` wins when set; otherwise it is built from `userinfo`, `host` and `port`
 * (when `host` is set). `recompose(parseReference(s)) === s` for every string.
 * Components are taken as they are: nothing is escaped or checked.
 *
 * @example
 * recompose({scheme: 'http', host: 'a', path: '/b', query: ''}); // 'http://a/b?'
 */
export function recompose(parts: UriReference): string {
	let result = '';
	if (parts.scheme !== undefined) result += parts.scheme + ':';
	const authority = parts.authority ?? composeAuthority(parts);
	if (authority !== undefined) result += '//' + authority;
	// Deviation: RFC 3986 §3.3 forbids a path starting with "//" without an authority, yet §5.2.4
	// can make one (`..//b` against `foo:/a`). Written as is it would read as an authority, so it
	// gets a "/." prefix, as the WHATWG URL Standard serializes such paths. Parsed input never
	// has this shape, so recompose(parseReference(s)) === s still holds.
	else if (parts.path.charCodeAt(0) === CharCodes.Slash && parts.path.charCodeAt(1) === CharCodes.Slash) result += '/.';
	result += parts.path;
	if (parts.query !== undefined) result += '?' + parts.query;
	if (parts.fragment !== undefined) result += '#' + parts.fragment;
	return result;
}

function composeAuthority(parts: UriReference): string | undefined {
	if (parts.host === undefined) return undefined;
	let authority = parts.userinfo === undefined ? '' : parts.userinfo + '@';
	authority += parts.host;
	if (parts.port !== undefined) authority += ':' + parts.port;
	return authority;
}

/** RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), over `[start, end)`. */
export function isSchemeSyntax(s: string, start: number, end: number): boolean {
	if (end <= start || !isAlpha(s.charCodeAt(start))) return false;
	for (let index = start + 1; index < end; index++) {
		const c = s.charCodeAt(index);
		if (
			!isAlpha(c) &&
			!(c >= CharCodes.Zero && c <= CharCodes.Nine) &&
			c !== CharCodes.Plus &&
			c !== CharCodes.Minus &&
			c !== CharCodes.Dot
		)
			return false;
	}
	return true;
}

export function isAlpha(c: number): boolean {
	return (c >= CharCodes.UpperA && c <= CharCodes.UpperZ) || (c >= CharCodes.LowerA && c <= CharCodes.LowerZ);
}

/**
 * True when `ref` is an absolute URI: it starts with a syntactically valid scheme and ":"
 * (RFC 3986 §4.3, RFC 2396 §3.1).
 *
 * @example
 * isAbsolute('mailto:x'); // true
 * isAbsolute('//host/p'); // false
 */
export function isAbsolute(ref: string): boolean {
	// scanReference's scheme alone (Appendix B group 2: what precedes the first ":" when no "/", "?" or "#" comes
	// before it), without the other components: a rewrite asks this of every reference.
	for (let index = 0; index < ref.length; index++) {
		const c = ref.charCodeAt(index);
		if (c === CharCodes.Colon) return index > 0 && isSchemeSyntax(ref, 0, index);
		if (c === CharCodes.Slash || c === CharCodes.Question || c === CharCodes.Hash) return false;
	}
	return false;
}
