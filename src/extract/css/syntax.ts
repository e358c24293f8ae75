/**
 * CSS Syntax Level 3 code-point classes and escape handling, shared by the CSS scanner.
 * Works on UTF-16 code units of the decoded text; the input preprocessing of §3.3 (CR LF,
 * CR and FF as one newline; NUL and surrogates as U+FFFD) is applied where it matters.
 */

export const CharCodes = {
	Null: 0x00, // "\0"
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	LineTab: 0x0b, // "\v"
	FormFeed: 0x0c, // "\f"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	QuotationMark: 0x22, // '"'
	NumberSign: 0x23, // "#"
	Percent: 0x25, // "%"
	Apostrophe: 0x27, // "'"
	LeftParenthesis: 0x28, // "("
	RightParenthesis: 0x29, // ")"
	Asterisk: 0x2a, // "*"
	Plus: 0x2b, // "+"
	Comma: 0x2c, // ","
	HyphenMinus: 0x2d, // "-"
	FullStop: 0x2e, // "."
	Solidus: 0x2f, // "/"
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	Colon: 0x3a, // ":"
	Semicolon: 0x3b, // ";"
	LessThan: 0x3c, // "<"
	GreaterThan: 0x3e, // ">"
	CommercialAt: 0x40, // "@"
	UpperA: 0x41, // "A"
	UpperE: 0x45, // "E"
	UpperF: 0x46, // "F"
	UpperZ: 0x5a, // "Z"
	LeftSquareBracket: 0x5b, // "["
	ReverseSolidus: 0x5c, // "\"
	RightSquareBracket: 0x5d, // "]"
	LowLine: 0x5f, // "_"
	LowerA: 0x61, // "a"
	LowerE: 0x65, // "e"
	LowerF: 0x66, // "f"
	LowerZ: 0x7a, // "z"
	LeftCurlyBracket: 0x7b, // "{"
	RightCurlyBracket: 0x7d, // "}"
	Delete: 0x7f, // DEL
	Control: 0x80, // first non-ASCII code point
	Replacement: 0xfffd, // "�"
} as const;

/** Bit flags of the ASCII class table. */
const Class = {
	Whitespace: 1, // §4.2 whitespace: newline, tab, space
	Newline: 2, // §4.2 newline, after §3.3 preprocessing: LF, CR, FF
	Hex: 4, // §4.2 hex digit
	Digit: 8, // §4.2 digit
	IdentStart: 16, // §4.2 ident-start code point (ASCII part; NUL counts: it becomes U+FFFD)
	Ident: 32, // §4.2 ident code point (ASCII part)
	NonPrintable: 64, // §4.2 non-printable code point (NUL excluded: §3.3 made it U+FFFD)
} as const;

const ASCII = buildClasses();

function buildClasses(): Uint8Array {
	const table = new Uint8Array(CharCodes.Control);
	const set = (from: number, to: number, flag: number): void => {
		for (let c = from; c <= to; c++) table[c] = (table[c] ?? 0) | flag;
	};
	set(CharCodes.Tab, CharCodes.Tab, Class.Whitespace);
	set(CharCodes.Space, CharCodes.Space, Class.Whitespace);
	set(CharCodes.LineFeed, CharCodes.LineFeed, Class.Whitespace | Class.Newline);
	set(CharCodes.FormFeed, CharCodes.CarriageReturn, Class.Whitespace | Class.Newline);
	set(CharCodes.Zero, CharCodes.Nine, Class.Hex | Class.Digit | Class.Ident);
	set(CharCodes.UpperA, CharCodes.UpperF, Class.Hex);
	set(CharCodes.LowerA, CharCodes.LowerF, Class.Hex);
	set(CharCodes.UpperA, CharCodes.UpperZ, Class.IdentStart | Class.Ident);
	set(CharCodes.LowerA, CharCodes.LowerZ, Class.IdentStart | Class.Ident);
	set(CharCodes.LowLine, CharCodes.LowLine, Class.IdentStart | Class.Ident);
	set(CharCodes.Null, CharCodes.Null, Class.IdentStart | Class.Ident);
	set(CharCodes.HyphenMinus, CharCodes.HyphenMinus, Class.Ident);
	set(0x01, 0x08, Class.NonPrintable);
	set(CharCodes.LineTab, CharCodes.LineTab, Class.NonPrintable);
	set(0x0e, 0x1f, Class.NonPrintable);
	set(CharCodes.Delete, CharCodes.Delete, Class.NonPrintable);
	return table;
}

// `c` may be NaN (charCodeAt past the end = EOF): every test below is then false.
export function isWhitespace(c: number): boolean {
	return c < CharCodes.Control && ((ASCII[c] ?? 0) & Class.Whitespace) !== 0;
}

export function isNewline(c: number): boolean {
	return c < CharCodes.Control && ((ASCII[c] ?? 0) & Class.Newline) !== 0;
}

export function isHexDigit(c: number): boolean {
	return c < CharCodes.Control && ((ASCII[c] ?? 0) & Class.Hex) !== 0;
}

export function isDigit(c: number): boolean {
	return c >= CharCodes.Zero && c <= CharCodes.Nine;
}

/** §4.2 ident-start code point: letter, `_`, non-ASCII (NUL too, as U+FFFD). */
export function isIdentStart(c: number): boolean {
	return c >= CharCodes.Control || ((ASCII[c] ?? 0) & Class.IdentStart) !== 0;
}

/** §4.2 ident code point: ident-start, digit or `-`. */
export function isIdentCodePoint(c: number): boolean {
	return c >= CharCodes.Control || ((ASCII[c] ?? 0) & Class.Ident) !== 0;
}

export function isNonPrintable(c: number): boolean {
	return c < CharCodes.Control && ((ASCII[c] ?? 0) & Class.NonPrintable) !== 0;
}

/** §4.3.8 check if two code points are a valid escape (EOF as the second one is valid). */
export function isValidEscape(first: number, second: number): boolean {
	return first === CharCodes.ReverseSolidus && !isNewline(second);
}

/** §4.3.9 check if three code points would start an ident sequence. */
export function wouldStartIdent(text: string, i: number): boolean {
	const first = text.charCodeAt(i);
	if (first === CharCodes.HyphenMinus) {
		const second = text.charCodeAt(i + 1);
		return isIdentStart(second) || second === CharCodes.HyphenMinus || isValidEscape(second, text.charCodeAt(i + 2));
	}
	if (first === CharCodes.ReverseSolidus) return isValidEscape(first, text.charCodeAt(i + 1));
	return isIdentStart(first);
}

/** §4.3.10 check if three code points would start a number. */
export function wouldStartNumber(text: string, i: number): boolean {
	let c = text.charCodeAt(i);
	if (c === CharCodes.Plus || c === CharCodes.HyphenMinus) c = text.charCodeAt(++i);
	if (isDigit(c)) return true;
	return c === CharCodes.FullStop && isDigit(text.charCodeAt(i + 1));
}

/** Past one newline at `i` (§3.3: CR LF is a single newline). */
export function skipNewline(text: string, i: number): number {
	return text.charCodeAt(i) === CharCodes.CarriageReturn && text.charCodeAt(i + 1) === CharCodes.LineFeed
		? i + 2
		: i + 1;
}

/**
 * §4.3.7 consume an escaped code point: `i` is just past a `\` that starts a valid escape;
 * returns the end of the escape (hex digits plus one optional whitespace, or one code point).
 */
export function escapeEnd(text: string, i: number): number {
	const c = text.charCodeAt(i);
	if (isHexDigit(c)) {
		let j = i + 1;
		while (j < i + 6 && isHexDigit(text.charCodeAt(j))) j++;
		return isWhitespace(text.charCodeAt(j)) ? skipNewline(text, j) : j;
	}
	if (i >= text.length) return i; // EOF: U+FFFD, nothing consumed
	return isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1)) ? i + 2 : i + 1;
}

function isHighSurrogate(c: number): boolean {
	return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
	return c >= 0xdc00 && c <= 0xdfff;
}

/** A code unit that makes a value need decoding: `\`, NUL or a surrogate. */
export function needsDecoding(c: number): boolean {
	return c === CharCodes.ReverseSolidus || c === CharCodes.Null || (c >= 0xd800 && c <= 0xdfff);
}

/**
 * The value of `text[start, end)` with escapes decoded (§4.3.7), `\` + newline removed
 * (strings, §4.3.5), NUL and lone surrogates as U+FFFD (§3.3). `eofEscape` is what a `\`
 * at `end` yields: nothing in a string (§4.3.5), U+FFFD elsewhere (§4.3.7).
 */
export function decodeCss(text: string, start: number, end: number, eofEscape: '' | '\uFFFD'): string {
	// Decoding never lengthens: each escape yields at most as many code units as it takes.
	const out = new UnitWriter(end - start);
	let i = start;
	while (i < end) {
		const c = text.charCodeAt(i);
		if (c === CharCodes.ReverseSolidus) {
			i = decodeEscape(text, i + 1, end, eofEscape === '' ? -1 : CharCodes.Replacement, out);
		} else if (isHighSurrogate(c) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
			out.push(c);
			out.push(text.charCodeAt(i + 1));
			i += 2;
		} else {
			out.push(c === CharCodes.Null || isSurrogate(c) ? CharCodes.Replacement : c); // §3.3
			i++;
		}
	}
	return out.toString();
}

/** §4.3.7 the escape whose `\` is just before `i`: writes its code point (`eofEscape`, -1 for none, at `end`); returns its end. */
function decodeEscape(text: string, i: number, end: number, eofEscape: number, out: UnitWriter): number {
	if (i >= end) {
		if (eofEscape >= 0) out.push(eofEscape);
		return i;
	}
	const c = text.charCodeAt(i);
	if (isNewline(c)) return Math.min(skipNewline(text, i), end); // §4.3.5: `\` + newline is removed
	if (isHexDigit(c)) {
		let j = i;
		let n = 0;
		for (; j < end && j < i + 6 && isHexDigit(text.charCodeAt(j)); j++) n = n * 16 + hexValue(text.charCodeAt(j));
		// Zero, a surrogate or more than U+10FFFF: U+FFFD.
		out.pushCodePoint(n === 0 || (n >= 0xd800 && n <= 0xdfff) || n > 0x10ffff ? CharCodes.Replacement : n);
		return j < end && isWhitespace(text.charCodeAt(j)) ? Math.min(skipNewline(text, j), end) : j;
	}
	if (isHighSurrogate(c) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) {
		out.push(c);
		out.push(text.charCodeAt(i + 1));
		return i + 2;
	}
	out.push(c === CharCodes.Null || isSurrogate(c) ? CharCodes.Replacement : c);
	return i + 1;
}

function isSurrogate(c: number): boolean {
	return c >= 0xd800 && c <= 0xdfff;
}

function hexValue(c: number): number {
	return c <= CharCodes.Nine ? c - CharCodes.Zero : (c | 0x20) - CharCodes.LowerA + 10;
}

/** Code units appended into a fixed array, then one string (no string per escape). */
class UnitWriter {
	private readonly units: Uint16Array;
	private length = 0;

	constructor(capacity: number) {
		this.units = new Uint16Array(capacity);
	}

	push(unit: number): void {
		this.units[this.length++] = unit;
	}

	pushCodePoint(cp: number): void {
		if (cp <= 0xffff) this.push(cp);
		else {
			this.push(0xd800 + ((cp - 0x10000) >> 10));
			this.push(0xdc00 + ((cp - 0x10000) & 0x3ff));
		}
	}

	toString(): string {
		let s = '';
		for (let k = 0; k < this.length; k += 8192) {
			// `apply` takes the typed array as it is (a spread would iterate it).
			s += String.fromCharCode.apply(
				null,
				this.units.subarray(k, Math.min(k + 8192, this.length)) as unknown as number[],
			);
		}
		return s;
	}
}

/**
 * Whether `text[start, end)` is an ident sequence whose value ASCII-case-insensitively
 * matches `lower` (lower-case letters and `-`). Escaped names are decoded first.
 */
export function identMatches(text: string, start: number, end: number, lower: string): boolean {
	// Each code point of a name takes at most 9 units as written (`\` + six hex digits + CR LF, §4.3.7).
	if (end - start > 9 * lower.length) return false;
	let name = text;
	for (let i = start; i < end; i++) {
		if (text.charCodeAt(i) === CharCodes.ReverseSolidus) {
			name = decodeCss(text, start, end, '\uFFFD');
			start = 0;
			end = name.length;
			break;
		}
	}
	if (end - start !== lower.length) return false;
	for (let k = 0; k < lower.length; k++) {
		// ASCII case-insensitive: ident code points other than A-Z are unchanged by `| 0x20`.
		if ((name.charCodeAt(start + k) | 0x20) !== lower.charCodeAt(k)) return false;
	}
	return true;
}
