/**
 * Splitting attribute values into their URL parts: whitespace-separated tokens (ping,
 * archive, rel), comma-separated items (applet archive), `polling-uri=` entries; offsets
 * are into the decoded value.
 */
import {codeAt, knownString} from '../../known-string.js';
import {isAsciiWhitespace} from '../srcset.js';

/**
 * Whitespace-separated tokens (with `commas`, commas separate too).
 *
 * @example
 * tokens('noindex, NoFollow'.toLowerCase(), true); // ['noindex', 'nofollow']
 */
export function tokens(s: string, commas: boolean): string[] {
	const list: string[] = [];
	forEachToken(s, (start, end) => void list.push(s.slice(start, end)), commas);
	return list;
}

/**
 * Calls `f` with the span of each whitespace-separated token.
 *
 * @example
 * forEachToken(' a  b', (start, end) => {}); // (1, 2), (4, 5)
 */
export function forEachToken(s: string, f: (start: number, end: number) => void, commas = false): void {
	const separates = (c: number): boolean => isAsciiWhitespace(c) || (commas && c === 0x2c); /* "," */
	const length = knownString(s).length;
	let i = 0;
	while (i < length) {
		while (i < length && separates(codeAt(s, i))) i++;
		const start = i;
		while (i < length && !separates(codeAt(s, i))) i++;
		if (i > start) f(start, i);
	}
}

/**
 * Comma-separated items (applet archive), each still to be stripped; blank items skipped.
 *
 * @example
 * forEachCommaItem('a.jar , b.jar', (start, end) => {}); // (0, 6), (7, 13)
 */
export function forEachCommaItem(s: string, f: (start: number, end: number) => void): void {
	let start = 0;
	for (let i = 0; i <= s.length; i++) {
		if (i === s.length || s.charCodeAt(i) === 0x2c /* "," */) {
			if (!isBlank(s.slice(start, i))) f(start, i);
			start = i + 1;
		}
	}
}

/**
 * `polling-uri=URL` entries of a `key=value;key=value` list (msapplication-badge/-notification).
 *
 * @example
 * forEachPollingUri('frequency=30;polling-uri=/n', (start, end) => {}); // (25, 27)
 */
export function forEachPollingUri(s: string, f: (start: number, end: number) => void): void {
	let start = 0;
	for (let i = 0; i <= s.length; i++) {
		if (i === s.length || s.charCodeAt(i) === 0x3b /* ";" */) {
			const equals = s.indexOf('=', start);
			if (equals >= 0 && equals < i && s.slice(start, equals).trim().toLowerCase().startsWith('polling-uri'))
				f(equals + 1, i);
			start = i + 1;
		}
	}
}

/** ASCII whitespace stripped from both ends (HTML "strip leading and trailing ASCII whitespace"). */
export function trimAscii(value: string): string {
	const s = knownString(value);
	let start = 0;
	let end = s.length;
	while (start < end && isAsciiWhitespace(codeAt(s, start))) start++;
	while (end > start && isAsciiWhitespace(codeAt(s, end - 1))) end--;
	return s.slice(start, end);
}

/** Empty once ASCII whitespace is stripped. */
export function isBlank(s: string): boolean {
	return trimAscii(s) === '';
}
