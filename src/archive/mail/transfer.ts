/**
 * MIME Content-Transfer-Encoding decoders (RFC 2045 §6): synchronous and streaming, so a
 * part's bytes go straight from the MIME splitter into an extractor core.
 *
 * Deviation: mailsplit's own decoders are not used. libqp's Decoder concatenates the whole
 * part before decoding (unbounded memory on a large QP part) and libbase64's Decoder
 * defers every chunk with setImmediate; both are Transform streams. These decoders keep
 * at most one unfinished QP line (`MAX_QP_LINE`) or three base64 sextets.
 */

/** Bytes of transfer-encoded content in, decoded bytes out; any split of the input. */
export interface TransferDecoder {
	write(bytes: Uint8Array): Uint8Array;
	end(): Uint8Array;
}

/**
 * The longest unfinished quoted-printable line held, in bytes. RFC 2045 §6.7 rule 5 caps
 * encoded lines at 76 characters; past this bound the line is decoded up to a safe point
 * (never inside an `=XX` escape or a run of trailing white space) and the rest is held.
 */
export const MAX_QP_LINE = 64 * 1024;

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	Equals: 0x3d, // "="
} as const;

/**
 * The decoder for a Content-Transfer-Encoding value (case-insensitive). `7bit`, `8bit`,
 * `binary`, absent and unknown encodings pass bytes through.
 *
 * @example
 * const decoder = createTransferDecoder('quoted-printable');
 * Buffer.from([...decoder.write(Buffer.from('http://exa=\r\nmple.com/=3Fx')), ...decoder.end()]).toString();
 * //=> 'http://example.com/?x'
 */
export function createTransferDecoder(encoding: string | false | undefined): TransferDecoder {
	switch ((encoding || '').trim().toLowerCase()) {
		case 'quoted-printable':
			return new QuotedPrintableDecoder();
		case 'base64':
			return new Base64Decoder();
		default:
			// RFC 2045 §6.2: 7bit, 8bit and binary mean no transformation. Deviation: an
			// unknown encoding (x-uuencode, ...) is passed through too rather than dropped.
			return {write: bytes => bytes, end: () => new Uint8Array(0)};
	}
}

/**
 * Whether `encoding` is a Content-Transfer-Encoding this module decodes (RFC 2045 §6.1:
 * `7bit`, `8bit`, `binary`, `quoted-printable`, `base64`; absent means `7bit`).
 *
 * @example
 * isKnownTransferEncoding('Base64'); //=> true
 * isKnownTransferEncoding('x-uuencode'); //=> false
 */
export function isKnownTransferEncoding(encoding: string | false | undefined): boolean {
	return ['', '7bit', '8bit', 'binary', 'quoted-printable', 'base64'].includes((encoding || '').trim().toLowerCase());
}

/**
 * RFC 2045 §6.7 quoted-printable, decoded one line at a time.
 *
 * @example
 * const qp = new QuotedPrintableDecoder();
 * Buffer.from(qp.write(Buffer.from('caf=C3=A9 h=\r\nttp://x/\r\n'))).toString(); //=> 'café http://x/\r\n'
 */
export class QuotedPrintableDecoder implements TransferDecoder {
	private held: Uint8Array = new Uint8Array(0);

	write(bytes: Uint8Array): Uint8Array {
		const input = this.held.length === 0 ? bytes : concat(this.held, bytes);
		const out = new Uint8Array(input.length);
		let length = 0;
		let lineStart = 0;
		for (
			let lineFeed = input.indexOf(CharCodes.LineFeed);
			lineFeed >= 0;
			lineFeed = input.indexOf(CharCodes.LineFeed, lineStart)
		) {
			length = decodeLine(input, lineStart, lineFeed, true, out, length);
			lineStart = lineFeed + 1;
		}
		let rest = input.subarray(lineStart);
		if (rest.length > MAX_QP_LINE) {
			const cut = safeCut(rest);
			length = decodeLine(rest, 0, cut, false, out, length);
			rest = rest.subarray(cut);
		}
		this.held = rest.slice();
		return out.subarray(0, length);
	}

	end(): Uint8Array {
		const rest = this.held;
		this.held = new Uint8Array(0);
		const out = new Uint8Array(rest.length);
		return out.subarray(0, decodeLine(rest, 0, rest.length, false, out, 0));
	}
}

/**
 * Decode `input[start, end)`, one encoded line; `lineFeed` when `end` is its LF. Returns
 * the new output length.
 */
function decodeLine(
	input: Uint8Array,
	start: number,
	end: number,
	lineFeed: boolean,
	out: Uint8Array,
	length: number,
): number {
	let contentEnd = end;
	const crlf = lineFeed && contentEnd > start && input[contentEnd - 1] === CharCodes.CarriageReturn;
	if (crlf) contentEnd--;
	// RFC 2045 §6.7 rule 3: trailing white space is transport padding, deleted on decoding.
	while (contentEnd > start && isWhite(input[contentEnd - 1])) contentEnd--;
	// RFC 2045 §6.7 rule 5: a final `=` is a soft line break; the line break vanishes.
	const soft = contentEnd > start && input[contentEnd - 1] === CharCodes.Equals && (lineFeed || end === input.length);
	if (soft) contentEnd--;
	let i = start;
	while (i < contentEnd) {
		const c = input[i]!;
		const high = c === CharCodes.Equals && i + 2 < contentEnd ? hexValue(input[i + 1]) : -1;
		const low = high >= 0 ? hexValue(input[i + 2]) : -1;
		if (low >= 0) {
			// RFC 2045 §6.7 rule 1: `=XX` is one octet (lower-case hex accepted, as §6.7 suggests).
			out[length++] = high * 16 + low;
			i += 3;
		} else {
			// RFC 2045 §6.7 note (2): an `=` not followed by two hex digits is kept as is.
			out[length++] = c;
			i++;
		}
	}
	if (lineFeed && !soft) {
		if (crlf) out[length++] = CharCodes.CarriageReturn;
		out[length++] = CharCodes.LineFeed;
	}
	return length;
}

/** Where an overlong line may be cut: before trailing white space and any unfinished `=XX`. */
function safeCut(line: Uint8Array): number {
	let cut = line.length;
	while (cut > 0 && isWhite(line[cut - 1])) cut--;
	for (let k = Math.max(0, cut - 2); k < cut; k++) {
		if (line[k] === CharCodes.Equals) return k;
	}
	return cut;
}

function isWhite(c: number | undefined): boolean {
	return c === CharCodes.Space || c === CharCodes.Tab;
}

function hexValue(c: number | undefined): number {
	if (c === undefined) return -1;
	if (c >= 0x30 && c <= 0x39) return c - 0x30; // "0"-"9"
	if (c >= 0x41 && c <= 0x46) return c - 0x37; // "A"-"F"
	if (c >= 0x61 && c <= 0x66) return c - 0x57; // "a"-"f"
	return -1;
}

/** RFC 2045 Table 1: the base64 alphabet, -1 for characters to ignore. */
const SEXTETS: Int8Array = (() => {
	const table = new Int8Array(256).fill(-1);
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	for (let k = 0; k < alphabet.length; k++) table[alphabet.charCodeAt(k)] = k;
	return table;
})();

/**
 * RFC 2045 §6.8 base64: characters outside the alphabet (line breaks) are ignored; `=`
 * ends a quantum. Deviation: decoding goes on after `=` (some writers pad every line on
 * its own), starting a fresh quantum.
 *
 * @example
 * const base64 = new Base64Decoder();
 * Buffer.from(base64.write(Buffer.from('Zm9v\r\nYmFy'))).toString(); //=> 'foobar'
 */
export class Base64Decoder implements TransferDecoder {
	private bits = 0;
	private accumulator = 0;

	write(bytes: Uint8Array): Uint8Array {
		const out = new Uint8Array(Math.ceil((bytes.length * 3) / 4) + 1);
		let length = 0;
		let {bits, accumulator} = this;
		for (const c of bytes) {
			const sextet = SEXTETS[c]!;
			if (sextet < 0) {
				if (c === CharCodes.Equals) {
					bits = 0;
					accumulator = 0;
				}
				continue;
			}
			accumulator = (accumulator << 6) | sextet;
			bits += 6;
			if (bits >= 8) {
				bits -= 8;
				out[length++] = (accumulator >> bits) & 0xff;
				accumulator &= (1 << bits) - 1;
			}
		}
		this.bits = bits;
		this.accumulator = accumulator;
		return out.subarray(0, length);
	}

	end(): Uint8Array {
		this.bits = 0;
		this.accumulator = 0;
		return new Uint8Array(0);
	}
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length);
	out.set(a);
	out.set(b, a.length);
	return out;
}
