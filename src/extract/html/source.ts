/**
 * The part of the decoded input the HTML extractor still needs, with absolute offsets,
 * and the line/column tracker that must see every character before it is dropped.
 *
 * The window is a list of pieces (the chunks as written), never one string grown by `+=`:
 * V8 keeps `a += b` as a rope and copies all of it on the next read, so a window held
 * across many writes (a long attribute value, a `<style>` with an unfinished CSS token)
 * would be copied whole at every write — quadratic time in the token's length. Here a read
 * copies only the pieces it spans ({@link SourceWindow.copied} counts those units).
 */
import type {NameFilter, NameTable} from './attributes.js';
import {LineTracker, type Position} from '../position.js';

/**
 * Pieces shorter than this are joined once their run reaches this length (or when a longer
 * chunk follows them), so that one-character writes do not cost one array slot each.
 */
export const MIN_PIECE_LENGTH = 1 << 10;

/**
 * A sliding window over the input: `append` each chunk, `drop` what is no longer needed.
 *
 * @example
 * const window = new SourceWindow();
 * window.append('<a href="x">');
 * window.slice(9, 10); // 'x'
 * window.drop(5); // offsets before 5 are gone (their lines counted)
 */
export class SourceWindow {
	/** The held text: `pieces[i]` starts at absolute offset `starts[i]`; the live ones from `first` on. */
	private pieces: string[] = [];
	private starts: number[] = [];
	private first = 0;
	/** Index of the first of the trailing pieces shorter than MIN_PIECE_LENGTH, and their length. */
	private shortFrom = 0;
	private shortLength = 0;
	/** Absolute offset of the first character held, and just after the last one. */
	private start = 0;
	private total = 0;
	private copiedUnits = 0;
	private readonly tracker = new LineTracker();

	append(chunk: string): void {
		if (chunk === '') return;
		if (chunk.length >= MIN_PIECE_LENGTH) this.joinShort();
		this.pieces.push(chunk);
		this.starts.push(this.total);
		this.total += chunk.length;
		if (chunk.length >= MIN_PIECE_LENGTH) {
			this.shortFrom = this.pieces.length;
			return;
		}
		this.shortLength += chunk.length;
		if (this.shortLength >= MIN_PIECE_LENGTH) this.joinShort();
	}

	/** Absolute offset just after the last character appended. */
	get end(): number {
		return this.total;
	}

	/** Characters held. */
	get held(): number {
		return this.total - this.start;
	}

	/** Code units copied so far to read text spanning pieces or to join short pieces (for tests: linear time). */
	get copied(): number {
		return this.copiedUnits;
	}

	/** Whether the character at `offset` is still held (not dropped). */
	holds(offset: number): boolean {
		return offset >= this.start;
	}

	/** The text of the absolute span `[start, end)`, which must be held. */
	slice(start: number, end: number): string {
		if (start >= end) return '';
		let i = this.pieceAt(start);
		let piece = this.pieces[i] ?? '';
		let pieceStart = this.starts[i] ?? 0;
		if (end - pieceStart <= piece.length) return piece.slice(start - pieceStart, end - pieceStart);
		// Spanning pieces: copy just the span.
		this.copiedUnits += end - start;
		const parts = [piece.slice(start - pieceStart)];
		while (end - pieceStart > piece.length && i + 1 < this.pieces.length) {
			i++;
			piece = this.pieces[i] ?? '';
			pieceStart = this.starts[i] ?? 0;
			parts.push(end - pieceStart < piece.length ? piece.slice(0, end - pieceStart) : piece);
		}
		return parts.join('');
	}

	/** Whether the name at `[start, end)` may be in `filter`, without slicing it (the filter reads its first unit and length). */
	mayHave(filter: NameFilter, start: number, end: number): boolean {
		const i = this.pieceAt(start);
		const pieceStart = this.starts[i] ?? 0;
		return filter.mayHave(this.pieces[i] ?? '', start - pieceStart, end - pieceStart);
	}

	/** The name of `table` the name at `[start, end)` is (ASCII case folded), without slicing it when it lies in one piece. */
	findName(table: NameTable, start: number, end: number): string | undefined {
		const i = this.pieceAt(start);
		const piece = this.pieces[i] ?? '';
		const pieceStart = this.starts[i] ?? 0;
		if (end - pieceStart <= piece.length) return table.find(piece, start - pieceStart, end - pieceStart);
		return table.find(this.slice(start, end), 0, end - start);
	}

	/** Line and column of `offset`; offsets must be located in increasing order. */
	locate(offset: number): Position {
		const last = this.pieces.length - 1;
		const lastStart = this.starts[last] ?? 0;
		// Most offsets are located in the last piece written, after one located there.
		if (last >= 0 && this.tracker.located >= lastStart) return this.tracker.locate(this.pieces[last] ?? '', lastStart, offset);
		for (let i = this.pieceAt(this.tracker.located); ; i++) {
			const piece = this.pieces[i] ?? '';
			const pieceStart = this.starts[i] ?? this.total;
			const pieceEnd = pieceStart + piece.length;
			if (offset <= pieceEnd || i >= last) return this.tracker.locate(piece, pieceStart, offset);
			// The tracker reads one piece at a time: count this one's lines, then go on.
			this.tracker.locate(piece, pieceStart, pieceEnd);
		}
	}

	/** Forget the text before `keep`, counting its lines first. */
	drop(keep: number): void {
		if (keep <= this.start) return;
		if (keep > this.tracker.located) this.locate(keep);
		this.start = keep;
		if (keep >= this.total) {
			this.pieces.fill('');
			this.pieces = [];
			this.starts = [];
			this.first = this.shortFrom = this.shortLength = 0;
			return;
		}
		// Let go of the pieces wholly before `keep` (the one holding it stays whole).
		let first = this.first;
		while ((this.starts[first + 1] ?? Number.POSITIVE_INFINITY) <= keep) this.pieces[first++] = '';
		this.first = first;
		// Compacting once half the slots are dropped keeps the lists at the one or two pieces
		// usually held, so they never grow (see compact).
		if (first > 0 && 2 * first >= this.pieces.length) this.compact();
	}

	/** Index of the piece holding `offset` (the last piece for the end offset). */
	private pieceAt(offset: number): number {
		const starts = this.starts;
		let high = starts.length - 1;
		if (high < 0 || offset >= (starts[high] ?? 0)) return Math.max(high, 0);
		let low = this.first;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if ((starts[middle] ?? 0) <= offset) low = middle;
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

	/**
	 * Remove the dropped slots at the front of the lists, emptying the old list. Memory: a
	 * list that lived long enough is in V8's old generation, and a dead old object still
	 * keeps what it points to alive through every scavenge until the next full GC: the chunk
	 * left in a discarded (or outgrown) list was promoted, 14-27 KB per MB of HTML over
	 * bench/memory.ts's 1 GB runs (nothing once fixed). So the lists are replaced while
	 * small and young, and emptied when replaced.
	 */
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
