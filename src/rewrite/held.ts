/**
 * The source a rewrite holds until it is written out: text as the pieces written (never one
 * string grown by `+=`: V8 keeps it as a rope and copies all of it at the next slice, once
 * per write: quadratic time in an unfinished token), bytes in one array grown by doubling
 * (the offset maps read them contiguously). Either way each unit is copied a bounded number
 * of times, which `copied` counts for the tests (issue 17 item 5: linear time).
 */

/** Pieces shorter than this are joined once their run reaches this length, so that one-character writes do not cost one slot each. */
export const MIN_PIECE_LENGTH = 1 << 10;

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
 * Text held as the pieces written, with absolute offsets.
 *
 * @example
 * const held = new HeldText();
 * held.append('<a href=');
 * held.append('"x">');
 * held.slice(6, 10); // '="x"'
 * held.drop(9); // offsets before 9 are gone
 */
export class HeldText implements HeldUnits<string> {
	/** `pieces[i]` starts at absolute offset `starts[i]`; the live ones from `first` on. */
	private pieces: string[] = [];
	private starts: number[] = [];
	private first = 0;
	/** The trailing pieces shorter than MIN_PIECE_LENGTH: index of the first, total length. */
	private shortFrom = 0;
	private shortLength = 0;
	private from = 0;
	private total = 0;
	private copiedUnits = 0;

	get start(): number {
		return this.from;
	}

	get end(): number {
		return this.total;
	}

	get copied(): number {
		return this.copiedUnits;
	}

	append(chunk: string): void {
		if (chunk === '') return;
		const short = chunk.length < MIN_PIECE_LENGTH;
		if (!short) this.joinShort();
		this.pieces.push(chunk);
		this.starts.push(this.total);
		this.total += chunk.length;
		if (!short) this.shortFrom = this.pieces.length;
		else if ((this.shortLength += chunk.length) >= MIN_PIECE_LENGTH) this.joinShort();
	}

	read(from: number, to: number, emit: (piece: string) => void): void {
		for (let i = this.pieceAt(from); from < to && i < this.pieces.length; i++) {
			const piece = this.pieces[i] ?? '';
			const pieceStart = this.starts[i] ?? 0;
			const cut = Math.min(to - pieceStart, piece.length);
			emit(from === pieceStart && cut === piece.length ? piece : piece.slice(from - pieceStart, cut));
			from = pieceStart + cut;
		}
	}

	/** The text of `[from, to)`, undefined unless all of it is held; a span across pieces costs its length. */
	slice(from: number, to: number): string | undefined {
		if (from < this.from || to > this.total || from > to) return undefined;
		const parts: string[] = [];
		this.read(from, to, (piece) => parts.push(piece));
		if (parts.length === 1) return parts[0];
		this.copiedUnits += to - from;
		return parts.join('');
	}

	/** The code unit at `offset`, -1 when it is not held. */
	charCodeAt(offset: number): number {
		if (offset < this.from || offset >= this.total) return -1;
		const i = this.pieceAt(offset);
		return (this.pieces[i] ?? '').charCodeAt(offset - (this.starts[i] ?? 0));
	}

	drop(offset: number): void {
		if (offset <= this.from) return;
		this.from = Math.min(offset, this.total);
		let first = this.first;
		while (first < this.pieces.length && (this.starts[first + 1] ?? this.total) <= this.from) this.pieces[first++] = '';
		this.first = first;
		// Replacing the lists while small and young: a dead list in V8's old generation keeps its pieces alive until a full GC.
		if (first > 0 && 2 * first >= this.pieces.length) this.compact();
	}

	/** Index of the piece holding `offset` (the last one for the end). */
	private pieceAt(offset: number): number {
		let low = this.first;
		let high = this.starts.length - 1;
		if (high < low || offset >= (this.starts[high] ?? 0)) return Math.max(high, low);
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if ((this.starts[middle] ?? 0) <= offset) low = middle;
			else high = middle - 1;
		}
		return low;
	}

	/** Join the trailing short pieces into one (each unit is joined at most once). */
	private joinShort(): void {
		const from = Math.max(this.shortFrom, this.first);
		const count = this.pieces.length - from;
		if (count > 1) {
			const joined = this.pieces.splice(from, count).join('');
			this.starts.splice(from + 1, count - 1);
			this.pieces.push(joined);
			this.copiedUnits += joined.length;
		}
		this.shortFrom = this.pieces.length;
		this.shortLength = 0;
	}

	private compact(): void {
		const shift = this.first;
		const old = this.pieces;
		this.pieces = old.slice(shift);
		old.fill('');
		this.starts = this.starts.slice(shift);
		this.first = 0;
		this.shortFrom = Math.max(0, this.shortFrom - shift);
	}
}

/**
 * Bytes held in one array, grown to twice what it must hold when full (so each byte is
 * copied a bounded number of times), and never written where a piece was already read
 * out: a reader may keep the views it was given.
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
