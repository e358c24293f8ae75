/**
 * Candidates that start with a host rather than a scheme: RFC 2396 Appendix F
 * abbreviations (`www.`, `ftp.`), bare domains and e-mail addresses (fuzzy options).
 * Shared by the plain-text scanner and the bracket classifier.
 */
import {Ascii, CharCodes, isAscii, isWordChar, lowerAscii, NON_ASCII_CLASS, NonAscii} from './chars.js';
import {isHostGlue, parseHost, parsePort, scanTail, startsTail, type HostInfo} from './host.js';
import {checkTld} from './tlds.js';

/** Longest e-mail local part (RFC 5321 §4.5.3.1.1). */
export const MAX_LOCAL_LENGTH = 64;

/**
 * After host and port at `i`: a path/query/fragment tail, the URL end, or -1 when glued to more text.
 *
 * @example
 * finishAfterHost('x.com/a.', 5, 8, 0); // 7
 * finishAfterHost('x.com+y', 5, 7, 0); // -1
 */
export function finishAfterHost(text: string, i: number, end: number, opener: number): number {
	const c = text.charCodeAt(i);
	if (startsTail(c)) return scanTail(text, i, end, opener);
	return isHostGlue(c) ? -1 : i;
}

/** A character of `[ userinfo "@" ] host [ ":" port ]` (RFC 2396 §3.2), but not "(" or ")". */
export function isAuthorityChar(c: number): boolean {
	if (c >= CharCodes.Ascii) return NON_ASCII_CLASS[c] !== NonAscii.Stop;
	if (isAscii(c, Ascii.Host)) return true;
	switch (c) {
		case CharCodes.Dot:
		case CharCodes.Tilde:
		case CharCodes.Percent:
		case CharCodes.Exclamation:
		case CharCodes.Dollar:
		case CharCodes.Ampersand:
		case CharCodes.SingleQuote:
		case CharCodes.Asterisk:
		case CharCodes.Plus:
		case CharCodes.Comma:
		case CharCodes.Semicolon:
		case CharCodes.Equals:
		case CharCodes.Colon:
		case CharCodes.OpenBracket:
		case CharCodes.CloseBracket:
			return true;
		default:
			return false;
	}
}

export interface Abbreviation {
	/** The completion (RFC 2396 App. F): `http://` for `www.`, `ftp://` for `ftp.`. */
	prefix: string;
	/** Labels the host needs: `www.x` (2), `ftp.x.y` (3, so `ftp.exe` stays a file name). */
	labels: number;
}

const WWW: Abbreviation = {prefix: 'http://', labels: 2};
const FTP: Abbreviation = {prefix: 'ftp://', labels: 3};

/**
 * RFC 2396 App. F: `www.` or `ftp.` (any case) at `i`.
 *
 * @example
 * abbreviationAt('WWW.x.org', 0)?.prefix; // 'http://'
 */
export function abbreviationAt(text: string, i: number): Abbreviation | null {
	if (text.charCodeAt(i + 3) !== CharCodes.Dot) return null;
	const a = lowerAscii(text.charCodeAt(i));
	const b = lowerAscii(text.charCodeAt(i + 1));
	const c = lowerAscii(text.charCodeAt(i + 2));
	if (a === 0x77 && b === 0x77 && c === 0x77) return WWW; // "www"
	if (a === 0x66 && b === 0x74 && c === 0x70) return FTP; // "ftp"
	return null;
}

/**
 * An App. F abbreviated URL in the word at `start` (after any leading symbols, e.g. "→").
 *
 * @example
 * parseAbbreviated('→ftp.x.org/pub.', 0, newHostInfo(), 0); // {start: 1, end: 14, prefix: 'ftp://'}
 */
export function parseAbbreviated(
	text: string,
	start: number,
	info: HostInfo,
	opener: number,
): {start: number; end: number; prefix: string} | null {
	let s = start;
	while (text.charCodeAt(s) >= CharCodes.Ascii && NON_ASCII_CLASS[text.charCodeAt(s)] === NonAscii.Symbol) s++;
	const abbreviation = abbreviationAt(text, s);
	if (abbreviation === null || text.charCodeAt(s - 1) === CharCodes.At) return null; // "user@www.x.com" is a mail domain
	const end = text.length;
	const hostEnd = parseHost(text, s, end, info);
	if (hostEnd < 0 || info.labels < abbreviation.labels) return null;
	const portEnd = parsePort(text, hostEnd, end);
	if (portEnd < 0) return null;
	const urlEnd = finishAfterHost(text, portEnd, end, opener);
	return urlEnd < 0 ? null : {start: s, end: urlEnd, prefix: abbreviation.prefix};
}

/** Characters before a bare domain that make it part of something else: a path, `scheme:`, a mail domain, a query. */
function isDomainBlocker(c: number): boolean {
	switch (c) {
		case CharCodes.Slash:
		case CharCodes.Backslash:
		case CharCodes.Colon:
		case CharCodes.At:
		case CharCodes.Percent:
		case CharCodes.Dollar:
		case CharCodes.Hash:
		case CharCodes.Tilde:
		case CharCodes.Ampersand:
			return true;
		default:
			return false;
	}
}

/**
 * A bare domain at `start` (`fuzzy.domains`): two or more labels, a known TLD, then an
 * optional port and tail. Returns the end or -1.
 *
 * @example
 * parseDomain('example.com/a.', 0, newHostInfo(), 0); // 13
 * parseDomain('setup.py', 0, newHostInfo(), 0); // -1
 */
export function parseDomain(text: string, start: number, info: HostInfo, opener: number): number {
	if (isDomainBlocker(text.charCodeAt(start - 1))) return -1;
	const end = text.length;
	const hostEnd = parseHost(text, start, end, info);
	if (hostEnd < 0 || info.labels < 2 || info.ipLiteral) return -1;
	const tld = checkTld(text, info.lastLabelStart, info.lastLabelEnd);
	if (tld === 'no') return -1;
	const portEnd = parsePort(text, hostEnd, end);
	if (portEnd < 0) return -1;
	if (tld === 'needs-path' && portEnd === hostEnd && text.charCodeAt(portEnd) !== CharCodes.Slash) return -1;
	return finishAfterHost(text, portEnd, end, opener);
}

/**
 * The domain of an e-mail address at `start` (after "@"): two or more labels and a known TLD.
 *
 * @example
 * parseEmailDomain('a@example.org.', 2, newHostInfo()); // 13
 */
export function parseEmailDomain(text: string, start: number, info: HostInfo): number {
	const end = parseHost(text, start, text.length, info);
	if (end <= start || info.labels < 2 || info.ipLiteral) return -1;
	if (checkTld(text, info.lastLabelStart, info.lastLabelEnd) === 'no') return -1;
	return isHostGlue(text.charCodeAt(end)) ? -1 : end;
}

/**
 * The start of the local part that ends at `at` ("@"), reading back at most
 * `MAX_LOCAL_LENGTH` units and never before `floor`; -1 when there is none.
 * RFC 5322 `dot-atom` or quoted parts (`test."foo".bar`); an unpaired `"` or `'` and
 * leading punctuation belong to the surrounding text.
 *
 * @example
 * trimLocalPart('"test@x.org"', 5, 0); // 1
 * trimLocalPart('test."foo".bar@x.org', 14, 0); // 0
 */
export function trimLocalPart(text: string, at: number, floor: number): number {
	const bound = Math.max(floor, at - MAX_LOCAL_LENGTH);
	let s = at;
	while (s > bound && isAscii(text.charCodeAt(s - 1), Ascii.Local)) s--;
	if (s === bound && s > floor && isAscii(text.charCodeAt(s - 1), Ascii.Local)) return -1; // too long
	if (isWordChar(text.charCodeAt(s - 1))) return -1; // "ü" + "ser@x.com": not at a word boundary
	let doubleQuotes = 0;
	let singleQuotes = 0;
	for (let i = s; i < at; i++) {
		const c = text.charCodeAt(i);
		if (c === CharCodes.DoubleQuote) doubleQuotes++;
		else if (c === CharCodes.SingleQuote) singleQuotes++;
	}
	if (doubleQuotes % 2 === 1) s = text.indexOf('"', s) + 1; // '"test@example.com"'
	if (singleQuotes % 2 === 1 && text.charCodeAt(s) === CharCodes.SingleQuote) s++;
	while (s < at && !isAscii(text.charCodeAt(s), Ascii.Alpha | Ascii.Digit) && !isLocalOpener(text.charCodeAt(s))) s++;
	return s < at ? s : -1;
}

function isLocalOpener(c: number): boolean {
	return c === CharCodes.DoubleQuote || c === CharCodes.Underscore;
}

/**
 * A whole string that is a bare domain reference (`domain.com/foo`), for `<...>` contents.
 *
 * @example
 * isDomainReference('domain.com/foo', newHostInfo()); // true
 */
export function isDomainReference(value: string, info: HostInfo): boolean {
	const hostEnd = parseHost(value, 0, value.length, info);
	if (hostEnd <= 0 || info.labels < 2 || info.ipLiteral) return false;
	const tld = checkTld(value, info.lastLabelStart, info.lastLabelEnd);
	const portEnd = parsePort(value, hostEnd, value.length);
	if (tld === 'no' || portEnd < 0) return false;
	const rest = portEnd === value.length || startsTail(value.charCodeAt(portEnd));
	return rest && (tld === 'yes' || portEnd > hostEnd || value.charCodeAt(portEnd) === CharCodes.Slash);
}

/**
 * A whole string that is a bare e-mail address, for `<...>` contents.
 *
 * @example
 * isEmailAddress('user@domain.com', newHostInfo()); // true
 */
export function isEmailAddress(value: string, info: HostInfo): boolean {
	const at = value.lastIndexOf('@');
	if (at <= 0 || at > MAX_LOCAL_LENGTH) return false;
	for (let i = 0; i < at; i++) if (!isAscii(value.charCodeAt(i), Ascii.Local)) return false;
	return parseEmailDomain(value, at + 1, info) === value.length;
}
