/**
 * From a stored HTTP message body to the payload a browser would parse: undo
 * `Transfer-Encoding: chunked` (warcio's de-chunker), then the other transfer codings and
 * the content codings (RFC 9110 §8.4) in reverse order with Node's zlib (gzip, deflate,
 * br: warcio decodes neither br nor a list of codings). Everything streams: no body is
 * held whole.
 *
 * Deviation: crawlers that store the payload decoded usually rename the headers (Common
 * Crawl's `X-Crawler-Content-Encoding`), and those are not codings; when a `gzip` body
 * does not start with the gzip magic bytes it is taken as stored decoded (as warcio
 * does) rather than failing; a `deflate` body without a zlib header is raw deflate.
 */
import {Readable, pipeline} from 'node:stream';
import type {Transform} from 'node:stream';
import {createBrotliDecompress, createGunzip, createInflate, createInflateRaw} from 'node:zlib';
import {AsyncIterReader} from 'warcio';
import type {InputType} from '../../types.js';
import {isXmlMediaType} from '../media-type.js';
import {WarcError} from './error.js';
import type {HttpHead} from './http.js';
import {codings} from './http.js';

/** Codings this module decodes (RFC 9110 §8.4.1; `x-gzip` is `gzip`). */
export const SUPPORTED_CODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/**
 * Decoded bytes of one body with content or transfer codings: past them the rest is skipped
 * with a `body-too-large` error (the Links before are kept). A gzip bomb of 1 MB stored
 * expands to 1 GB; this bounds the time one record takes. Memory is bounded anyway: zlib
 * inflates in 16 KiB steps as the extractor takes them.
 */
export const MAX_DECODED_BODY_BYTES = 64 << 20;

/** How a stored body was encoded, in the order the sender applied the codings. */
export interface BodyEncoding {
	chunked: boolean;
	codings: string[];
}

/**
 * The body encoding a head declares; a string names the first coding that cannot be undone.
 *
 * @example
 * bodyEncoding(parseHttpHead(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: br\r\n\r\n')));
 * //=> {chunked: true, codings: ['br']}
 */
export function bodyEncoding(head: HttpHead): BodyEncoding | string {
	const transfer = codings(head, 'transfer-encoding');
	// RFC 9112 §6.1: chunked, when present, is the final transfer coding.
	const chunked = transfer.at(-1) === 'chunked';
	if (chunked) transfer.pop();
	// RFC 9110 §8.4: content codings are applied first, transfer codings over them.
	const all = [...codings(head, 'content-encoding'), ...transfer];
	const unsupported = all.find(coding => !SUPPORTED_CODINGS.has(coding));
	return unsupported ?? {chunked, codings: all};
}

/**
 * The decoded payload of a stored body.
 *
 * @example
 * for await (const bytes of decodeBody(bodyChunks, {chunked: true, codings: ['gzip']})) pipeline.write(bytes);
 */
export function decodeBody(body: AsyncIterable<Uint8Array>, encoding: BodyEncoding): AsyncIterable<Uint8Array> {
	let decoded: AsyncIterable<Uint8Array> = encoding.chunked ? new AsyncIterReader(body, null, true) : body;
	for (let i = encoding.codings.length - 1; i >= 0; i--) decoded = decompress(decoded, encoding.codings[i]!);
	return encoding.codings.length === 0 ? decoded : capped(decoded, MAX_DECODED_BODY_BYTES);
}

/** `source`, failing once it has given more than `max` bytes. */
async function* capped(source: AsyncIterable<Uint8Array>, max: number): AsyncGenerator<Uint8Array> {
	let total = 0;
	for await (const chunk of source) {
		total += chunk.length;
		if (total > max) {
			yield chunk.subarray(0, chunk.length - (total - max));
			throw new WarcError(
				'body-too-large',
				`the decoded body is over ${max} bytes (a gzip bomb?): the rest is skipped`,
			);
		}
		yield chunk;
	}
}

async function* decompress(source: AsyncIterable<Uint8Array>, coding: string): AsyncGenerator<Uint8Array> {
	const iterator = source[Symbol.asyncIterator]();
	const held = await peek(iterator, 2);
	if (held.length === 0) return;
	const transform = decoderFor(coding, held);
	if (transform === null) {
		yield* replay(held, iterator);
		return;
	}
	// pipeline() forwards an error of either side to the iteration below.
	const output = pipeline(Readable.from(replay(held, iterator), {objectMode: false}), transform, () => {});
	for await (const chunk of output) yield chunk as Uint8Array;
}

function decoderFor(coding: string, first: Uint8Array): Transform | null {
	switch (coding) {
		case 'gzip':
		case 'x-gzip':
			// RFC 1952 §2.3.1: ID1 ID2 = 0x1f 0x8b.
			return first[0] === 0x1f && first[1] === 0x8b ? createGunzip() : null;
		case 'deflate':
			// RFC 9110 §8.4.1.2: "deflate" is zlib (RFC 1950); CMF/FLG check, else raw RFC 1951 data as servers send.
			return isZlibHeader(first) ? createInflate() : createInflateRaw();
		default:
			return createBrotliDecompress();
	}
}

/** RFC 1950 §2.2: CM = 8 and (CMF * 256 + FLG) is a multiple of 31. */
function isZlibHeader(bytes: Uint8Array): boolean {
	const cmf = bytes[0] ?? 0;
	const flg = bytes[1] ?? 0;
	return (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
}

/** The first chunks of `iterator` joined, until at least `size` bytes or the end. */
export async function peek(iterator: AsyncIterator<Uint8Array>, size: number): Promise<Uint8Array> {
	const chunks: Uint8Array[] = [];
	let length = 0;
	while (length < size) {
		const result = await iterator.next();
		if (result.done === true) break;
		chunks.push(result.value);
		length += result.value.length;
	}
	return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** `held`, then the rest of `iterator` (read with next(), so the source is never closed early). */
export async function* replay(held: Uint8Array, iterator: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
	if (held.length > 0) yield held;
	for (let result = await iterator.next(); result.done !== true; result = await iterator.next()) yield result.value;
}

/**
 * The extractor for a payload's media type essence: HTML and XHTML, XML (RFC 7303: feeds,
 * sitemaps, SVG, ...), CSS, and plain text (when `plainText`); `'sniff'` for a missing or
 * unknown type; null for anything else.
 *
 * @example
 * documentType('application/xhtml+xml', true); //=> 'xhtml'
 * documentType('application/rss+xml', true); //=> 'xml'
 * documentType('image/png', true); //=> null
 */
export function documentType(essence: string | undefined, plainText: boolean): InputType | 'sniff' | null {
	if (essence !== undefined && isXmlMediaType(essence)) return 'xml';
	switch (essence) {
		case 'text/html':
			return 'html';
		case 'application/xhtml+xml':
			return 'xhtml';
		case 'text/css':
			return 'css';
		case 'text/plain':
			return plainText ? 'text' : null;
		// MIME Sniffing §7.1 "unknown MIME type": no type, unknown/unknown, application/unknown, */*.
		case undefined:
		case 'unknown/unknown':
		case 'application/unknown':
		case '*/*':
			return 'sniff';
		default:
			return null;
	}
}

/** Bytes read to sniff an untyped payload (MIME Sniffing §7.1 reads up to 1445). */
export const SNIFF_BYTES = 1445;

/** MIME Sniffing §7.1 step 2: the HTML patterns, each followed by a tag-terminating byte. */
const HTML_PATTERNS: readonly string[] = [
	'<!doctype html',
	'<html',
	'<head',
	'<script',
	'<iframe',
	'<h1',
	'<div',
	'<font',
	'<table',
	'<a',
	'<style',
	'<title',
	'<b',
	'<body',
	'<br',
	'<p',
	'<!--',
];

/**
 * Whether a payload's first bytes identify it as HTML (MIME Sniffing §7.1, the HTML rows
 * of "identifying a resource with an unknown MIME type"; leading whitespace skipped).
 *
 * @example
 * sniffsAsHtml(Buffer.from('\n<!DOCTYPE html><title>x')); //=> true
 */
export function sniffsAsHtml(bytes: Uint8Array): boolean {
	const head = sniffHead(bytes).toLowerCase();
	return HTML_PATTERNS.some(
		pattern =>
			head.startsWith(pattern) &&
			(head.charCodeAt(pattern.length) === 0x20 || head.charCodeAt(pattern.length) === 0x3e),
	);
}

/** MIME Sniffing §7.1 step 2: the row after the HTML ones, `<?xml` (case-sensitive), is text/xml. */
const XML_PATTERN = '<?xml';

/**
 * The extractor an untyped payload's first bytes call for (MIME Sniffing §7.1, its HTML
 * rows, then `<?xml`); null for anything else.
 *
 * @example
 * sniffedType(Buffer.from('<?xml version="1.0"?><rss>')); //=> 'xml'
 * sniffedType(Buffer.from('<p>hi')); //=> 'html'
 */
export function sniffedType(bytes: Uint8Array): 'html' | 'xml' | null {
	if (sniffsAsHtml(bytes)) return 'html';
	return sniffHead(bytes).startsWith(XML_PATTERN) ? 'xml' : null;
}

/** The first bytes after leading whitespace, one char per byte (the patterns are ASCII). */
function sniffHead(bytes: Uint8Array): string {
	let start = 0;
	// MIME Sniffing §3: whitespace bytes are 0x09 0x0A 0x0C 0x0D 0x20.
	while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start]!)) start++;
	return Buffer.from(bytes.subarray(start, start + 16)).toString('latin1');
}
