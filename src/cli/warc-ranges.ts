/**
 * `linkstream extract -j N` over one large uncompressed WARC file: the file cut at record
 * boundaries into ranges of a few megabytes, each read like a WARC file of its own on any
 * thread, the outputs written in order. A WARC record's Links depend on that record alone,
 * so the output is the one of the whole file; error messages get the file's offsets back.
 * Only a file whose every record is framed exactly (ISO 28500 §4: version line, header
 * fields with one Content-Length, blank line, the block, CRLF CRLF) up to its end is cut;
 * any other (gzip, junk, a truncated record) is read whole on one thread.
 */
import {open} from 'node:fs/promises';
import {fsPath} from './names.js';

/** Bytes read for one record's WARC header (a longer header: the file is not cut). */
const MAX_HEADER_BYTES = 1 << 16;

const END_OF_RECORD = '\r\n\r\n';

/**
 * Record-aligned `[start, end)` ranges of about `target` bytes covering the file, or
 * undefined when it cannot be cut safely.
 *
 * @example
 * await warcRanges('crawl.warc', 98_000_000, 8 << 20); // [[0, 8390112], [8390112, 16781003], ...]
 */
export async function warcRanges(path: string, size: number, target: number): Promise<Array<[number, number]> | undefined> {
	const file = await open(fsPath(path));
	try {
		const header = Buffer.alloc(MAX_HEADER_BYTES);
		const tail = Buffer.alloc(END_OF_RECORD.length);
		const ranges: Array<[number, number]> = [];
		let start = 0;
		let at = 0;
		while (at < size) {
			const {bytesRead} = await file.read(header, 0, Math.min(MAX_HEADER_BYTES, size - at), at);
			const text = header.toString('latin1', 0, bytesRead);
			const blank = text.indexOf('\r\n\r\n');
			if (!/^WARC\/1\.[01]\r\n/.test(text) || blank < 0) return undefined;
			const lengths = [...text.slice(0, blank + 2).matchAll(/\r\ncontent-length:[ \t]*(\d+)[ \t]*(?=\r\n)/gi)];
			if (lengths.length !== 1) return undefined;
			const next = at + blank + 4 + Number(lengths[0]![1]) + END_OF_RECORD.length;
			if (!Number.isSafeInteger(next) || next > size) return undefined;
			await file.read(tail, 0, tail.length, next - tail.length);
			if (tail.toString('latin1') !== END_OF_RECORD) return undefined;
			at = next;
			if (at - start >= target) {
				ranges.push([start, at]);
				start = at;
			}
		}
		if (start < size) ranges.push([start, size]);
		return ranges;
	} finally {
		await file.close();
	}
}

/**
 * The bytes `[start, end)` of a file.
 *
 * @example
 * const bytes = await readRange('crawl.warc', 0, 8390112);
 */
export async function readRange(path: string, start: number, end: number): Promise<Buffer> {
	const file = await open(fsPath(path));
	try {
		const bytes = Buffer.allocUnsafe(end - start);
		let filled = 0;
		while (filled < bytes.length) {
			const {bytesRead} = await file.read(bytes, filled, bytes.length - filled, start + filled);
			if (bytesRead === 0) throw new Error(`the file ended at byte ${start + filled}, before ${end}`);
			filled += bytesRead;
		}
		return bytes;
	} finally {
		await file.close();
	}
}
