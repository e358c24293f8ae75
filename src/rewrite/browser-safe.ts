/**
 * References computed under an RFC dialect, written where a browser reads them, so a
 * rewritten page leads where the RFC says even in a browser. A browser parses every URL in HTML and CSS by the WHATWG URL Standard, which
 * differs from RFC 3986 and RFC 2396 in ways that move a reference to another host:
 * - `\` is a path separator in a special URL (URL Standard "relative slash state",
 *   "special authority ignore slashes state"): `\\evil.example/x` is a network-path
 *   reference to a browser, a relative path to RFC 3986;
 * - leading and trailing C0 controls and spaces are stripped, and tabs and newlines
 *   removed anywhere ("basic URL parser" steps 1–3): `/\t/evil.example/` becomes
 *   `//evil.example/`.
 * So such characters are percent-encoded in what is written, as RFC 2396 §2.4.3 asks of
 * "unwise" and control characters anyway. When even so a browser would reach another host
 * than the reference it replaces (an input reference that the RFC and the browser read
 * differently, `\\evil.example/x` or `//c\d` say), the source is kept as written where
 * it still leads there (the output lives where the input did: both readings keep their
 * meaning), else the browser's own absolute URL for it is written: the host a reader was
 * led to is the host they are led to.
 */
import {parseUrl} from '../uri/whatwg.js';
import {percentEncodeWhere} from './escape-url.js';

const CharCodes = {
	Space: 0x20, // " "
	ReverseSolidus: 0x5c, // "\\"
} as const;

/**
 * `value` with `\`, C0 controls and spaces percent-encoded: a browser reads the path,
 * query and fragment an RFC dialect meant, and the same authority.
 *
 * @example
 * escapeForBrowser('\\\\evil.example/x'); // '%5C%5Cevil.example/x'
 */
export function escapeForBrowser(value: string): string {
	return percentEncodeWhere(value, c => c <= CharCodes.Space || c === CharCodes.ReverseSolidus);
}

/** The host a browser reaches from `reference` against `base`, or undefined when it cannot parse it. */
function browserHost(reference: string, base: string | undefined): string | undefined {
	return parseUrl(reference, base)?.host;
}

/**
 * What to write for a reference computed under an RFC dialect (`written`; undefined: keep
 * the source) so that a browser reaches the host it reached from `source` (the reference
 * as the input has it) against `inputBase`: `written` escaped for the browser when it
 * leads there from `outputBase`; else undefined (keep the source) when the source still
 * does; else the browser's absolute URL for the source. A source a browser cannot parse
 * gives no host to keep: `written` is only escaped.
 *
 * @example
 * browserSafe('\\\\evil.example/x', 'https://example.com/docs/\\\\evil.example/x', 'https://example.com/docs/', 'https://example.com/docs/');
 * // '%5C%5Cevil.example/x' (host example.com, as the original)
 */
export function browserSafe(
	written: string | undefined,
	source: string,
	inputBase: string | undefined,
	outputBase: string | undefined,
): string | undefined {
	if (written === undefined && inputBase === outputBase) return undefined;
	const original = parseUrl(source, inputBase);
	if (original === null) return written === undefined ? undefined : escapeForBrowser(written);
	if (written !== undefined) {
		const escaped = escapeForBrowser(written);
		if (browserHost(escaped, outputBase) === original.host) return escaped;
	}
	return browserHost(source, outputBase) === original.host ? undefined : original.href;
}
