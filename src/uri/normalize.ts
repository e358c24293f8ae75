/**
 * Syntax-based and scheme-based normalization: RFC 3986 §6.2.2 and §6.2.3, RFC 2396 §6.
 */
import type {Dialect, NormalizeOptions, UriReference} from '../types.js';
import {removeDotSegments} from './dot-segments.js';
import {CharCodes, parseReference, recompose, scanReference} from './parse.js';
import {isEscapeAt, normalizeEscapes} from './percent.js';
import {checkDialect, checkOptions, checkString} from './options.js';
import {parseUrl} from './whatwg.js';

/** RFC 3986 §6.2.3: ports that are the scheme's default and so are dropped. */
const DEFAULT_PORTS: Readonly<Record<string, string>> = {http: '80', https: '443', ftp: '21', ws: '80', wss: '443'};

/** RFC 3986 §6.2.3: schemes whose empty path with an authority is "/" (RFC 9110 §4.2.3). */
const EMPTY_PATH_IS_ROOT: ReadonlySet<string> = new Set(['http', 'https']);

/**
 * Normalize a URI so that equivalent spellings compare equal as strings. Idempotent.
 *
 * - `rfc3986`: scheme and host in lower case (§6.2.2.1), escapes in upper case and unreserved
 *   ones decoded (§6.2.2.2; never `%2F`, `%25`, `%0D%0A` or another reserved or excluded octet),
 *   dot segments removed (§6.2.2.3; not in a relative-path reference, whose meaning depends on
 *   its base), default port and empty port dropped, empty http(s) path made "/" (§6.2.3).
 * - `rfc2396`: the same, with the §2.3 marks (`!*'()`) as unreserved, and dot segments kept, as
 *   §5.2 step 3 keeps an absolute URI's.
 * - `whatwg` (default): `new URL(uri).href`, then the §6.2.2.2 escape normalization in userinfo,
 *   path, query and fragment, which the WHATWG serializer leaves alone. The result is its own
 *   WHATWG serialization again. Throws a TypeError when `URL` cannot parse `uri`.
 *
 * @example
 * normalize('HTTP://Example.COM:80/a/./b/../%7euser?%3f', {dialect: 'rfc3986'});
 * // 'http://example.com/a/~user?%3F'
 */
export function normalize(uri: string, options?: NormalizeOptions): string {
	checkString('uri', uri);
	const dialect: Dialect = checkDialect(checkOptions(options)?.dialect);
	if (dialect === 'whatwg') return normalizeWhatwg(uri);
	const parts = parseReference(uri);
	const out: UriReference = {path: normalizeEscapes(parts.path, dialect)};
	const scheme = parts.scheme?.toLowerCase();
	if (scheme !== undefined) out.scheme = scheme; // §6.2.2.1
	if (parts.host !== undefined) {
		if (parts.userinfo !== undefined) out.userinfo = normalizeEscapes(parts.userinfo, dialect);
		out.host = normalizeHost(parts.host, dialect);
		// §6.2.3: a port that is empty or the scheme's default is omitted, unless a ":" left in a
		// (malformed) host would then be read as the port's
		const droppable = parts.port === '' || DEFAULT_PORTS[scheme ?? ''] === parts.port;
		if (parts.port !== undefined && (!droppable || hasBareColon(out.host))) out.port = parts.port;
	}
	// §6.2.2.3: not for a relative-path reference, where ".." means "up from the base"
	const relativePath = scheme === undefined && out.path.charCodeAt(0) !== CharCodes.Slash;
	if (dialect === 'rfc3986' && !relativePath) out.path = removeDotSegments(out.path);
	if (out.path === '' && out.host !== undefined && EMPTY_PATH_IS_ROOT.has(scheme ?? '')) out.path = '/';
	if (parts.query !== undefined) out.query = normalizeEscapes(parts.query, dialect);
	if (parts.fragment !== undefined) out.fragment = normalizeEscapes(parts.fragment, dialect);
	return recompose(out);
}

/**
 * RFC 3986 §6.2.2.1: a host is case-insensitive, so lower case outside its escapes, which get
 * §6.2.2.2 (unreserved decoded, the rest in upper case).
 */
function normalizeHost(host: string, dialect: Dialect): string {
	const escaped = normalizeEscapes(host, dialect);
	let out = '';
	for (let index = 0; index < escaped.length; index++) {
		if (isEscapeAt(escaped, index)) {
			out += escaped.slice(index, index + 3);
			index += 2;
		} else {
			const c = escaped.charCodeAt(index);
			out += c >= CharCodes.UpperA && c <= CharCodes.UpperZ ? String.fromCharCode(c | 0x20) : escaped[index];
		}
	}
	return out;
}

/** A ":" outside "[...]": the port split (RFC 3986 §3.2) would take what follows it. */
function hasBareColon(host: string): boolean {
	let inBrackets = false;
	for (let index = 0; index < host.length; index++) {
		const c = host.charCodeAt(index);
		if (c === CharCodes.LeftBracket) inBrackets = true;
		else if (c === CharCodes.RightBracket) inBrackets = false;
		else if (c === CharCodes.Colon && !inBrackets) return true;
	}
	return false;
}

function normalizeWhatwg(uri: string): string {
	const parsed = parseUrl(uri);
	if (parsed === null)
		throw new TypeError(`Cannot normalize ${JSON.stringify(uri)}: not a URL (WHATWG URL parser failure)`);
	const href = parsed.href;
	// Scheme and host are already in the WHATWG serialization; the rest gets §6.2.2.2. In a
	// serialized URL the userinfo has "/", "?", "#" and "@" escaped, so Appendix B splits it right.
	const o = scanReference(href);
	if (o.authorityStart === -1) return href.slice(0, o.pathStart) + normalizeEscapes(href.slice(o.pathStart));
	const at = href.lastIndexOf('@', o.authorityEnd);
	const userinfo = at >= o.authorityStart ? normalizeEscapes(href.slice(o.authorityStart, at)) + '@' : '';
	const hostStart = at >= o.authorityStart ? at + 1 : o.authorityStart;
	return (
		href.slice(0, o.authorityStart) +
		userinfo +
		href.slice(hostStart, o.pathStart) +
		normalizeEscapes(href.slice(o.pathStart))
	);
}
