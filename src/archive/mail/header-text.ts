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
		const adjacent = decoding !== undefined && between.trim() === '';
		const label = match[1]!.split('*')[0]!.toLowerCase();
		if (!adjacent || decoding?.label !== label) {
			if (decoding !== undefined) flush(decoding, out);
			decoding = undefined;
		}
		// RFC 2047 §6.2: white space between adjacent encoded words is not displayed.
		if (!adjacent) literal(between, from + literalStart, out);
		if (!isKnownCharset(label) && !unknownCharsets.includes(match[1]!)) unknownCharsets.push(match[1]!);
		decoding ??= {label, decoder: createTextDecoding(label), pending: -1, last: 0};
		const bytes = match[2] === 'B' || match[2] === 'b' ? new Base64Decoder().write(Buffer.from(match[3]!, 'latin1')) : qDecode(match[3]!);
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
	const decoding: Decoding = {label: 'utf-8', decoder: utf8Decoder(), pending: -1, last: 0};
	for (let k = 0; k < text.length; k++) decode(decoding, Uint8Array.of(text.charCodeAt(k)), offset + k, offset + k + 1, out);
	flush(decoding, out);
}

function isUtf8(binary: string): boolean {
	try {
		new TextDecoder('utf-8', {fatal: true}).decode(Buffer.from(binary, 'latin1'));
		return true;
	} catch {
		return false;
	}
}

function utf8Decoder(): Decoding['decoder'] {
	const decoder = new TextDecoder('utf-8', {ignoreBOM: true});
	return {write: bytes => decoder.decode(bytes, {stream: true}), end: () => decoder.decode()};
}

/** Decode `bytes`, all from source `[start, end)`, one byte at a time so that each unit knows its bytes. */
function decode(decoding: Decoding, bytes: Uint8Array, start: number, end: number, out: Builder): void {
	for (let k = 0; k < bytes.length; k++) {
		if (decoding.pending < 0) decoding.pending = start;
		decoding.last = end;
		const units = decoding.decoder.write(bytes.subarray(k, k + 1));
		if (units === '') continue;
		for (const unit of splitUnits(units)) out.push(unit, decoding.pending, end);
		decoding.pending = -1;
	}
}

function flush(decoding: Decoding, out: Builder): void {
	const units = decoding.decoder.end();
	for (const unit of splitUnits(units)) out.push(unit, decoding.pending < 0 ? decoding.last : decoding.pending, decoding.last);
}

function splitUnits(s: string): string[] {
	const units: string[] = [];
	for (let k = 0; k < s.length; k++) units.push(s[k]!);
	return units;
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

	text(): string {
		return this.units.join('');
	}
}
