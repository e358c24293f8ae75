/**
 * Percent-encoding a new URL where its list or text syntax would cut it: whitespace in a
 * srcset candidate or a token list, a comma at the ends of a srcset URL, the quote that
 * closes a meta refresh URL, the delimiters of a plain-text URL. A percent-encoded
 * space, quote or angle bracket is what the URL parser writes for them anyway (URL
 * Standard percent-encode sets), so the written URL keeps its meaning.
 */
import {StringBuilder} from '../string-builder.js';
import {isHtmlWhitespace} from './escape-html.js';

const CharCodes = {
	Space: 0x20, // " "
	QuotationMark: 0x22, // '"'
	Apostrophe: 0x27, // "'"
	Comma: 0x2c, // ","
	LessThan: 0x3c, // "<"
	GreaterThan: 0x3e, // ">"
	Delete: 0x7f,
} as const;

function percent(c: number): string {
	return `%${c < 0x10 ? '0' : ''}${c.toString(16).toUpperCase()}`;
}

/**
 * `value` with the ASCII characters for which `encode(c, i)` holds percent-encoded.
 *
 * @example
 * percentEncodeWhere('a b', (c) => c === 0x20); // 'a%20b'
 */
export function percentEncodeWhere(value: string, encode: (c: number, i: number) => boolean): string {
	const out = new StringBuilder();
	let from = 0;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		if (c >= 0x80 || !encode(c, i)) continue;
		out.add(value.slice(from, i));
		out.add(percent(c));
		from = i + 1;
	}
	if (from === 0) return value;
	out.add(value.slice(from));
	return out.text();
}

/**
 * A URL that is one token of a whitespace-separated list (ping, archive, itemtype).
 *
 * @example
 * escapeListItem('a b.html'); // 'a%20b.html'
 */
export function escapeListItem(value: string): string {
	return percentEncodeWhere(value, isHtmlWhitespace);
}

/**
 * A URL that is one item of a comma-separated list (applet archive).
 *
 * @example
 * escapeCommaItem('a,b.jar'); // 'a%2Cb.jar'
 */
export function escapeCommaItem(value: string): string {
	return percentEncodeWhere(value, c => c === CharCodes.Comma || isHtmlWhitespace(c));
}

/**
 * A srcset candidate URL (html-url-attributes.md §5.5): no whitespace, and no comma at
 * either end (the srcset parser skips leading commas and strips trailing ones). A leading
 * comma starts a relative path (no scheme starts with one), so "./" keeps its meaning,
 * where "%2C" would not: the URL parser does not decode it.
 * Deviation: a URL ending in a comma cannot be written in srcset at all; its trailing
 * commas are percent-encoded, the nearest URL.
 *
 * @example
 * escapeSrcsetUrl('a b.jpg,'); // 'a%20b.jpg%2C'
 * escapeSrcsetUrl(',a.jpg'); // './,a.jpg'
 */
export function escapeSrcsetUrl(value: string): string {
	const url = value.charCodeAt(0) === CharCodes.Comma ? `./${value}` : value;
	let last = url.length;
	while (last > 0 && url.charCodeAt(last - 1) === CharCodes.Comma) last--;
	return percentEncodeWhere(url, (c, i) => isHtmlWhitespace(c) || (c === CharCodes.Comma && i >= last));
}

/** Without leading and trailing C0 controls and spaces (URL Standard: removed before parsing); a loop, linear on any value. */
function trimC0OrSpace(value: string): string {
	let start = 0;
	let end = value.length;
	while (start < end && value.charCodeAt(start) <= 0x20) start++;
	while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
	return value.slice(start, end);
}

/**
 * The URL of a meta refresh value (HTML shared declarative refresh steps, §5.6):
 * whitespace (trailing whitespace would be cut), and the quote that encloses it as
 * written (`quote`; `null`: none, so only a leading quote and a leading `url=` could be
 * misread; `undefined`: unknown, both quotes anywhere).
 *
 * @example
 * escapeRefreshUrl("it's a.html", "'"); // 'it%27s%20a.html'
 * escapeRefreshUrl('url=x', null); // './url=x'
 */
export function escapeRefreshUrl(value: string, quote: '"' | "'" | null | undefined): string {
	// URL Standard #concept-basic-url-parser step 1 strips leading and trailing C0 controls and
	// spaces: trimmed here, where percent-encoding them would put them in the URL. White space
	// inside is percent-encoded, as the parser encodes it (path, query and fragment sets).
	// (A value of white space only is written as before: percent-encoded.)
	value = trimC0OrSpace(value) || value;
	// Steps 10–11.8: with no quote, a leading separator (after the time), quote or "url=" would
	// be read as syntax. Such a value is a relative path (no scheme starts so): "./" keeps its
	// meaning, where a percent-escape would not ("%27" and "%75" are not decoded by the URL parser).
	const url = quote === null && /^(?:[,;"']|url[\t\n\f\r ]*=)/iu.test(value) ? `./${value}` : value;
	return percentEncodeWhere(url, c => {
		if (isHtmlWhitespace(c)) return true;
		if (c !== CharCodes.QuotationMark && c !== CharCodes.Apostrophe) return false;
		return quote === undefined || (quote !== null && c === quote.charCodeAt(0));
	});
}

/**
 * A plain-text URL (RFC 2396 §2.4.3 "delims" and Appendix E): whitespace, `<`, `>` and
 * `"` would end it or break its delimiters.
 *
 * @example
 * escapeTextUrl('http://x.example/a b>'); // 'http://x.example/a%20b%3E'
 */
export function escapeTextUrl(value: string): string {
	return percentEncodeWhere(
		value,
		c =>
			c <= CharCodes.Space ||
			c === CharCodes.Delete ||
			c === CharCodes.LessThan ||
			c === CharCodes.GreaterThan ||
			c === CharCodes.QuotationMark,
	);
}

/**
 * A character the output encoding cannot represent, as percent-encoded UTF-8 (plain text).
 *
 * @example
 * percentEncodeCodePoint(0x2713); // '%E2%9C%93'
 */
export function percentEncodeCodePoint(codePoint: number): string {
	let out = '';
	for (const byte of new TextEncoder().encode(String.fromCodePoint(codePoint))) out += percent(byte);
	return out;
}
