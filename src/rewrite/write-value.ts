/**
 * A new value in its place: escaped for the value's own syntax (srcset, list, meta
 * refresh, CSS, plain text), then for its container (an HTML attribute in its quoting,
 * HTML text), then for each iframe `srcdoc` attribute it is nested in. The result
 * decodes, through the same layers, to the value given; it cannot end its attribute,
 * string, url token or element early.
 */
import type {Enclosing, ReferenceEvent} from '../extract/event.js';
import {scanText} from '../extract/text/scan.js';
import {escapeCssString, escapeCssUrl} from './escape-css.js';
import {escapeAttribute, escapeText, isHtmlWhitespace, writeUnquotedValue} from './escape-html.js';
import {escapeCdata, escapeXmlAttribute, escapeXmlText, writeSystemLiteral} from './escape-xml.js';
import {escapeCommaItem, escapeListItem, escapeRefreshUrl, escapeSrcsetUrl, escapeTextUrl} from './escape-url.js';

const CharCodes = {
	QuotationMark: 0x22, // '"'
	Apostrophe: 0x27, // "'"
	Semicolon: 0x3b, // ";"
	EqualsSign: 0x3d, // "="
	LessThan: 0x3c, // "<"
	GreaterThan: 0x3e, // ">"
} as const;

/**
 * How a character the output encoding cannot represent is written: a character
 * reference (`&#N;`, inside HTML), a CSS escape (raw CSS), or percent-encoded UTF-8
 * (plain text).
 */
export type Fallback = 'html' | 'css' | 'url';

/** The characters just outside the span in the source (-1: not known). */
export interface Neighbours {
	before: number;
	after: number;
}

export interface WrittenValue {
	text: string;
	fallback: Fallback;
	/** The quote the value needs when it is not the one around the span (a system literal): both are replaced. */
	requote?: '"' | "'";
}

/**
 * The text to put in place of `event`'s span so that it reads back as `value`; null when
 * the syntax cannot hold it (an empty srcset, list or meta refresh URL, or an event with
 * nothing written: `syntax: 'none'`).
 *
 * @example
 * writeValue('a&b.html', {syntax: 'url', container: 'attribute', quote: '"', ...event}, {before: 0x22, after: 0x22});
 * // {text: 'a&amp;b.html', fallback: 'html'}
 */
export function writeValue(value: string, event: ReferenceEvent, around: Neighbours): WrittenValue | null {
	const inner = escapeSyntax(value, event, around);
	if (inner === null) return null;
	if (event.container === 'system-literal') return literalValue(inner, event);
	let text = guardEntity(escapeContainer(inner, event, around), event, around);
	const {enclosing} = event;
	if (enclosing !== undefined) for (const layer of enclosing) text = escapeLayer(text, layer);
	return {text, fallback: fallbackOf(event)};
}

/** A DOCTYPE system literal: written as it is, in the other quote if need be (escape-xml.ts writeSystemLiteral). */
function literalValue(value: string, event: ReferenceEvent): WrittenValue {
	const quote = event.quote === "'" ? "'" : '"';
	const written = writeSystemLiteral(value, quote);
	return written.quote === quote
		? {text: written.text, fallback: 'url'}
		: {text: written.text, fallback: 'url', requote: written.quote};
}

/**
 * HTML `#named-character-reference-state`: a legacy reference without `;` just
 * before the span (`url(&quot` + value) is decoded or not, or read longer (`&not` + `in;`),
 * depending on the characters after it. When the span follows an ASCII alphanumeric
 * (maybe such a name) and the new text starts with one, `=` or `;`, its first character is
 * written as a numeric reference, which ends any name before it.
 */
function guardEntity(text: string, event: ReferenceEvent, around: Neighbours): string {
	// `<a href>`: the span follows the attribute name, and the text starts with its "=".
	const {container} = event;
	const inAttribute = (container === 'attribute' || container === 'xml-attribute') && event.quote !== undefined;
	if ((!inAttribute && container !== 'html-text') || !isAlphanumeric(around.before)) return text;
	const first = text.charCodeAt(0);
	if (!isAlphanumeric(first) && first !== CharCodes.EqualsSign && first !== CharCodes.Semicolon) return text;
	return `&#${first};${text.slice(1)}`;
}

/** Escaped for one enclosing layer: an HTML or XML attribute's quoting, XML text, or a CDATA section. */
function escapeLayer(text: string, layer: Enclosing): string {
	switch (layer) {
		case 'xml-text':
			return escapeXmlText(text);
		case 'cdata':
			return escapeCdata(text);
		// XML 1.0 §2.7: the span ends inside a CDATA section it did not start in: one opens after the text.
		case 'xml-text>cdata':
			return `${escapeXmlText(text)}<![CDATA[`;
		// The span starts inside a CDATA section and ends in text: the section ends after the value.
		case 'cdata>xml-text':
			return `${escapeCdata(text)}]]>`;
		case 'xml"':
			return escapeXmlAttribute(text, '"');
		case "xml'":
			return escapeXmlAttribute(text, "'");
		default:
			return escapeAttribute(text, layer);
	}
}

function isAlphanumeric(c: number): boolean {
	return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

/** The value escaped for its own syntax. */
function escapeSyntax(value: string, event: ReferenceEvent, around: Neighbours): string | null {
	switch (event.syntax) {
		case 'url':
			return value;
		case 'list-item':
			return value === '' ? null : escapeListItem(value);
		case 'comma-item':
			return value === '' ? null : escapeCommaItem(value);
		case 'srcset':
			return value === '' ? null : escapeSrcsetUrl(value);
		case 'meta-refresh':
			return value === '' ? null : escapeRefreshUrl(value, refreshQuote(event, around.before));
		case 'css-url':
			return escapeCssUrl(value);
		case 'css-string':
			return escapeCssString(value);
		case 'text':
			return value === '' ? null : delimitText(escapeTextUrl(value), event, around);
		case 'none':
			return null;
	}
}

/**
 * A plain-text URL written without delimiters ends where the scanner's rules end it,
 * which depend on the URL itself (`www.foo:bar` stops at the host; `http://www.foo/:bar`
 * does not; a trailing `}` stays only when paired). Unless the text around it ends any
 * URL (whitespace, `<`, `>`, the ends of the text; not `"`, which a URL may hold) and the
 * scanner reads the new value whole, it goes in angle brackets, RFC 2396 Appendix E's
 * delimiters, so it is read whole and cannot take in its neighbours. Between quotes
 * (`"…"`, where the scanner's rules still apply: an unpaired `)` or a trailing `'` ends
 * the URL) the same holds: brackets inside the quotes when the scanner would cut it.
 * Deviation: brackets keep the value as given, where percent-encoding `)` would not (a
 * reserved character and its escape are different URIs, RFC 3986 §2.2).
 */
function delimitText(text: string, event: ReferenceEvent, around: Neighbours): string {
	if (event.delimiter === '""') return readsWhole(text, '"') ? text : `<${text}>`;
	if (event.delimiter !== 'none' || (endsText(around.before) && endsText(around.after) && readsWhole(text)))
		return text;
	return `<${text}>`;
}

/**
 * Whether running text reads `text` (between two `quote`s, if any) as one URL from end to
 * end, or as no URL at all even in angle brackets (nothing to keep whole).
 */
function readsWhole(text: string, quote = ''): boolean {
	const found = scanText(quote + text + quote);
	const start = quote.length;
	if (found.length === 0) return scanText(`<${text}>`).length === 0;
	return found.length === 1 && found[0]?.start === start && found[0].end === start + text.length;
}

function endsText(c: number): boolean {
	return c === -1 || isHtmlWhitespace(c) || c === CharCodes.LessThan || c === CharCodes.GreaterThan;
}

/**
 * The quote before a meta refresh URL: `'`/`"`, or none (`null`). The extractor says
 * (`event.refreshQuote`); without it, the character before the span tells, except after
 * `;`, which may end an entity (`&quot;`): unknown (`undefined`).
 */
function refreshQuote(event: ReferenceEvent, before: number): '"' | "'" | null | undefined {
	if (event.refreshQuote !== undefined) return event.refreshQuote === '' ? null : event.refreshQuote;
	if (before === CharCodes.QuotationMark) return '"';
	if (before === CharCodes.Apostrophe) return "'";
	return before === CharCodes.Semicolon ? undefined : null;
}

function escapeContainer(text: string, event: ReferenceEvent, around: Neighbours): string {
	switch (event.container) {
		case 'attribute': {
			const {quote} = event;
			// `<a href>`: the span is empty just after the name; the value comes with its "=".
			if (quote === undefined) return `="${escapeAttribute(text, '"')}"`;
			if (quote === '' && event.syntax === 'url' && isWholeUnquotedValue(around)) return writeUnquotedValue(text);
			return escapeAttribute(text, quote);
		}
		case 'html-text':
			return escapeText(text);
		case 'xml-attribute':
			return escapeXmlAttributeValue(text, event, around);
		case 'xml-text':
			return escapeXmlText(text);
		case 'cdata':
			return escapeCdata(text);
		case 'raw':
		case 'system-literal':
			return text;
	}
}

/** An XML attribute value in its quoting; with none (`<h:a href>`, an unquoted value: not well-formed) as HTML writes it, in double quotes. */
function escapeXmlAttributeValue(text: string, event: ReferenceEvent, around: Neighbours): string {
	const {quote} = event;
	if (quote === undefined) return `="${escapeXmlAttribute(text, '"')}"`;
	if (quote !== '') return escapeXmlAttribute(text, quote);
	return event.syntax === 'url' && isWholeUnquotedValue(around) ? writeUnquotedValue(text) : escapeAttribute(text, '');
}

/**
 * Whether an unquoted span is the attribute value itself (HTML `#attribute-value-(unquoted)-state`: the value
 * starts after `=` and whitespace, and ends at whitespace or `>`), so quotes may be added.
 */
function isWholeUnquotedValue(around: Neighbours): boolean {
	const startsValue = around.before === CharCodes.EqualsSign || isHtmlWhitespace(around.before);
	const endsValue = around.after === CharCodes.GreaterThan || isHtmlWhitespace(around.after);
	return startsValue && endsValue;
}

function fallbackOf(event: ReferenceEvent): Fallback {
	const outer = event.enclosing?.at(-1) ?? event.container;
	// XML Char references do not work inside a CDATA section.
	// Nor in a system literal (XML 1.0 §2.3: nothing is decoded there).
	if (outer === 'cdata' || outer === 'cdata>xml-text' || outer === 'system-literal') return 'url';
	if (event.container !== 'raw' || (event.enclosing?.length ?? 0) > 0) return 'html';
	return event.syntax === 'css-url' || event.syntax === 'css-string' ? 'css' : 'url';
}
