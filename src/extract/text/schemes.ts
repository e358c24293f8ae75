/**
 * Opaque schemes recognised in running text (RFC 2396 §3: `scheme ":" opaque_part`).
 *
 * `scheme://` is taken for any scheme that is valid per §3.1, but a bare `word:` is far
 * more often prose (`Re:`, `C:`, `std::`, `Note:`), so a scheme without `//` counts only
 * when it is on this list (extensible through the `schemes` option of `scanText`).
 */
import {CharCodes, isAscii, Ascii} from './chars.js';

/** The default opaque schemes, lower-case. */
export const OPAQUE_SCHEMES: readonly string[] = [
	'mailto', // RFC 6068
	'news', // RFC 5538
	'urn', // RFC 8141
	'tel', // RFC 3966
	'fax', // RFC 2806
	'sms', // RFC 5724
	'data', // RFC 2397
	'xmpp', // RFC 5122
	'sip', // RFC 3261
	'sips', // RFC 3261
	'geo', // RFC 5870
	'magnet',
	'cid', // RFC 2392
	'mid', // RFC 2392
	'bitcoin', // BIP 21
	'callto',
	'skype',
];

export const DEFAULT_OPAQUE_SCHEMES: ReadonlySet<string> = new Set(OPAQUE_SCHEMES);

/**
 * Whether `text.slice(start, end)`, the part after `scheme:`, is plausible for the scheme.
 * A light check: it stops `mailto:bar`, `tel:` followed by words, `data:` without a comma.
 *
 * @example
 * isPlausibleOpaque('mailto', 'mailto:bar', 7, 10); // false
 * isPlausibleOpaque('mailto', 'mailto:a@b.org', 7, 14); // true
 */
export function isPlausibleOpaque(scheme: string, text: string, start: number, end: number): boolean {
	if (end <= start) return false;
	const first = text.charCodeAt(start);
	switch (scheme) {
		case 'mailto': // RFC 6068: an addr-spec has "@"; or headers only ("mailto:?to=...")
			return first === CharCodes.Question || hasChar(text, start, end, CharCodes.At);
		case 'tel':
		case 'fax':
		case 'sms': // RFC 3966 global or local number
			return first === CharCodes.Plus || isAscii(first, Ascii.Digit);
		case 'geo': // RFC 5870 coordinates
			return first === CharCodes.Hyphen || isAscii(first, Ascii.Digit);
		case 'data': // RFC 2397 [ mediatype ] [ ";base64" ] "," data
			return hasChar(text, start, end, CharCodes.Comma);
		case 'magnet':
		case 'bitcoin':
			return first === CharCodes.Question || isAscii(first, Ascii.Alpha | Ascii.Digit);
		case 'news': // RFC 5538: newsgroup, message-id or "*"
			return first === CharCodes.Asterisk || isAscii(first, Ascii.Alpha | Ascii.Digit);
		case 'urn': // RFC 8141: NID ":" NSS
			return isAscii(first, Ascii.Alpha | Ascii.Digit) && hasChar(text, start, end, CharCodes.Colon);
		default:
			return isAscii(first, Ascii.Alpha | Ascii.Digit) || first === CharCodes.Percent;
	}
}

function hasChar(text: string, start: number, end: number, c: number): boolean {
	for (let i = start; i < end; i++) if (text.charCodeAt(i) === c) return true;
	return false;
}
