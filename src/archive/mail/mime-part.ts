/**
 * One leaf MIME part, streamed: transfer decoding (RFC 2045 §6), then
 *   - text/html, application/xhtml+xml, XML (text/xml, application/xml, *\/*+xml: RFC 7303),
 *     text/css: bytes into the extraction pipeline with
 *     the part's charset as the transport encoding (BOM > charset > meta/@charset > UTF-8);
 *   - other text/*: charset decoding, format=flowed unwrapping (RFC 3676), then the text
 *     core (RFC 2396 Appendix E/F).
 * Transfer decoding comes first, so a quoted-printable soft line break never splits a URL;
 * charset decoding comes before scanning, so ISO-2022-JP escape bytes are never text.
 */
import type {CoreOptions} from '../../extract/base.js';
import {createExtractor} from '../../extract/index.js';
import type {Extractor, LinkSink} from '../../extract/index.js';
import {detach} from '../../stream/core/detach.js';
import {makeQueryEncoder} from '../../stream/core/query-encoding.js';
import {ExtractPipeline} from '../../stream/core/pipeline.js';
import type {ExtractOptions, InputType} from '../../types.js';
import {isXmlMediaType} from '../media-type.js';
import {createTextDecoding, whatwgCharset} from './charset.js';
import type {TextDecoding} from './charset.js';
import {FlowedDecoder} from './flowed.js';
import {createTransferDecoder} from './transfer.js';
import type {TransferDecoder} from './transfer.js';
import {nodeCodecs} from '../../stream/node/codecs.js';

/** Extraction options for a part, less `type` and `encoding` (they come from its headers). */
export type PartExtractOptions = Omit<ExtractOptions, 'type' | 'encoding'>;

export interface PartSettings {
	type: InputType;
	/** The Content-Type charset parameter, as written. */
	charset: string | false;
	/** The Content-Transfer-Encoding. */
	transferEncoding: string | false;
	/** RFC 3676: format=flowed, with DelSp. */
	flowed: boolean;
	delSp: boolean;
	options: PartExtractOptions;
}

/**
 * The extractor input type for a MIME content type (type/subtype, lower-case), or null
 * for parts without links we read (images, applications).
 *
 * @example
 * partType('text/html'); //=> 'html'
 * partType('application/atom+xml'); //=> 'xml'
 * partType('text/calendar'); //=> 'text'
 * partType('image/png'); //=> null
 */
export function partType(contentType: string): InputType | null {
	if (contentType === 'text/html') return 'html';
	if (contentType === 'application/xhtml+xml') return 'xhtml';
	if (isXmlMediaType(contentType)) return 'xml';
	if (contentType === 'text/css') return 'css';
	if (contentType.startsWith('text/')) return 'text';
	return null;
}

interface Target {
	write(bytes: Uint8Array): void;
	end(): void;
}

/**
 * Streams one leaf part's body into the right extractor.
 *
 * @example
 * const links: Link[] = [];
 * const part = new PartExtractor({type: 'text', charset: 'utf-8', transferEncoding: 'quoted-printable',
 *   flowed: false, delSp: false, options: {}}, link => links.push(link));
 * part.write(Buffer.from('see http://exa=\r\nmple.com/\r\n'));
 * part.end();
 * // links[0].url === 'http://example.com/'
 */
export class PartExtractor {
	private readonly transfer: TransferDecoder;
	private readonly target: Target;

	constructor(settings: PartSettings, sink: LinkSink) {
		this.transfer = createTransferDecoder(settings.transferEncoding);
		this.target = settings.type === 'text' ? new TextTarget(settings, sink) : markupTarget(settings, sink);
	}

	write(bytes: Uint8Array): void {
		const decoded = this.transfer.write(bytes);
		if (decoded.length > 0) this.target.write(decoded);
	}

	end(): void {
		const decoded = this.transfer.end();
		if (decoded.length > 0) this.target.write(decoded);
		this.target.end();
	}
}

/** HTML, XHTML, XML and CSS: the byte pipeline, or decoded text for charsets only iconv-lite knows. */
function markupTarget(settings: PartSettings, sink: LinkSink): Target {
	const whatwg = whatwgCharset(settings.charset);
	const options: ExtractOptions = {baseHold: 'document', ...settings.options, type: settings.type};
	if (whatwg !== undefined) options.encoding = whatwg;
	const pipeline = new ExtractPipeline(options, nodeCodecs, sink);
	if (whatwg !== undefined || settings.charset === false) return pipeline;
	const decoding = createTextDecoding(settings.charset);
	if (decoding.whatwg === undefined && decoding.encoding === 'utf-8') return pipeline; // unknown label: sniff as usual
	return {
		write: bytes => pipeline.write(decoding.write(bytes)),
		end() {
			const rest = decoding.end();
			if (rest !== '') pipeline.write(rest);
			pipeline.end();
		},
	};
}

/** Plain text: charset, then format=flowed, then the text core. */
class TextTarget implements Target {
	private readonly decoding: TextDecoding;
	private readonly flowed: FlowedDecoder | undefined;
	private readonly settings: PartSettings;
	private readonly sink: LinkSink;
	private core: Extractor | undefined;

	constructor(settings: PartSettings, sink: LinkSink) {
		this.settings = settings;
		this.sink = sink;
		this.decoding = createTextDecoding(settings.charset);
		this.flowed = settings.flowed ? new FlowedDecoder({delSp: settings.delSp}) : undefined;
	}

	write(bytes: Uint8Array): void {
		this.text(this.decoding.write(bytes));
	}

	end(): void {
		this.text(this.decoding.end());
		if (this.flowed !== undefined) this.text(this.flowed.end(), true);
		this.extractor().end();
	}

	private text(text: string, unflowed = false): void {
		const out = this.flowed === undefined || unflowed ? text : this.flowed.write(text);
		if (out !== '') this.extractor().write(out);
	}

	/** Created at the first text, once the decoder has settled the encoding (a BOM may change it). */
	private extractor(): Extractor {
		if (this.core === undefined) {
			const options: CoreOptions = {...this.settings.options, type: 'text'};
			const encodeQuery = makeQueryEncoder(
				this.decoding.whatwg === undefined ? 'utf-8' : this.decoding.encoding,
				nodeCodecs,
			);
			if (encodeQuery !== undefined) options.encodeQuery = encodeQuery;
			// Message Links are kept by the consumer like any others (ExtractPipeline does the same).
			options.own = detach;
			this.core = createExtractor(options, this.sink);
		}
		return this.core;
	}
}
