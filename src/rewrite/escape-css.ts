/**
 * Writing a value back into CSS (CSS Syntax Level 3 §4.3.5 string token, §4.3.6 url
 * token, §4.3.7 escapes). The form written is kept: an unquoted `url(x)` stays unquoted
 * (its content is always escapable), a string stays a string. Either way the token
 * decodes to exactly the value given, and `<` and `>` are escaped so that no `</style`
 * can appear (the value may sit in an HTML `<style>` element), nor `]]>` (an XHTML CDATA
 * section).
 */
import {StringBuilder} from '../string-builder.js';

const CharCodes = {
	Null: 0x00,
	Space: 0x20, // " "
	QuotationMark: 0x22, // '"'
	Apostrophe: 0x27, // "'"
	LeftParenthesis: 0x28, // "("
	RightParenthesis: 0x29, // ")"
	LessThan: 0x3c, // "<"
	GreaterThan: 0x3e, // ">"
	ReverseSolidus: 0x5c, // "\\"
	Delete: 0x7f,
} as const;

/**
 * §4.3.7: `\` + hex digits + one space. The space ends the escape, so the next character
 * can never extend it (and it is consumed with the escape, in strings and url tokens alike).
 */
function hexEscape(c: number): string {
	// §4.3.7: an escaped zero decodes to U+FFFD, and §3.3 replaces a raw NUL too: CSS cannot
	// carry U+0000, so it is written percent-encoded, the form URL parsers give it anyway.
	return c === CharCodes.Null ? '%00' : `\\${c.toString(16)} `;
}

/** Controls, whitespace, `<` and `>`: as hex escapes (newlines cannot be escaped by `\` + itself). */
function needsHex(c: number): boolean {
	return c <= CharCodes.Space || c === CharCodes.Delete || c === CharCodes.LessThan || c === CharCodes.GreaterThan;
}

/**
 * The content of an unquoted url token (§4.3.6 "consume a url token"): `"` `'` `(` `)`
 * and `\` are escaped with `\`; whitespace, controls and `<` as hex escapes.
 *
 * @example
 * escapeCssUrl('a (1).png'); // 'a\\20 \\(1\\).png'
 */
export function escapeCssUrl(value: string): string {
	const out = new StringBuilder();
	let from = 0;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		let escaped: string | undefined;
		if (needsHex(c)) escaped = hexEscape(c);
		else if (
			c === CharCodes.QuotationMark ||
			c === CharCodes.Apostrophe ||
			c === CharCodes.LeftParenthesis ||
			c === CharCodes.RightParenthesis ||
			c === CharCodes.ReverseSolidus
		)
			escaped = `\\${value[i]}`;
		if (escaped === undefined) continue;
		out.add(value.slice(from, i));
		out.add(escaped);
		from = i + 1;
	}
	if (from === 0) return value;
	out.add(value.slice(from));
	return out.text();
}

/**
 * The content of a string token (§4.3.5), whichever quote encloses it: both quotes and
 * `\` are escaped with `\`; newlines, other controls, `<` and `>` as hex escapes.
 *
 * @example
 * escapeCssString('say "hi"\n'); // 'say \\"hi\\"\\a '
 */
export function escapeCssString(value: string): string {
	const out = new StringBuilder();
	let from = 0;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		let escaped: string | undefined;
		if (c < CharCodes.Space || c === CharCodes.Delete || c === CharCodes.LessThan || c === CharCodes.GreaterThan)
			escaped = hexEscape(c);
		else if (c === CharCodes.QuotationMark || c === CharCodes.Apostrophe || c === CharCodes.ReverseSolidus)
			escaped = `\\${value[i]}`;
		if (escaped === undefined) continue;
		out.add(value.slice(from, i));
		out.add(escaped);
		from = i + 1;
	}
	if (from === 0) return value;
	out.add(value.slice(from));
	return out.text();
}

/**
 * A character the output encoding cannot represent, as a CSS escape.
 *
 * @example
 * cssCodePoint(0x2713); // '\\2713 '
 */
export function cssCodePoint(codePoint: number): string {
	return hexEscape(codePoint);
}
