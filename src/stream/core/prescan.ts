/**
 * Encoding declarations inside the bytes: HTML's "prescan a byte stream to determine its
 * encoding" (`#prescan-a-byte-stream-to-determine-its-encoding`), the XML declaration
 * ("get an XML encoding", `#concept-get-xml-encoding-when-sniffing`), and CSS's
 * `@charset` (CSS Syntax §3.2). Each works on a prefix of the input and says whether
 * more bytes could change its answer.
 */
import {getEncoding} from './encoding.js';

/** HTML `#prescan-a-byte-stream-to-determine-its-encoding`: the prescan looks at this many bytes. */
export const PRESCAN_BYTES = 1024;

/** A prescan outcome: an encoding, none (decided), or `more` (a longer prefix may find one). */
export type Sniffed = string | null | 'more';

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	FormFeed: 0x0c, // "\f"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	ExclamationMark: 0x21, // "!"
	QuotationMark: 0x22, // '"'
	Apostrophe: 0x27, // "'"
	HyphenMinus: 0x2d, // "-"
	Solidus: 0x2f, // "/"
	Semicolon: 0x3b, // ";"
	LessThan: 0x3c, // "<"
	EqualsSign: 0x3d, // "="
	GreaterThan: 0x3e, // ">"
	QuestionMark: 0x3f, // "?"
	UpperA: 0x41, // "A"
	UpperZ: 0x5a, // "Z"
	LowerA: 0x61, // "a"
	LowerZ: 0x7a, // "z"
} as const;

/** Thrown inside the prescan when it reaches the end of the bytes it may look at. */
const END = Symbol('end of prescan input');

function isSpace(b: number | undefined): boolean {
	return (
		b === CharCodes.Tab ||
		b === CharCodes.LineFeed ||
		b === CharCodes.FormFeed ||
		b === CharCodes.CarriageReturn ||
		b === CharCodes.Space
	);
}

function isLetter(b: number | undefined): boolean {
	return (
		b !== undefined &&
		((b >= CharCodes.UpperA && b <= CharCodes.UpperZ) || (b >= CharCodes.LowerA && b <= CharCodes.LowerZ))
	);
}

function lower(b: number): number {
	return b >= CharCodes.UpperA && b <= CharCodes.UpperZ ? b + 0x20 : b;
}

function asciiLowerCase(text: string): string {
	return text.replace(/[A-Z]+/g, s => s.toLowerCase());
}

/** Whether `bytes` at `i` start with the ASCII `text` (case-insensitive for letters). */
function startsWith(bytes: Uint8Array, i: number, text: string): boolean {
	if (i + text.length > bytes.length) return false;
	for (let k = 0; k < text.length; k++) if (lower(bytes[i + k] ?? 0) !== text.charCodeAt(k)) return false;
	return true;
}

/**
 * HTML prescan (`#prescan-a-byte-stream-to-determine-its-encoding`) over `bytes` (the first bytes of the input; `complete` when
 * they are all the input there is, or 1024 bytes). `<meta charset>` and
 * `<meta http-equiv=content-type content="…charset=…">`, skipping comments and other tags.
 *
 * @example
 * prescanHtml(new TextEncoder().encode('<meta charset="latin1">'), true); //=> 'windows-1252'
 */
export function prescanHtml(bytes: Uint8Array, complete: boolean): Sniffed {
	const input = bytes.subarray(0, PRESCAN_BYTES);
	const done = complete || input.length >= PRESCAN_BYTES;
	// Prescan for UTF-16 XML declarations (the encoding name is not checked).
	if (startsWithBytes(input, [0x3c, 0, 0x3f, 0, 0x78, 0])) return 'utf-16le';
	if (startsWithBytes(input, [0, 0x3c, 0, 0x3f, 0, 0x78])) return 'utf-16be';
	if (input.length < 6 && !done) return 'more';
	let found: string | null = null;
	try {
		found = prescanLoop(input);
	} catch (error) {
		if (error !== END) throw error;
	}
	if (found !== null) return found;
	if (!done) return 'more';
	return xmlEncoding(input, true);
}

function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
	return prefix.every((b, k) => bytes[k] === b);
}

function prescanLoop(input: Uint8Array): string | null {
	let position = 0;
	while (position < input.length) {
		if (startsWith(input, position, '<!--')) {
			// The `-->` may share its dashes with `<!--`.
			let close = position + 2;
			while (
				!(
					input[close] === CharCodes.HyphenMinus &&
					input[close + 1] === CharCodes.HyphenMinus &&
					input[close + 2] === CharCodes.GreaterThan
				)
			) {
				if (close + 2 >= input.length) throw END;
				close++;
			}
			position = close + 3;
		} else if (
			startsWith(input, position, '<meta') &&
			(isSpace(input[position + 5]) || input[position + 5] === CharCodes.Solidus)
		) {
			const meta = prescanMeta(input, position + 6);
			if (typeof meta === 'string') return meta;
			position = meta;
		} else if (
			input[position] === CharCodes.LessThan &&
			(isLetter(input[position + 1]) || (input[position + 1] === CharCodes.Solidus && isLetter(input[position + 2])))
		) {
			// Other tags: skip the name, then every attribute.
			position++;
			while (!isSpace(input[position]) && input[position] !== CharCodes.GreaterThan) {
				if (++position >= input.length) throw END;
			}
			for (let end = getAttribute(input, position); end !== -1; end = getAttribute(input, end)) position = end;
			position = skipToGreaterThan(input, position) + 1;
		} else if (
			input[position] === CharCodes.LessThan &&
			(input[position + 1] === CharCodes.ExclamationMark ||
				input[position + 1] === CharCodes.Solidus ||
				input[position + 1] === CharCodes.QuestionMark)
		) {
			position = skipToGreaterThan(input, position + 1) + 1;
		} else {
			// Every step above starts at `<`: the bytes up to the next one are skipped at once (natively).
			const next = input.indexOf(CharCodes.LessThan, position + 1);
			position = next === -1 ? input.length : next;
		}
	}
	return null;
}

function skipToGreaterThan(input: Uint8Array, position: number): number {
	while (input[position] !== CharCodes.GreaterThan) {
		if (++position >= input.length) throw END;
	}
	return position;
}

/** The `<meta` steps: the encoding it declares, or where the prescan continues. */
function prescanMeta(input: Uint8Array, position: number): string | number {
	// The attribute list only matters for the three names read here: a later duplicate of one is skipped.
	let seenHttpEquiv = false;
	let seenContent = false;
	let seenCharset = false;
	let gotPragma = false;
	let needPragma: boolean | null = null;
	let charset: string | null | false = null; // false = failure
	for (let end = getAttribute(input, position); end !== -1; end = getAttribute(input, end)) {
		position = end;
		if (!seenHttpEquiv && nameIs(input, 'http-equiv')) {
			seenHttpEquiv = true;
			if (valueText(input) === 'content-type') gotPragma = true;
		} else if (!seenContent && nameIs(input, 'content')) {
			seenContent = true;
			const declared = valueHasCharset(input) ? extractFromContent(valueText(input)) : null;
			if (declared !== null && charset === null) {
				charset = declared;
				needPragma = true;
			}
		} else if (!seenCharset && nameIs(input, 'charset')) {
			seenCharset = true;
			charset = getEncoding(valueText(input)) ?? false;
			needPragma = false;
		}
	}
	// Processing: the attribute loop stopped at `>` or the end.
	if (needPragma === null || (needPragma && !gotPragma) || charset === null || charset === false)
		return skipPastTagEnd(input, position);
	if (charset === 'utf-16be' || charset === 'utf-16le') return 'utf-8';
	if (charset === 'x-user-defined') return 'windows-1252';
	return charset;
}

function skipPastTagEnd(input: Uint8Array, position: number): number {
	return input[position] === CharCodes.GreaterThan ? position + 1 : position;
}

/**
 * The last attribute `getAttribute` read, as byte ranges of its input: no string is made for
 * the attributes of the tags skipped, only for the few values of `<meta>` read (`valueText`).
 */
const attribute = {nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0};

/** Whether the last attribute's name (lower-cased) is `name`. */
function nameIs(input: Uint8Array, name: string): boolean {
	const {nameStart, nameEnd} = attribute;
	return nameEnd - nameStart === name.length && startsWith(input, nameStart, name);
}

/** The last attribute's value, ASCII upper case lower-cased (each byte one unit, as the spec appends them). */
function valueText(input: Uint8Array): string {
	return asciiLowerCase(String.fromCharCode(...input.subarray(attribute.valueStart, attribute.valueEnd)));
}

/** Whether the last attribute's value holds `charset` (ASCII case-insensitive): a content value without it declares nothing. */
function valueHasCharset(input: Uint8Array): boolean {
	for (let i = attribute.valueStart; i + 7 <= attribute.valueEnd; i++) if (startsWith(input, i, 'charset')) return true;
	return false;
}

/** The byte at `position`; throws END past the input. */
function byteAt(input: Uint8Array, position: number): number {
	const b = input[position];
	if (b === undefined) throw END;
	return b;
}

/**
 * HTML "get an attribute" (`#concept-get-attributes-when-sniffing`): where the attribute ends (its
 * name and value in `attribute`), or -1 at `>`. Throws END at the end of the input.
 */
function getAttribute(input: Uint8Array, position: number): number {
	while (isSpace(byteAt(input, position)) || byteAt(input, position) === CharCodes.Solidus) position++;
	if (byteAt(input, position) === CharCodes.GreaterThan) return -1;
	attribute.nameStart = position;
	attribute.valueStart = attribute.valueEnd = 0;
	for (; ; position++) {
		const b = byteAt(input, position);
		// The name is never empty here: its first byte is neither space, "/" nor ">" (skipped or returned above).
		if (b === CharCodes.EqualsSign && position > attribute.nameStart) {
			attribute.nameEnd = position;
			break;
		}
		if (isSpace(b)) {
			attribute.nameEnd = position;
			while (isSpace(byteAt(input, position))) position++;
			if (byteAt(input, position) !== CharCodes.EqualsSign) return position;
			break;
		}
		if (b === CharCodes.Solidus || b === CharCodes.GreaterThan) {
			attribute.nameEnd = position;
			return position;
		}
	}
	position++; // past "="
	while (isSpace(byteAt(input, position))) position++;
	const quote = byteAt(input, position);
	if (quote === CharCodes.QuotationMark || quote === CharCodes.Apostrophe) {
		attribute.valueStart = ++position;
		while (byteAt(input, position) !== quote) position++;
		attribute.valueEnd = position;
		return position + 1;
	}
	attribute.valueStart = position;
	if (quote !== CharCodes.GreaterThan)
		while (!isSpace(byteAt(input, position)) && byteAt(input, position) !== CharCodes.GreaterThan) position++;
	attribute.valueEnd = position;
	return position;
}

/** HTML "extracting a character encoding from a meta element" (`#algorithm-for-extracting-a-character-encoding-from-a-meta-element`) (the content value). */
export function extractFromContent(content: string): string | null {
	const folded = asciiLowerCase(content);
	let position = 0;
	for (;;) {
		const found = folded.indexOf('charset', position);
		if (found === -1) return null;
		position = found + 7;
		while (isSpace(content.charCodeAt(position))) position++;
		if (content.charCodeAt(position) !== CharCodes.EqualsSign) continue; // loop from just before that character
		position++;
		while (isSpace(content.charCodeAt(position))) position++;
		const c = content.charCodeAt(position);
		if (c === CharCodes.QuotationMark || c === CharCodes.Apostrophe) {
			const close = content.indexOf(content.charAt(position), position + 1);
			return close === -1 ? null : getEncoding(content.slice(position + 1, close));
		}
		let end = position;
		while (end < content.length && !isSpace(content.charCodeAt(end)) && content.charCodeAt(end) !== CharCodes.Semicolon)
			end++;
		return end === position ? null : getEncoding(content.slice(position, end));
	}
}

/**
 * HTML "get an XML encoding" (`#concept-get-xml-encoding-when-sniffing`): the `encoding` of a leading `<?xml …>`
 * declaration (UTF-16 declared there means UTF-8).
 *
 * @example
 * xmlEncoding(new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-2"?>'), true); //=> 'iso-8859-2'
 */
export function xmlEncoding(bytes: Uint8Array, complete: boolean): Sniffed {
	const input = bytes.subarray(0, PRESCAN_BYTES);
	const done = complete || input.length >= PRESCAN_BYTES;
	const prefix = [0x3c, 0x3f, 0x78, 0x6d, 0x6c]; // "<?xml"
	if (!prefix.every((b, k) => k >= input.length || input[k] === b)) return null;
	const declarationEnd = input.indexOf(CharCodes.GreaterThan);
	if (input.length < prefix.length || declarationEnd === -1) return done ? null : 'more';
	const text = String.fromCharCode(...input.subarray(0, declarationEnd));
	let position = asciiLowerCase(text).indexOf('encoding');
	if (position === -1) return null;
	position += 8;
	while (position < text.length && text.charCodeAt(position) <= CharCodes.Space) position++;
	if (text.charCodeAt(position) !== CharCodes.EqualsSign) return null;
	position++;
	while (position < text.length && text.charCodeAt(position) <= CharCodes.Space) position++;
	const quote = text.charAt(position);
	if (quote !== '"' && quote !== "'") return null;
	const close = text.indexOf(quote, position + 1);
	if (close === -1) return null;
	const label = text.slice(position + 1, close);
	for (let k = 0; k < label.length; k++) if (label.charCodeAt(k) <= CharCodes.Space) return null;
	const encoding = getEncoding(label);
	return encoding === 'utf-16be' || encoding === 'utf-16le' ? 'utf-8' : encoding;
}

/**
 * CSS Syntax §3.2 "determine the fallback encoding": `@charset "label";` as the very
 * first bytes, within the first 1024.
 *
 * @example
 * cssCharset(new TextEncoder().encode('@charset "koi8-r"; a{}'), true); //=> 'koi8-r'
 */
export function cssCharset(bytes: Uint8Array, complete: boolean): Sniffed {
	const input = bytes.subarray(0, PRESCAN_BYTES);
	const done = complete || input.length >= PRESCAN_BYTES;
	const prefix = '@charset "';
	for (let k = 0; k < prefix.length; k++) {
		if (k >= input.length) return done ? null : 'more';
		if (input[k] !== prefix.charCodeAt(k)) return null;
	}
	for (let i = prefix.length; i < input.length; i++) {
		const b = input[i];
		if (b === CharCodes.Semicolon) return null;
		if (b === CharCodes.QuotationMark) {
			if (i + 1 >= input.length) return done ? null : 'more';
			if (input[i + 1] !== CharCodes.Semicolon) return null;
			const encoding = getEncoding(String.fromCharCode(...input.subarray(prefix.length, i)));
			return encoding === 'utf-16be' || encoding === 'utf-16le' ? 'utf-8' : encoding;
		}
	}
	return done ? null : 'more';
}
