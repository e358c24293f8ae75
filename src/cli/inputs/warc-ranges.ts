/**
 * `linkstream extract -j N` over one large uncompressed WARC file: the file cut at record
 * boundaries into ranges of a few megabytes, each read like a WARC file of its own on any
 * thread, the outputs written in order. A WARC record's Links depend on that record alone,
 * so the output is the one of the whole file; error messages get the file's offsets back.
 * Ranges are found while the run goes on: each is given as soon as the scan reaches its end,
 * so output starts at once. The scan reads the file in blocks, each header from the block
 * that holds it (a file of 200,000 small records read 64 KiB per record took 22 s before
 * the first line). Only records framed exactly (ISO 28500 §4: version line, header fields
 * with one Content-Length, blank line, the block, CRLF CRLF) are cut apart; from the first
 * that is not (junk, a truncated record) to the end, the file is one last range read on one
 * thread, as a whole file would be from there.
 */
import type {FileHandle} from 'node:fs/promises';
import {openPinned} from './pinned-file.js';
import type {PinnedFile} from './pinned-file.js';

/** Bytes read for one record's WARC header (a longer header: the file is not cut past it). */
const MAX_HEADER_BYTES = 1 << 16;

/** Bytes read at once while scanning: the headers of the small records within are read from it. */
export const SCAN_BLOCK_BYTES = 1 << 18;

const END_OF_RECORD = '\r\n\r\n';

/** A range `[start, end)` of a WARC file; `framed`: it holds whole, exactly framed records only. */
export interface WarcRange {
	start: number;
	end: number;
	framed: boolean;
}

/**
 * Record-aligned ranges of about `target` bytes covering the file, in order, each given as
 * soon as it is found; the file is opened pinned (pinned-file.ts). The last is not `framed` when a record past its start could not be
 * framed (it runs to the end of the file). `onRead` sees each read (for tests).
 *
 * @example
 * for await (const range of warcRanges({path: 'crawl.warc', id}, 98_000_000, 8 << 20)) start(range); // {start: 0, end: 8390112, framed: true}, ...
 */
export async function* warcRanges(
	pinned: PinnedFile,
	size: number,
	target: number,
	onRead?: (position: number, length: number) => void,
): AsyncGenerator<WarcRange> {
	const {handle: file} = await openPinned(pinned);
	try {
		const blocks = new Blocks(file, size, onRead);
		let start = 0;
		let at = 0;
		while (at < size) {
			const next = await recordEnd(blocks, at, size);
			if (next === undefined) break;
			at = next;
			if (at - start >= target) {
				yield {start, end: at, framed: true};
				start = at;
			}
		}
		if (start < size) yield {start, end: size, framed: at === size};
	} finally {
		await file.close();
	}
}

/** Where the record starting at `at` ends (after its CRLF CRLF), or undefined when it is not framed exactly. */
async function recordEnd(blocks: Blocks, at: number, size: number): Promise<number | undefined> {
	const header = await blocks.bytes(at, MAX_HEADER_BYTES);
	// Searched in bytes: a string of the whole 64 KiB per record would cost more than the read.
	const blank = header.indexOf(END_OF_RECORD);
	if (blank < 0) return undefined;
	const text = header.toString('latin1', 0, blank + 2);
	// WARC 1.1 §4: the version line, then named fields; one Content-Length (§5.3).
	if (!/^WARC\/1\.[01]\r\n/.test(text)) return undefined;
	const lengths = [...text.matchAll(/\r\ncontent-length:[ \t]*(\d+)[ \t]*(?=\r\n)/gi)];
	if (lengths.length !== 1) return undefined;
	const next = at + blank + END_OF_RECORD.length + Number(lengths[0]![1]) + END_OF_RECORD.length;
	if (!Number.isSafeInteger(next) || next > size) return undefined;
	const tail = await blocks.bytes(next - END_OF_RECORD.length, END_OF_RECORD.length);
	return tail.toString('latin1') === END_OF_RECORD ? next : undefined;
}

/** A file read in blocks of SCAN_BLOCK_BYTES: bytes within the block last read are not read again. */
class Blocks {
	private readonly file: FileHandle;
	private readonly size: number;
	private readonly onRead: ((position: number, length: number) => void) | undefined;
	private block = Buffer.alloc(0);
	private position = 0;

	constructor(file: FileHandle, size: number, onRead?: (position: number, length: number) => void) {
		this.file = file;
		this.size = size;
		this.onRead = onRead;
	}

	/** The bytes `[at, at + length)`, cut at the end of the file. */
	async bytes(at: number, length: number): Promise<Buffer> {
		const end = Math.min(at + length, this.size);
		if (at < this.position || end > this.position + this.block.length)
			await this.read(at, Math.max(length, SCAN_BLOCK_BYTES));
		return this.block.subarray(at - this.position, end - this.position);
	}

	private async read(at: number, length: number): Promise<void> {
		const buffer = Buffer.allocUnsafe(Math.min(length, this.size - at));
		let filled = 0;
		while (filled < buffer.length) {
			const {bytesRead} = await this.file.read(buffer, filled, buffer.length - filled, at + filled);
			if (bytesRead === 0) break;
			filled += bytesRead;
		}
		this.onRead?.(at, filled);
		this.block = buffer.subarray(0, filled);
		this.position = at;
	}
}
