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

	write(bytes: Uint8Array): string {
		if (this.decoder !== undefined) return this.decoder.write(bytes);
		this.held.append(bytes);
		if (this.held.length < this.sniffAt) return '';
		this.sniffAt = Math.min(2 * this.held.length, PRESCAN_BYTES);
		const bom = this.sniffBom(false);
		if (bom === 'more') return '';
		if (bom !== null) return this.start(bom.encoding, bom.length);
		const declared = this.sniffDeclared(false);
		return declared === 'more' ? '' : this.start(declared ?? 'utf-8', 0);
	}

	end(): string {
		let text = '';
		if (this.decoder === undefined) {
			const bom = this.sniffBom(true);
			if (bom !== null && bom !== 'more') text = this.start(bom.encoding, bom.length);
			else {
				const declared = this.sniffDeclared(true);
				text = this.start(declared === 'more' || declared === null ? 'utf-8' : declared, 0);
			}
		}
		return text + (this.decoder?.end() ?? '');
	}

	/** Encoding Standard "BOM sniff". */
	private sniffBom(complete: boolean): {encoding: string; length: number} | null | 'more' {
		const held = this.held.view();
		for (const bom of BOMS) {
			const matches = bom.bytes.every((b, k) => k >= held.length || held[k] === b);
			if (!matches) continue;
			if (held.length >= bom.bytes.length) return {encoding: bom.encoding, length: bom.bytes.length};
			if (!complete) return 'more';
		}
		return null;
	}

	/** The transport's charset, else what the bytes declare; `more` while a longer prefix could tell. */
	private sniffDeclared(complete: boolean): Sniffed {
		if (this.transport !== null) return this.transport;
		switch (this.type) {
			case 'html':
				return prescanHtml(this.held.view(), complete);
			case 'xhtml':
			case 'xml':
				// RFC 7303 §3: BOM, then the transport's charset, then the XML declaration.
				return xmlEncoding(this.held.view(), complete);
			case 'css':
				return cssCharset(this.held.view(), complete);
			default:
				return null;
		}
	}

	private start(encoding: string, skip: number): string {
		this.name = encoding;
		this.decoder = createByteDecoder(encoding, this.codecs);
		const held = this.held.takeWith(new Uint8Array(0));
		return this.decoder.write(held.subarray(skip));
	}
}
