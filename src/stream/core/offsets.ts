/**
 * Decoded-text offsets back to byte offsets, so that a rewrite can copy the input's own
 * bytes around its edits (invalid sequences and a BOM included). A map walks forward
 * from its last answer, re-reading the encoding's sequence rules exactly as the decoder
 * applied them; offsets must be asked in increasing order.
 *
 * - UTF-8: the Encoding Standard UTF-8 decoder, one U+FFFD per maximal subpart of an
 *   ill-formed sequence, as TextDecoder does (§4.3 "UTF-8 decoder").
 * - Single-byte encodings and x-user-defined: one byte per unit.
 * - UTF-16LE/BE: two bytes per unit (a lone surrogate also becomes one U+FFFD unit).
 * - Multi-byte legacy encodings (Shift_JIS, EUC-JP, EUC-KR, Big5, GBK, gb18030): the
 *   decoder is idle after any byte below the encoding's safe bound (encoding.ts), so the
 *   bytes are cut there and each piece decoded on its own, as the decoder does; inside a
 *   piece the cut that decodes to the wanted prefix (and leaves the rest decoding the
 *   same) is searched byte by byte. Cost: linear in the input, plus the square of the
 *   longest run without such a byte for each offset that falls inside one.
 * - iso-2022-jp (stateful) and replacement: no map (null); the rewriter then holds the
 *   input and only passes it through unchanged.
 */
import type {Codecs} from './codecs.js';
import {createByteDecoder, SAFE_BYTES} from './encoding.js';

/** Maps increasing text offsets to byte offsets. */
export interface OffsetMap {
	/**
	 * The byte offset of text offset `target`. `bytes` holds the input from absolute byte
	 * offset `start`, covering at least the last answer up to what was decoded; `final`
	 * once the input has ended.
	 */
	toByte(target: number, bytes: Uint8Array, start: number, final: boolean, text?: TextSource): number;
}

/**
 * Passes the decoded text of `[from, to)` to `each`, in pieces, when it is still held, else
 * returns false (a shortcut for maps that can use it): pieces, so that a span over several
 * written chunks is measured where it lies, not joined first.
 */
export type TextSource = (from: number, to: number, each: (piece: string) => void) => boolean;

/**
 * The map for a document in `encoding` (a WHATWG name) whose text starts after
 * `bomLength` bytes; null when the encoding has none.
 *
 * @example
 * const map = createOffsetMap('utf-8', 0, nodeCodecs)!;
 * map.toByte(2, new TextEncoder().encode('éa'), 0, true); // 3
 */
export function createOffsetMap(encoding: string, bomLength: number, codecs: Codecs): OffsetMap | null {
	switch (encoding) {
		case 'utf-8':
			return new Utf8Map(bomLength, codecs);
		case 'utf-16le':
		case 'utf-16be':
			return {
				toByte: (target, bytes, start, final) =>
					utf16Byte(target, bytes, start, final, bomLength, encoding === 'utf-16le'),
			};
		case 'iso-2022-jp':
		case 'replacement':
			return null;
		default: {
			const safeBelow = SAFE_BYTES[encoding];
			if (safeBelow !== undefined) return new MultiByteMap(encoding, safeBelow, codecs);
			return {toByte: target => bomLength + target};
		}
	}
}

/**
 * UTF-16: two bytes per unit. At the end of input an odd byte is one U+FFFD, or, after a
 * lone high surrogate, shares one U+FFFD with it (Encoding Standard §14.2.1, end of queue
 * with a leading surrogate).
 */
function utf16Byte(
	target: number,
	bytes: Uint8Array,
	start: number,
	final: boolean,
	bomLength: number,
	littleEndian: boolean,
): number {
	const byte = bomLength + 2 * target;
	if (!final) return byte;
	const end = start + bytes.length;
	if (byte === end - 1 && end - 3 >= start + bomLength) {
		const high = bytes[end - 3 - start + (littleEndian ? 1 : 0)] ?? 0;
		if (high >= 0xd8 && high <= 0xdb) return end;
	}
	return Math.min(byte, end);
}

/** The first look-ahead past an answer, in bytes; each next one is as long as the ASCII stretch so far. */
const MIN_LOOK_AHEAD = 64;

/** Below this many bytes, a non-ASCII byte known to lie in a span is found by a loop, not more native calls (each costs some 100 bytes of loop). */
const SCAN_BYTES = 128;

/** Sequences walked in one answer before the rest of its span is measured as text (text dense in non-ASCII: CJK). */
const DENSE_SEQUENCES = 16;

/**
 * Walks UTF-8 from the last answer, by the bytes: ASCII bytes are one unit each, so only the
 * non-ASCII ones are read one by one; the ASCII stretches between them are found by native
 * checks (`isAscii`) that look ahead as far again as the stretch is long, then halve the span
 * where a non-ASCII byte lies. A page of mostly ASCII (the corpus: some 20 non-ASCII characters
 * in 100 KB) costs a few native calls per non-ASCII character, never a pass over its text.
 * Text dense in non-ASCII characters is measured as text instead (its UTF-8 length, when
 * it holds no U+FFFD: valid UTF-8 encodes back to the same bytes). Each byte is checked a
 * bounded number of times (a failed look-ahead is at most as long as the stretch before it,
 * and the halving sums to that length).
 */
class Utf8Map implements OffsetMap {
	private text = 0;
	private byte: number;
	/** Every byte from `byte` up to this absolute offset is ASCII (and, when it is held, the byte there is not). */
	private asciiTo: number;
	/** Where the current ASCII stretch began. */
	private stretchFrom: number;
	private readonly utf8Length: (text: string) => number;
	private readonly isAscii: ((bytes: Uint8Array) => boolean) | undefined;
	/** The UTF-8 length of the pieces `measure` was given, while none held U+FFFD (`valid`). */
	private measured = 0;
	private valid = true;
	private readonly measure = (piece: string): void => {
		if (!this.valid) return;
		if (piece.includes('\uFFFD')) this.valid = false;
		else this.measured += this.utf8Length(piece);
	};

	constructor(bomLength: number, codecs: Codecs) {
		this.byte = bomLength;
		this.asciiTo = bomLength;
		this.stretchFrom = bomLength;
		this.utf8Length = codecs.utf8Length;
		this.isAscii = codecs.isAscii;
	}

	toByte(target: number, bytes: Uint8Array, start: number, _final: boolean, text?: TextSource): number {
		const end = start + bytes.length;
		let walked = 0;
		if (this.isAscii === undefined) {
			// Without a native check, the text is measured (a loop over the bytes would cost what it saves); the bytes are walked only when it holds U+FFFD.
			if (target > this.text && this.measureText(target, text)) return this.byte;
			walked = DENSE_SEQUENCES + 1;
		}
		while (this.text < target) {
			// ASCII bytes decode to one unit each: if the next `target - text` bytes are all ASCII, they are the text asked for.
			const ascii = this.byte + target - this.text;
			if (ascii > this.asciiTo) this.findNonAscii(bytes, start, ascii);
			if (ascii <= this.asciiTo) {
				this.text = target;
				this.byte = ascii;
				break;
			}
			this.text += this.asciiTo - this.byte;
			this.byte = this.asciiTo;
			if (this.byte >= end) break; // the bytes held end here
			// Tried once an answer: text with U+FFFD (from invalid bytes, or written so) is walked to its end.
			if (walked++ === DENSE_SEQUENCES && this.measureText(target, text)) break;
			const length = utf8Sequence(bytes, this.byte - start);
			this.text += length === 4 ? 2 : 1;
			this.byte += length > 0 ? length : -length;
			this.asciiTo = this.stretchFrom = this.byte;
		}
		return this.byte;
	}

	/** Text with no U+FFFD came from valid UTF-8, which encodes back to the same bytes: its UTF-8 length is the bytes it took. */
	private measureText(target: number, text: TextSource | undefined): boolean {
		this.measured = 0;
		this.valid = true;
		if (text?.(this.text, target, this.measure) !== true || !this.valid) return false;
		this.text = target;
		this.byte += this.measured;
		this.asciiTo = this.stretchFrom = this.byte;
		return true;
	}

	/**
	 * Move `asciiTo` on over ASCII bytes, at least up to absolute offset `want` or to the first
	 * non-ASCII byte before it, or to the end of the bytes held.
	 */
	private findNonAscii(bytes: Uint8Array, start: number, want: number): void {
		const isAscii = this.isAscii;
		const end = start + bytes.length;
		let from = this.asciiTo;
		// Close to the last non-ASCII byte, a loop: non-ASCII characters come in runs (accented words, CJK text).
		// Without a native check, only a loop (text with U+FFFD: see toByte).
		const near = Math.min(end, want, isAscii === undefined ? want : this.stretchFrom + SCAN_BYTES);
		while (from < near && (bytes[from - start] ?? 0) < 0x80) from++;
		if (isAscii === undefined || from >= end || (bytes[from - start] ?? 0) >= 0x80) {
			this.asciiTo = from;
			return;
		}
		while (from < want && from < end) {
			const to = Math.min(end, from + Math.max(MIN_LOOK_AHEAD, from - this.stretchFrom));
			if (isAscii(bytes.subarray(from - start, to - start))) {
				from = to;
				continue;
			}
			// A non-ASCII byte lies in [from, to): halve the span, then find it by a loop.
			let low = from;
			let high = to;
			while (high - low > SCAN_BYTES) {
				const middle = low + ((high - low) >> 1);
				if (isAscii(bytes.subarray(low - start, middle - start))) low = middle;
				else high = middle;
			}
			while ((bytes[low - start] ?? 0) < 0x80) low++;
			from = low;
			break;
		}
		this.asciiTo = from;
	}
}

/**
 * Encoding Standard UTF-8 decoder from a non-ASCII byte at `i`: the length of a valid
 * sequence, or minus the length of the maximal subpart that becomes one U+FFFD (the
 * byte that broke it is read again as the start of the next one).
 */
function utf8Sequence(bytes: Uint8Array, i: number): number {
	const b = bytes[i] ?? 0;
	let needed: number;
	let lower = 0x80;
	let upper = 0xbf;
	if (b >= 0xc2 && b <= 0xdf) needed = 1;
	else if (b >= 0xe0 && b <= 0xef) {
		needed = 2;
		if (b === 0xe0) lower = 0xa0;
		if (b === 0xed) upper = 0x9f;
	} else if (b >= 0xf0 && b <= 0xf4) {
		needed = 3;
		if (b === 0xf0) lower = 0x90;
		if (b === 0xf4) upper = 0x8f;
	} else return -1;
	for (let k = 1; k <= needed; k++) {
		const c = bytes[i + k];
		// A missing byte (end of input) or one out of range ends the subpart before it.
		if (c === undefined || c < lower || c > upper) return -k;
		lower = 0x80;
		upper = 0xbf;
	}
	return needed + 1;
}

/** Walks a multi-byte legacy encoding piece by piece (see the module comment). */
class MultiByteMap implements OffsetMap {
	private readonly encoding: string;
	private readonly safeBelow: number;
	private text = 0;
	private byte = 0;
	private readonly codecs: Codecs;

	constructor(encoding: string, safeBelow: number, codecs: Codecs) {
		this.encoding = encoding;
		this.safeBelow = safeBelow;
		this.codecs = codecs;
	}

	toByte(target: number, bytes: Uint8Array, start: number, final: boolean): number {
		let i = this.byte - start;
		while (this.text < target && i < bytes.length) {
			let cut = i;
			while (cut < bytes.length && (bytes[cut] ?? 0) >= this.safeBelow) cut++;
			if (cut < bytes.length) cut++;
			else if (!final) cut = bytes.length; // the piece may go on, but the text so far is decoded
			const piece = bytes.subarray(i, cut);
			const decoded = this.decode(piece);
			if (this.text + decoded.length <= target) {
				this.text += decoded.length;
				i = cut;
				continue;
			}
			i += this.cutInside(piece, decoded, target - this.text);
			this.text = target;
		}
		this.byte = i + start;
		return this.byte;
	}

	/** The byte offset in `piece` where its decoding splits after `units` code units. */
	private cutInside(piece: Uint8Array, decoded: string, units: number): number {
		for (let j = 1; j < piece.length; j++) {
			const head = this.decode(piece.subarray(0, j));
			if (head.length === units && decoded.startsWith(head) && this.decode(piece.subarray(j)) === decoded.slice(units))
				return j;
		}
		return piece.length;
	}

	private decode(bytes: Uint8Array): string {
		const decoder = createByteDecoder(this.encoding, this.codecs);
		return decoder.write(bytes) + decoder.end();
	}
}
