/**
 * HTML "shared declarative refresh steps" (`#shared-declarative-refresh-steps`): the URL inside `<meta http-equiv=refresh content>`
 * (and the `Refresh` HTTP header). Works on the entity-decoded value; offsets are into it.
 */
import {isAsciiWhitespace} from './srcset.js';

const CharCodes = {
	Quote: 0x22, // '"'
	Apostrophe: 0x27, // "'"
	Comma: 0x2c, // ","
	Dot: 0x2e, // "."
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	Semicolon: 0x3b, // ";"
	Equals: 0x3d, // "="
	LowerL: 0x6c, // "l"
	LowerR: 0x72, // "r"
	LowerU: 0x75, // "u"
} as const;

/** A parsed refresh value: the delay and, when there is one, the URL's half-open span. */
export interface MetaRefresh {
	time: number;
	/**
	 * The URL string's span (quotes and trailing whitespace excluded), or null: refresh this
	 * page. `quote`: the quote that opened it (step 11.8), `''` for none.
	 */
	url: {start: number; end: number; quote: '"' | "'" | ''} | null;
}

/**
 * Parse a refresh value. Returns null when the steps fail (no refresh at all).
 *
 * @example
 * parseMetaRefresh("0; URL='next.html'"); // {time: 0, url: {start: 8, end: 17, quote: "'"}}
 * parseMetaRefresh('5url=x'); // null
 */
export function parseMetaRefresh(input: string): MetaRefresh | null {
	// Step 1: an empty input does nothing.
	if (input === '') return null;
	// Step 3: skip ASCII whitespace.
	let position = skipWhitespace(input, 0);
	// Step 5: collect ASCII digits as the time.
	const timeStart = position;
	while (isDigit(input.charCodeAt(position))) position++;
	// Step 6: no digits: the next code point must be "." or the steps fail.
	if (position === timeStart && input.charCodeAt(position) !== CharCodes.Dot) return null;
	const time = position === timeStart ? 0 : Number(input.slice(timeStart, position));
	// Step 8: collect (and ignore) ASCII digits and ".".
	while (isDigit(input.charCodeAt(position)) || input.charCodeAt(position) === CharCodes.Dot) position++;
	// Step 10: a separator must follow the time.
	if (position < input.length) {
		const c = input.charCodeAt(position);
		if (!isAsciiWhitespace(c) && c !== CharCodes.Semicolon && c !== CharCodes.Comma) return null;
		position = skipWhitespace(input, position);
		const separator = input.charCodeAt(position);
		if (separator === CharCodes.Semicolon || separator === CharCodes.Comma) position++;
		position = skipWhitespace(input, position);
	}
	// Step 11: no URL: refresh this document.
	if (position >= input.length) return {time, url: null};
	return {time, url: urlSpan(input, position)};
}

/** Step 11.1–11.10: the URL string from `position`, past an optional `url=` and quote. */
function urlSpan(input: string, position: number): {start: number; end: number; quote: '"' | "'" | ''} {
	// Step 11.1: urlString is the rest of the input.
	let start = position;
	let quote = 0;
	const lower = (i: number): number => input.charCodeAt(i) | 0x20;
	// Step 11.2: "U"/"u" advances, else go to the quote step (11.8) directly.
	const startsWithU = lower(position) === CharCodes.LowerU;
	if (startsWithU) position++;
	// Steps 11.3–11.7: the rest of "url", whitespace, "=", whitespace; any miss parses urlString whole.
	let matched = !startsWithU;
	if (startsWithU && lower(position) === CharCodes.LowerR && lower(position + 1) === CharCodes.LowerL) {
		position = skipWhitespace(input, position + 2);
		if (input.charCodeAt(position) === CharCodes.Equals) {
			position = skipWhitespace(input, position + 1);
			matched = true;
		}
	}
	if (matched) {
		// Step 11.8: skip a quote, remembering it.
		const c = input.charCodeAt(position);
		if (c === CharCodes.Quote || c === CharCodes.Apostrophe) {
			quote = c;
			position++;
		}
		// Step 11.9: urlString is the rest from here.
		start = position;
	}
	let end = input.length;
	// Step 11.10: cut at the matching quote (unterminated: keep to the end).
	if (quote !== 0) {
		const close = input.indexOf(String.fromCharCode(quote), start);
		if (close >= 0) end = close;
	}
	// The URL parser strips trailing C0 controls and spaces: leave trailing whitespace out of the span.
	while (end > start && isAsciiWhitespace(input.charCodeAt(end - 1))) end--;
	return {start, end, quote: quote === 0 ? '' : quote === CharCodes.Quote ? '"' : "'"};
}

function skipWhitespace(input: string, position: number): number {
	while (position < input.length && isAsciiWhitespace(input.charCodeAt(position))) position++;
	return position;
}

function isDigit(c: number): boolean {
	return c >= CharCodes.Zero && c <= CharCodes.Nine;
}
