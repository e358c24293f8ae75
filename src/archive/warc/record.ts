/**
 * The Links of one WARC record (WARC 1.1, ISO 28500:2017):
 * - `response`: the HTTP head's references (headers.ts), then the payload's;
 * - `revisit`: the HTTP head's references only (§6.7: the payload is not stored; a
 *   URI-agnostic revisit still takes its own WARC-Target-URI as the base);
 * - `resource`: the block is the payload, typed by the record's Content-Type;
 * - a `response` whose block is not `application/http` (Heritrix `dns:`, `whois:`) is
 *   read like a resource;
 * - other types (warcinfo, request, metadata, conversion, continuation) have no Links.
 *
 * Payloads: HTML and XHTML, CSS, plain text (`plainText`), and untyped ones that sniff as
 * HTML; the base is the target URI (RFC 2396 §5.1.3), the charset the HTTP Content-Type's.
 */
import type {WARCRecord} from 'warcio';
import type {BaseLayer} from '../../extract/base.js';
import {ExtractPipeline, RELEASE_STEP} from '../../stream/core/pipeline.js';
import {getEncoding} from '../../stream/core/encoding.js';
import type {Dialect, ExtractOptions, FuzzyOptions, InputType, Link, RecordContext} from '../../types.js';
import {absolutize} from '../../uri/index.js';
import {WarcError} from './error.js';
import {headerLinks} from './headers.js';
import type {MediaType} from './http.js';
import {lastField, parseHttpHead, parseMediaType, readHttpHead, MAX_HTTP_HEAD_BYTES} from './http.js';
import {SNIFF_BYTES, bodyEncoding, decodeBody, documentType, peek, replay, sniffedType} from './payload.js';
import {nodeCodecs} from '../../stream/node/codecs.js';

/** What every record of one input is read with. */
export interface RecordOptions {
	dialect: Dialect;
	plainText: boolean;
	extract: Pick<ExtractOptions, 'textLinks' | 'anchorText'> & {fuzzy?: FuzzyOptions};
	/** This record's payload lost something to the limits (ExtractOptions.onWarning). */
	onWarning?: (message: string) => void;
}

/** The raw block of a record, read once; counts its bytes so truncation shows. */
export class BlockReader {
	bytes = 0;
	private readonly iterator: AsyncIterator<Uint8Array>;
	private ended = false;

	constructor(record: WARCRecord) {
		this.iterator = record[Symbol.asyncIterator]();
	}

	readonly next = async (): Promise<Uint8Array | undefined> => {
		if (this.ended) return undefined;
		const result = await this.iterator.next();
		if (result.done === true) {
			this.ended = true;
			return undefined;
		}
		this.bytes += result.value.length;
		return result.value;
	};

	/** Read to the end of the block (warcio needs every record consumed: skipping a truncated one loops forever). */
	async drain(): Promise<void> {
		while ((await this.next()) !== undefined);
	}

	async *rest(): AsyncGenerator<Uint8Array> {
		for (let chunk = await this.next(); chunk !== undefined; chunk = await this.next()) yield chunk;
	}
}

/** WARC 1.0 §5.6 wrote `<uri>`; warcio strips the brackets only when nothing surrounds them. */
export function cleanTargetUri(value: string | null | undefined): string | undefined {
	let uri = value?.trim() ?? '';
	if (uri.startsWith('<') && uri.endsWith('>')) uri = uri.slice(1, -1).trim();
	return uri === '' ? undefined : uri;
}

/**
 * The base a target URI gives: the URL the crawler requested, so a WHATWG parse (a raw
 * space becomes %20, as in `file:///example with spaces.png`), else the dialect's own
 * absolute form; null when it is not absolute at all.
 */
export function targetBase(uri: string, dialect: Dialect): BaseLayer | null {
	const url = absolutize(uri, {dialect: 'whatwg'}) ?? absolutize(uri, {dialect});
	return url === null ? null : {url, source: 'retrieval'};
}

/** The Links of one record, in order: header references, then the payload's. */
export async function* recordLinks(
	record: WARCRecord,
	block: BlockReader,
	options: RecordOptions,
): AsyncGenerator<Link> {
	const type = record.warcType as string;
	if (type !== 'response' && type !== 'revisit' && type !== 'resource') return;
	const targetUri = cleanTargetUri(record.warcTargetURI);
	if (targetUri === undefined) throw new WarcError('malformed-record', `a ${type} record without WARC-Target-URI`);
	const context: Omit<RecordContext, 'source'> = {
		targetUri,
		recordId: record.warcHeader('WARC-Record-ID') ?? '',
		date: record.warcDate ?? '',
		type,
	};
	const base = targetBase(targetUri, options.dialect);
	const blockType = parseMediaType(record.warcContentType ?? undefined);
	const http =
		type === 'revisit' || blockType?.essence === 'application/http' || (type === 'response' && blockType === undefined);
	if (!http) {
		yield* payloadLinks(block.rest(), blockType, base, context, options);
		return;
	}
	const split = await readHttpHead(block.next);
	if (split === null)
		throw new WarcError('malformed-http', `the HTTP head is longer than ${MAX_HTTP_HEAD_BYTES} bytes`);
	// An empty block: a revisit without headers (WARC 1.1 §6.7.2 allows it), a failed capture.
	if (split.head.length === 0) return;
	const head = parseHttpHead(split.head);
	if (!/^HTTP\//i.test(head.statusLine))
		throw new WarcError(
			'malformed-http',
			`the block is not an HTTP response: it starts with ${JSON.stringify(head.statusLine.slice(0, 60))}`,
		);
	if (head.status !== undefined) context.status = head.status;
	yield* headerLinks(head, {dialect: options.dialect, base, record: context});
	if (type === 'revisit') return;
	const encoding = bodyEncoding(head);
	if (typeof encoding === 'string')
		throw new WarcError(
			'unsupported-coding',
			`the body is encoded with "${encoding}", which is not supported (gzip, deflate, br, chunked are)`,
		);
	const media =
		parseMediaType(lastField(head, 'content-type')) ??
		parseMediaType(record.warcHeader('WARC-Identified-Payload-Type') ?? undefined);
	yield* payloadLinks(decodeBody(replay(split.rest, block.rest()), encoding), media, base, context, options);
}

/** The payload's Links, streamed through the extraction pipeline. */
async function* payloadLinks(
	payload: AsyncIterable<Uint8Array>,
	media: MediaType | undefined,
	base: BaseLayer | null,
	context: Omit<RecordContext, 'source'>,
	options: RecordOptions,
): AsyncGenerator<Link> {
	let type = documentType(media?.essence, options.plainText);
	if (type === null) return;
	const iterator = payload[Symbol.asyncIterator]();
	let held: Uint8Array = new Uint8Array(0);
	try {
		if (type === 'sniff') {
			held = await peek(iterator, SNIFF_BYTES);
			const sniffed = sniffedType(held);
			if (sniffed === null) return;
			type = sniffed;
		}
	} catch (error) {
		throw undecodable(error);
	} finally {
		if (type === 'sniff') await iterator.return?.();
	}
	const links: Link[] = [];
	// References released by a late BASE come a step at a time, each step taken before the next is made.
	const pipeline = new ExtractPipeline(
		{...pipelineOptions(type, media, base, options), releaseStep: RELEASE_STEP},
		nodeCodecs,
		link => {
			link.record = {...context, source: 'body'};
			links.push(link);
		},
	);
	try {
		for await (const bytes of replay(held, iterator)) {
			pipeline.write(bytes);
			yield* links.splice(0);
			yield* released(pipeline, links);
		}
	} catch (error) {
		// Keep what the decoded part held, then report.
		pipeline.end();
		yield* links.splice(0);
		yield* released(pipeline, links);
		throw undecodable(error);
	}
	pipeline.end();
	yield* links.splice(0);
	yield* released(pipeline, links);
}

/** The Links still to be released by `pipeline`, a step at a time (ExtractPipeline.pending). */
function* released(pipeline: ExtractPipeline, links: Link[]): Generator<Link> {
	while (pipeline.pending) {
		pipeline.releaseNext();
		yield* links.splice(0);
	}
}

function pipelineOptions(
	type: InputType,
	media: MediaType | undefined,
	base: BaseLayer | null,
	options: RecordOptions,
): ExtractOptions {
	const extract: ExtractOptions = {type, dialect: options.dialect, baseHold: 'document', ...options.extract};
	if (base !== null) extract.retrievalUrl = base.url;
	if (options.onWarning !== undefined) extract.onWarning = options.onWarning;
	// HTML `#determining-the-character-encoding`: the transport's charset ranks after a BOM, before the <meta> prescan. An unknown label is ignored.
	const encoding = media?.charset === undefined ? null : getEncoding(media.charset);
	if (encoding !== null) extract.encoding = encoding;
	return extract;
}

function undecodable(error: unknown): Error {
	if (error instanceof WarcError) return error;
	const message = error instanceof Error ? error.message : String(error);
	return new WarcError('undecodable-body', `the body cannot be decoded: ${message}`, {cause: error});
}
