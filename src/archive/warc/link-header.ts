/**
 * The HTTP `Link` header (RFC 8288 §3): where each link-value's `<URI-Reference>` is, so
 * the reference keeps its span; the parameters are parsed by `http-link-header`.
 *
 *   Link       = #link-value
 *   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
 *
 * A comma inside `<...>` belongs to the URI (`<https://cdn.example.net/a,b.css>`), and one
 * inside a quoted parameter value belongs to the value; only the others separate links.
 */
import LinkHeader from 'http-link-header';

const CharCodes = {
	Tab: 0x09, // "\t"
	Space: 0x20, // " "
	Quote: 0x22, // '"'
	Comma: 0x2c, // ","
	LessThan: 0x3c, // "<"
	GreaterThan: 0x3e, // ">"
	Backslash: 0x5c, // "\"
} as const;

/** One link-value of a Link field: the URI's half-open span inside the field value, and its rel tokens. */
export interface LinkValue {
	start: number;
	end: number;
	/** RFC 8288 §3.3: relation types, lower-cased (they compare case-insensitively); empty when there is no rel. */
	rel: string[];
}

/**
 * Every link-value of one Link field value, in order. A member that does not start with
 * `<` is skipped up to the next separating comma; an unclosed `<` ends the field.
 *
 * @example
 * linkValues('<https://cdn.example.net/a,b.css>; rel=stylesheet, </c>; rel="canonical"');
 * //=> [{start: 1, end: 32, rel: ['stylesheet']}, {start: 52, end: 54, rel: ['canonical']}]
 */
export function linkValues(value: string): LinkValue[] {
	const links: LinkValue[] = [];
	let position = 0;
	while (position < value.length) {
		const c = value.charCodeAt(position);
		if (c !== CharCodes.LessThan) {
			// OWS or an empty list member (RFC 9110 §5.6.1) is passed; junk is skipped to the next member.
			position =
				c === CharCodes.Space || c === CharCodes.Tab || c === CharCodes.Comma
					? position + 1
					: memberEnd(value, position) + 1;
			continue;
		}
		const close = value.indexOf('>', position + 1);
		if (close < 0) break;
		const parametersEnd = memberEnd(value, close + 1);
		links.push({start: position + 1, end: close, rel: relTokens(value.slice(close + 1, parametersEnd))});
		position = parametersEnd + 1;
	}
	return links;
}

/** The offset of the comma ending the member at `position` (quoted strings skipped), or the value's length. */
function memberEnd(value: string, position: number): number {
	let quoted = false;
	for (; position < value.length; position++) {
		const c = value.charCodeAt(position);
		if (quoted && c === CharCodes.Backslash) position++;
		// RFC 9110 §5.6.4: quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
		else if (c === CharCodes.Quote) quoted = !quoted;
		else if (c === CharCodes.Comma && !quoted) return position;
	}
	return value.length;
}

/**
 * The rel tokens of one link-value's parameters (`; rel="a b"; title=...`), via
 * http-link-header (it splits a multi-token rel into one ref per token). Parameters it
 * rejects give no rel: the reference itself is still reported.
 */
function relTokens(parameters: string): string[] {
	let refs: LinkHeader.Reference[];
	try {
		refs = LinkHeader.parse(`<>${parameters}`).refs;
	} catch {
		return [];
	}
	const tokens: string[] = [];
	for (const ref of refs) {
		if (typeof ref.rel !== 'string') continue;
		for (const token of ref.rel.toLowerCase().split(/[ \t]+/))
			if (token !== '' && !tokens.includes(token)) tokens.push(token);
	}
	return tokens;
}
