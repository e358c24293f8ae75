/**
 * The text of a free-text header field (RFC 5322 §3.2.5 `unstructured`, RFC 2045 §8
 * `*text`) as a mail reader shows it, with where each character came from in the header
 * block, so that a URL found in the text maps back to the exact source span:
 *   1. folded lines stay lines: unfolding (RFC 5322 §2.2.3) would leave the folding white
 *      space, which ends a bare URL just as the line break does, and a URL wrapped inside
 *      `<...>` is exactly RFC 2396 Appendix E's wrapped URL (RFC 2369 §2 reads List-*
 *      fields so); a span across a fold includes the CRLF;
 *   2. 8-bit bytes read as UTF-8 when they are valid UTF-8 (RFC 6532), else one byte per
 *      character (latin1);
 *   3. RFC 2047 encoded words decoded (§4: `Q` and `B`; an RFC 2231 `*language` suffix is
 *      ignored), white space between two adjacent encoded words dropped (§6.2), adjacent
 *      words in one charset decoded as one byte sequence (a character may be split
 *      between them). Every character decoded from an encoded word has the span of the
 *      whole word (of the words, for a character split between two): a URL inside an
 *      encoded word maps to the encoded word(s) it was decoded from, so `raw` is the
 *      encoded source and `value` the decoded URL.
 * Deviation (as libmime and mail readers do): an encoded word is recognised anywhere, not
 * only between white space, and an unknown charset is decoded as UTF-8 (invalid bytes
 * become U+FFFD), reported in `unknownCharsets`.
 */
import {hexValue, isHexDigit} from '../../uri/percent.js';
import {createTextDecoding, isKnownCharset} from './charset.js';
import {Base64Decoder} from './transfer.js';

export interface FieldText {
	/** The decoded text. */
	text: string;
	/** For each UTF-16 unit of `text`: the half-open span of its source in the header block. */
	starts: number[];
	ends: number[];
	/** Encoded-word charsets no decoder knows (decoded as UTF-8), as written. */
	unknownCharsets: string[];
}

const CharCodes = {
	Space: 0x20, // " "
	Equals: 0x3d, // "="
	Underscore: 0x5f, // "_"
} as const;

/** RFC 2047 §2 encoded-word `=?charset?encoding?encoded-text?=` (text as libmime reads it: anything but `?`). */
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g;

const EIGHT_BIT = /[\u0080-\u00ff]/;

/** RFC 2047 §6.2 / RFC 822 `linear-white-space`: spaces, tabs and folds only (not NBSP). */
const LINEAR_WHITE_SPACE = /^[ \t\r\n]*$/;

/** A byte decoder with the span of each byte: each decoded unit gets the span of the bytes that made it. */
interface Decoding {
	label: string;
	decoder: {write(bytes: Uint8Array): string; end(): string};
	/** Start of the first byte not yet decoded into a unit, or -1. */
	pending: number;
	/** End of the last byte written. */
	last: number;
}

/**
 * The decoded text of `header[from, to)` (a field's value, without the line break that
 * ends the field), with the source span of every unit.
 *
 * @example
 * const field = 'Subject: =?utf-8?q?see_http://example.org/?=\r\n';
 * const {text, starts, ends} = fieldText(field, 8, field.length - 2);
 * text; //=> ' see http://example.org/'
 * [starts[5], ends[5]]; //=> [9, 44]: the encoded word
 */
export function fieldText(header: string, from: number, to: number): FieldText {
	const value = header.slice(from, to);
	const out = new Builder();
	const unknownCharsets: string[] = [];
	let decoding: Decoding | undefined;
	let literalStart = 0;
	for (const match of value.matchAll(ENCODED_WORD)) {
		const wordStart = match.index;
		const wordEnd = wordStart + match[0].length;
		const between = value.slice(literalStart, wordStart);
		const adjacent = decoding !== undefined && LINEAR_WHITE_SPACE.test(between);
		const label = match[1]!.split('*')[0]!.toLowerCase();
		if (!adjacent || decoding?.label !== label) {
			if (decoding !== undefined) flush(decoding, out);
			decoding = undefined;
		}
		// RFC 2047 §6.2: white space between adjacent encoded words is not displayed.
		if (!adjacent) literal(between, from + literalStart, out);
		if (!isKnownCharset(label) && !unknownCharsets.includes(match[1]!)) unknownCharsets.push(match[1]!);
		decoding ??= {label, decoder: createTextDecoding(label), pending: -1, last: 0};
		const bytes =
			match[2] === 'B' || match[2] === 'b'
				? new Base64Decoder().write(Buffer.from(match[3]!, 'latin1'))
				: qDecode(match[3]!);
		decode(decoding, bytes, from + wordStart, from + wordEnd, out);
		literalStart = wordEnd;
	}
	if (decoding !== undefined) flush(decoding, out);
	literal(value.slice(literalStart), from + literalStart, out);
	return {text: out.text(), starts: out.starts, ends: out.ends, unknownCharsets};
}

/** Text outside encoded words: one unit per byte, or UTF-8 when it is valid UTF-8 (RFC 6532). */
function literal(text: string, offset: number, out: Builder): void {
	if (text === '') return;
	if (!EIGHT_BIT.test(text) || !isUtf8(text)) {
		for (let k = 0; k < text.length; k++) out.push(text[k]!, offset + k, offset + k + 1);
		return;
	}
	// Valid UTF-8: each code point's bytes are known from its value (Unicode Table 3-6).
	const decoded = Buffer.from(text, 'latin1').toString('utf8');
	let at = offset;
	for (let k = 0; k < decoded.length; k++) {
		const code = decoded.codePointAt(k)!;
		const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
		out.push(decoded[k]!, at, at + size);
		if (size === 4) out.push(decoded[++k]!, at, at + size);
		at += size;
	}
}

function isUtf8(binary: string): boolean {
	try {
		new TextDecoder('utf-8', {fatal: true}).decode(Buffer.from(binary, 'latin1'));
		return true;
	} catch {
		return false;
	}
}

/** Bytes fed one at a time at the end of an encoded word, so that what the decoder holds there is known. */
const TAIL_BYTES = 3;

/**
 * Decode `bytes`, all from the source span `[start, end)` (one encoded word): a unit gets
 * the span from the word its first byte is in to this one. Bytes held from an earlier word
 * are completed one byte at a time (only the unit they make starts there), the middle of
 * the word is written at once, and its last bytes one at a time again.
 */
function decode(decoding: Decoding, bytes: Uint8Array, start: number, end: number, out: Builder): void {
	decoding.last = end;
	let k = 0;
	for (; k < bytes.length && decoding.pending >= 0 && decoding.pending < start; k++)
		write(decoding, bytes.subarray(k, k + 1), start, end, out);
	const middle = Math.max(k, bytes.length - TAIL_BYTES);
	if (middle > k) write(decoding, bytes.subarray(k, middle), start, end, out);
	for (k = middle; k < bytes.length; k++) write(decoding, bytes.subarray(k, k + 1), start, end, out);
}

function write(decoding: Decoding, bytes: Uint8Array, start: number, end: number, out: Builder): void {
	if (decoding.pending < 0) decoding.pending = start;
	const units = decoding.decoder.write(bytes);
	if (units === '') return;
	out.append(units, decoding.pending, end);
	decoding.pending = -1;
}

function flush(decoding: Decoding, out: Builder): void {
	out.append(decoding.decoder.end(), decoding.pending < 0 ? decoding.last : decoding.pending, decoding.last);
}

/** RFC 2047 §4.2 "Q": `_` is a space, `=XX` an octet; other characters stand for themselves. */
function qDecode(text: string): Uint8Array {
	const bytes: number[] = [];
	for (let k = 0; k < text.length; k++) {
		const c = text.charCodeAt(k);
		if (c === CharCodes.Equals && isHexDigit(text.charCodeAt(k + 1)) && isHexDigit(text.charCodeAt(k + 2))) {
			bytes.push((hexValue(text.charCodeAt(k + 1)) << 4) | hexValue(text.charCodeAt(k + 2)));
			k += 2;
		} else {
			bytes.push(c === CharCodes.Underscore ? CharCodes.Space : c & 0xff);
		}
	}
	return Uint8Array.from(bytes);
}

/** The decoded text, built unit by unit with its spans. */
class Builder {
	readonly starts: number[] = [];
	readonly ends: number[] = [];
	private readonly units: string[] = [];

	push(unit: string, start: number, end: number): void {
		this.units.push(unit);
		this.starts.push(start);
		this.ends.push(end);
	}

	/** Units that all come from `[start, end)`. */
	append(units: string, start: number, end: number): void {
		if (units === '') return;
		this.units.push(units);
		for (let k = 0; k < units.length; k++) {
			this.starts.push(start);
			this.ends.push(end);
		}
	}

	text(): string {
		return this.units.join('');
	}
}
