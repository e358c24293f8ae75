/**
 * The NDJSON line of a Link, written without building a new object per Link: the same
 * text as `JSON.stringify({file, ...link})` (key order, escapes, lone surrogates, undefined
 * fields left out), with the file's prefix made once per file. A Link with a string field
 * over LONG_FIELD units comes as pieces (slices.ts), the same text.
 */
import type {Link} from '../../types.js';
import {type Line, LONG_FIELD, linePieces} from './slices.js';

/** Characters JSON.stringify escapes: `"`, `\`, controls, and surrogates (a lone one becomes `\udxxx`). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(s: string): string {
	return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Any JSON value as JSON.stringify writes it (plain data only: strings, numbers, booleans, null, arrays, objects). */
function value(v: unknown): string | undefined {
	switch (typeof v) {
		case 'string':
			return quote(v);
		case 'number':
			return Number.isFinite(v) ? String(v) : 'null';
		case 'boolean':
			return v ? 'true' : 'false';
		case 'object':
			if (v === null) return 'null';
			if (Array.isArray(v)) return array(v);
			return object(v as Record<string, unknown>, '{')!;
		default:
			return undefined; // undefined, functions, symbols: left out (JSON.stringify's rule)
	}
}

function array(items: readonly unknown[]): string {
	let out = '[';
	for (let i = 0; i < items.length; i++) {
		if (i > 0) out += ',';
		out += value(items[i]) ?? 'null';
	}
	return `${out}]`;
}

/** `"key":` of each key seen (quoted once). */
const KEYS = new Map<string, string>();

function keyText(key: string): string {
	let text = KEYS.get(key);
	if (text === undefined) {
		text = `${quote(key)}:`;
		if (KEYS.size < 1024) KEYS.set(key, text);
	}
	return text;
}

/**
 * `{...}` after `open` (`{`, or a prefix ending in `,` whose object continues): the
 * object's own enumerable keys in order (for...in; a Link is a plain object). Undefined
 * when `long` is false and a string field is over LONG_FIELD units (see {@link longLine}).
 */
function object(o: Record<string, unknown>, open: string, long = true): string | undefined {
	let out = open;
	let separator = '';
	for (const key in o) {
		const v = o[key];
		if (!long && typeof v === 'string' && v.length > LONG_FIELD) return undefined;
		const text = field(o, key, v);
		if (text === undefined) continue;
		out += separator + keyText(key) + text;
		separator = ',';
	}
	return `${out}}`;
}

/** The JSON of `o[key]` (`v`), or undefined when JSON.stringify leaves the key out. */
function field(o: Record<string, unknown>, key: string, v: unknown): string | undefined {
	if (typeof v === 'string') return NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : `"${v}"`;
	if (typeof v === 'number') return Number.isFinite(v) ? `${v}` : 'null';
	if (v === undefined || !Object.hasOwn(o, key)) return undefined;
	return value(v);
}

/** The characters of a JSON string literal holding `s`, without its quotes. */
function jsonChars(s: string): string {
	return NEEDS_ESCAPE.test(s) ? JSON.stringify(s).slice(1, -1) : s;
}

/** The line of a Link with a long string field: the same text in pieces, each long field escaped a slice at a time. */
function longLine(prefix: string, o: Record<string, unknown>): Iterable<string> {
	const fields: Array<string | {long: string}> = [prefix];
	let separator = '';
	for (const key in o) {
		const v = o[key];
		if (typeof v === 'string' && v.length > LONG_FIELD) {
			fields.push(`${separator}${keyText(key)}"`, {long: v}, '"');
		} else {
			const text = field(o, key, v);
			if (text === undefined) continue;
			fields.push(separator + keyText(key) + text);
		}
		separator = ',';
	}
	fields.push('}\n');
	return linePieces(fields, jsonChars);
}

/**
 * The prefix of every line of `file` (`{"file":"...",` or `{` without one).
 *
 * @example
 * ndjsonPrefix('a.html'); // '{"file":"a.html",'
 */
export function ndjsonPrefix(file: string | undefined): string {
	return file === undefined ? '{' : `{"file":${quote(file)},`;
}

/**
 * One NDJSON line (with its newline) of `link` after `prefix` (from {@link ndjsonPrefix}):
 * `JSON.stringify({file, ...link}) + '\n'`, byte for byte; in pieces when a string field
 * is over LONG_FIELD units.
 *
 * @example
 * ndjsonLine(ndjsonPrefix('a.html'), link); // '{"file":"a.html","value":"b",...}\n'
 */
export function ndjsonLine(prefix: string, link: Link): Line {
	const line = object(link as unknown as Record<string, unknown>, prefix, false);
	if (line === undefined) return longLine(prefix, link as unknown as Record<string, unknown>);
	// An object without keys after '{"file":"x",' would leave the comma.
	return line.length === prefix.length + 1 && prefix.length > 1 ? `${prefix.slice(0, -1)}}\n` : `${line}\n`;
}
