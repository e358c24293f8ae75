/**
 * Writing a value back into HTML (html-url-attributes.md §5.8): attribute values in
 * their original quoting, and text content. The output decodes (HTML `#attribute-value-(double-quoted)-state`
 * and its single-quoted and unquoted siblings, `#character-reference-state`) to exactly the value
 * given, and never ends its attribute or element.
 */
import {StringBuilder} from '../string-builder.js';

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	FormFeed: 0x0c, // "\f"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	QuotationMark: 0x22, // '"'
	Ampersand: 0x26, // "&"
	Apostrophe: 0x27, // "'"
	LessThan: 0x3c, // "<"
	EqualsSign: 0x3d, // "="
	GreaterThan: 0x3e, // ">"
	GraveAccent: 0x60, // "`"
} as const;

/** Attribute quoting as written: `"`, `'`, or `''` for an unquoted value. */
export type Quote = '"' | "'" | '';

/**
 * Characters that end or spoil an unquoted attribute value (HTML `#attribute-value-(unquoted)-state`: whitespace
 * and `>` end it; `"` `'` `<` `=` `` ` `` are parse errors) and `&`, as character references.
 */
const UNQUOTED_REFERENCES: Readonly<Record<number, string>> = {
	[CharCodes.Tab]: '&#9;',
	[CharCodes.LineFeed]: '&#10;',
	[CharCodes.FormFeed]: '&#12;',
	[CharCodes.CarriageReturn]: '&#13;',
	[CharCodes.Space]: '&#32;',
	[CharCodes.QuotationMark]: '&quot;',
	[CharCodes.Ampersand]: '&amp;',
	[CharCodes.Apostrophe]: '&#39;',
	[CharCodes.LessThan]: '&lt;',
	[CharCodes.EqualsSign]: '&#61;',
	[CharCodes.GreaterThan]: '&gt;',
	[CharCodes.GraveAccent]: '&#96;',
};

/**
 * `&` (it could start a character reference), the quote (it would end the value), `<`
 * (XHTML forbids it in attribute values; harmless in HTML) and CR (HTML `#preprocessing-the-input-stream` turns
 * CR and CR LF into LF before tokenizing) as character references.
 */
const DOUBLE_QUOTED: Readonly<Record<number, string>> = {
	[CharCodes.CarriageReturn]: '&#13;',
	[CharCodes.Ampersand]: '&amp;',
	[CharCodes.QuotationMark]: '&quot;',
	[CharCodes.LessThan]: '&lt;',
};
const SINGLE_QUOTED: Readonly<Record<number, string>> = {
	[CharCodes.CarriageReturn]: '&#13;',
	[CharCodes.Ampersand]: '&amp;',
	[CharCodes.Apostrophe]: '&#39;',
	[CharCodes.LessThan]: '&lt;',
};
/** HTML text content: `&` and `<` (a tag or a character reference could start there), and CR. */
const TEXT: Readonly<Record<number, string>> = {
	[CharCodes.CarriageReturn]: '&#13;',
	[CharCodes.Ampersand]: '&amp;',
	[CharCodes.LessThan]: '&lt;',
};

/** Each table's characters as a regular expression class: the first one is found natively (most values have none). */
const FIRST = new Map(
	[UNQUOTED_REFERENCES, DOUBLE_QUOTED, SINGLE_QUOTED, TEXT].map(table => {
		const units = Object.keys(table).map(code => `\\u${Number(code).toString(16).padStart(4, '0')}`);
		return [table, new RegExp(`[${units.join('')}]`)] as const;
	}),
);

/** Replace the characters in `table`; returns `s` itself when there are none (looked for first). */
function replaceFrom(s: string, table: Readonly<Record<number, string>>): string {
	const first = s.search(FIRST.get(table) as RegExp);
	if (first < 0) return s;
	// Unchanged runs as slices, each reference a piece (see string-builder.ts).
	const out = new StringBuilder();
	let from = 0;
	for (let i = first; i < s.length; i++) {
		const reference = table[s.charCodeAt(i)];
		if (reference === undefined) continue;
		out.add(s.slice(from, i));
		out.add(reference);
		from = i + 1;
	}
	out.add(s.slice(from));
	return out.text();
}

/**
 * A value for the inside of an attribute written with `quote`. For an unquoted value the
 * characters that would end it become character references (the value stays unquoted:
 * this text may be only part of it).
 *
 * @example
 * escapeAttribute('a.html?x=1&y="2"', '"'); // 'a.html?x=1&amp;y=&quot;2&quot;'
 * escapeAttribute('a b', ''); // 'a&#32;b'
 */
export function escapeAttribute(value: string, quote: Quote): string {
	return replaceFrom(value, quote === '"' ? DOUBLE_QUOTED : quote === "'" ? SINGLE_QUOTED : UNQUOTED_REFERENCES);
}

/**
 * A whole unquoted attribute value: kept unquoted when nothing in it needs escaping,
 * else written in double quotes (which the span, being the value itself, may take).
 * An empty value needs `""` too: `href= title=x` would read `title=x` as the value.
 *
 * @example
 * writeUnquotedValue('b.html'); // 'b.html'
 * writeUnquotedValue('a b.html'); // '"a b.html"'
 */
export function writeUnquotedValue(value: string): string {
	if (value !== '' && escapeAttribute(value, '') === value) return value;
	return `"${escapeAttribute(value, '"')}"`;
}

/**
 * HTML text content (a plain-text URL found with `textLinks`).
 *
 * @example
 * escapeText('a<b&c'); // 'a&lt;b&amp;c'
 */
export function escapeText(value: string): string {
	return replaceFrom(value, TEXT);
}

/**
 * ASCII whitespace (HTML: TAB, LF, FF, CR, SPACE).
 *
 * @example
 * isHtmlWhitespace(0x0c); // true
 */
export function isHtmlWhitespace(c: number): boolean {
	return (
		c === CharCodes.Tab ||
		c === CharCodes.LineFeed ||
		c === CharCodes.FormFeed ||
		c === CharCodes.CarriageReturn ||
		c === CharCodes.Space
	);
}
