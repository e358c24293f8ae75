/**
 * Standard output of `linkstream extract`, written in large pieces. Lines are encoded
 * (UTF-8) straight into a piece of bytes, each line once, and a full piece is written in one
 * call; bytes formatted by a worker thread go out as they are. `ready()` is what a producer
 * awaits between pieces of work: it waits while the stream is above its high-water mark,
 * so a slow reader never makes memory grow.
 */

import {type Line, slices} from './slices.js';

/** Bytes of a piece of output: one write. */
export const PIECE_BYTES = 1 << 20;

const encoder = new TextEncoder();

/**
 * Lines encoded into pieces of bytes; `onPiece` takes each full piece (and the last at
 * `flush()`), which is not touched again. Encoding each line into place took a quarter of the
 * time of gathering a string and encoding it whole. With a `scratch` buffer, lines are
 * encoded into it and each piece is a copy of exactly its bytes (for results held a while:
 * a fresh megabyte per file would count as external memory and bring on full collections).
 *
 * @example
 * const pieces: Uint8Array[] = [];
 * const bytes = new LineBytes(piece => pieces.push(piece));
 * bytes.add('https://example.com/\n');
 * bytes.flush(); // pieces: [<the line's bytes>]
 */
export class LineBytes {
	private readonly onPiece: (piece: Uint8Array) => void;
	private readonly size: number;
	private readonly scratch: Uint8Array | undefined;
	private buffer: Uint8Array | undefined;
	private used = 0;
	/** Bytes handed on. */
	private done = 0;

	constructor(onPiece: (piece: Uint8Array) => void, scratch?: Uint8Array) {
		this.onPiece = onPiece;
		this.scratch = scratch;
		this.size = scratch?.length ?? PIECE_BYTES;
	}

	/** Bytes added and not yet handed on. */
	get pending(): number {
		return this.used;
	}

	/** Bytes encoded in all. */
	get total(): number {
		return this.done + this.used;
	}

	/** Add a line, or each of its pieces; a long string goes in slices, never encoded whole. */
	add(line: Line): void {
		if (typeof line !== 'string') {
			for (const piece of line) this.add(piece);
		} else if (line.length * 3 > this.size) {
			// A UTF-16 code unit is at most 3 bytes of UTF-8: a slice of size / 3 units fits a piece.
			for (const slice of slices(line, Math.floor(this.size / 3))) this.addShort(slice);
		} else {
			this.addShort(line);
		}
	}

	/**
	 * Add a line that `writer` writes in place (its `write` gives the end of what it wrote, or
	 * -1 when the line does not fit where it starts): false, and nothing added, when it does
	 * not fit a piece of its own either (the caller adds it as text instead).
	 */
	addWritten<T>(writer: InPlace<T>, item: T): boolean {
		this.buffer ??= this.scratch ?? new Uint8Array(this.size);
		let end = writer.write(item, this.buffer, this.used);
		if (end < 0 && this.used > 0) {
			this.flush();
			this.buffer = this.scratch ?? new Uint8Array(this.size);
			end = writer.write(item, this.buffer, 0);
		}
		if (end < 0) return false;
		this.used = end;
		return true;
	}

	/** A string of at most size / 3 units (a surrogate pair: 4 bytes for 2 units). */
	private addShort(line: string): void {
		if (this.buffer === undefined || this.used + line.length * 3 > this.buffer.length) {
			this.flush();
			this.buffer = this.scratch ?? new Uint8Array(this.size);
		}
		this.used += encoder.encodeInto(line, this.buffer.subarray(this.used)).written;
	}

	/** Hand on what has been added. */
	flush(): void {
		if (this.buffer === undefined || this.used === 0) return;
		const piece = this.scratch === undefined ? this.buffer.subarray(0, this.used) : this.buffer.slice(0, this.used);
		this.buffer = undefined;
		this.done += this.used;
		this.used = 0;
		this.onPiece(piece);
	}
}

/** What writes an item's line into bytes in place: the end of what it wrote, or -1 when it does not fit. */
export interface InPlace<T> {
	write(item: T, buffer: Uint8Array, at: number): number;
}

export class BatchedOutput {
	private readonly stream: NodeJS.WritableStream;
	private readonly bytes: LineBytes;
	private waiting: Promise<void> | undefined;
	/** Bytes still to leave out (see {@link BatchedOutput.skip}). */
	private skipping = 0;

	constructor(stream: NodeJS.WritableStream) {
		this.stream = stream;
		this.bytes = new LineBytes(piece => this.write(piece));
	}

	/** Add a line (with its newline), or its pieces; written once a piece is full. */
	add(line: Line): void {
		this.bytes.add(line);
	}

	/** The lines gathered into pieces (a line written in place goes straight into them). */
	get lines(): LineBytes {
		return this.bytes;
	}

	/** Write bytes after what is gathered so far. */
	addBytes(bytes: Uint8Array): void {
		this.bytes.flush();
		if (bytes.length > 0) this.write(bytes);
	}

	/**
	 * Leave out the next `bytes` bytes added: written already (by a worker thread that then
	 * failed) and about to be made again.
	 */
	skip(bytes: number): void {
		this.bytes.flush();
		this.skipping += bytes;
	}

	/** Stop leaving bytes out: what was to be made again was not (its thread failed again). */
	endSkip(): void {
		this.bytes.flush();
		this.skipping = 0;
	}

	/** Undefined when more may be added now, else a promise of the stream draining. */
	ready(): Promise<void> | undefined {
		return this.waiting;
	}

	/** Write what is gathered (a streamed input's chunk is done: its Links go out without waiting for more). */
	flush(): void {
		this.bytes.flush();
	}

	/** Write what is gathered, and wait for the stream to take it. */
	async end(): Promise<void> {
		this.bytes.flush();
		await this.waiting;
	}

	private write(bytes: Uint8Array): void {
		let chunk = bytes;
		if (this.skipping > 0) {
			const left = Math.min(this.skipping, chunk.length);
			this.skipping -= left;
			chunk = chunk.subarray(left);
			if (chunk.length === 0) return;
		}
		if (this.stream.write(chunk) || this.waiting !== undefined) return;
		this.waiting = new Promise(resolve => {
			const done = (): void => {
				this.stream.off('drain', done);
				this.stream.off('close', done);
				this.waiting = undefined;
				resolve();
			};
			this.stream.on('drain', done);
			// A closed stream never drains: the run ends instead of waiting forever.
			this.stream.on('close', done);
		});
	}
}
