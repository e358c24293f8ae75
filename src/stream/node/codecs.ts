/**
 * The legacy encodings on Node: iconv-lite (Node 20's TextDecoder maps windows-1252's
 * 0x80–0x9F to C1 controls instead of `€`, `“` …, its Shift_JIS drops 0x80, and its
 * Big5 lacks HKSCS), with Node's native ASCII check, UTF-8 length and UTF-8 encoder as
 * shortcuts.
 */
import {isAscii} from 'node:buffer';
import iconv from 'iconv-lite';
import type {ByteDecoder, Codecs, MultiByteCodec} from '../core/codecs.js';
import {HeldBytes, isMultiByte, MAX_HELD_BYTES, SAFE_BYTES} from '../core/encoding.js';

/** iconv-lite codecs for the legacy encodings (Encoding Standard §9–§13 decoders). */
const ICONV: Readonly<Record<string, string>> = {
	gbk: 'gb18030', // Encoding Standard §10.1: the gbk decoder is the gb18030 decoder
	gb18030: 'gb18030',
	big5: 'big5hkscs', // §11.1: Big5 includes the HKSCS extensions
	'euc-jp': 'eucjp',
	shift_jis: 'shiftjis',
	'euc-kr': 'cp949', // Encoding Standard `#euc-kr`: EUC-KR is windows-949 (UHC)
	'iso-8859-8-i': 'iso-8859-8',
	'koi8-u': 'koi8-ru', // the WHATWG KOI8-U index is KOI8-RU
	'x-mac-cyrillic': 'maccyrillic',
	ibm866: 'cp866',
};

const buffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The Node adapter's codecs.
 *
 * @example
 * nodeCodecs.decoder('windows-1252').write(Uint8Array.of(0x93, 0x94)); //=> '“”'
 */
export const nodeCodecs: Codecs = {
	decoder(name) {
		if (isMultiByte(name)) return segmentedDecoder(ICONV[name] ?? name, SAFE_BYTES[name] ?? 0x30);
		return tableDecoder(highBytes(name));
	},
	highBytes,
	multiByte(name) {
		let codec = multiByteCodecs.get(name);
		if (codec === undefined) {
			// gbk encodes as GBK (no four-byte sequences); it decodes as gb18030.
			const iconvName = name === 'gbk' ? 'gbk' : (ICONV[name] ?? name);
			codec = {encode: text => iconv.encode(text, iconvName), decode: bytes => iconv.decode(buffer(bytes), iconvName)};
			multiByteCodecs.set(name, codec);
		}
		return codec;
	},
	utf8Length: text => Buffer.byteLength(text, 'utf8'),
	// Buffer.from is 2–4× faster than TextEncoder.encode for short strings on Node 20 (a rewrite encodes each new URL).
	encodeUtf8: text => Buffer.from(text, 'utf8'),
	isAscii,
};

const multiByteCodecs = new Map<string, MultiByteCodec>();

/**
 * A multi-byte decoder built on iconv-lite's one-shot `decode`, cut after bytes that
 * leave the decoder idle. (iconv-lite's streaming decoder loses a character when a chunk
 * ends in a lead byte whose trail byte is invalid.) Deviation: after MAX_HELD_BYTES with
 * no such byte, the held bytes are decoded as they are.
 */
function segmentedDecoder(codec: string, safeBelow: number): ByteDecoder {
	const held = new HeldBytes();
	const decode = (bytes: Uint8Array): string => iconv.decode(buffer(bytes), codec, {stripBOM: false});
	return {
		write(bytes) {
			let cut = bytes.length;
			while (cut > 0 && (bytes[cut - 1] ?? 0) >= safeBelow) cut--;
			if (cut === 0 && held.length + bytes.length <= MAX_HELD_BYTES) {
				held.append(bytes);
				return '';
			}
			if (cut === 0) cut = bytes.length;
			const text = decode(held.takeWith(bytes.subarray(0, cut)));
			held.append(bytes.subarray(cut));
			return text;
		},
		end() {
			return held.length === 0 ? '' : decode(held.takeWith(new Uint8Array(0)));
		},
	};
}

const tables = new Map<string, Uint16Array>();

/**
 * Bytes 0x80–0xFF of a single-byte encoding, from iconv-lite. Where iconv-lite has no
 * mapping for 0x80–0x9F in a windows-* code page, the Encoding Standard index maps the
 * byte to the C1 control of the same value (index-windows-1252.txt: 0x81 -> U+0081).
 * x-user-defined (§14.5): 0x80–0xFF -> U+F780–U+F7FF.
 */
function highBytes(name: string): Uint16Array {
	if (name === 'x-user-defined') return Uint16Array.from({length: 128}, (_, i) => 0xf780 + i);
	let table = tables.get(name);
	if (table === undefined) {
		const high = Uint8Array.from({length: 128}, (_, i) => 0x80 + i);
		const text = iconv.decode(Buffer.from(high), ICONV[name] ?? name);
		table = Uint16Array.from({length: 128}, (_, i) => {
			const c = text.charCodeAt(i);
			return c === 0xfffd && i < 0x20 && name.startsWith('windows-') ? 0x80 + i : c;
		});
		tables.set(name, table);
	}
	return table;
}

function tableDecoder(table: Uint16Array): ByteDecoder {
	return {
		write(bytes) {
			// ASCII bytes are the same in every single-byte encoding: decoded natively.
			if (isAscii(bytes)) return buffer(bytes).toString('latin1');
			const units = new Uint16Array(bytes.length);
			for (let i = 0; i < bytes.length; i++) {
				const b = bytes[i] ?? 0;
				units[i] = b < 0x80 ? b : (table[b - 0x80] ?? 0xfffd);
			}
			return fromCodeUnits(units);
		},
		end: () => '',
	};
}

const UTF16 = new TextDecoder('utf-16le');

/** A string from UTF-16 code units (no surrogates: the tables hold none). Uint16Array is little-endian on every platform Node runs on. */
function fromCodeUnits(units: Uint16Array): string {
	return UTF16.decode(units);
}
