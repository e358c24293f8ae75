/**
 * What an archive input is, from its first bytes, before warcio reads it: WARC (plain or
 * gzip, per record or whole file), legacy ARC (rejected: warcio.js would read its first
 * record as one untyped record), or something else. The input is then replayed in full,
 * through a counter, so the reader can tell where warcio stopped.
 */
import {constants, gunzipSync} from 'node:zlib';
import {peek, replay} from './warc-payload.js';

/** Bytes read before deciding what the input is. */
export const SNIFF_INPUT_BYTES = 4096;

export type InputFormat = 'warc' | 'arc' | 'empty' | 'unknown';

export interface OpenedInput {
	format: InputFormat;
	/** Whether the input is gzip-compressed. */
	gzip: boolean;
	/** The first line of the (decompressed) input, shortened, for messages. */
	firstLine: string;
	/** The whole input, for warcio. */
	source: AsyncIterable<Uint8Array>;
	/** Bytes handed to warcio so far, and whether the input has ended. */
	readonly consumed: {bytes: number; ended: boolean};
}

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
	const start = gzip ? inflatePrefix(held) : held;
	const firstLine = lineOf(start);
	const consumed = {bytes: 0, ended: false};
	return {format: formatOf(held, start), gzip, firstLine, source: counted(replay(held, iterator), consumed), consumed};
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

/** As much of a gzip stream's start as the held bytes give (an empty array when they are not gzip). */
function inflatePrefix(bytes: Uint8Array): Uint8Array {
	try {
		return gunzipSync(bytes, {finishFlush: constants.Z_SYNC_FLUSH});
	} catch {
		return new Uint8Array(0);
	}
}

function lineOf(bytes: Uint8Array): string {
	const end = bytes.indexOf(0x0a);
	const line = Buffer.from(bytes.subarray(0, end < 0 ? Math.min(bytes.length, 80) : Math.min(end, 80))).toString('latin1');
	return line.replace(/[\r\0-\x1f\x7f-\xff]/g, '?');
}

async function* bytesOf(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
	for await (const chunk of input) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

async function* counted(source: AsyncIterable<Uint8Array>, consumed: {bytes: number; ended: boolean}): AsyncGenerator<Uint8Array> {
	for await (const chunk of source) {
		consumed.bytes += chunk.length;
		yield chunk;
	}
	consumed.ended = true;
}
