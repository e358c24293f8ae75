/**
 * Text held as the pieces written, never one string grown by `+=`: V8 keeps `a += b` as a
 * rope and copies all of it at the next read, so text held across many writes (a long
 * attribute value, an unfinished comment or CSS token) would be copied whole at each
 * write: quadratic time in the token's length. Shared by the HTML extractor's source
 * window (extract/html/source.ts) and the rewrite's held text (rewrite/held.ts).
 */

/** Pieces shorter than this are joined once their run reaches this length, so that one-character writes do not cost one slot each. */
export const MIN_PIECE_LENGTH = 1 << 10;

/**
 * Text held as the pieces written, with absolute offsets: a read copies only the pieces it
 * spans ({@link TextPieces.copied} counts those units), never all that is held.
 *
 * @example
 * const held = new TextPieces();
 * held.append('<a href=');
 * held.append('"x">');
 * held.slice(6, 10); // '="x"'
 * held.drop(9); // offsets before 9 are gone
 */
export class TextPieces {
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

	/** Whether all of `[from, to)` is in the pieces held. */
	holds(from: number, to: number): boolean {
		return from >= this.heldFrom && to <= this.total && from <= to;
	}

	/** The text of `[from, to)`, undefined unless all of it is in the pieces held; a span across pieces costs its length. */
	slice(from: number, to: number): string | undefined {
		if (!this.holds(from, to)) return undefined;
		const parts: string[] = [];
		this.read(from, to, piece => parts.push(piece));
		if (parts.length === 1) return parts[0];
		this.copiedUnits += to - from;
		return parts.join('');
	}

	/** The code unit at `offset`, -1 when it is not in the pieces held. */
	charCodeAt(offset: number): number {
		if (offset < this.heldFrom || offset >= this.total) return -1;
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

	/** Where the first piece held starts (the piece holding `start` is kept whole). */
	private get heldFrom(): number {
		return this.starts[this.first] ?? this.total;
	}

	/** Index of the last piece (-1: none). */
	get lastIndex(): number {
		return this.pieces.length - 1;
	}

	/** The text of piece `i` ('' once dropped). */
	pieceText(i: number): string {
		return this.pieces[i] ?? '';
	}

	/** Absolute offset of piece `i` (the end past the last one). */
	pieceStart(i: number): number {
		return this.starts[i] ?? this.total;
	}

	/** Index of the piece holding `offset` (the last one for the end). */
	pieceAt(offset: number): number {
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
