/**
 * One mailsplit Splitter driven from async code: bytes are written with backpressure,
 * and its chunks are handed, in order, to a handler that may itself wait (a nested
 * message's own splitter). A failure (a parser error, a MIME limit, a throwing handler)
 * stops the run; `end()` reports it.
 */
import {Splitter} from '@zone-eu/mailsplit';
import type {SplitterChunk} from '@zone-eu/mailsplit';

/** Largest header block of one MIME node, in bytes (mailsplit `maxHeadSize`). */
export const MAX_HEADER_BYTES = 1024 * 1024;

/** Most MIME nodes in one message (mailsplit `maxChildNodes`). */
export const MAX_PARTS = 1000;

export type ChunkHandler = (chunk: SplitterChunk) => void | Promise<void>;

/**
 * @example
 * const run = new SplitterRun(chunk => console.log(chunk.type));
 * await run.write(Buffer.from('Subject: x\r\n\r\nbody\r\n'));
 * await run.end(); // throws the run's error, if any
 */
export class SplitterRun {
	private readonly splitter = new Splitter({maxHeadSize: MAX_HEADER_BYTES, maxChildNodes: MAX_PARTS});
	private readonly reading: Promise<void>;
	private error: {value: unknown} | undefined;

	constructor(handler: ChunkHandler) {
		// The async iterator reports errors; this listener only keeps a late one from being unhandled.
		(this.splitter as NodeJS.EventEmitter).on('error', () => undefined);
		this.reading = this.read(handler).catch((error: unknown) => {
			this.error ??= {value: error};
			this.splitter.destroy();
		});
	}

	/** Whether the run has failed (later writes are ignored). */
	get failed(): boolean {
		return this.error !== undefined;
	}

	async write(bytes: Uint8Array): Promise<void> {
		if (this.error !== undefined || this.splitter.destroyed) return;
		const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		if (!this.splitter.write(buffer)) await drained(this.splitter);
	}

	/** Ends the input and waits for every chunk to be handled; throws the run's error. */
	async end(): Promise<void> {
		if (this.error === undefined && !this.splitter.destroyed) this.splitter.end();
		await this.reading;
		if (this.error !== undefined) throw this.error.value;
	}

	/** Stop now (another part of the message failed). */
	destroy(): void {
		this.error ??= {value: new Error('aborted')};
		this.splitter.destroy();
	}

	private async read(handler: ChunkHandler): Promise<void> {
		for await (const chunk of this.splitter as AsyncIterable<SplitterChunk>) {
			if (this.error !== undefined) return;
			await handler(chunk);
		}
	}
}

/** Resolves on 'drain', or on 'close' after a failure; listeners are removed either way. */
function drained(stream: NodeJS.EventEmitter): Promise<void> {
	return new Promise(resolve => {
		const done = (): void => {
			stream.off('drain', done);
			stream.off('close', done);
			resolve();
		};
		stream.on('drain', done);
		stream.on('close', done);
	});
}
