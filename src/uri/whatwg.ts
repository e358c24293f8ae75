/** The WHATWG dialect's access to the global `URL`. */

/**
 * `new URL(input, base)`, or null on failure.
 * Deviation: not `URL.canParse`, which on Node 20 starts answering false for some
 * non-ASCII hosts (`http://é`) after a few thousand calls while `new URL` succeeds.
 */
export function parseUrl(input: string, base?: string): URL | null {
	// URL Standard #concept-basic-url-parser, step 3: remove all ASCII tab or newline from
	// input first, whatever the runtime's URL does with them inside a scheme.
	const text = TAB_OR_NEWLINE.test(input) ? input.replaceAll(TABS_AND_NEWLINES, '') : input;
	try {
		return base === undefined ? new URL(text) : new URL(text, base);
	} catch {
		return null;
	}
}

const TAB_OR_NEWLINE = /[\t\n\r]/;
const TABS_AND_NEWLINES = /[\t\n\r]/g;

const Char = {
	Tab: 0x09,
	Space: 0x20,
	Quote: 0x22, // "
	Hash: 0x23, // #
	Percent: 0x25, // %
	Apostrophe: 0x27, // '
	Dot: 0x2e, // .
	Slash: 0x2f, // /
	Zero: 0x30, // 0
	Nine: 0x39, // 9
	Colon: 0x3a, // :
	LessThan: 0x3c, // <
	GreaterThan: 0x3e, // >
	Question: 0x3f, // ?
	At: 0x40, // @
	LowerA: 0x61, // a
	LowerZ: 0x7a, // z
	Hyphen: 0x2d, // -
	Backslash: 0x5c, // \
	Backtick: 0x60, // `
	OpenBrace: 0x7b, // {
	CloseBrace: 0x7d, // }
	Delete: 0x7f,
} as const;

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
	'http:': '80',
	'https:': '443',
	'ws:': '80',
	'wss:': '443',
	'ftp:': '21',
};

/**
 * Whether `s` is certainly its own WHATWG serialization (`new URL(s).href === s`), decided by
 * one scan without parsing: an http(s)/ws(s)/ftp URL with a lower-case DNS host, no userinfo,
 * no default port, no dot segments, and only characters that no percent-encode set touches.
 * False means "parse to know", not "not canonical". test/uri/whatwg.test.ts checks the claim.
 */
export function isPlainSerialization(s: string): boolean {
	const colon = s.indexOf(':');
	const defaultPort = colon > 1 && colon < 6 ? DEFAULT_PORTS[s.slice(0, colon + 1)] : undefined;
	if (defaultPort === undefined || s.charCodeAt(colon + 1) !== Char.Slash || s.charCodeAt(colon + 2) !== Char.Slash)
		return false;
	const pathStart = hostEnd(s, colon + 3, defaultPort);
	if (pathStart === -1 || s.charCodeAt(pathStart) !== Char.Slash) return false;
	let allowed = PATH_OK;
	for (let i = pathStart; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c >= 0x80 || allowed[c] === 0) {
			if (c === Char.Question && allowed === PATH_OK) {
				if (i + 1 === s.length || s.charCodeAt(i + 1) === Char.Hash) return false; // empty query
				allowed = QUERY_OK;
			} else if (c === Char.Hash && allowed !== FRAGMENT_OK) {
				if (i + 1 === s.length) return false; // empty fragment
				allowed = FRAGMENT_OK;
			} else {
				return false;
			}
		} else if (c === Char.Slash && allowed === PATH_OK && isDotSegmentAt(s, i + 1)) {
			return false;
		}
	}
	return true;
}

/** Printable ASCII that the path, special-query and fragment percent-encode sets leave alone. */
function allowedTable(excluded: string): Uint8Array {
	const table = new Uint8Array(128);
	for (let c = 0x21; c < 0x7f; c++) table[c] = excluded.includes(String.fromCharCode(c)) ? 0 : 1;
	return table;
}

// Conservative: also excludes backslash and braces, and "?"/"#" which switch sections.
const PATH_OK = allowedTable('"#<>?`{}\\');
const QUERY_OK = allowedTable('"#<>\'`{}\\');
const FRAGMENT_OK = allowedTable('"#<>`');

/** End of a lower-case DNS host with an optional non-default port, or -1. */
function hostEnd(s: string, start: number, defaultPort: string): number {
	let i = start;
	let lastLabelStart = start;
	for (; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c === Char.Dot) {
			if (i === lastLabelStart) return -1;
			lastLabelStart = i + 1;
		} else if (!((c >= Char.LowerA && c <= Char.LowerZ) || (c >= Char.Zero && c <= Char.Nine) || c === Char.Hyphen)) {
			break;
		} else if (c === Char.Hyphen && i === lastLabelStart + 2 && s.charCodeAt(i + 1) === Char.Hyphen) {
			return -1; // "xn--" or any "??--" label: leave IDNA checks to the parser
		}
	}
	if (i === start || i === lastLabelStart) return -1; // empty host or a trailing "."
	// URL Standard "ends in a number": a last label of digits or 0x-hex makes an IPv4 address.
	const last = s.charCodeAt(i - 1);
	if ((last >= Char.Zero && last <= Char.Nine) || s.startsWith('0x', lastLabelStart)) return -1;
	if (s.charCodeAt(i) !== Char.Colon) return i;
	let portEnd = i + 1;
	while (portEnd < s.length && s.charCodeAt(portEnd) >= Char.Zero && s.charCodeAt(portEnd) <= Char.Nine) portEnd++;
	const port = s.slice(i + 1, portEnd);
	if (
		port === '' ||
		port === defaultPort ||
		port.charCodeAt(0) === Char.Zero ||
		port.length > 5 ||
		Number(port) > 65535
	)
		return -1;
	return portEnd;
}

/** A "." or ".." segment (spelled with dots or `%2e`) starting at `start` (URL Standard). */
function isDotSegmentAt(s: string, start: number): boolean {
	const c = s.charCodeAt(start);
	if (c !== Char.Dot && c !== Char.Percent) return false;
	let end = start;
	while (
		end < s.length &&
		s.charCodeAt(end) !== Char.Slash &&
		s.charCodeAt(end) !== Char.Question &&
		s.charCodeAt(end) !== Char.Hash
	)
		end++;
	const segment = s.slice(start, end).toLowerCase();
	return (
		segment === '.' ||
		segment === '%2e' ||
		segment === '..' ||
		segment === '.%2e' ||
		segment === '%2e.' ||
		segment === '%2e%2e'
	);
}
