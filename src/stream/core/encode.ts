/**
 * New text in the document's own encoding (Encoding Standard "encode"). A character the
 * encoding cannot represent is written through the edit's fallback (rewrite/write-value.ts):
 * `&#N;` in HTML (an attribute then decodes to exactly the value given), a CSS escape in
 * raw CSS, percent-encoded UTF-8 in plain text. A lone surrogate is such a character in
 * every encoding.
 */
import type {Fallback} from '../../rewrite/write-value.js';
import {cssCodePoint} from '../../rewrite/escape-css.js';
import {percentEncodeCodePoint} from '../../rewrite/escape-url.js';
import type {Codecs} from './codecs.js';
import {highByteTable, isMultiByte} from './encoding.js';

/** Encodes new text for one document. */
export type TextEncoderFor = (text: string, fallback: Fallback) => Uint8Array;

/**
 * How one character that cannot be encoded is written instead (ASCII).
 *
 * @example
 * fallbackText(0x2713, 'html'); // '&#10003;'
 */
export function fallbackText(codePoint: number, fallback: Fallback): string {
	switch (fallback) {
		case 'html':
			return `&#${codePoint};`;
		case 'css':
			return cssCodePoint(codePoint);
		case 'url':
			return percentEncodeCodePoint(codePoint > 0xffff || (codePoint & 0xf800) !== 0xd800 ? codePoint : 0xfffd);
	}
}

/**
 * The encoder for a WHATWG encoding name.
 *
 * @example
 * createEncoder('windows-1252', nodeCodecs)('é✓', 'html'); // bytes of 'é&#10003;' (0xE9, then ASCII)
 */
export function createEncoder(encoding: string, codecs: Codecs): TextEncoderFor {
	switch (encoding) {
		case 'utf-8':
			return (text, fallback) => codecs.encodeUtf8(wellFormed(text, fallback));
		case 'utf-16le':
			return (text, fallback) => utf16(wellFormed(text, fallback), true);
		case 'utf-16be':
			return (text, fallback) => utf16(wellFormed(text, fallback), false);
		default:
			return legacyEncoder(encoding, codecs);
	}
}

/** UTF-16 code units as bytes (the text is well-formed). */
function utf16(text: string, littleEndian: boolean): Uint8Array {
	const bytes = new Uint8Array(2 * text.length);
	const view = new DataView(bytes.buffer);
	for (let i = 0; i < text.length; i++) view.setUint16(2 * i, text.charCodeAt(i), littleEndian);
	return bytes;
}

const ALL_ASCII = /^[\0-\x7f]*$/;

/** An ASCII string as bytes. */
function asciiBytes(text: string): Uint8Array {
	const bytes = new Uint8Array(text.length);
	for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
	return bytes;
}

/** A string of code units below 0x100 as bytes. */
function latin1(text: string): Uint8Array {
	return Uint8Array.from(text, ch => ch.charCodeAt(0));
}

/** Lone surrogates through the fallback; other text unchanged. */
function wellFormed(text: string, fallback: Fallback): string {
	// ES2024 String.prototype.isWellFormed where the platform has it (native; a Latin-1 string answers at once).
	if ((text as {isWellFormed?: () => boolean}).isWellFormed?.() === true) return text;
	let i = 0;
	while (i < text.length && (text.charCodeAt(i) & 0xf800) !== 0xd800) i++;
	if (i === text.length) return text;
	return mapCodePoints(text, cp => ((cp & 0xf800) === 0xd800 ? fallbackText(cp, fallback) : undefined));
}

/** `text` with each code point for which `replace` answers a string replaced by it. */
function mapCodePoints(text: string, replace: (codePoint: number) => string | undefined): string {
	let out = '';
	for (let i = 0; i < text.length; ) {
		const cp = text.codePointAt(i) ?? 0;
		const size = cp > 0xffff ? 2 : 1;
		out += replace(cp) ?? text.slice(i, i + size);
		i += size;
	}
	return out;
}

function legacyEncoder(encoding: string, codecs: Codecs): TextEncoderFor {
	const table = highByteTable(encoding, codecs);
	if (table !== undefined) {
		const reverse = new Map<number, number>();
		table.forEach((unit, i) => {
			if (unit !== 0xfffd && !reverse.has(unit)) reverse.set(unit, 0x80 + i);
		});
		return (text, fallback) => {
			// Most new text (a URL) is ASCII: one byte per unit, as the loop below would give.
			if (ALL_ASCII.test(text)) return asciiBytes(text);
			const ascii = mapCodePoints(text, cp => (cp < 0x80 || reverse.has(cp) ? undefined : fallbackText(cp, fallback)));
			return Uint8Array.from(ascii, ch => {
				const c = ch.charCodeAt(0);
				return c < 0x80 ? c : (reverse.get(c) ?? 0x3f);
			});
		};
	}
	if (!isMultiByte(encoding)) {
		// iso-2022-jp and replacement never get edits (no offset map); anything else: ASCII only.
		return (text, fallback) => latin1(mapCodePoints(text, cp => (cp < 0x80 ? undefined : fallbackText(cp, fallback))));
	}
	const codec = codecs.multiByte(encoding);
	const known = new Map<number, boolean>();
	const encodable = (cp: number): boolean => {
		let ok = known.get(cp);
		if (ok === undefined) {
			const char = String.fromCodePoint(cp);
			ok = (cp & 0xf800) !== 0xd800 && codec.decode(codec.encode(char)) === char;
			if (known.size < 4096) known.set(cp, ok);
		}
		return ok;
	};
	return (text, fallback) =>
		codec.encode(mapCodePoints(text, cp => (cp < 0x80 || encodable(cp) ? undefined : fallbackText(cp, fallback))));
}
