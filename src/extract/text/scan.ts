/**
 * URI references in plain text: RFC 2396 Appendix E (delimiting URIs in context) and
 * Appendix F (abbreviated URLs), as a linear-time char-code scanner.
 *
 * One forward pass. Text splits into candidate words (runs of alnum . - _ + and non-ASCII
 * letters/symbols); a word is examined only by what follows it (`:` scheme, `@` e-mail)
 * or by its dots (`www.`, `ftp.`, a domain), so the scan jumps from one of `. : @ <` to
 * the next, steps back to the start of the word around it, and scans forward from there
 * once: it emits a match and resumes at its end, or resumes at the word's end. `<` tries
 * the bracket delimiters (bracket.ts). Each unit is read a bounded number of times:
 * once by the jump, at most twice per word (back, then forward), up to
 * `MAX_LOCAL_LENGTH` more for an e-mail local part, once more after a failed candidate.
 */
import {BracketStatus, scanBracket} from './bracket.js';
import {ASCII_CLASS, Ascii, CharCodes, isAscii, isRunChar, NON_ASCII_CLASS, NonAscii} from './chars.js';
import {
	finishAfterHost,
	isAuthorityChar,
	parseAbbreviated,
	parseDomain,
	parseEmailDomain,
	trimLocalPart,
} from './parts.js';
import {newHostInfo, parseHost, parsePort, scanTail, type HostInfo} from './host.js';
import {isPlausibleOpaque} from './schemes.js';
import {classifyBracketed} from './classify.js';
import type {CompiledTextScanOptions, TextScanOptions} from './scan-options.js';
import {compileTextScanOptions} from './scan-options.js';

export {compileTextScanOptions, type CompiledTextScanOptions, type TextScanOptions} from './scan-options.js';

/** How a reference was delimited (RFC 2396 Appendix E). */
export type TextDelimiter = '<>' | '<URL:>' | '""' | 'none';

export interface TextMatch {
	/** Half-open span of the reference as written, wrap whitespace and quote prefixes included, delimiters excluded. */
	start: number;
	end: number;
	/** The reference as written, with wrap whitespace and continuation quote prefixes removed. */
	value: string;
	/** What to resolve: `value`, completed per Appendix F (`www.` -> `http://`, `ftp.` -> `ftp://`), `mailto:` for bare e-mails. */
	reference: string;
	delimiter: TextDelimiter;
}

/** Longest scheme taken before `:` (RFC 2396 §3.1 sets none; real ones are short). */
export const MAX_SCHEME_LENGTH = 32;

/**
 * Find the URI references in `text`, in order, per RFC 2396 Appendix E and F.
 *
 * @example
 * scanText('See <URL:http://www.w3.org/Addressing/> or www.example.com.');
 * // [{start: 9, end: 38, value: 'http://www.w3.org/Addressing/', reference: 'http://www.w3.org/Addressing/', delimiter: '<URL:>'},
 * //  {start: 43, end: 58, value: 'www.example.com', reference: 'http://www.example.com', delimiter: 'none'}]
 */
export function scanText(text: string, options?: TextScanOptions): TextMatch[] {
	const out: TextMatch[] = [];
	scanSegment(text, 0, text.length, true, compileTextScanOptions(options), out);
	return out;
}

/** One scan's state: never shared between calls. */
interface Scan {
	readonly text: string;
	readonly options: CompiledTextScanOptions;
	readonly out: TextMatch[];
	readonly host: HostInfo;
	/** No match may start before this (the end of the previous one). */
	floor: number;
	/** Where a failed examination asks scanning to resume, if past the word. */
	skip: number;
}

/**
 * Scan candidates that start in `[from, limit)`, appending matches to `out`. Returns where
 * to resume: `limit` or past it (a match may end later), or the index of a `<` whose
 * brackets cannot be decided before the text ends when `final` is false. For a streaming
 * caller: every non-bracket candidate ends at whitespace, so with `limit` just past a
 * whitespace unit, the result depends only on `text` up to `limit` and on the brackets.
 *
 * @example
 * const matches: TextMatch[] = [];
 * scanSegment('a http://x.org/ <http://y', 0, 16, false, compileTextScanOptions(), matches); // 16, one match
 * scanSegment('a http://x.org/ <http://y', 16, 25, false, compileTextScanOptions(), matches); // 16: "<" undecided
 */
export function scanSegment(
	text: string,
	from: number,
	limit: number,
	final: boolean,
	options: CompiledTextScanOptions,
	out: TextMatch[],
): number {
	const scan: Scan = {text, options, out, host: newHostInfo(), floor: from, skip: 0};
	// Every candidate holds one of these: a scheme's ":", a host's ".", an e-mail's "@", or a "<".
	// The engine's native search skips the text between them; a local regex, so no shared lastIndex.
	const triggers = /[.:<@]/g;
	let i = from;
	while (i < limit) {
		triggers.lastIndex = i;
		if (!triggers.test(text)) break;
		const t = triggers.lastIndex - 1;
		if (t >= limit) break;
		const c = text.charCodeAt(t);
		if (c === CharCodes.LessThan) {
			const next = tryBracket(scan, t, final);
			if (next === BracketStatus.More) return t;
			i = next;
			continue;
		}
		let start = t; // the candidate word around the trigger, not before i
		while (start > i && isRunChar(text.charCodeAt(start - 1))) start--;
		i = start === t && c !== CharCodes.Dot ? t + 1 : tryWord(scan, start);
	}
	return Math.max(i, limit);
}

function tryBracket(scan: Scan, open: number, final: boolean): number {
	const found = scanBracket(scan.text, open, final);
	if (found === BracketStatus.More) return found;
	if (typeof found === 'number') return open + 1;
	const reference = classifyBracketed(found.value, found.delimiter, scan.options, scan.host);
	if (reference === null) return open + 1;
	scan.out.push({start: found.start, end: found.end, value: found.value, reference, delimiter: found.delimiter});
	scan.floor = found.next;
	return found.next;
}

/** Examine the candidate word at `start`; returns where scanning resumes. */
function tryWord(scan: Scan, start: number): number {
	const {text} = scan;
	const end = text.length;
	let e = start;
	let schemeFrom = start;
	let hasDot = false;
	for (; e < end; e++) {
		const c = text.charCodeAt(e);
		if (c < CharCodes.Ascii) {
			const bits = ASCII_CLASS[c]!;
			if ((bits & Ascii.Run) === 0) break;
			if (c === CharCodes.Dot) {
				hasDot = true;
				schemeFrom = e + 1; // Deviation: a "." ends nothing in RFC 2396 §3.1, but here it is a boundary ("e.g.http://")
			} else if ((bits & Ascii.Scheme) === 0) schemeFrom = e + 1;
		} else if (NON_ASCII_CLASS[c] === NonAscii.Stop) break;
		else schemeFrom = e + 1;
	}
	scan.skip = e;
	const next = text.charCodeAt(e);
	let found = -1;
	if (next === CharCodes.Colon) found = tryScheme(scan, schemeFrom, e);
	if (found < 0 && next === CharCodes.At && scan.options.emails) found = tryEmail(scan, e);
	if (found < 0 && hasDot) found = tryHost(scan, start);
	return found >= 0 ? found : scan.skip;
}

/** `scheme:` with the scheme ending at `colon`: `scheme://...` for any scheme, `scheme:...` for known opaque ones. */
function tryScheme(scan: Scan, from: number, colon: number): number {
	const {text} = scan;
	let s = from;
	while (s < colon && (text.charCodeAt(s) === CharCodes.Plus || text.charCodeAt(s) === CharCodes.Hyphen)) s++;
	if (s === colon || !isAscii(text.charCodeAt(s), Ascii.Alpha) || colon - s > MAX_SCHEME_LENGTH) return -1;
	// "_http://" is not at a word boundary. A non-ASCII letter is: CJK and Thai text put no space before a URL.
	if (s === from && text.charCodeAt(s - 1) === CharCodes.Underscore) return -1;
	if (text.charCodeAt(colon + 1) === CharCodes.Slash && text.charCodeAt(colon + 2) === CharCodes.Slash) {
		return tryHierarchical(scan, s, colon);
	}
	const scheme = text.slice(s, colon).toLowerCase();
	if (!scan.options.schemes.has(scheme)) return -1; // "Re:", "C:", "std::", "10:30"
	const end = scanTail(text, colon + 1, text.length, quoteBefore(text, s));
	if (!isPlausibleOpaque(scheme, text, colon + 1, end)) {
		scan.skip = Math.max(scan.skip, end); // resume past it: keeps "mailto:mailto:..." linear
		return -1;
	}
	return emit(scan, s, end, '');
}

/** RFC 2396 §3.2 `"//" authority [ abs_path ]`: userinfo, host, port, then the tail. */
function tryHierarchical(scan: Scan, s: number, colon: number): number {
	const {text} = scan;
	const end = text.length;
	const authority = colon + 3;
	let at = -1;
	let q = authority;
	for (; q < end; q++) {
		const c = text.charCodeAt(q);
		if (c === CharCodes.At) at = q;
		else if (!isAuthorityChar(c)) break;
	}
	const hostStart = at < 0 ? authority : at + 1;
	const hostEnd = parseHost(text, hostStart, end, scan.host);
	if (hostEnd < 0) return -1;
	if (hostEnd === hostStart && !isFileScheme(text, s, colon)) return -1; // "http://", "http://." are not links
	const portEnd = parsePort(text, hostEnd, end);
	if (portEnd < 0) return -1;
	const urlEnd = finishAfterHost(text, portEnd, end, quoteBefore(text, s));
	return urlEnd < 0 ? -1 : emit(scan, s, urlEnd, '');
}

function isFileScheme(text: string, s: number, colon: number): boolean {
	return colon - s === 4 && text.slice(s, colon).toLowerCase() === 'file'; // RFC 8089: file:///path
}

/** A bare e-mail address (`fuzzy.emails`): the word before `@` at `at`, extended back over the local part. */
function tryEmail(scan: Scan, at: number): number {
	const {text} = scan;
	const start = trimLocalPart(text, at, scan.floor);
	if (start < 0) return -1;
	const end = parseEmailDomain(text, at + 1, scan.host);
	return end < 0 ? -1 : emit(scan, start, end, 'mailto:');
}

/** A word with a dot: Appendix F `www.`/`ftp.`, else a bare domain with `fuzzy.domains`. */
function tryHost(scan: Scan, start: number): number {
	const {text} = scan;
	const quote = quoteBefore(text, start);
	const abbreviated = parseAbbreviated(text, start, scan.host, quote);
	if (abbreviated !== null) return emit(scan, abbreviated.start, abbreviated.end, abbreviated.prefix);
	if (!scan.options.domains) return -1;
	const end = parseDomain(text, start, scan.host, quote);
	return end < 0 ? -1 : emit(scan, start, end, 'http://');
}

/** `"`, `'` or `*` just before a URL, which closes it (see `scanTail`), else 0. */
function quoteBefore(text: string, start: number): number {
	const c = text.charCodeAt(start - 1);
	return c === CharCodes.DoubleQuote || c === CharCodes.SingleQuote || c === CharCodes.Asterisk ? c : 0;
}

function emit(scan: Scan, start: number, end: number, prefix: string): number {
	const {text} = scan;
	const value = text.slice(start, end);
	const quoted = text.charCodeAt(start - 1) === CharCodes.DoubleQuote && text.charCodeAt(end) === CharCodes.DoubleQuote;
	scan.out.push({start, end, value, reference: prefix + value, delimiter: quoted ? '""' : 'none'});
	scan.floor = end;
	return end;
}
