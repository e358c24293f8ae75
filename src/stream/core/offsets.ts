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

/** Look-aheads shorter than this are not made: an exact check per answer costs as much. */
const MIN_LOOK_AHEAD = 64;

/**
 * Walks UTF-8 sequences from the last answer (or measures the held text when it is clean).
 * A stretch found all ASCII is remembered (`cleanTo`), and each answer checks ahead of it
 * as far again as the stretch is long; once a look-ahead meets a non-ASCII byte, the next
 * ones halve the span where it lies. An ASCII page is checked in a handful of native
 * calls instead of one per answer; a page with non-ASCII text costs at most one more call
 * per answer. Each byte is checked a bounded number of times (a failed look-ahead is at
 * most as long as the stretch before it, and the halving sums to that length).
 */
class Utf8Map implements OffsetMap {
	private text = 0;
	private byte: number;
	/** Every byte from `byte` up to this absolute offset is ASCII. */
	private cleanTo: number;
	/** Where the current ASCII stretch began. */
	private cleanFrom: number;
	/** A non-ASCII byte lies before this absolute offset, from `cleanTo` on (Infinity: none known). */
	private dirtyAt = Number.POSITIVE_INFINITY;
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
		this.cleanTo = bomLength;
		this.cleanFrom = bomLength;
		this.utf8Length = codecs.utf8Length;
		this.isAscii = codecs.isAscii;
	}

	toByte(target: number, bytes: Uint8Array, start: number, _final: boolean, text?: TextSource): number {
		if (target <= this.text) return this.byte;
		// ASCII bytes decode to one unit each: if the next `target - text` bytes are all ASCII, they are the text asked for.
		const ascii = this.byte + target - this.text;
		if (ascii <= this.cleanTo || this.clean(ascii, bytes, start)) {
			this.text = target;
			this.byte = ascii;
			return ascii;
		}
		// Text with no U+FFFD came from valid UTF-8, which encodes back to the same bytes.
		this.measured = 0;
		this.valid = true;
		if (text?.(this.text, target, this.measure) === true && this.valid) {
			this.text = target;
			this.byte += this.measured;
			return this.restart();
		}
		let t = this.text;
		let i = this.byte - start;
		while (t < target && i < bytes.length) {
			const b = bytes[i] ?? 0;
			if (b < 0x80) {
				t++;
				i++;
				continue;
			}
			const length = utf8Sequence(bytes, i);
			t += length > 0 ? (length === 4 ? 2 : 1) : 1;
			i += length > 0 ? length : -length;
		}
		this.text = t;
		this.byte = i + start;
		return this.restart();
	}

	/** Whether the bytes up to absolute offset `to` are ASCII (checked natively); extends `cleanTo`. */
	private clean(to: number, bytes: Uint8Array, start: number): boolean {
		const isAscii = this.isAscii;
		const end = start + bytes.length;
		if (isAscii === undefined || to > end) return false;
		if (to > this.dirtyAt || !isAscii(bytes.subarray(this.cleanTo - start, to - start))) {
			this.dirtyAt = Math.min(this.dirtyAt, to);
			return false;
		}
		this.cleanTo = to;
		const ahead = Math.min(
			end,
			this.dirtyAt === Number.POSITIVE_INFINITY
				? to + Math.max(MIN_LOOK_AHEAD, to - this.cleanFrom)
				: to + ((this.dirtyAt - to) >> 1),
		);
		if (ahead - to < MIN_LOOK_AHEAD) return true;
		if (isAscii(bytes.subarray(to - start, ahead - start))) this.cleanTo = ahead;
		else this.dirtyAt = ahead;
		return true;
	}

	/** After a walk past non-ASCII bytes: a new stretch begins here. */
	private restart(): number {
		this.cleanTo = this.cleanFrom = this.byte;
		this.dirtyAt = Number.POSITIVE_INFINITY;
		return this.byte;
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
