/**
 * RFC 2396 Appendix E angle-bracket delimiters: `<...>` and `<URL:...>`, with URLs wrapped
 * across lines joined back together.
 *
 * "Using <> angle brackets around each URI is especially recommended as a delimiting
 * style for URI that contain whitespace." Inside the brackets a line break, the
 * whitespace around it, and a mail quote prefix on the continuation line (`> `, `>> `,
 * `| `) are dropped; a hyphen before the break stays ("the hyphen may or may not
 * actually be part of the URI"; we keep it, as a URL is likelier to contain a hyphen
 * than a typesetter is to add one in a mail). In-line whitespace, a blank line, another
 * `<`, or no `>` within `MAX_BRACKET_SPAN` characters means the brackets are not
 * delimiters: the caller then scans the text as plain text.
 */
import {CharCodes, isLineBreak, isSpace, lowerAscii} from './chars.js';

/**
 * Longest `<...>` considered, in UTF-16 units from `<` to `>` inclusive. An unclosed `<`
 * never swallows more than this; a longer bracketed URL is found by the plain-text rules.
 */
export const MAX_BRACKET_SPAN = 4096;

/** `scanBracket` results that are not a match. */
export const BracketStatus = {
	/** Not a delimiter: scan the text after `<` as plain text. */
	Fail: -1,
	/** The text ends within the span and more may come (streaming): call again with more. */
	More: -2,
} as const;

export interface Bracketed {
	/** Half-open span of the content as written, wrap whitespace and quote prefixes included. */
	start: number;
	end: number;
	/** The content with line breaks, their whitespace and quote prefixes removed. */
	value: string;
	delimiter: '<>' | '<URL:>';
	/** Index just after the closing `>`. */
	next: number;
}

/**
 * Scan `<...>` at `open` (the index of `<`). Reads at most `MAX_BRACKET_SPAN` units, so
 * the answer depends only on `text.slice(open, open + MAX_BRACKET_SPAN + 1)`.
 *
 * @example
 * scanBracket('<http://a.example/b-\n  c>', 0, true);
 * // {start: 1, end: 24, value: 'http://a.example/b-c', delimiter: '<>', next: 25}
 * scanBracket('<b>bold</b>', 0, true); // {start: 1, end: 2, value: 'b', ...}: the caller decides it is no URI
 * scanBracket('<http://a.example/ b>', 0, true); // BracketStatus.Fail
 */
export function scanBracket(text: string, open: number, final: boolean): Bracketed | number {
	const spanEnd = open + MAX_BRACKET_SPAN;
	const limit = Math.min(text.length, spanEnd);
	const ranOut = limit < spanEnd && !final ? BracketStatus.More : BracketStatus.Fail;
	let i = urlPrefixEnd(text, open + 1, limit);
	if (i < 0) return ranOut;
	const delimiter = i > open + 1 ? '<URL:>' : '<>';
	// RFC 2396 App. E: "<URL:" may be followed by a space.
	if (delimiter === '<URL:>') while (i < limit && isBlank(text.charCodeAt(i))) i++;
	let value = '';
	let start = -1;
	let end = i;
	let segment = i;
	while (i < limit) {
		const c = text.charCodeAt(i);
		if (c === CharCodes.GreaterThan || isSpace(c)) {
			if (i > segment) {
				if (start < 0) start = segment;
				value += text.slice(segment, i);
				end = i;
			}
			if (c === CharCodes.GreaterThan) {
				return start < 0 ? BracketStatus.Fail : {start, end, value, delimiter, next: i + 1};
			}
			const next = skipWrap(text, i, limit, final);
			if (next < 0) return next === OUT_OF_SPAN ? ranOut : next;
			i = segment = next;
			continue;
		}
		if (c === CharCodes.LessThan) return BracketStatus.Fail;
		i++;
	}
	return ranOut;
}

/** After `<` at `i - 1`: the index past a case-insensitive `URL:`, `i` when absent, -1 when undecidable before `limit`. */
function urlPrefixEnd(text: string, i: number, limit: number): number {
	const prefix = 'url:';
	for (let k = 0; k < prefix.length; k++) {
		if (i + k >= limit) return -1;
		if (lowerAscii(text.charCodeAt(i + k)) !== prefix.charCodeAt(k)) return i;
	}
	return i + prefix.length;
}

/** `skipWrap`: `limit` came first (More if the text may grow, else Fail). */
const OUT_OF_SPAN = -3;

function isBlank(c: number): boolean {
	return c === CharCodes.Space || c === CharCodes.Tab;
}

/**
 * Whitespace at `i` inside brackets. A run of blanks, one line break, the continuation's
 * indentation and quote prefix: returns the index where the content continues (possibly
 * the closing `>`). `Fail` for in-line whitespace or a blank line; `OUT_OF_SPAN` when
 * `limit` comes first; `More` when the one unit after a `>` is not there yet.
 */
function skipWrap(text: string, i: number, limit: number, final: boolean): number {
	let j = i;
	while (j < limit && isBlank(text.charCodeAt(j))) j++;
	if (j >= limit) return OUT_OF_SPAN;
	const c = text.charCodeAt(j);
	if (!isLineBreak(c)) return BracketStatus.Fail; // in-line whitespace: not a wrapped URL
	if (c === CharCodes.CarriageReturn) {
		if (j + 1 >= limit) return OUT_OF_SPAN;
		if (text.charCodeAt(j + 1) === CharCodes.LineFeed) j++;
	}
	j++;
	while (j < limit && isBlank(text.charCodeAt(j))) j++; // continuation indentation
	if (j >= limit) return OUT_OF_SPAN;
	const d = text.charCodeAt(j);
	if (isSpace(d)) return BracketStatus.Fail; // never join across a blank line
	if (d !== CharCodes.GreaterThan && d !== CharCodes.Pipe) return j;
	if (d === CharCodes.GreaterThan) {
		// One unit of lookahead (possibly just past the span) tells a closing ">" from a quote prefix.
		if (j + 1 >= text.length && !final) return BracketStatus.More;
		if (!isQuoteMark(text.charCodeAt(j + 1))) return j;
	}
	return skipQuotePrefix(text, j, limit);
}

function isQuoteMark(c: number): boolean {
	return c === CharCodes.GreaterThan || c === CharCodes.Pipe || isBlank(c);
}

/** A mail quote prefix such as `> `, `>> `, `> > ` or `| ` at `j`; `Fail` when the quoted line is blank. */
function skipQuotePrefix(text: string, j: number, limit: number): number {
	let k = j;
	while (k < limit && isQuoteMark(text.charCodeAt(k))) k++;
	if (k >= limit) return OUT_OF_SPAN;
	return isSpace(text.charCodeAt(k)) ? BracketStatus.Fail : k;
}
