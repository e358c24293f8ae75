/**
 * Writing a value back into XML element text (XML 1.0 §2.4 character data) and CDATA
 * sections (§2.7). The output reads back, through an XML parser, as exactly the value
 * given, and never ends its element or section.
 */

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
	return TEXT_SPECIAL.test(value) ? value.replaceAll(TEXT_SPECIALS, (c) => TEXT[c] ?? c) : value;
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
	return value.includes(CDATA_END) ? value.replaceAll(CDATA_END, ']]]]><![CDATA[>') : value;
}
