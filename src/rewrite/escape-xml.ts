/**
 * Writing a value back into XML element text (XML 1.0 §2.4 character data) and CDATA
 * sections (§2.7). The output reads back, through an XML parser, as exactly the value
 * given, and never ends its element or section.
 */
import {StringBuilder} from '../string-builder.js';

/**
 * XML 1.0 §2.2 Char: no C0 control but TAB, LF and CR, no U+FFFE or U+FFFF, no lone
 * surrogate, not even as a character reference (§4.1 WFC: Legal Character). A new value
 * holding one would make the document ill-formed.
 */
const NOT_XML_CHAR = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]/u;
const NOT_XML_CHARS = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]/gu;

/**
 * A new URL value with the characters XML cannot hold percent-encoded (as UTF-8; a lone
 * surrogate as U+FFFD): the URL Standard's parser percent-encodes C0 controls and those
 * characters itself (#c0-control-percent-encode-set, in every other set too), so the URL
 * read back is the one given, and the document stays well-formed.
 *
 * @example
 * xmlCharacters('a\u0001b'); // 'a%01b'
 */
export function xmlCharacters(value: string): string {
	return NOT_XML_CHAR.test(value) ? value.replaceAll(NOT_XML_CHARS, percentEncoded) : value;
}

function percentEncoded(c: string): string {
	const code = c.charCodeAt(0);
	const bytes =
		code >= 0xd800 && code <= 0xdfff ? [0xef, 0xbf, 0xbd] : code < 0x80 ? [code] : [0xef, 0xbf, (code & 0x3f) | 0x80];
	return bytes.map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * `&` and `<` (XML 1.0 §2.4: they may not appear literally), `>` (§2.4: the string `]]>`
 * may not appear in content) and CR (§2.11 turns CR and CR LF into LF) as references.
 */
const TEXT: Readonly<Record<string, string>> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;'};

const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIALS = /[&<>\r]/g;

/**
 * XML element text.
 *
 * @example
 * escapeXmlText('a?b=1&c=<2>'); // 'a?b=1&amp;c=&lt;2&gt;'
 */
export function escapeXmlText(value: string): string {
	value = xmlCharacters(value);
	return TEXT_SPECIAL.test(value) ? value.replaceAll(TEXT_SPECIALS, c => TEXT[c] ?? c) : value;
}

/** XML 1.0 §2.7: a CDATA section ends at the first `]]>`. */
const CDATA_END = ']]>';

/**
 * The inside of a CDATA section: each `]]>` is split across two sections (`]]` ends the
 * first, `>` starts the next), so the section does not end early.
 *
 * @example
 * escapeCdata('a]]>b'); // 'a]]]]><![CDATA[>b'
 */
export function escapeCdata(value: string): string {
	value = xmlCharacters(value);
	return value.includes(CDATA_END) ? value.replaceAll(CDATA_END, ']]]]><![CDATA[>') : value;
}

/**
 * An XML attribute value in `"` or `'` (XML 1.0 §3.1 AttValue: no `<`, no `&` but as a
 * reference, not the quote in use) and the xml-stylesheet PI's pseudo-attributes
 * (Associating Style Sheets 1.0 §2 PseudoAttValue: the same, its character and predefined
 * entity references read as in an attribute value, and never `?>`, so `>` too). §3.3.3
 * attribute-value normalization reads a literal TAB, LF or CR as a space: they are
 * written as character references, which it keeps.
 */
const ATTRIBUTE: Readonly<Record<string, string>> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
	'\t': '&#9;',
	'\n': '&#10;',
	'\r': '&#13;',
};

/**
 * The inside of an XML attribute value (or a PI pseudo-attribute) written with `quote`.
 *
 * @example
 * escapeXmlAttribute('a b\tc?x=1&y="2"', '"'); // 'a b&#9;c?x=1&amp;y=&quot;2&quot;'
 */
export function escapeXmlAttribute(value: string, quote: '"' | "'"): string {
	value = xmlCharacters(value);
	const other = quote === '"' ? "'" : '"';
	const out = new StringBuilder();
	let from = 0;
	for (let i = 0; i < value.length; i++) {
		const c = value[i] as string;
		const reference = c === other ? undefined : ATTRIBUTE[c];
		if (reference === undefined) continue;
		out.add(value.slice(from, i));
		out.add(reference);
		from = i + 1;
	}
	if (from === 0) return value;
	out.add(value.slice(from));
	return out.text();
}

/** A value written into a DOCTYPE system literal, and the quote it needs. */
export interface LiteralValue {
	text: string;
	quote: '"' | "'";
}

/**
 * Characters percent-encoded in a system literal: `<` and `>` (a markup reader may end the
 * declaration at `>`) and, when the value holds both quotes, `"`. A URL parser
 * percent-encodes all three itself (WHATWG URL: in every percent-encode set), so the URL
 * read back is the same.
 */
const LITERAL_ENCODED: Readonly<Record<string, string>> = {'<': '%3C', '>': '%3E', '"': '%22'};
const ANGLE_BRACKETS = /[<>]/g;

/**
 * XML 1.0 §2.3 [11] SystemLiteral ::= '"' [^"]* '"' | "'" [^']* "'": nothing is escaped in
 * it. A value holding the quote in use is written in the other quote; one holding both is
 * written in `"` with each `"` percent-encoded.
 *
 * @example
 * writeSystemLiteral("it's.dtd", "'"); // {text: "it's.dtd", quote: '"'}
 * writeSystemLiteral('a"b\'c.dtd', '"'); // {text: "a%22b'c.dtd", quote: '"'}
 */
export function writeSystemLiteral(value: string, quote: '"' | "'"): LiteralValue {
	const other = quote === '"' ? "'" : '"';
	const text = xmlCharacters(value).replaceAll(ANGLE_BRACKETS, c => LITERAL_ENCODED[c] ?? c);
	if (!text.includes(quote)) return {text, quote};
	if (!text.includes(other)) return {text, quote: other};
	return {text: text.replaceAll('"', LITERAL_ENCODED['"'] ?? '"'), quote: '"'};
}
