/**
 * Pieces of a URL in running text: host, port, and the path/query/fragment tail with the
 * RFC 2396 Appendix E end rules (trailing punctuation, balanced brackets, quotes).
 * Every function scans forward once from a start index and returns an end index.
 */
import {ASCII_CLASS, Ascii, CharCodes, isAscii, isHostChar, NON_ASCII_CLASS, NonAscii} from './chars.js';

/** Longest IP literal between "[" and "]" (RFC 3986 §3.2.2 IPv6 with a zone, or IPvFuture). */
export const MAX_IP_LITERAL_LENGTH = 64;

/** What `parseHost` found: label count and the last label (for the TLD check). */
export interface HostInfo {
	labels: number;
	firstLabelEnd: number;
	lastLabelStart: number;
	lastLabelEnd: number;
	ipLiteral: boolean;
}

export function newHostInfo(): HostInfo {
	return {labels: 0, firstLabelEnd: 0, lastLabelStart: 0, lastLabelEnd: 0, ipLiteral: false};
}

/**
 * RFC 2396 §3.2.2 host at `start`: an IP literal `[...]`, or dot-separated labels of ASCII
 * alnum, "-", "_" and non-ASCII letters or symbols (IDN). A label must not begin or end
 * with "-" or "_". A trailing "." is not part of the host. Returns the host end
 * (`start` when empty) or -1 when invalid; fills `info`.
 *
 * @example
 * const info = newHostInfo();
 * parseHost('a.example.com./x', 0, 16, info); // 13, info.labels === 3
 * parseHost('-a.example', 0, 10, info); // -1
 */
export function parseHost(text: string, start: number, end: number, info: HostInfo): number {
	info.labels = 0;
	info.ipLiteral = false;
	if (text.charCodeAt(start) === CharCodes.OpenBracket) return parseIpLiteral(text, start, end, info);
	let i = start;
	for (;;) {
		const labelStart = i;
		while (i < end && isHostChar(text.charCodeAt(i))) i++;
		if (i === labelStart) return info.labels === 0 ? start : -1;
		if (!isLabelEdge(text.charCodeAt(labelStart)) || !isLabelEdge(text.charCodeAt(i - 1))) return -1;
		if (info.labels === 0) info.firstLabelEnd = i;
		info.labels++;
		info.lastLabelStart = labelStart;
		info.lastLabelEnd = i;
		if (text.charCodeAt(i) !== CharCodes.Dot || i + 1 >= end || !isHostChar(text.charCodeAt(i + 1))) return i;
		i++;
	}
}

function isLabelEdge(c: number): boolean {
	return c !== CharCodes.Hyphen && c !== CharCodes.Underscore;
}

/** RFC 3986 §3.2.2 `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, checked loosely: hex, ":", ".", "v", "%", unreserved. */
function parseIpLiteral(text: string, start: number, end: number, info: HostInfo): number {
	const limit = Math.min(end, start + MAX_IP_LITERAL_LENGTH + 2);
	let colons = 0;
	for (let i = start + 1; i < limit; i++) {
		const c = text.charCodeAt(i);
		if (c === CharCodes.CloseBracket) {
			if (colons === 0 && text.charCodeAt(start + 1) !== 0x76 /* "v" */) return -1;
			info.ipLiteral = true;
			info.labels = 1;
			info.firstLabelEnd = info.lastLabelEnd = i + 1;
			info.lastLabelStart = start;
			return i + 1;
		}
		if (c === CharCodes.Colon) colons++;
		else if (!isAscii(c, Ascii.Host) && c !== CharCodes.Dot && c !== CharCodes.Percent && c !== CharCodes.Tilde)
			return -1;
	}
	return -1;
}

/** Largest valid port (RFC 6335 §6: 16 bits). */
const MAX_PORT = 65535;

/**
 * RFC 2396 §3.2.2 `[ ":" port ]` at `start`. Returns the end of the port (`start` when
 * there is no port, or ":" is not followed by digits or "/"), or -1 when the digits do
 * not make a port (more than 5, or above 65535).
 *
 * @example
 * parsePort('x:8080/', 1, 7); // 6
 * parsePort('x:99999', 1, 7); // -1
 * parsePort('x: y', 1, 4); // 1
 */
export function parsePort(text: string, start: number, end: number): number {
	if (text.charCodeAt(start) !== CharCodes.Colon) return start;
	let i = start + 1;
	let value = 0;
	while (i < end && isAscii(text.charCodeAt(i), Ascii.Digit)) {
		value = value * 10 + text.charCodeAt(i) - CharCodes.Zero;
		if (++i - start > 6 || value > MAX_PORT) return -1;
	}
	if (i > start + 1) return i;
	return text.charCodeAt(i) === CharCodes.Slash ? i : start; // "host:/path": empty port
}

/**
 * Characters that glue a host to what follows, so the host is not a URL end: `www.x.com@y`,
 * `example.com+more`. Anything else that cannot continue a host ends the URL.
 */
export function isHostGlue(c: number): boolean {
	switch (c) {
		case CharCodes.At:
		case CharCodes.Plus:
		case CharCodes.Tilde:
		case CharCodes.Equals:
		case CharCodes.Dollar:
		case CharCodes.Ampersand:
		case CharCodes.Percent:
			return true;
		default:
			return false;
	}
}

/** "/", "?" or "#": the start of a path, query or fragment after an authority. */
export function startsTail(c: number): boolean {
	return c === CharCodes.Slash || c === CharCodes.Question || c === CharCodes.Hash;
}

/**
 * Scan a path/query/fragment (or an opaque part) from `start`, then apply the end rules:
 * a closing `)`, `]` or `}` without its opener ends the URL (balanced ones stay, as in
 * `Foo_(bar)`); `opener` (the `"` or `'` just before the URL, or 0) ends it too; then
 * trailing `. , ; : ! ?`, unpaired trailing quotes, and `*` closing a `*bold*` opener are
 * dropped. Returns the end.
 *
 * @example
 * scanTail('/wiki/Foo_(bar)).', 0, 17, 0); // 15: "/wiki/Foo_(bar)"
 * scanTail('/a"b', 0, 4, 0x22); // 2: the URL opened after '"'
 */
export function scanTail(text: string, start: number, end: number, opener: number): number {
	let parens = 0;
	let brackets = 0;
	let braces = 0;
	let doubleQuotes = 0;
	let singleQuotes = 0;
	let i = start;
	scan: for (; i < end; i++) {
		const c = text.charCodeAt(i);
		if (c >= CharCodes.Ascii) {
			if (NON_ASCII_CLASS[c] === NonAscii.Stop) break;
			continue;
		}
		if ((ASCII_CLASS[c]! & Ascii.Tail) === 0) break;
		switch (c) {
			case CharCodes.OpenParen:
				parens++;
				break;
			case CharCodes.OpenBracket:
				brackets++;
				break;
			case CharCodes.OpenBrace:
				braces++;
				break;
			case CharCodes.CloseParen:
				if (parens-- === 0) break scan;
				break;
			case CharCodes.CloseBracket:
				if (brackets-- === 0) break scan;
				break;
			case CharCodes.CloseBrace:
				if (braces-- === 0) break scan;
				break;
			case CharCodes.DoubleQuote:
				if (c === opener) break scan;
				doubleQuotes++;
				break;
			case CharCodes.SingleQuote:
				if (c === opener) break scan;
				singleQuotes++;
				break;
		}
	}
	// RFC 2396 App. E: sentence punctuation and an unpaired closing quote after a URL are not part of it.
	while (i > start) {
		const c = text.charCodeAt(i - 1);
		if (isTrailingPunctuation(c)) i--;
		else if (c === CharCodes.DoubleQuote && doubleQuotes % 2 === 1) {
			doubleQuotes--;
			i--;
		} else if (c === CharCodes.SingleQuote && singleQuotes % 2 === 1) {
			singleQuotes--;
			i--;
		} else if (c === CharCodes.Asterisk && opener === CharCodes.Asterisk)
			i--; // mail emphasis: *http://x/y*
		else break;
	}
	return i;
}

/** `. , ; : ! ?`: punctuation that ends a sentence, not a URL. */
export function isTrailingPunctuation(c: number): boolean {
	switch (c) {
		case CharCodes.Dot:
		case CharCodes.Comma:
		case CharCodes.Semicolon:
		case CharCodes.Colon:
		case CharCodes.Exclamation:
		case CharCodes.Question:
			return true;
		default:
			return false;
	}
}
