/**
 * URLs in XML markup other than elements: the `xml-stylesheet` processing instruction's
 * `href` pseudo-attribute (Associating Style Sheets with XML documents 1.0, §2) and the
 * DOCTYPE's system identifier (XML 1.0 §2.8 doctypedecl, §4.2.2 ExternalID).
 */

/** A value's span in the markup text and how it is quoted. */
export interface MarkupValue {
	/** Offsets of the value (between its quotes) in the markup text given. */
	start: number;
	end: number;
	quote: '"' | "'";
}

/** xml-stylesheet §2: PseudoAtt ::= Name S? '=' S? PseudoAttValue; the `href` one. */
const STYLESHEET_HREF = /^xml-stylesheet\s(?:[\s\S]*?\s)?href\s*=\s*(["'])/;

/**
 * The `href` of an `xml-stylesheet` processing instruction, given its text between `<?`
 * and `?>`.
 *
 * @example
 * stylesheetHref('xml-stylesheet type="text/xsl" href="rss.xsl"'); // {start: 36, end: 43, quote: '"'}
 */
export function stylesheetHref(pi: string): MarkupValue | undefined {
	return quoted(pi, STYLESHEET_HREF.exec(pi));
}

/**
 * XML 1.0 §4.2.2: ExternalID ::= 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral S SystemLiteral.
 * The literal before the system literal is skipped as a whole.
 */
const DOCTYPE_SYSTEM = /^DOCTYPE\s+[^\s[>]+\s+(?:SYSTEM|PUBLIC\s+(?:"[^"]*"|'[^']*'))\s*(["'])/i;

/**
 * The system identifier of a DOCTYPE, given its text between `<!` and `>`.
 *
 * @example
 * doctypeSystem('DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd"'); // {start: 44, end: 53, quote: '"'}
 */
export function doctypeSystem(declaration: string): MarkupValue | undefined {
	return quoted(declaration, DOCTYPE_SYSTEM.exec(declaration));
}

function quoted(text: string, match: RegExpExecArray | null): MarkupValue | undefined {
	if (match === null) return undefined;
	const quote = match[1] === "'" ? "'" : '"';
	const start = match[0].length;
	const end = text.indexOf(quote, start);
	return end < 0 ? undefined : {start, end, quote};
}
