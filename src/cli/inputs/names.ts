/**
 * File names as the file system spells them. A POSIX name is bytes, not always UTF-8: a
 * name read from a folder is decoded as UTF-8 with each byte that is not part of a valid
 * sequence kept as a lone surrogate U+DC80–U+DCFF (PEP 383's "surrogateescape"), so that
 * paths stay strings (joined, sorted, passed to worker threads) and still name the file
 * exactly: {@link fsPath} turns them back into their bytes to open them. A valid UTF-8
 * name never decodes to a lone surrogate, so the mapping is one to one.
 *
 * Printed (messages, `--dry-run` lines, TSV fields), a path is escaped by {@link printable}:
 * `\t`, `\n`, `\r`, `\\` for tab, line feed, carriage return and backslash, `\xHH` for
 * another control character (C0, DEL, C1) and for a byte that is not UTF-8, `\uHHHH` (or
 * `\u{HHHHH}`) for a Unicode format character (general category Cf: the bidirectional
 * controls U+202A–U+202E and U+2066–U+2069 that reorder what a terminal shows after them,
 * zero-width characters, tags) and for the line and paragraph separators U+2028 and U+2029
 * (categories Zl, Zp), which some terminals and editors break lines at.
 */
import {resolve, sep} from 'node:path';
import {pathToFileURL} from 'node:url';
import {escapeComponent} from '../../uri/index.js';

/** The first of the lone surrogates that stand for a byte (U+DC80 is byte 0x80). */
const ESCAPED_BYTE = 0xdc00;
const UTF8 = new TextDecoder('utf-8', {fatal: true});

/** A lone low surrogate standing for a byte (not the second half of a pair). */
const LONE_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;
/**
 * What {@link printable} escapes: C0 controls, DEL, C1 controls, backslash, format characters
 * (Cf, the bidirectional controls among them), line and paragraph separators, lone byte
 * surrogates (with the `u` flag a surrogate pair is one code point, so only a lone one matches).
 */
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\\\p{Cf}\p{Zl}\p{Zp}]|[\uDC80-\uDCFF]/gu;
const UNPRINTABLE_ONE = new RegExp(UNPRINTABLE.source, 'u'); // no /g: no lastIndex kept between calls

/**
 * A name's bytes as a string: UTF-8, each byte of an invalid sequence as U+DC00 + byte.
 *
 * @example
 * decodeName(Buffer.from([0x61, 0xff])); // 'a\uDCFF'
 */
export function decodeName(bytes: Uint8Array): string {
	try {
		return UTF8.decode(bytes);
	} catch {
		let name = '';
		for (let at = 0; at < bytes.length; ) {
			const length = sequenceLength(bytes, at);
			name +=
				length === 0 ? String.fromCharCode(ESCAPED_BYTE + bytes[at]!) : UTF8.decode(bytes.subarray(at, at + length));
			at += length === 0 ? 1 : length;
		}
		return name;
	}
}

/** RFC 3629 §4: for a lead byte, its sequence's length and the range of its second byte (length 0: no valid sequence starts so). */
function leadByte(first: number): readonly [length: number, low: number, high: number] {
	if (first < 0x80) return [1, 0, 0];
	if (first >= 0xc2 && first <= 0xdf) return [2, 0x80, 0xbf];
	if (first === 0xe0) return [3, 0xa0, 0xbf]; // no overlong form
	if (first === 0xed) return [3, 0x80, 0x9f]; // no surrogate
	if (first >= 0xe1 && first <= 0xef) return [3, 0x80, 0xbf];
	if (first === 0xf0) return [4, 0x90, 0xbf]; // no overlong form
	if (first >= 0xf1 && first <= 0xf3) return [4, 0x80, 0xbf];
	if (first === 0xf4) return [4, 0x80, 0x8f]; // not past U+10FFFF
	return [0, 0, 0];
}

/** Bytes of the valid UTF-8 sequence at `at`, or 0. */
function sequenceLength(bytes: Uint8Array, at: number): number {
	const [length, low, high] = leadByte(bytes[at]!);
	if (length <= 1) return length;
	if (at + length > bytes.length) return 0;
	const second = bytes[at + 1]!;
	if (second < low || second > high) return 0;
	for (let k = 2; k < length; k++) if (bytes[at + k]! < 0x80 || bytes[at + k]! > 0xbf) return 0;
	return length;
}

/**
 * What to hand to `fs` for a path: the string itself, or its bytes when it holds escaped bytes.
 *
 * @example
 * fsPath('site/a\uDCFF.html'); // <Buffer 73 69 74 65 2f 61 ff 2e 68 74 6d 6c>
 * fsPath('site/a.html'); // 'site/a.html'
 */
export function fsPath(path: string): string | Buffer {
	if (!LONE_BYTE.test(path)) return path;
	const pieces: Buffer[] = [];
	let from = 0;
	for (let at = 0; at < path.length; at++) {
		if (!isLoneByte(path, at)) continue;
		pieces.push(Buffer.from(path.slice(from, at)), Buffer.of(path.charCodeAt(at) - ESCAPED_BYTE));
		from = at + 1;
	}
	pieces.push(Buffer.from(path.slice(from)));
	return Buffer.concat(pieces);
}

function isLoneByte(path: string, at: number): boolean {
	const c = path.charCodeAt(at);
	if (c < 0xdc80 || c > 0xdcff) return false;
	const before = at > 0 ? path.charCodeAt(at - 1) : 0;
	return before < 0xd800 || before > 0xdbff;
}

/** Escapes with a name of their own (those of TSV). */
const NAMED: Readonly<Record<string, string>> = {'\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\'};

/**
 * A path (or a TSV field) as printed on a line: no name can break or forge a line or pass
 * a terminal escape (ESC, BEL), and two names never print alike.
 *
 * @example
 * printable('a\nb\uDCFF\u001B.html'); // 'a\\nb\\xFF\\x1B.html'
 */
export function printable(path: string): string {
	if (!UNPRINTABLE_ONE.test(path)) return path;
	return path.replace(UNPRINTABLE, c => {
		const named = NAMED[c];
		if (named !== undefined) return named;
		const code = c.codePointAt(0)!;
		if (code >= 0xdc80 && code <= 0xdcff) return `\\x${(code - ESCAPED_BYTE).toString(16).toUpperCase()}`;
		if (code <= 0x9f) return `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
		const hex = code.toString(16).toUpperCase();
		return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
	});
}

/**
 * One path segment with its escaped bytes as `%HH` (RFC 3986 §2.1) and a literal `%` as
 * `%25`: ready for `escapeComponent`, which encodes the rest as UTF-8 (§2.5).
 *
 * @example
 * segmentOctets('100%\uDCFF.html'); // '100%25%FF.html'
 */
export function segmentOctets(segment: string): string {
	const literal = segment.replaceAll('%', '%25');
	if (!LONE_BYTE.test(literal)) return literal;
	let out = '';
	for (let at = 0; at < literal.length; at++) {
		out += isLoneByte(literal, at)
			? `%${(literal.charCodeAt(at) - ESCAPED_BYTE).toString(16).toUpperCase()}`
			: literal[at];
	}
	return out;
}

/**
 * A path's `file:` URL (RFC 8089), its bytes that are not UTF-8 percent-encoded as themselves
 * (Node's `pathToFileURL` would write each as U+FFFD).
 *
 * @example
 * fileUrlOf('/srv/a\uDCFF.html'); // 'file:///srv/a%FF.html'
 */
export function fileUrlOf(path: string): string {
	const absolute = resolve(path);
	if (!LONE_BYTE.test(absolute)) return pathToFileURL(absolute).href;
	return `file://${absolute
		.split(sep)
		.map(segment => escapeComponent(segmentOctets(segment), 'segment'))
		.join('/')}`;
}
