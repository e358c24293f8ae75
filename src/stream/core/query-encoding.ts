/**
 * The URL Standard's query state for documents in a legacy encoding: the query of a
 * reference is encoded in the document's encoding before percent-encoding ("percent-encode
 * after encoding"), and a character the encoding cannot represent becomes `%26%23` +
 * decimal code point + `%3B` (`&#NNNN;`). Path and fragment stay UTF-8. Node's URL only
 * does UTF-8, so the resolver pre-encodes the query with this and lets URL do the rest.
 */
import type {Codecs, MultiByteCodec} from './codecs.js';
import {highByteTable, isMultiByte} from './encoding.js';

/** Encodes one code point: its bytes, or `error` (after the bytes that must precede it). */
interface Encoder {
	encode(codePoint: number): {bytes: number[]; error: boolean};
	/** Bytes at end of queue (iso-2022-jp returns to ASCII). */
	end(): number[];
}

/** URL Standard "get an output encoding": these query-encode as UTF-8, which URL already does. */
const UTF8_OUTPUT = new Set(['utf-8', 'utf-16le', 'utf-16be', 'replacement']);

/**
 * The query encoder for a document in `encoding` (a WHATWG name), or undefined when
 * queries are UTF-8 anyway. The encoder returns its input unchanged when the query is
 * ASCII (it counts first).
 *
 * @example
 * makeQueryEncoder('windows-1252', nodeCodecs)?.('search?q=café#é'); //=> 'search?q=caf%E9#é'
 * makeQueryEncoder('utf-8', nodeCodecs); //=> undefined
 */
export function makeQueryEncoder(encoding: string, codecs: Codecs): ((reference: string) => string) | undefined {
	if (UTF8_OUTPUT.has(encoding)) return undefined;
	const factory = encoderFactory(encoding, codecs);
	if (factory === undefined) return undefined;
	return reference => encodeQuery(reference, factory);
}

function encoderFactory(encoding: string, codecs: Codecs): (() => Encoder) | undefined {
	if (encoding === 'iso-2022-jp') return () => iso2022jpEncoder(codecs.multiByte('euc-jp'));
	const table = highByteTable(encoding, codecs);
	if (table !== undefined) {
		const reverse = new Map<number, number>();
		table.forEach((unit, i) => {
			if (unit !== 0xfffd && !reverse.has(unit)) reverse.set(unit, 0x80 + i);
		});
		const encoder: Encoder = {
			encode(cp) {
				const byte = cp < 0x80 ? cp : reverse.get(cp);
				return byte === undefined ? {bytes: [], error: true} : {bytes: [byte], error: false};
			},
			end: () => [],
		};
		return () => encoder;
	}
	if (!isMultiByte(encoding)) return undefined;
	const codec = codecs.multiByte(encoding);
	const japanese = encoding === 'shift_jis' || encoding === 'euc-jp';
	const encoder: Encoder = {
		encode(cp) {
			const bytes = multiByte(cp, codec, japanese);
			return bytes === null ? {bytes: [], error: true} : {bytes, error: false};
		},
		end: () => [],
	};
	return () => encoder;
}

/** One code point in a multi-byte encoding; null when it does not round-trip. */
function multiByte(cp: number, codec: MultiByteCodec, japanese: boolean): number[] | null {
	if (cp < 0x80) return [cp];
	if (japanese) {
		// Encoding Standard §12.1.2 / §12.3.2: U+00A5 -> 0x5C, U+203E -> 0x7E, U+2212 -> U+FF0D.
		if (cp === 0xa5) return [0x5c];
		if (cp === 0x203e) return [0x7e];
		if (cp === 0x2212) cp = 0xff0d;
	}
	const char = String.fromCodePoint(cp);
	const bytes = codec.encode(char);
	return codec.decode(bytes) === char ? [...bytes] : null;
}

/**
 * Encoding Standard §12.2.2 iso-2022-jp encoder, for ASCII and JIS X 0208 (looked up
 * through EUC-JP). Deviation: half-width katakana and the Roman state (U+00A5, U+203E)
 * are encoding errors here.
 */
function iso2022jpEncoder(eucJp: MultiByteCodec): Encoder {
	let jis = false;
	const toAscii = [0x1b, 0x28, 0x42]; // ESC ( B
	return {
		encode(cp) {
			if (cp === 0x0e || cp === 0x0f || cp === 0x1b) return {bytes: jis ? switchTo(false) : [], error: true};
			if (cp < 0x80) return {bytes: [...(jis ? switchTo(false) : []), cp], error: false};
			const euc = eucJp.encode(String.fromCodePoint(cp));
			const lead = euc[0] ?? 0;
			const trail = euc[1] ?? 0;
			const ok =
				euc.length === 2 &&
				lead >= 0xa1 &&
				lead <= 0xfe &&
				trail >= 0xa1 &&
				eucJp.decode(euc) === String.fromCodePoint(cp);
			if (!ok) return {bytes: jis ? switchTo(false) : [], error: true};
			return {bytes: [...(jis ? [] : switchTo(true)), lead - 0x80, trail - 0x80], error: false};
		},
		end: () => (jis ? switchTo(false) : []),
	};
	function switchTo(toJis: boolean): number[] {
		jis = toJis;
		return toJis ? [0x1b, 0x24, 0x42] /* ESC $ B */ : toAscii;
	}
}

/** URL Standard special-query percent-encode set, as bytes: C0, space, `"`, `#`, `'`, `<`, `>`, and above 0x7E. */
function inSpecialQuerySet(byte: number): boolean {
	return (
		byte < 0x21 || byte > 0x7e || byte === 0x22 || byte === 0x23 || byte === 0x27 || byte === 0x3c || byte === 0x3e
	);
}

function percentEncode(bytes: readonly number[]): string {
	let out = '';
	for (const byte of bytes)
		out += inSpecialQuerySet(byte) ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
	return out;
}

/** URL Standard "query state" with a non-UTF-8 encoding, on the query part of `reference`. */
function encodeQuery(reference: string, factory: () => Encoder): string {
	const question = reference.indexOf('?');
	if (question === -1) return reference;
	let end = reference.indexOf('#', question + 1);
	if (end === -1) end = reference.length;
	let first = question + 1;
	while (first < end && reference.charCodeAt(first) < 0x80) first++;
	if (first === end) return reference; // ASCII query: nothing to do
	const encoder = factory();
	let out = reference.slice(0, question + 1);
	for (let i = question + 1; i < end; ) {
		let cp = reference.codePointAt(i) ?? 0xfffd;
		i += cp > 0xffff ? 2 : 1;
		if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // a lone surrogate: USVString conversion
		const {bytes, error} = encoder.encode(cp);
		out += percentEncode(bytes);
		if (error) out += `%26%23${cp}%3B`;
	}
	return out + percentEncode(encoder.end()) + reference.slice(end);
}
