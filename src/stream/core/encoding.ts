/**
 * Encodings as the WHATWG Encoding Standard names them: labels and streaming byte decoders.
 * The URL Standard's query encoding for legacy-encoded documents is in query-encoding.ts,
 * which reads the tables here.
 *
 * Decoders: UTF-8, UTF-16 and iso-2022-jp use TextDecoder; the other legacy encodings
 * come from the platform's Codecs (codecs.ts): iconv-lite on Node, whose TextDecoder
 * gets them wrong (Node 20's 'windows-1252' maps 0x80–0x9F to C1 controls instead of `€`,
 * `“` …, its Shift_JIS drops 0x80, its Big5 lacks HKSCS); TextDecoder in browsers.
 */
import type {ByteDecoder, Codecs} from './codecs.js';

export type {ByteDecoder} from './codecs.js';

/** Encoding Standard §4.2 "Names and labels": WHATWG name -> its labels. */
const LABELS: Readonly<Record<string, string>> = {
	'utf-8': 'unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8',
	ibm866: '866 cp866 csibm866 ibm866',
	'iso-8859-2': 'csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2',
	'iso-8859-3': 'csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3',
	'iso-8859-4': 'csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4',
	'iso-8859-5': 'csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988',
	'iso-8859-6':
		'arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987',
	'iso-8859-7':
		'csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek',
	'iso-8859-8':
		'csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual',
	'iso-8859-8-i': 'csiso88598i iso-8859-8-i logical',
	'iso-8859-10': 'csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6',
	'iso-8859-13': 'iso-8859-13 iso8859-13 iso885913',
	'iso-8859-14': 'iso-8859-14 iso8859-14 iso885914',
	'iso-8859-15': 'csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9',
	'iso-8859-16': 'iso-8859-16',
	'koi8-r': 'cskoi8r koi koi8 koi8-r koi8_r',
	'koi8-u': 'koi8-ru koi8-u',
	macintosh: 'csmacintosh mac macintosh x-mac-roman',
	'windows-874': 'dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874',
	'windows-1250': 'cp1250 windows-1250 x-cp1250',
	'windows-1251': 'cp1251 windows-1251 x-cp1251',
	'windows-1252':
		'ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252',
	'windows-1253': 'cp1253 windows-1253 x-cp1253',
	'windows-1254':
		'cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254',
	'windows-1255': 'cp1255 windows-1255 x-cp1255',
	'windows-1256': 'cp1256 windows-1256 x-cp1256',
	'windows-1257': 'cp1257 windows-1257 x-cp1257',
	'windows-1258': 'cp1258 windows-1258 x-cp1258',
	'x-mac-cyrillic': 'x-mac-cyrillic x-mac-ukrainian',
	gbk: 'chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk',
	gb18030: 'gb18030',
	big5: 'big5 big5-hkscs cn-big5 csbig5 x-x-big5',
	'euc-jp': 'cseucpkdfmtjapanese euc-jp x-euc-jp',
	'iso-2022-jp': 'csiso2022jp iso-2022-jp',
	shift_jis: 'csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis',
	'euc-kr': 'cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949',
	replacement: 'csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement',
	'utf-16be': 'unicodefffe utf-16be',
	'utf-16le': 'csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le',
	'x-user-defined': 'x-user-defined',
};

const BY_LABEL = new Map<string, string>(
	Object.entries(LABELS).flatMap(([name, labels]) => labels.split(' ').map(label => [label, name] as const)),
);

/**
 * Encoding Standard "get an encoding": the WHATWG name for `label` (ASCII whitespace
 * trimmed, ASCII case-insensitive), or null (failure).
 *
 * @example
 * getEncoding(' Latin1 '); //=> 'windows-1252'
 * getEncoding('utf-7'); //=> null
 */
export function getEncoding(label: string): string | null {
	const key = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]+/g, s => s.toLowerCase());
	return BY_LABEL.get(key) ?? null;
}

/**
 * A decoder for a WHATWG encoding name (from `getEncoding`). Invalid bytes become U+FFFD;
 * a BOM is not stripped here (the caller sniffs it).
 *
 * @example
 * createByteDecoder('windows-1252', nodeCodecs).write(Uint8Array.of(0x80, 0x93)); //=> '€“'
 */
export function createByteDecoder(name: string, codecs: Codecs): ByteDecoder {
	switch (name) {
		case 'utf-8':
			return utf8Decoder();
		case 'utf-16le':
		case 'utf-16be':
		case 'iso-2022-jp':
			return textDecoder(name);
		case 'replacement':
			return replacementDecoder();
		default:
			return codecs.decoder(name);
	}
}

function textDecoder(name: string): ByteDecoder {
	const decoder = new TextDecoder(name, {fatal: false, ignoreBOM: true});
	return {write: bytes => decoder.decode(bytes, {stream: true}), end: () => decoder.decode()};
}

/** One decoder for whole sequences (no state between calls). */
const UTF8 = new TextDecoder('utf-8', {fatal: false, ignoreBOM: true});

/**
 * UTF-8, each write decoded whole up to its last complete sequence, the bytes of an
 * unfinished one (at most three) kept for the next write. TextDecoder's streaming mode
 * runs ICU's converter (777 MB/s over the corpus here, 9% of a byte rewrite); a whole
 * decode runs natively (1,100 MB/s). Same text: the bytes kept are exactly those the
 * streaming decoder would wait on (Encoding Standard §8.1.1: a lead byte and the
 * continuation bytes its ranges allow so far); anything else decodes the same at once.
 */
function utf8Decoder(): ByteDecoder {
	let held = NO_BYTES;
	return {
		write(chunk) {
			const bytes = held.length === 0 ? chunk : concatBytes(held, chunk);
			const cut = bytes.length - unfinishedUtf8(bytes);
			// Copied, never a view: a writer may fill its Buffer again once the write returns (Buffer#slice is a view), and
			// most writes hold nothing (no array made per write).
			held = cut === bytes.length ? NO_BYTES : Uint8Array.prototype.slice.call(bytes, cut);
			return cut === 0 ? '' : UTF8.decode(bytes.subarray(0, cut));
		},
		end() {
			const rest = held;
			held = NO_BYTES;
			return rest.length === 0 ? '' : UTF8.decode(rest);
		},
	};
}

/** Nothing held (shared: never written into). */
const NO_BYTES = new Uint8Array(0);

/** Bytes at the end of `bytes` that begin a UTF-8 sequence and could still complete it (0–3). */
export function unfinishedUtf8(bytes: Uint8Array): number {
	const n = bytes.length;
	for (let k = 1; k <= 3 && k <= n; k++) {
		const b = bytes[n - k] ?? 0;
		if (b >= 0x80 && b <= 0xbf) continue; // a continuation byte: look further back
		const needed = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
		if (needed <= k) return 0; // ASCII, not a lead byte, or a complete sequence
		// §8.1.1: the first continuation byte's range depends on the lead byte.
		if (k >= 2) {
			const second = bytes[n - k + 1] ?? 0;
			const lower = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
			const upper = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
			if (second < lower || second > upper) return 0;
		}
		return k;
	}
	return 0;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
	const joined = new Uint8Array(a.length + b.length);
	joined.set(a);
	joined.set(b, a.length);
	return joined;
}

/** Encoding Standard §14.1: one U+FFFD for any input, then nothing. */
function replacementDecoder(): ByteDecoder {
	let done = false;
	return {
		write(bytes) {
			if (done || bytes.length === 0) return '';
			done = true;
			return '\uFFFD';
		},
		end: () => '',
	};
}

const MULTI_BYTE = new Set(['gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr']);

/**
 * Bytes below this value never continue a multi-byte sequence of the encoding (Encoding
 * Standard: a decoder that meets one after a lead byte emits U+FFFD and reprocesses it
 * as ASCII), so the decoder is idle after one. gb18030 also uses 0x30–0x39 as the
 * second and fourth byte, hence its lower bound.
 */
export const SAFE_BYTES: Readonly<Record<string, number>> = {
	shift_jis: 0x40, // §12.3.1: trail 0x40–0x7E, 0x80–0xFC
	'euc-jp': 0x80, // §12.1.1: trail 0xA1–0xFE
	'euc-kr': 0x41, // Encoding Standard `#euc-kr-decoder`: trail 0x41–0xFE
	big5: 0x40, // §11.1.1: trail 0x40–0x7E, 0xA1–0xFE
	gbk: 0x30, // §10.2.1: second byte 0x30–0x39 or 0x40–0xFE
	gb18030: 0x30,
};

/** Bytes held by a multi-byte decoder waiting for a byte below its safe bound. */
export const MAX_HELD_BYTES = 64 * 1024;

/**
 * Bytes held across writes, in storage that doubles as it fills: holding n bytes that
 * come in any number of pieces copies O(n) bytes in all (joining each piece to the held
 * ones would copy O(n²/piece)).
 *
 * @example
 * const held = new HeldBytes();
 * held.append(Uint8Array.of(0x82));
 * held.takeWith(Uint8Array.of(0xa0)); //=> Uint8Array [0x82, 0xa0]; held.length is 0 again
 */
export class HeldBytes {
	private storage = new Uint8Array(0);
	private size = 0;
	private copiedBytes = 0;

	get length(): number {
		return this.size;
	}

	/** Bytes copied so far (for tests: linear in the bytes held). */
	get copied(): number {
		return this.copiedBytes;
	}

	/** The held bytes, as a view that is valid until the next `append` or `takeWith`. */
	view(): Uint8Array {
		return this.storage.subarray(0, this.size);
	}

	/** Keep a copy of `bytes` (the caller may reuse its buffer). */
	append(bytes: Uint8Array): void {
		if (bytes.length === 0) return;
		if (this.size + bytes.length > this.storage.length) {
			const grown = new Uint8Array(Math.max(2 * this.storage.length, this.size + bytes.length, 256));
			grown.set(this.storage.subarray(0, this.size));
			this.copiedBytes += this.size;
			this.storage = grown;
		}
		this.storage.set(bytes, this.size);
		this.copiedBytes += bytes.length;
		this.size += bytes.length;
	}

	/** Forget the held bytes (a view of them stays as it was: the storage is not written again). */
	clear(): void {
		this.storage = new Uint8Array(0);
		this.size = 0;
	}

	/** The held bytes followed by `more`, in a new array (`more` itself when none are held); empties the store. */
	takeWith(more: Uint8Array): Uint8Array {
		if (this.size === 0) return more;
		const out = new Uint8Array(this.size + more.length);
		out.set(this.storage.subarray(0, this.size));
		out.set(more, this.size);
		this.copiedBytes += out.length;
		this.size = 0;
		if (this.storage.length > 2 * MAX_HELD_BYTES) this.storage = new Uint8Array(0); // a long tail once: do not keep its storage
		return out;
	}
}

/**
 * Bytes 0x80–0xFF of a single-byte encoding (or x-user-defined), for the encoders; undefined for others.
 *
 * @example
 * highByteTable('windows-1252', nodeCodecs)?.[0]; //=> 0x20ac (€)
 */
export function highByteTable(name: string, codecs: Codecs): Uint16Array | undefined {
	return MULTI_BYTE.has(name) || NOT_TABLE.has(name) ? undefined : codecs.highBytes(name);
}

const NOT_TABLE = new Set(['utf-8', 'utf-16le', 'utf-16be', 'iso-2022-jp', 'replacement']);

/**
 * Whether `name` is a multi-byte legacy encoding (gbk, gb18030, big5, euc-jp, shift_jis, euc-kr).
 *
 * @example
 * isMultiByte('shift_jis'); //=> true
 */
export function isMultiByte(name: string): boolean {
	return MULTI_BYTE.has(name);
}
