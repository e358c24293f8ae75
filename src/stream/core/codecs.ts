/**
 * What a platform supplies to the shared stream core for the legacy (non-UTF) encodings,
 * and one native shortcut. The core itself uses only Uint8Array and TextDecoder (UTF-8,
 * UTF-16, iso-2022-jp); the Node adapter gives it iconv-lite (stream/node/codecs.ts), the
 * Web Streams adapter the platform's TextDecoder (stream/web/codecs.ts).
 */

/** A streaming byte decoder: multi-byte sequences may be split across writes. */
export interface ByteDecoder {
	write(bytes: Uint8Array): string;
	end(): string;
}

/** A one-shot codec for a multi-byte legacy encoding. */
export interface MultiByteCodec {
	/** The bytes of `text`; a character the encoding lacks becomes `?` (0x3F), so a round trip tells. */
	encode(text: string): Uint8Array;
	decode(bytes: Uint8Array): string;
}

export interface Codecs {
	/**
	 * A decoder for a single-byte encoding (windows-1252 …), x-user-defined or a multi-byte
	 * one (gbk, gb18030, big5, euc-jp, shift_jis, euc-kr), by WHATWG name. Invalid bytes
	 * become U+FFFD; a BOM is not stripped.
	 */
	decoder(name: string): ByteDecoder;
	/** What bytes 0x80–0xFF decode to in a single-byte encoding or x-user-defined (U+FFFD where unmapped). */
	highBytes(name: string): Uint16Array;
	/** The codec of a multi-byte encoding, for query encoding and rewritten text. */
	multiByte(name: string): MultiByteCodec;
	/** The length of `text` in UTF-8 (lone surrogates as U+FFFD, 3 bytes). */
	utf8Length(text: string): number;
	/** `text` in UTF-8 (well-formed text: the caller replaces lone surrogates first). */
	encodeUtf8(text: string): Uint8Array;
	/** Whether every byte is below 0x80, where the platform checks natively (else absent: a loop in JS would cost what it saves). */
	isAscii?(bytes: Uint8Array): boolean;
}
