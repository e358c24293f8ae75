/**
 * Percent-encoding per URI component (RFC 3986 §2.1–§2.4, RFC 2396 §2.4). Escapes are made
 * only where needed: an existing `%XX` is never escaped again (RFC 2396 §2.4.2), and a clean
 * input is returned as it is, after one counting pass.
 */
import type {Dialect} from '../types.js';
import {CharCodes} from './parse.js';

/** Components with their own set of characters allowed as they are. */
export type UriComponent = 'path' | 'segment' | 'query' | 'fragment' | 'userinfo';

/** Bit per component in the ASCII table below. */
const Allow = {
	segment: 1,
	path: 2,
	query: 4,
	fragment: 8,
	userinfo: 16,
	unreserved3986: 32,
	unreserved2396: 64,
	regName: 128,
} as const;

const HEX = '0123456789ABCDEF';

/** Which components allow each ASCII character unescaped; built once, never changed. */
const TABLE: Uint8Array = buildTable();

function buildTable(): Uint8Array {
	const table = new Uint8Array(128);
	const mark = (chars: string, bits: number): void => {
		for (let index = 0; index < chars.length; index++) table[chars.charCodeAt(index)]! |= bits;
	};
	const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const all = Allow.segment | Allow.path | Allow.query | Allow.fragment | Allow.userinfo;
	// RFC 3986 §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	mark(alphanumeric + '-._~', all | Allow.unreserved3986 | Allow.unreserved2396 | Allow.regName);
	// RFC 2396 §2.3 mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
	mark("!*'()", Allow.unreserved2396);
	// RFC 3986 §2.2 sub-delims, allowed in every component listed (§3.2.1, §3.3, §3.4, §3.5)
	mark("!$&'()*+,;=", all | Allow.regName);
	// RFC 3986 §3.3 pchar adds ":" and "@"; userinfo (§3.2.1) takes ":" only
	mark(':', all);
	mark('@', Allow.segment | Allow.path | Allow.query | Allow.fragment);
	// RFC 3986 §3.3 path-abempty: segments joined by "/"; §3.4, §3.5: query and fragment add "/" and "?"
	mark('/', Allow.path | Allow.query | Allow.fragment);
	mark('?', Allow.query | Allow.fragment);
	return table;
}

/**
 * True when the ASCII character `c` may appear unescaped in `component`; `regName` is the
 * RFC 3986 §3.2.2 reg-name host (unreserved / sub-delims).
 *
 * @example
 * isAllowedIn(0x2f, 'segment'); // false: "/" separates segments
 */
export function isAllowedIn(c: number, component: UriComponent | 'regName'): boolean {
	return c < 128 && (TABLE[c]! & Allow[component]) !== 0;
}

export function isHexDigit(c: number): boolean {
	return (
		(c >= CharCodes.Zero && c <= CharCodes.Nine) ||
		(c >= CharCodes.UpperA && c <= CharCodes.UpperF) ||
		(c >= CharCodes.LowerA && c <= CharCodes.LowerF)
	);
}

export function hexValue(c: number): number {
	if (c <= CharCodes.Nine) return c - CharCodes.Zero;
	return (c | 0x20) - CharCodes.LowerA + 10;
}

/** True when `s[index]` starts a valid `%XX` escape (RFC 3986 §2.1 pct-encoded). */
export function isEscapeAt(s: string, index: number): boolean {
	return (
		s.charCodeAt(index) === CharCodes.Percent &&
		isHexDigit(s.charCodeAt(index + 1)) &&
		isHexDigit(s.charCodeAt(index + 2))
	);
}

function allowedAt(s: string, index: number, bits: number): boolean {
	const c = s.charCodeAt(index);
	if (c < 128 && (TABLE[c]! & bits) !== 0) return true;
	return isEscapeAt(s, index); // RFC 2396 §2.4.2: an escape is not escaped again
}

/**
 * Percent-encode what `component` does not allow as it is (RFC 3986 §3.2.1, §3.3, §3.4, §3.5);
 * non-ASCII characters become their UTF-8 octets (§2.5), a valid `%XX` stays.
 * Deviation: a lone surrogate is encoded as U+FFFD (`%EF%BF%BD`), as the WHATWG URL Standard does.
 *
 * @example
 * escapeComponent('a b/c%20d', 'segment'); // 'a%20b%2Fc%20d'
 * escapeComponent('a b/c', 'path'); // 'a%20b/c'
 */
export function escapeComponent(s: string, component: UriComponent): string {
	const bits = Allow[component];
	let first = 0;
	while (first < s.length && allowedAt(s, first, bits)) first++;
	if (first === s.length) return s; // clean: nothing to do
	let out = s.slice(0, first);
	for (let index = first; index < s.length; index++) {
		if (allowedAt(s, index, bits)) {
			out += s[index];
			continue;
		}
		let code = s.codePointAt(index)!;
		if (code > 0xffff)
			index++; // the low surrogate belongs to this code point
		else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
		out += encodeCodePoint(code);
	}
	return out;
}

/** UTF-8 octets of one code point as `%XX` escapes (RFC 3986 §2.5). */
function encodeCodePoint(code: number): string {
	if (code < 0x80) return escapeOctet(code);
	if (code < 0x800) return escapeOctet(0xc0 | (code >> 6)) + escapeOctet(0x80 | (code & 0x3f));
	if (code < 0x10000) {
		return (
			escapeOctet(0xe0 | (code >> 12)) + escapeOctet(0x80 | ((code >> 6) & 0x3f)) + escapeOctet(0x80 | (code & 0x3f))
		);
	}
	return (
		escapeOctet(0xf0 | (code >> 18)) +
		escapeOctet(0x80 | ((code >> 12) & 0x3f)) +
		escapeOctet(0x80 | ((code >> 6) & 0x3f)) +
		escapeOctet(0x80 | (code & 0x3f))
	);
}

function escapeOctet(octet: number): string {
	return '%' + HEX[octet >> 4]! + HEX[octet & 15]!;
}

/** True when the octet is unreserved in the dialect: RFC 3986 §2.3, or RFC 2396 §2.3 (adds marks). */
export function isUnreservedOctet(octet: number, dialect: Dialect = 'rfc3986'): boolean {
	const bit = dialect === 'rfc2396' ? Allow.unreserved2396 : Allow.unreserved3986;
	return octet < 128 && (TABLE[octet]! & bit) !== 0;
}

/**
 * Decode the escapes of unreserved characters (`%7E` -> `~`; RFC 3986 §2.3, §6.2.2.2), and
 * only those: `%2F`, `%25`, `%0D%0A` and every other reserved or excluded octet stay escaped.
 * With `dialect: 'rfc2396'` the §2.3 marks (`!*'()`) count as unreserved too.
 *
 * @example
 * unescapeUnreserved('%7euser/%41%2F'); // '~user/A%2F'
 */
export function unescapeUnreserved(s: string, dialect: Dialect = 'rfc3986'): string {
	return rewriteEscapes(s, dialect, false);
}

/**
 * RFC 3986 §6.2.2.1 and §6.2.2.2: escapes of unreserved characters decoded, every other
 * escape with upper-case hex digits.
 *
 * @example
 * normalizeEscapes('%7e%2f%c3%a9'); // '~%2F%C3%A9'
 */
export function normalizeEscapes(s: string, dialect: Dialect = 'rfc3986'): string {
	return rewriteEscapes(s, dialect, true);
}

function rewriteEscapes(s: string, dialect: Dialect, upperCase: boolean): string {
	let percent = s.indexOf('%');
	if (percent === -1) return s;
	let out = '';
	let copied = 0;
	while (percent !== -1) {
		if (isEscapeAt(s, percent)) {
			const octet = (hexValue(s.charCodeAt(percent + 1)) << 4) | hexValue(s.charCodeAt(percent + 2));
			if (isUnreservedOctet(octet, dialect) && !completesStrayPercent(s, percent, copied, octet)) {
				out += s.slice(copied, percent) + String.fromCharCode(octet);
				copied = percent + 3;
			} else if (upperCase) {
				out += s.slice(copied, percent) + escapeOctet(octet);
				copied = percent + 3;
			}
			percent = s.indexOf('%', percent + 3);
		} else percent = s.indexOf('%', percent + 1);
	}
	return copied === 0 ? s : out + s.slice(copied);
}

/**
 * True when decoding the escape at `percent` into `octet` would make a new escape with a stray
 * "%" before it (`%%41a` -> `%Aa`, `%4%31` -> `%41`); such an escape stays, so that normalizing
 * is idempotent. Characters before `percent` back to `copied` are the input's own.
 */
function completesStrayPercent(s: string, percent: number, copied: number, octet: number): boolean {
	if (!isHexDigit(octet)) return false;
	if (percent - 1 >= copied && s.charCodeAt(percent - 1) === CharCodes.Percent) return true;
	return (
		percent - 2 >= copied && s.charCodeAt(percent - 2) === CharCodes.Percent && isHexDigit(s.charCodeAt(percent - 1))
	);
}
