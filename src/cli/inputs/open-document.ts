/**
 * What a command-line file holds before it is read as a document: a `.gz` file is
 * decompressed as a stream (Node's zlib, RFC 1952), and a file whose extension says nothing
 * (or standard input without `--type`) is sniffed: gzip data is decompressed and sniffed
 * again, XML (a declaration, or the root of a feed, sitemap, OPML list or SVG) is read as
 * XML, and a named file that is an image or a program is named "not a document" rather than
 * read as HTML to give no Links.
 */
import {Readable, pipeline} from 'node:stream';
import {createGunzip} from 'node:zlib';
import type {Input, Source} from './input.js';
import {looksLikeXml} from './xml-root.js';

export {isGzipPath} from './file-types.js';

/** Bytes looked at to tell a document from a binary file. */
export const SNIFF_BYTES = 1024;

/** Leading bytes of binary formats, by name (each format's own signature). */
const SIGNATURES: ReadonlyArray<readonly [string, readonly number[]]> = [
	['gzip data', [0x1f, 0x8b]], // RFC 1952 §2.3.1 ID1 ID2
	['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], // PNG §5.2 signature
	['a JPEG image', [0xff, 0xd8, 0xff]], // JPEG SOI marker, then a marker
	['a GIF image', [0x47, 0x49, 0x46, 0x38]], // "GIF8" (GIF87a / GIF89a)
	['a PDF file', [0x25, 0x50, 0x44, 0x46, 0x2d]], // "%PDF-"
	['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]], // "PK\3\4" local file header
	['a ZIP archive', [0x50, 0x4b, 0x05, 0x06]], // "PK\5\6" end of an empty archive
	['an ELF program', [0x7f, 0x45, 0x4c, 0x46]], // "\x7fELF"
];

/** UTF-16 byte order marks: text that has NUL bytes in it. */
const UTF16_BOMS: ReadonlyArray<readonly number[]> = [
	[0xfe, 0xff],
	[0xff, 0xfe],
];

const NUL = 0x00;

/**
 * What the first bytes of a file show it is when it is not a document: a binary format by
 * its signature, or NUL bytes (which no text holds, unless UTF-16 with a BOM). Undefined
 * for anything else.
 *
 * @example
 * binaryKind(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)); //=> 'a PNG image'
 * binaryKind(new TextEncoder().encode('<p>hello')); //=> undefined
 */
export function binaryKind(head: Uint8Array): string | undefined {
	for (const [name, signature] of SIGNATURES) if (startsWith(head, signature)) return name;
	if (UTF16_BOMS.some(bom => startsWith(head, bom))) return undefined;
	return head.subarray(0, SNIFF_BYTES).includes(NUL) ? 'binary data (NUL bytes)' : undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
	return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** A document opened: its bytes (decompressed), and its type (XML when sniffing found it). */
export interface OpenedDocument {
	source: Source;
	type: Input['type'];
}

/**
 * The bytes of `input` as a document: gunzipped as a stream when it is a `.gz` file, and
 * sniffed first when its type was only guessed (`sniff`). Rejects naming what the file is
 * instead. Standard input is never refused as binary: what a pipe holds is the caller's to say.
 *
 * @example
 * const {source, type} = await openDocument({path: 'page.html.gz', type: 'html', gzip: true}, fileStream('page.html.gz'));
 */
export async function openDocument(input: Input, source: Source): Promise<OpenedDocument> {
	if (input.sniff !== true) return {source: input.gzip === true ? gunzip(source) : source, type: input.type};
	let {head, source: whole} = await peek(source);
	if (startsWith(head, GZIP_MAGIC)) {
		try {
			({head, source: whole} = await peek(gunzip(whole)));
		} catch (error) {
			throw new Error(`not a document: gzip data that does not decompress (${(error as Error).message})`);
		}
	}
	const kind = input.path === '-' ? undefined : binaryKind(head);
	if (kind !== undefined)
		throw new Error(
			`not a document: ${kind}; its extension is not one linkstream knows (give --type to read it as one)`,
		);
	return {source: whole, type: looksLikeXml(head) ? 'xml' : input.type};
}

/** RFC 1952 §2.3.1 ID1 ID2. */
const GZIP_MAGIC = [0x1f, 0x8b];

/** Bytes looked at to tell XML or gzip (a prolog's comments may be long; a stream is held this far at most). */
const PEEK_BYTES = 4096;

/**
 * The first bytes of `source` (PEEK_BYTES, fewer if it ends), and the whole of it again: a
 * stream is read that far and replayed from its start, the rest read on as it comes.
 */
async function peek(source: Source): Promise<{head: Uint8Array; source: Source}> {
	if (source instanceof Uint8Array) return {head: source.subarray(0, PEEK_BYTES), source};
	const iterator = (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
	const held: Uint8Array[] = [];
	let size = 0;
	let done = false;
	while (size < PEEK_BYTES) {
		const next = await iterator.next();
		if (next.done === true) {
			done = true;
			break;
		}
		const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
		held.push(chunk);
		size += chunk.length;
	}
	const head = Buffer.concat(held).subarray(0, PEEK_BYTES);
	async function* replay(): AsyncGenerator<Uint8Array> {
		yield* held;
		if (done) return;
		for (let next = await iterator.next(); next.done !== true; next = await iterator.next())
			yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
	}
	return {head, source: Readable.from(replay(), {objectMode: false})};
}

/**
 * `source` decompressed as it is read: memory stays at zlib's window and chunk whatever the
 * ratio (a gzip bomb streams, it does not grow). An error of either stream ends it.
 *
 * @example
 * for await (const chunk of gunzip(createReadStream('notes.txt.gz'))) process.stdout.write(chunk);
 */
export function gunzip(source: Source): NodeJS.ReadableStream {
	const readable = source instanceof Uint8Array ? Readable.from([source]) : (source as NodeJS.ReadableStream);
	const decompressed = createGunzip();
	pipeline(readable, decompressed, () => undefined); // a failure destroys `decompressed` with the error: its reader sees it
	return decompressed;
}
