/**
 * Character classes for the plain-text URL scanner (RFC 2396 Appendix E).
 *
 * ASCII classes are bit flags in a 128-entry table; non-ASCII code units are sorted into
 * word characters (letters, marks, numbers), symbols (emoji, arrows: allowed in IDN hosts,
 * but a word boundary), and stops (Unicode punctuation, separators, controls), which end a URL.
 */

export const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	VerticalTab: 0x0b, // "\v"
	FormFeed: 0x0c, // "\f"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	Exclamation: 0x21, // "!"
	DoubleQuote: 0x22, // '"'
	Hash: 0x23, // "#"
	Dollar: 0x24, // "$"
	Percent: 0x25, // "%"
	Ampersand: 0x26, // "&"
	SingleQuote: 0x27, // "'"
	OpenParen: 0x28, // "("
	CloseParen: 0x29, // ")"
	Asterisk: 0x2a, // "*"
	Plus: 0x2b, // "+"
	Comma: 0x2c, // ","
	Hyphen: 0x2d, // "-"
	Dot: 0x2e, // "."
	Slash: 0x2f, // "/"
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	Colon: 0x3a, // ":"
	Semicolon: 0x3b, // ";"
	LessThan: 0x3c, // "<"
	Equals: 0x3d, // "="
	GreaterThan: 0x3e, // ">"
	Question: 0x3f, // "?"
	At: 0x40, // "@"
	UpperA: 0x41, // "A"
	UpperZ: 0x5a, // "Z"
	OpenBracket: 0x5b, // "["
	Backslash: 0x5c, // "\"
	CloseBracket: 0x5d, // "]"
	Caret: 0x5e, // "^"
	Underscore: 0x5f, // "_"
	LowerA: 0x61, // "a"
	LowerZ: 0x7a, // "z"
	OpenBrace: 0x7b, // "{"
	Pipe: 0x7c, // "|"
	CloseBrace: 0x7d, // "}"
	Tilde: 0x7e, // "~"
	Ascii: 0x80, // first non-ASCII code unit
	ZeroWidthNonJoiner: 0x200c, // ZWNJ, needed inside Indic words
	ZeroWidthJoiner: 0x200d, // ZWJ, needed inside emoji and Indic words
} as const;

/** ASCII class bits. */
export const Ascii = {
	Alpha: 1, // A-Z a-z
	Digit: 2, // 0-9
	Scheme: 4, // RFC 2396 §3.1: alpha | digit | "+" | "-" | "."
	Run: 8, // a candidate word: alnum "." "-" "_" "+"
	Host: 16, // a host label character: alnum "-" "_"
	Tail: 32, // path, query, fragment, opaque part: printable except space < > \ ^ ` |
	Local: 64, // e-mail local part (RFC 5322 atext, ".", and '"' for quoted parts)
	Space: 128, // space, tab, line feed, vertical tab, form feed, carriage return
} as const;

/** Classes of non-ASCII UTF-16 code units. */
export const NonAscii = {
	Word: 0, // letters, marks, numbers, ZWJ/ZWNJ
	Symbol: 1, // \p{S} and surrogate halves (emoji)
	Stop: 2, // \p{P}, \p{Z}, \p{Cc}, \p{Cf}: end a URL
} as const;

function buildAsciiTable(): Uint8Array {
	const table = new Uint8Array(CharCodes.Ascii);
	const set = (chars: string, bits: number): void => {
		for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)]! |= bits;
	};
	const alpha = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	const digit = '0123456789';
	set(alpha, Ascii.Alpha | Ascii.Scheme | Ascii.Run | Ascii.Host | Ascii.Local);
	set(digit, Ascii.Digit | Ascii.Scheme | Ascii.Run | Ascii.Host | Ascii.Local);
	set('+-.', Ascii.Scheme);
	set('.-_+', Ascii.Run);
	set('-_', Ascii.Host);
	set('.!#$%&\'*+/=?^_`{|}~-"', Ascii.Local);
	for (let c = 0x21; c < 0x7f; c++) table[c]! |= Ascii.Tail;
	for (const c of '<>\\^`|') table[c.charCodeAt(0)]! &= ~Ascii.Tail;
	set(' \t\n\v\f\r', Ascii.Space);
	return table;
}

/** Class bits of each ASCII code unit. */
export const ASCII_CLASS: Uint8Array = buildAsciiTable();

/** Fullwidth forms of ASCII characters that never occur in a URL (< > \ ^ ` |); most are \p{Sm} or \p{Sk}, not punctuation. */
const FULLWIDTH_STOPS = [0xff1c, 0xff1e, 0xff3c, 0xff3e, 0xff40, 0xff5c];

function buildNonAsciiTable(): Uint8Array {
	const units = new Uint16Array(0x10000 - CharCodes.Ascii - 0x800);
	let k = 0;
	for (let c = CharCodes.Ascii; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) units[k++] = c;
	const parts: string[] = [];
	for (let i = 0; i < units.length; i += 8192) parts.push(String.fromCharCode(...units.subarray(i, i + 8192)));
	const all = parts.join('');
	const table = new Uint8Array(0x10000);
	// One pass of each property regex over the whole BMP: built once at load time, read-only after.
	for (const match of all.matchAll(/\p{S}/gu)) table[match[0].charCodeAt(0)] = NonAscii.Symbol;
	for (const match of all.matchAll(/[\p{P}\p{Z}\p{Cc}\p{Cf}]/gu)) table[match[0].charCodeAt(0)] = NonAscii.Stop;
	for (const c of FULLWIDTH_STOPS) table[c] = NonAscii.Stop;
	table[CharCodes.ZeroWidthNonJoiner] = NonAscii.Word;
	table[CharCodes.ZeroWidthJoiner] = NonAscii.Word;
	table.fill(NonAscii.Symbol, 0xd800, 0xe000);
	return table;
}

/** Class of each non-ASCII BMP code unit (indexes below 0x80 are unused). */
export const NON_ASCII_CLASS: Uint8Array = buildNonAsciiTable();

/** Whether `c` (a code unit, or NaN past either end) has the ASCII class `bits`. */
export function isAscii(c: number, bits: number): boolean {
	return c < CharCodes.Ascii && (ASCII_CLASS[c]! & bits) !== 0;
}

/** Space, tab, line feed, vertical tab, form feed or carriage return. */
export function isSpace(c: number): boolean {
	return c < CharCodes.Ascii && (ASCII_CLASS[c]! & Ascii.Space) !== 0;
}

export function isLineBreak(c: number): boolean {
	return c === CharCodes.LineFeed || c === CharCodes.CarriageReturn;
}

/** A letter, digit or underscore (ASCII or not): no word boundary between it and a scheme. */
export function isWordChar(c: number): boolean {
	if (c < CharCodes.Ascii) return (ASCII_CLASS[c]! & (Ascii.Alpha | Ascii.Digit)) !== 0 || c === CharCodes.Underscore;
	return NON_ASCII_CLASS[c] === NonAscii.Word;
}

/** A character that may sit in a host label: ASCII alnum, "-", "_", or a non-ASCII word or symbol. */
export function isHostChar(c: number): boolean {
	if (c < CharCodes.Ascii) return (ASCII_CLASS[c]! & Ascii.Host) !== 0;
	return NON_ASCII_CLASS[c] !== NonAscii.Stop;
}

/** A character of a candidate word (see `Ascii.Run`), ASCII or non-ASCII non-stop. */
export function isRunChar(c: number): boolean {
	if (c < CharCodes.Ascii) return (ASCII_CLASS[c]! & Ascii.Run) !== 0;
	return NON_ASCII_CLASS[c] !== NonAscii.Stop;
}

/** ASCII letter test without the table, lower-casing by bit. */
export function lowerAscii(c: number): number {
	return c >= CharCodes.UpperA && c <= CharCodes.UpperZ ? c | 0x20 : c;
}
