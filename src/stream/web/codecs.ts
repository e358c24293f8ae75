/**
 * The legacy encodings on the web platform: the platform's own TextDecoder, which in
 * browsers, Deno and Bun implements every encoding of the Encoding Standard (no tables
 * shipped here). Encoding (a query in a legacy-encoded page, rewritten text) has no
 * platform API beyond UTF-8, so a multi-byte encoder is the decoder inverted: every one-
 * and two-byte sequence decoded once, on first use, keeping the pointer the Encoding
 * Standard's encoders choose (below). Node's TextDecoder gets some legacy encodings wrong
 * (stream/node/codecs.ts): on Node, use the Node entry.
 */
import type {ByteDecoder, Codecs, MultiByteCodec} from '../core/codecs.js';

/**
 * The Web Streams adapter's codecs.
 *
 * @example
 * webCodecs.multiByte('shift_jis').encode('日本'); //=> Uint8Array [0x93, 0xfa, 0x96, 0x7b]
 */
export const webCodecs: Codecs = {
	decoder(name) {
		const decoder = new TextDecoder(name, {fatal: false, ignoreBOM: true});
		return {write: bytes => decoder.decode(bytes, {stream: true}), end: () => decoder.decode()} satisfies ByteDecoder;
	},
	highBytes(name) {
		let table = tables.get(name);
		if (table === undefined) {
			const text = new TextDecoder(name).decode(Uint8Array.from({length: 128}, (_, i) => 0x80 + i));
			table = Uint16Array.from({length: 128}, (_, i) => text.charCodeAt(i));
			tables.set(name, table);
		}
		return table;
	},
	multiByte(name) {
		let codec = codecs.get(name);
		if (codec === undefined) {
			codec = invertedCodec(name);
			codecs.set(name, codec);
		}
		return codec;
	},
	utf8Length,
	encodeUtf8,
};

const UTF8 = new TextEncoder();

/** Bytes of a slab new URLs are encoded into, one after another (a rewrite encodes one a reference). */
const SLAB_BYTES = 1 << 16;
let slab = new Uint8Array(SLAB_BYTES);
let used = 0;

/**
 * `text` in UTF-8. A rewrite encodes each new URL, mostly short: `encodeInto` (native) writes
 * it into the free end of a shared slab and the bytes are a view of it, as Node's Buffer.from
 * takes small buffers from a pool; a slab is never written twice, so no view changes.
 */
function encodeUtf8(text: string): Uint8Array {
	const most = text.length * 3;
	if (most > SLAB_BYTES >> 3) return UTF8.encode(text);
	if (used + most > SLAB_BYTES) {
		slab = new Uint8Array(SLAB_BYTES);
		used = 0;
	}
	const start = used;
	used += UTF8.encodeInto(text, slab.subarray(start)).written;
	return slab.subarray(start, used);
}

const tables = new Map<string, Uint16Array>();
const codecs = new Map<string, MultiByteCodec>();

/** Where utf8Length lets `encodeInto` write, grown to the longest text measured. */
let scratch = new Uint8Array(1 << 12);

/**
 * UTF-8 length of `text`; a lone surrogate counts as U+FFFD (3 bytes), as TextEncoder writes
 * it. `encodeInto` (native) into a scratch buffer: as fast as Node's Buffer.byteLength here,
 * 1.5× a loop over the units from the first non-ASCII one (measured, 82,558 corpus pieces).
 */
function utf8Length(text: string): number {
	if (text.length * 3 > scratch.length) scratch = new Uint8Array(text.length * 3);
	return UTF8.encodeInto(text, scratch).written;
}

/** Code points the Big5 encoder takes from the last pointer (Encoding Standard §11.1.2 "index Big5 pointer"). */
const BIG5_LAST = new Set([0x2550, 0x255e, 0x2561, 0x256a, 0x5341, 0x5345]);

/**
 * Whether the encoder may use the two-byte sequence `lead trail` (Encoding Standard
 * §10–§13 encoders): Shift_JIS skips index pointers 8272–8835 (leads 0xED–0xEF) and the
 * user-defined leads 0xF0–0xF9; Big5 skips the HKSCS pointers below lead 0xA1.
 */
function usable(name: string, lead: number): boolean {
	if (name === 'shift_jis') return lead < 0xed || lead > 0xf9;
	if (name === 'big5') return lead >= 0xa1;
	return true;
}

/** A codec whose encoder is the platform decoder inverted. */
function invertedCodec(name: string): MultiByteCodec {
	const decoder = new TextDecoder(name);
	let index: Map<number, readonly number[]> | undefined;
	return {
		decode: bytes => decoder.decode(bytes),
		encode(text) {
			index ??= invert(name, decoder);
			const out: number[] = [];
			for (const char of text) {
				const cp = char.codePointAt(0) ?? 0;
				if (cp < 0x80) out.push(cp);
				else if (name === 'gb18030' && cp >= 0x10000) out.push(...fourBytes(189000 + cp - 0x10000));
				else out.push(...(index.get(cp) ?? [0x3f]));
			}
			return Uint8Array.from(out);
		},
	};
}

/** Every sequence of `name` the encoder may write, by the code point it decodes to. */
function invert(name: string, decoder: {decode(bytes: Uint8Array): string}): Map<number, readonly number[]> {
	const index = new Map<number, readonly number[]>();
	const sequences: number[][] = [];
	// gb18030 encodes U+20AC as two bytes; only gbk writes 0x80 for it (§10.2.2).
	for (let b = 0x80; b <= 0xff; b++) if (!(name === 'gb18030' && b === 0x80)) sequences.push([b]);
	for (let lead = 0x81; lead <= 0xfe; lead++) {
		if (!usable(name, lead)) continue;
		for (let trail = 0x40; trail <= 0xfe; trail++) sequences.push([lead, trail]);
	}
	// gb18030's four-byte sequences for the rest of the BMP (pointers 0–39419, §10.2.2).
	if (name === 'gb18030') for (let pointer = 0; pointer <= 39419; pointer++) sequences.push(fourBytes(pointer));
	// One decode for all: each sequence followed by LF, which an error never swallows (an ASCII byte is re-read).
	const bytes = new Uint8Array(sequences.reduce((n, s) => n + s.length + 1, 0));
	let at = 0;
	for (const sequence of sequences) {
		bytes.set(sequence, at);
		bytes[at + sequence.length] = 0x0a;
		at += sequence.length + 1;
	}
	const decoded = decoder.decode(bytes).split('\n');
	sequences.forEach((sequence, i) => {
		const text = decoded[i] ?? '';
		const cp = text.codePointAt(0) ?? 0xfffd;
		if (cp === 0xfffd || cp < 0x80 || text.length !== (cp > 0xffff ? 2 : 1)) return;
		if (name === 'gb18030' && cp === 0xe5e5) return; // §10.2.2: U+E5E5 is an error
		if (!index.has(cp) || (name === 'big5' && BIG5_LAST.has(cp))) index.set(cp, sequence);
	});
	return index;
}

/** gb18030 four-byte sequence of a ranges pointer (§10.2.2 steps 8–13). */
function fourBytes(pointer: number): number[] {
	const b1 = Math.floor(pointer / 12600);
	let rest = pointer % 12600;
	const b2 = Math.floor(rest / 1260);
	rest %= 1260;
	const b3 = Math.floor(rest / 10);
	return [b1 + 0x81, b2 + 0x30, b3 + 0x81, (rest % 10) + 0x30];
}
