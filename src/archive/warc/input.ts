/**
 * What an archive input is, from its first bytes, before warcio reads it: WARC (plain or
 * gzip, per record or whole file), legacy ARC (rejected: warcio.js would read its first
 * record as one untyped record), or something else. The input is then replayed in full,
 * through a counter, so the reader can tell where warcio stopped; gzip input in bounded
 * steps ({@link GZIP_STEP_BYTES}).
 */
import {constants, inflateRawSync} from 'node:zlib';
import {peek, replay} from './payload.js';

/** Bytes read before deciding what the input is. */
export const SNIFF_INPUT_BYTES = 4096;

/**
 * Compressed bytes handed to warcio at once. warcio (pako) inflates all it is given in one
 * step and holds the output; DEFLATE expands at most 1032:1 (RFC 1951 §3.2.5: a 258-byte
 * match per 2 bits at best), so a step of 16 KiB holds at most about 16.5 MB, whatever the
 * input's size or how it was read (a file read whole was one 0.5 MB step: 512 MB at once).
 */
export const GZIP_STEP_BYTES = 16 << 10;

/** Compressed bytes inflated to read the first line (at most about 1 MB of output, as above). */
const GZIP_SNIFF_BYTES = 1 << 10;

export type InputFormat = 'warc' | 'arc' | 'empty' | 'unknown';

export interface OpenedInput {
	format: InputFormat;
	/** Whether the input is gzip-compressed. */
	gzip: boolean;
	/** The first line of the (decompressed) input, shortened, for messages. */
	firstLine: string;
	/** The whole input, for warcio. */
	source: AsyncGenerator<Uint8Array>;
	/** Bytes handed to warcio so far, whether the input has ended, and its last bytes. */
	readonly consumed: Consumed;
	/** Stop reading: closes the input (a stream is destroyed). */
	close(): Promise<void>;
}

export interface Consumed {
	bytes: number;
	ended: boolean;
	/** The last (up to {@link TAIL_BYTES}) bytes handed over. */
	tail: Uint8Array;
}

/** Bytes of the input's end kept, to tell trailing line breaks from unread records. */
export const TAIL_BYTES = 64;

/**
 * Open an archive input: sniff it, and give back the whole of it.
 *
 * @example
 * const opened = await openInput(createReadStream('crawl.warc.gz'));
 * opened.format; //=> 'warc'
 */
export async function openInput(input: AsyncIterable<Uint8Array | string>): Promise<OpenedInput> {
	const iterator = bytesOf(input)[Symbol.asyncIterator]();
	const held = await peek(iterator, SNIFF_INPUT_BYTES);
	// RFC 1952 §2.3.1: gzip members start with 0x1f 0x8b.
	const gzip = held[0] === 0x1f && held[1] === 0x8b;
	const start = gzip ? inflatePrefix(held.subarray(0, GZIP_SNIFF_BYTES)) : held;
	const firstLine = lineOf(start);
	const consumed: Consumed = {bytes: 0, ended: false, tail: new Uint8Array(0)};
	const whole = replay(held, iterator);
	const source = counted(gzip ? steps(whole, GZIP_STEP_BYTES) : whole, consumed);
	const close = async (): Promise<void> => {
		await source.return(undefined);
		await iterator.return?.(undefined);
	};
	return {format: formatOf(held, start), gzip, firstLine, source, consumed, close};
}

function formatOf(held: Uint8Array, start: Uint8Array): InputFormat {
	if (held.length === 0) return 'empty';
	const text = Buffer.from(start.subarray(0, 16)).toString('latin1');
	// WARC 1.1 §4: a record starts with the version line "WARC/1.1".
	if (text.startsWith('WARC/')) return 'warc';
	// ARC 1.0 (Internet Archive, 1996): the file starts with its "filedesc://" version block.
	if (text.startsWith('filedesc:')) return 'arc';
	return 'unknown';
}

const GzipFlags = {Hcrc: 0x02, Extra: 0x04, Name: 0x08, Comment: 0x10} as const;

/**
 * As much of the first gzip member's data as the held bytes give (empty when they are not
 * gzip). Only the first member is inflated, so a damaged later one cannot hide the start.
 */
function inflatePrefix(bytes: Uint8Array): Uint8Array {
	// RFC 1952 §2.3: ID1 ID2 CM FLG MTIME(4) XFL OS, then the optional fields FLG announces.
	const flags = bytes[3] ?? 0;
	let position = 10;
	if ((flags & GzipFlags.Extra) !== 0) position += 2 + (bytes[position] ?? 0) + (bytes[position + 1] ?? 0) * 256;
	if ((flags & GzipFlags.Name) !== 0) position = bytes.indexOf(0, position) + 1;
	if ((flags & GzipFlags.Comment) !== 0) position = bytes.indexOf(0, position) + 1;
	if ((flags & GzipFlags.Hcrc) !== 0) position += 2;
	if (position <= 0 || position >= bytes.length) return new Uint8Array(0);
	try {
		return inflateRawSync(bytes.subarray(position), {finishFlush: constants.Z_SYNC_FLUSH});
	} catch {
		return new Uint8Array(0);
	}
}

function lineOf(bytes: Uint8Array): string {
	const end = bytes.indexOf(0x0a);
	const line = Buffer.from(bytes.subarray(0, end < 0 ? Math.min(bytes.length, 80) : Math.min(end, 80))).toString(
		'latin1',
	);
	return line.replace(/[\r\0-\x1f\x7f-\xff]/g, '?');
}

async function* bytesOf(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
	for await (const chunk of input) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/** The chunks of `source` cut into pieces of at most `size` bytes (views, not copies). */
export async function* steps(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
	for await (const chunk of source) {
		if (chunk.length <= size) yield chunk;
		else for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
	}
}

async function* counted(source: AsyncIterable<Uint8Array>, consumed: Consumed): AsyncGenerator<Uint8Array> {
	for await (const chunk of source) {
		consumed.bytes += chunk.length;
		consumed.tail =
			chunk.length >= TAIL_BYTES
				? chunk.subarray(-TAIL_BYTES)
				: Buffer.concat([consumed.tail, chunk]).subarray(-TAIL_BYTES);
		yield chunk;
	}
	consumed.ended = true;
}

/**
 * Whether the input past `offset` is only line breaks and spaces (a record's trailing
 * CRLF CRLF written a little off, as in some tools' output), judged from the kept tail.
 *
 * @example
 * onlyBlankAfter({bytes: 10, ended: true, tail: Buffer.from('</html>\r\r\n')}, 7); //=> true
 */
export function onlyBlankAfter(consumed: Consumed, offset: number): boolean {
	const rest = consumed.bytes - offset;
	if (rest > consumed.tail.length) return false;
	return consumed.tail
		.subarray(consumed.tail.length - rest)
		.every(byte => byte === 0x0d || byte === 0x0a || byte === 0x20);
}
