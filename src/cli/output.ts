/**
 * Standard output of `linkstream extract`, written in large pieces: lines are gathered into
 * a batch and written when it reaches {@link BATCH_CHARS}; bytes formatted by a worker thread go
 * out as they are. `ready()` is what a producer awaits between pieces of work: it waits
 * while the stream is above its high-water mark, so a slow reader never makes memory grow.
 */

/** Characters gathered before one write (one UTF-16 unit is 1 to 3 bytes out). */
export const BATCH_CHARS = 1 << 16;

export class BatchedOutput {
	private readonly stream: NodeJS.WritableStream;
	private pending = '';
	private waiting: Promise<void> | undefined;

	constructor(stream: NodeJS.WritableStream) {
		this.stream = stream;
	}

	/** Add text (whole lines); written once the batch is full. */
	add(text: string): void {
		this.pending += text;
		if (this.pending.length >= BATCH_CHARS) this.flush();
	}

	/** Write bytes after what is gathered so far. */
	addBytes(bytes: Uint8Array): void {
		this.flush();
		if (bytes.length > 0) this.write(bytes);
	}

	/** Undefined when more may be added now, else a promise of the stream draining. */
	ready(): Promise<void> | undefined {
		return this.waiting;
	}

	/** Write what is gathered, and wait for the stream to take it. */
	async end(): Promise<void> {
		this.flush();
		await this.waiting;
	}

	flush(): void {
		if (this.pending === '') return;
		const text = this.pending;
		this.pending = '';
		this.write(text);
	}

	private write(chunk: string | Uint8Array): void {
		if (this.stream.write(chunk) || this.waiting !== undefined) return;
		this.waiting = new Promise(resolve => {
			const done = (): void => {
				this.stream.off('drain', done);
				this.stream.off('close', done);
				this.waiting = undefined;
				resolve();
			};
			this.stream.on('drain', done);
			// A closed or broken stream never drains: the run ends instead of waiting forever.
			this.stream.on('close', done);
		});
	}
}
