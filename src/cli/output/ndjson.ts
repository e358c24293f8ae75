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

/** `"key":` of each key seen, as UTF-8 bytes (a key is written once per shape position, below). */
const KEY_BYTES = new Map<string, Uint8Array>();

const encoder = new TextEncoder();

function keyBytes(key: string): Uint8Array {
	let bytes = KEY_BYTES.get(key);
	if (bytes === undefined) {
		bytes = encoder.encode(keyText(key));
		if (KEY_BYTES.size < 1024) KEY_BYTES.set(key, bytes);
	}
	return bytes;
}

/** Characters of the JSON escapes `\b` `\t` `\n` `\f` `\r` (code unit → letter), 0 where `\u00XX` is written. */
const SHORT_ESCAPE = Uint8Array.from(
	{length: 0x20},
	(_, c) => ({8: 0x62, 9: 0x74, 10: 0x6e, 12: 0x66, 13: 0x72})[c] ?? 0,
);
const HEX = Uint8Array.from('0123456789abcdef', c => c.charCodeAt(0));

/**
 * The NDJSON lines of one file's Links written straight into bytes: the same bytes as
 * TextEncoder on {@link ndjsonLine}'s text, without building that text. Building the line
 * as a string and encoding it took more time than the JSON itself (a string of some forty
 * pieces, flattened, then encoded). Strings are escaped as JSON.stringify escapes them
 * (ECMA-262 `QuoteJSONString`: `"` `\` and the C0 controls, lone surrogates as `\udxxx`)
 * and encoded as UTF-8 in the same pass; numbers that are whole and not negative are
 * written digit by digit; any other value through {@link ndjsonLine}'s own rules.
 *
 * @example
 * const writer = new NdjsonBytes('a.html');
 * const end = writer.write(link, buffer, 0); // -1 when the line does not fit
 */
export class NdjsonBytes {
	private readonly prefix: Uint8Array;
	/** Whether a key's comma follows the prefix (`{"file":"a.html"` then `,"value":`) or not (`{`). */
	private readonly comma: boolean;
	/** The keys of the last Link, by position, and their bytes: a page's Links come in a few shapes. */
	private readonly keys: string[] = [];
	private readonly keyBytes: Uint8Array[] = [];
	/** The last buffer written into, and a Buffer over its bytes (Buffer's `write` encodes a string in place). */
	private bytes: Uint8Array | undefined;
	private view: Buffer = Buffer.alloc(0);

	constructor(file: string | undefined) {
		this.comma = file !== undefined;
		this.prefix = encoder.encode(file === undefined ? '{' : `{"file":${quote(file)}`);
	}

	/**
	 * Write the line of `link` (with its newline) into `buffer` from `at`: the end of what was
	 * written, or -1 when it may not fit (what was written past `at` is then to be ignored).
	 */
	write(link: Link, bytes: Uint8Array, at: number): number {
		const o = link as unknown as Record<string, unknown>;
		if (bytes !== this.bytes) {
			this.bytes = bytes;
			this.view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		}
		const buffer = this.view;
		const limit = buffer.length;
		if (at + this.prefix.length + 2 > limit) return -1;
		at = copy(this.prefix, buffer, at);
		let index = 0;
		for (const key in o) {
			const v = o[key];
			let text: string | undefined;
			if (typeof v !== 'string' && typeof v !== 'number') {
				text = field(o, key, v);
				if (text === undefined) continue;
			}
			let name = this.keyBytes[index];
			if (this.keys[index] !== key || name === undefined) {
				this.keys[index] = key;
				name = keyBytes(key);
				this.keyBytes[index] = name;
			}
			// The most a value takes: six bytes a code unit (`\u001f`), two quotes, a number's 24 characters.
			const most = typeof v === 'string' ? 6 * v.length + 2 : text === undefined ? 24 : 3 * text.length;
			if (at + name.length + most + 3 > limit) return -1;
			if (index > 0 || this.comma) buffer[at++] = 0x2c; // ,
			index++;
			at = copy(name, buffer, at);
			if (typeof v === 'string') at = jsonString(v, buffer, at);
			else if (typeof v === 'number') at = jsonNumber(v, buffer, at);
			else at = utf8(text!, buffer, at);
		}
		buffer[at++] = 0x7d; // }
		buffer[at++] = 0x0a; // \n
		return at;
	}
}

function copy(bytes: Uint8Array, buffer: Uint8Array, at: number): number {
	for (let i = 0; i < bytes.length; i++) buffer[at + i] = bytes[i]!;
	return at + bytes.length;
}

/** `s` as a JSON string literal (quotes included), UTF-8, at `at`; room for 6 bytes a unit is there. */
function jsonString(s: string, buffer: Buffer, at: number): number {
	if (s.length > 8) {
		// Encoded by V8, then checked: no byte to escape, and no U+FFFD (which a lone surrogate becomes).
		const start = at + 1;
		const end = start + buffer.write(s, start);
		let plain = true;
		for (let i = start; i < end; i++) {
			const b = buffer[i]!;
			if (b < 0x20 || b === 0x22 || b === 0x5c || b === 0xef) {
				plain = false;
				break;
			}
		}
		if (plain) {
			buffer[at] = 0x22;
			buffer[end] = 0x22;
			return end + 1;
		}
	}
	return escapedString(s, buffer, at);
}

/** {@link jsonString} a code unit at a time. */
function escapedString(s: string, buffer: Uint8Array, at: number): number {
	buffer[at++] = 0x22; // "
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c < 0x80) {
			if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
				buffer[at++] = c;
				continue;
			}
			buffer[at++] = 0x5c; // \
			if (c >= 0x20)
				buffer[at++] = c; // \" or \\
			else if (SHORT_ESCAPE[c] !== 0) buffer[at++] = SHORT_ESCAPE[c]!;
			else at = unicodeEscape(c, buffer, at);
		} else if (c < 0x800) {
			buffer[at++] = 0xc0 | (c >> 6);
			buffer[at++] = 0x80 | (c & 0x3f);
		} else if (c < 0xd800 || c > 0xdfff) {
			at = threeBytes(c, buffer, at);
		} else {
			const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
			if (c > 0xdbff || next < 0xdc00 || next > 0xdfff) {
				// A lone surrogate: `\udxxx` (ECMA-262 QuoteJSONString, well-formed JSON.stringify).
				buffer[at++] = 0x5c;
				at = unicodeEscape(c, buffer, at);
				continue;
			}
			at = fourBytes(0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00), buffer, at);
			i++;
		}
	}
	buffer[at++] = 0x22;
	return at;
}

/** `u` and four lower-case hex digits (the backslash is written before). */
function unicodeEscape(c: number, buffer: Uint8Array, at: number): number {
	buffer[at++] = 0x75; // u
	buffer[at++] = HEX[c >> 12]!;
	buffer[at++] = HEX[(c >> 8) & 0xf]!;
	buffer[at++] = HEX[(c >> 4) & 0xf]!;
	buffer[at++] = HEX[c & 0xf]!;
	return at;
}

function threeBytes(c: number, buffer: Uint8Array, at: number): number {
	buffer[at++] = 0xe0 | (c >> 12);
	buffer[at++] = 0x80 | ((c >> 6) & 0x3f);
	buffer[at++] = 0x80 | (c & 0x3f);
	return at;
}

function fourBytes(code: number, buffer: Uint8Array, at: number): number {
	buffer[at++] = 0xf0 | (code >> 18);
	buffer[at++] = 0x80 | ((code >> 12) & 0x3f);
	buffer[at++] = 0x80 | ((code >> 6) & 0x3f);
	buffer[at++] = 0x80 | (code & 0x3f);
	return at;
}

/** A number as JSON.stringify writes it: whole ones below 2^32 digit by digit, others as their text. */
function jsonNumber(v: number, buffer: Uint8Array, at: number): number {
	if (!(v >= 0 && v < 0x1_0000_0000 && v % 1 === 0)) return utf8(Number.isFinite(v) ? `${v}` : 'null', buffer, at);
	let digits = 1;
	for (let rest = v; rest >= 10; rest = Math.floor(rest / 10)) digits++;
	const end = at + digits;
	for (let rest = v, p = end - 1; p >= at; p--, rest = Math.floor(rest / 10)) buffer[p] = 0x30 + (rest % 10);
	return end;
}

/** JSON text (escaped already: no lone surrogate) as UTF-8; room for 3 bytes a unit is there. */
function utf8(text: string, buffer: Uint8Array, at: number): number {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) buffer[at++] = c;
		else if (c < 0x800) {
			buffer[at++] = 0xc0 | (c >> 6);
			buffer[at++] = 0x80 | (c & 0x3f);
		} else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
			at = fourBytes(0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00), buffer, at);
		} else at = threeBytes(c, buffer, at);
	}
	return at;
}
