/**
 * The source a rewrite holds until it is written out: text as the pieces written
 * (text-pieces.ts: a string grown by `+=` is copied whole at the next slice, once per
 * write: quadratic time in an unfinished token), bytes in one array grown by doubling
 * (the offset maps read them contiguously). Either way each unit is copied a bounded number
 * of times, which `copied` counts for the tests (time stays linear in the input).
 */

/** Units held from absolute offset `start` to `end`, read as pieces without copies. */
export interface HeldUnits<U> {
	readonly start: number;
	readonly end: number;
	/** Units copied so far (joins, growth, reads spanning pieces). */
	readonly copied: number;
	append(chunk: U): void;
	/** Pass `[from, to)` (held) to `emit`, as one piece or more. */
	read(from: number, to: number, emit: (piece: U) => void): void;
	/** Forget the units before `offset`. */
	drop(offset: number): void;
}

/**
 * Bytes held in one array, grown to twice what it must hold when full (so each byte is
 * copied a bounded number of times), and never written where a piece was already read
 * out: a reader may keep the views it was given. While the chunks written are views of
 * one buffer, each beginning where the last ended (a whole input fed in steps), the store
 * is a view of that buffer too and nothing is copied.
 *
 * @example
 * const held = new HeldByteArray();
 * held.append(Uint8Array.of(1, 2));
 * held.append(Uint8Array.of(3));
 * held.contiguous(); // {units: Uint8Array [1, 2, 3], start: 0}
 */
export class HeldByteArray implements HeldUnits<Uint8Array> {
	/** `storage[0]` is at absolute offset `storageStart`; `size` bytes are in use; `owned`: ours to write into. */
	private storage: Uint8Array = new Uint8Array(0);
	private storageStart = 0;
	private size = 0;
	private owned = false;
	private from = 0;
	private copiedUnits = 0;

	get start(): number {
		return this.from;
	}

	get end(): number {
		return this.storageStart + this.size;
	}

	get copied(): number {
		return this.copiedUnits;
	}

	append(chunk: Uint8Array): void {
		if (chunk.length === 0) return;
		const held = this.end - this.from;
		if (held === 0) {
			// Nothing held: the chunk itself is the store (the common case: no copy).
			this.storage = chunk;
			this.storageStart = this.from;
			this.size = chunk.length;
			this.owned = false;
			return;
		}
		if (
			!this.owned &&
			chunk.buffer === this.storage.buffer &&
			chunk.byteOffset === this.storage.byteOffset + this.storage.length
		) {
			// The bytes that follow the store in the same buffer (a one-shot input fed in steps): the view grows, no copy.
			this.storage = new Uint8Array(chunk.buffer, this.storage.byteOffset, this.storage.length + chunk.length);
			this.size = this.storage.length;
			return;
		}
		if (!this.owned || this.size + chunk.length > this.storage.length) {
			const grown = new Uint8Array(Math.max(held + chunk.length, 2 * held));
			grown.set(this.storage.subarray(this.from - this.storageStart, this.size));
			this.copiedUnits += held;
			this.storage = grown;
			this.storageStart = this.from;
			this.size = held;
			this.owned = true;
		}
		this.storage.set(chunk, this.size);
		this.copiedUnits += chunk.length;
		this.size += chunk.length;
	}

	read(from: number, to: number, emit: (piece: Uint8Array) => void): void {
		emit(this.storage.subarray(from - this.storageStart, to - this.storageStart));
	}

	drop(offset: number): void {
		this.from = Math.max(this.from, Math.min(offset, this.end));
	}

	/** The bytes held and the absolute offset of the first one (a view valid until the next `append`). */
	contiguous(): {units: Uint8Array; start: number} {
		return {units: this.storage.subarray(this.from - this.storageStart, this.size), start: this.from};
	}
}
