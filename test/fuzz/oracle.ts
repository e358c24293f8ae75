/**
 * An independent reading of a Link's `raw` into its `value`, written from the specs (not
 * from src/): HTML attribute values through the `entities` package after input stream
 * preprocessing, CSS escapes per CSS Syntax 3, plain-text wraps per RFC 2396 Appendix E.
 * The fuzz properties compare it with what the extractor says.
 */
import {decodeHTML, decodeHTMLAttribute, decodeHTMLStrict} from 'entities';
import type {ReferenceEvent} from '../../src/extract/event.js';
import type {Link} from '../../src/types.js';

const REPLACEMENT = '\ufffd';

/** HTML §13.2.3.5 preprocessing: CR LF and lone CR become LF. */
function newlines(s: string): string {
	return s.replace(/\r\n?/g, '\n');
}

/** HTML §13.2.5.36–38: a NUL in an attribute value (or text we read as one) is U+FFFD. */
function nulls(s: string): string {
	return s.replaceAll('\u0000', REPLACEMENT);
}

/** ASCII whitespace (HTML: tab, LF, FF, CR, space) stripped at both ends. */
export function trimHtml(s: string): string {
	return s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
}

function isHex(c: string): boolean {
	return /^[\dA-Fa-f]$/.test(c);
}

/** CSS Syntax 3 §3.3 preprocessing: CR LF, CR and FF become LF; NUL and surrogates become U+FFFD. */
function cssPreprocess(s: string): string {
	return s.replace(/\r\n?|\f/g, '\n').replace(/[\u0000\ud800-\udfff]/g, (c, i: number, all: string) => {
		// A well-formed surrogate pair is one code point, not two surrogates.
		const code = c.charCodeAt(0);
		if (code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(all[i + 1] ?? '')) return c;
		if (code >= 0xdc00 && code <= 0xdfff && /[\ud800-\udbff]/.test(all[i - 1] ?? '')) return c;
		return REPLACEMENT;
	});
}

/**
 * CSS Syntax 3 §4.3.7 "consume an escaped code point" over a url token's or string's
 * contents; in a string, an escaped newline is nothing, and so is a `\` at the end of
 * the input (§4.3.5); in a url token that `\` is U+FFFD (§4.3.6, §4.3.7).
 */
export function decodeCss(raw: string, inString: boolean): string {
	const s = cssPreprocess(raw);
	let out = '';
	for (let i = 0; i < s.length; i++) {
		const c = s[i] as string;
		if (c !== '\\') {
			out += c;
			continue;
		}
		const next = s[i + 1];
		if (next === undefined) {
			if (!inString) out += REPLACEMENT;
			continue;
		}
		if (next === '\n') {
			i++;
			continue;
		}
		if (!isHex(next)) {
			out += next;
			i++;
			continue;
		}
		let hex = '';
		let j = i + 1;
		while (j < s.length && hex.length < 6 && isHex(s[j] as string)) hex += s[j++];
		if (s[j] === ' ' || s[j] === '\t' || s[j] === '\n') j++;
		const code = Number.parseInt(hex, 16);
		out +=
			code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? REPLACEMENT : String.fromCodePoint(code);
		i = j - 1;
	}
	return out;
}

/** RFC 2396 Appendix E: inside `<...>` a URL may be wrapped; the break, indent and quote prefix are not part of it. */
function unwrap(raw: string, delimiter: string | undefined): string {
	if (delimiter !== '<>' && delimiter !== '<URL:>') return raw;
	return raw.replace(/(?:\r\n|\r|\n)[\t >]*/g, '').replace(/[\t ]+/g, '');
}

/**
 * The value `raw` should read as in its context, or undefined where this oracle has no
 * rule (syntax `none`).
 */
export function expectedValue(link: Link, event: ReferenceEvent, xhtml: boolean): string | undefined {
	// XML has no NUL rule (it is not a character at all); HTML reads it as U+FFFD. XML 1.0
	// §3.3.3: a literal TAB, LF or CR in an attribute value is a space, a reference to one is not.
	const attribute = (s: string): string =>
		xhtml ? decodeHTMLStrict(newlines(s).replace(/[\t\n]/g, ' ')) : decodeHTMLAttribute(nulls(newlines(s)));
	let text = link.raw;
	// An iframe srcdoc document: the span is in the outer source, inside its attribute(s).
	for (let i = 0; i < (event.enclosing?.length ?? 0); i++) text = attribute(text);
	if (event.container === 'attribute' || event.container === 'xml-attribute') text = attribute(text);
	else if (event.container === 'html-text')
		text = xhtml ? decodeHTMLStrict(newlines(text)) : decodeHTML(newlines(text));
	switch (event.syntax) {
		case 'none':
			return undefined;
		case 'css-url':
		case 'css-string':
			return decodeCss(text, event.syntax === 'css-string');
		case 'text':
			return unwrap(text, link.delimiter);
		default:
			// The span leaves out the whitespace around the value, even when written as a reference.
			return text;
	}
}
