/**
 * MIME charset parameters (RFC 2046 §4.1.2) to text decoders. Labels the Encoding
 * Standard knows go through src/stream's decoders (so a BOM still wins, and legacy
 * encodings decode as browsers do, ISO-2022-JP included: its escape sequences are never
 * seen as text); other labels iconv-lite knows (utf-7, cp850, ...) use iconv-lite; an
 * unknown or absent label falls back to UTF-8 (invalid bytes become U+FFFD).
 */
import iconv from 'iconv-lite';
import {createDecoder} from '../../stream/core/decode.js';
import {getEncoding} from '../../stream/core/encoding.js';
import {nodeCodecs} from '../../stream/node/codecs.js';

export interface TextDecoding {
	/** The WHATWG encoding name when the label is one, else undefined. */
	readonly whatwg: string | undefined;
	write(bytes: Uint8Array): string;
	end(): string;
	/** The encoding in use (WHATWG name, iconv-lite name, or `utf-8`). */
	readonly encoding: string;
}

/**
 * The WHATWG encoding name for a MIME charset label, or undefined.
 *
 * @example
 * whatwgCharset('ISO-8859-1'); //=> 'windows-1252'
 * whatwgCharset('x-unknown'); //=> undefined
 */
export function whatwgCharset(label: string | false | undefined): string | undefined {
	if (!label) return undefined;
	return getEncoding(label) ?? undefined;
}

/**
 * Whether a decoder knows the MIME charset label (the Encoding Standard's labels, then
 * iconv-lite's). An unknown label is decoded as UTF-8 by {@link createTextDecoding}.
 *
 * @example
 * isKnownCharset('cp850'); //=> true
 * isKnownCharset('x-unknown'); //=> false
 */
export function isKnownCharset(label: string): boolean {
	return whatwgCharset(label) !== undefined || iconv.encodingExists(label);
}

/**
 * A streaming text decoder for a part's charset.
 *
 * @example
 * const decoding = createTextDecoding('iso-2022-jp');
 * decoding.write(Buffer.from('\x1b$B$3$s\x1b(B http://example.jp/', 'latin1')) + decoding.end();
 * //=> 'こん http://example.jp/'
 */
export function createTextDecoding(label: string | false | undefined): TextDecoding {
	const whatwg = whatwgCharset(label);
	if (whatwg === undefined && label && iconv.encodingExists(label)) {
		const decoder = iconv.getDecoder(label);
		return {
			whatwg,
			encoding: label.toLowerCase(),
			write: bytes => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
			end: () => decoder.end() ?? '',
		};
	}
	const decoder = createDecoder({type: 'text', ...(whatwg === undefined ? {} : {encoding: whatwg})}, nodeCodecs);
	return {
		whatwg,
		get encoding() {
			return decoder.encoding;
		},
		write: bytes => decoder.write(bytes),
		end: () => decoder.end(),
	};
}
