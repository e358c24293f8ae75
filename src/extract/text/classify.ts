/**
 * What the content of `<...>` or `<URL:...>` is (RFC 2396 Appendix E), and what to resolve.
 */
import {Ascii, CharCodes, isAscii} from './chars.js';
import {abbreviationAt, isDomainReference, isEmailAddress} from './parts.js';
import {parseHost, type HostInfo} from './host.js';
import type {CompiledTextScanOptions} from './scan-options.js';

/**
 * The reference to resolve for bracketed `value`, or null when the brackets do not hold
 * a URI. `<URL:...>` holds any reference, even a relative one. `<...>` holds a
 * `scheme://` URI, a known opaque scheme, an App. F abbreviation, or (fuzzy) a bare
 * e-mail address or domain.
 *
 * @example
 * const options = compileTextScanOptions();
 * classifyBracketed('www.example.com/a', '<>', options, newHostInfo()); // 'http://www.example.com/a'
 * classifyBracketed('other.html', '<URL:>', options, newHostInfo()); // 'other.html'
 * classifyBracketed('b', '<>', options, newHostInfo()); // null
 */
export function classifyBracketed(
	value: string,
	delimiter: '<>' | '<URL:>',
	options: CompiledTextScanOptions,
	info: HostInfo,
): string | null {
	const abbreviation = abbreviationAt(value, 0);
	if (abbreviation !== null) {
		const hostEnd = parseHost(value, 0, value.length, info);
		if (hostEnd > 0 && info.labels >= abbreviation.labels) return abbreviation.prefix + value; // RFC 2396 App. F
	}
	if (delimiter === '<URL:>') return value;
	const colon = schemeEnd(value);
	if (colon > 0) {
		if (value.charCodeAt(colon + 1) === CharCodes.Slash && value.charCodeAt(colon + 2) === CharCodes.Slash)
			return value;
		if (colon + 1 < value.length && options.schemes.has(value.slice(0, colon).toLowerCase())) return value;
	}
	if (options.emails && isEmailAddress(value, info)) return `mailto:${value}`;
	if (options.domains && isDomainReference(value, info)) return `http://${value}`;
	return null;
}

/** Index of the ":" after an RFC 2396 §3.1 scheme at the start of `value`, or -1. */
function schemeEnd(value: string): number {
	if (!isAscii(value.charCodeAt(0), Ascii.Alpha)) return -1;
	for (let i = 1; i < value.length && i <= 32; i++) {
		const c = value.charCodeAt(i);
		if (c === CharCodes.Colon) return i;
		if (!isAscii(c, Ascii.Scheme)) return -1;
	}
	return -1;
}
