/**
 * Bytes to text the way browsers do it (HTML "determining the character
 * encoding", `#determining-the-character-encoding`; CSS Syntax §3.2, Encoding Standard "decode"):
 *   1. a BOM (UTF-8, UTF-16LE, UTF-16BE) beats everything;
 *   2. then the transport's charset (the `encoding` option, a WHATWG label);
 *   3. then what the bytes declare: html the `<meta>` prescan of the first 1024 bytes,
 *      xhtml and xml the XML declaration, css a leading `@charset "…";`;
 *   4. then UTF-8.
 * Bytes are held only until the encoding is decided (at most 1024 bytes, or the BOM's 3),
 * then decoded as they come, multi-byte sequences split across writes included. While
 * undecided, the held bytes are sniffed again only once they have doubled, so bytes
 * written one at a time cost no more than one piece.
 * Invalid bytes become U+FFFD; nothing here throws after construction.
 */
import {optionError} from '../../options.js';
import type {InputType} from '../../types.js';
import type {ByteDecoder, Codecs} from './codecs.js';
import {createByteDecoder, getEncoding, HeldBytes} from './encoding.js';
import {cssCharset, PRESCAN_BYTES, prescanHtml, xmlEncoding} from './prescan.js';
import type {Sniffed} from './prescan.js';

export interface DecoderOptions {
	type: InputType;
	/** The transport's charset label (HTTP Content-Type), e.g. `'ISO-8859-1'`. */
	encoding?: string;
}

export interface StreamDecoder {
	/** Text decoded so far from these bytes (empty while the encoding is undecided). */
	write(bytes: Uint8Array): string;
	/** The rest of the text: held bytes and an unfinished sequence (as U+FFFD). */
	end(): string;
	/** The WHATWG name of the encoding in use, e.g. `'utf-8'`, `'windows-1252'` (the provisional one until decided). */
	readonly encoding: string;
	/** Bytes copied to hold the input while the encoding is undecided (for tests). */
	readonly copied: number;
}

/**
 * A streaming decoder for one document.
 *
 * @example
 * const decoder = createDecoder({type: 'html'}, nodeCodecs);
 * decoder.write(Buffer.from('<meta charset="windows-1252"><p>\x93hi\x94', 'latin1')) + decoder.end();
 * //=> '<meta charset="windows-1252"><p>“hi”'
 * decoder.encoding; //=> 'windows-1252'
 */
export function createDecoder(options: DecoderOptions, codecs: Codecs): StreamDecoder {
	return new SniffingDecoder(options.type, checkEncoding(options.encoding), codecs);
}

/**
 * The WHATWG encoding named by the `encoding` option (null when absent); an OptionError
 * when it names none, so the one-shot functions and streams reject it up front.
 *
 * @example
 * checkEncoding('Latin1'); //=> 'windows-1252'
 */
export function checkEncoding(label: string | undefined): string | null {
	if (label === undefined) return null;
	const encoding = getEncoding(label);
	if (encoding === null)
		throw optionError('encoding', 'a WHATWG encoding label such as "utf-8", "windows-1252" or "shift_jis"', label);
	return encoding;
}

const BOMS: ReadonlyArray<{bytes: readonly number[]; encoding: string}> = [
	{bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8'},
	{bytes: [0xfe, 0xff], encoding: 'utf-16be'},
	{bytes: [0xff, 0xfe], encoding: 'utf-16le'},
];

class SniffingDecoder implements StreamDecoder {
	private readonly type: InputType;
	private readonly transport: string | null;
	private readonly held = new HeldBytes();
	/** Sniff again once this many bytes are held (the answer depends only on the held prefix). */
	private sniffAt = 0;
	private decoder: ByteDecoder | undefined;
	private name: string;
	private readonly codecs: Codecs;

	constructor(type: InputType, transport: string | null, codecs: Codecs) {
		this.type = type;
		this.transport = transport;
		this.codecs = codecs;
		this.name = transport ?? 'utf-8';
	}

	get encoding(): string {
		return this.name;
	}

	get copied(): number {
		return this.held.copied;
	}

	write(bytes: Uint8Array): string {
		if (this.decoder !== undefined) return this.decoder.write(bytes);
		// A first write that decides is sniffed and decoded where it lies (most do: a page's first step is 64 KiB); bytes are copied only to wait for more.
		let prefix = bytes;
		if (this.held.length > 0) {
			this.held.append(bytes);
			if (this.held.length < this.sniffAt) return '';
			prefix = this.held.view();
		}
		this.sniffAt = Math.min(2 * prefix.length, PRESCAN_BYTES);
		const bom = this.sniffBom(prefix, false);
		const declared = bom === null ? this.sniffDeclared(prefix, false) : null;
		if (bom === 'more' || declared === 'more') {
			if (prefix === bytes) this.held.append(bytes);
			return '';
		}
		if (bom !== null) return this.start(bom.encoding, bom.length, prefix);
		return this.start(declared ?? 'utf-8', 0, prefix);
	}

	end(): string {
		let text = '';
		if (this.decoder === undefined) {
			const held = this.held.view();
			const bom = this.sniffBom(held, true);
			if (bom !== null && bom !== 'more') text = this.start(bom.encoding, bom.length, held);
			else {
				const declared = this.sniffDeclared(held, true);
				text = this.start(declared === 'more' || declared === null ? 'utf-8' : declared, 0, held);
			}
		}
		return text + (this.decoder?.end() ?? '');
	}

	/** Encoding Standard "BOM sniff". */
	private sniffBom(held: Uint8Array, complete: boolean): {encoding: string; length: number} | null | 'more' {
		for (const bom of BOMS) {
			const matches = bom.bytes.every((b, k) => k >= held.length || held[k] === b);
			if (!matches) continue;
			if (held.length >= bom.bytes.length) return {encoding: bom.encoding, length: bom.bytes.length};
			if (!complete) return 'more';
		}
		return null;
	}

	/** The transport's charset, else what the bytes declare; `more` while a longer prefix could tell. */
	private sniffDeclared(held: Uint8Array, complete: boolean): Sniffed {
		if (this.transport !== null) return this.transport;
		switch (this.type) {
			case 'html':
				return prescanHtml(held, complete);
			case 'xhtml':
			case 'xml':
				// RFC 7303 §3: BOM, then the transport's charset, then the XML declaration.
				return xmlEncoding(held, complete);
			case 'css':
				return cssCharset(held, complete);
			default:
				return null;
		}
	}

	/** Decode with `encoding` from now on, beginning with the sniffed `prefix` (the held bytes or the first write). */
	private start(encoding: string, skip: number, prefix: Uint8Array): string {
		this.name = encoding;
		this.decoder = createByteDecoder(encoding, this.codecs);
		const text = this.decoder.write(prefix.subarray(skip));
		this.held.clear();
		return text;
	}
}
