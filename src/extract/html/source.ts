/**
 * The part of the decoded input the HTML extractor still needs, with absolute offsets,
 * and the line/column tracker that must see every character before it is dropped.
 *
 * The window is a list of pieces (the chunks as written: text-pieces.ts), never one string
 * grown by `+=`, so a window held across many writes (a long attribute value, a `<style>`
 * with an unfinished CSS token) is not copied whole at every write; a read copies only the
 * pieces it spans ({@link SourceWindow.copied} counts those units).
 */
import type {NameFilter, NameTable} from './attributes.js';
import {LineTracker, type Position} from '../position.js';
import {TextPieces} from '../../text-pieces.js';

export {MIN_PIECE_LENGTH} from '../../text-pieces.js';

/** Where every offset is when lines are not counted (see SourceWindow.skipPositions). */
const NO_POSITION: Readonly<Position> = Object.freeze({line: 0, column: 0});

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
	private readonly text = new TextPieces();
	private readonly tracker = new LineTracker();
	/** Whether lines are counted (see skipPositions). */
	private counting = true;

	/**
	 * Count no lines: every offset is located at line 0, column 0, and text is dropped
	 * unread (CoreOptions.positions): the searches for line breaks, some 4% of reading a
	 * page, are spent for nothing where no Link's position is read.
	 */
	skipPositions(): void {
		this.counting = false;
	}

	append(chunk: string): void {
		this.text.append(chunk);
	}

	/** Absolute offset just after the last character appended. */
	get end(): number {
		return this.text.end;
	}

	/** Characters held. */
	get held(): number {
		return this.text.end - this.text.start;
	}

	/** Code units copied so far to read text spanning pieces or to join short pieces (for tests: linear time). */
	get copied(): number {
		return this.text.copied;
	}

	/** Whether the character at `offset` is still held (not dropped). */
	holds(offset: number): boolean {
		return offset >= this.text.start;
	}

	/** The text of the absolute span `[start, end)`, which must be held. */
	slice(start: number, end: number): string {
		if (start >= end) return '';
		// Most spans (an attribute value, a tag name) lie in one piece: slice it (a dropped piece is empty).
		const i = this.text.pieceAt(start);
		const pieceStart = this.text.pieceStart(i);
		const piece = this.text.pieceText(i);
		if (start >= pieceStart && end - pieceStart <= piece.length)
			return piece.slice(start - pieceStart, end - pieceStart);
		return this.text.slice(start, end) ?? '';
	}

	/** Whether the name at `[start, end)` may be in `filter`, without slicing it (the filter reads its first unit and length). */
	mayHave(filter: NameFilter, start: number, end: number): boolean {
		const i = this.text.pieceAt(start);
		const pieceStart = this.text.pieceStart(i);
		return filter.mayHave(this.text.pieceText(i), start - pieceStart, end - pieceStart);
	}

	/** The name of `table` the name at `[start, end)` is (ASCII case folded), without slicing it when it lies in one piece. */
	findName(table: NameTable, start: number, end: number): string | undefined {
		const i = this.text.pieceAt(start);
		const piece = this.text.pieceText(i);
		const pieceStart = this.text.pieceStart(i);
		if (end - pieceStart <= piece.length) return table.find(piece, start - pieceStart, end - pieceStart);
		return table.find(this.slice(start, end), 0, end - start);
	}

	/** Line and column of `offset`; offsets must be located in increasing order. */
	locate(offset: number): Position {
		if (!this.counting) return NO_POSITION;
		return {line: this.line(offset), column: this.column(offset)};
	}

	/** The line of `offset` (0 when lines are not counted); offsets must be located in increasing order. */
	line(offset: number): number {
		if (!this.counting) return 0;
		// Most offsets are on the line located last, before the next break found: no piece to find.
		if (!this.tracker.stays(offset)) this.advance(offset);
		return this.tracker.line;
	}

	/** The column of `offset`, which must be on the line located last (by {@link line}); 0 when lines are not counted. */
	column(offset: number): number {
		return this.counting ? offset - this.tracker.lineStart + 1 : 0;
	}

	/** Count the lines up to `offset`. */
	private advance(offset: number): void {
		const {text, tracker} = this;
		const last = text.lastIndex;
		const lastStart = text.pieceStart(last);
		// Most offsets are located in the last piece written, after one located there.
		if (last >= 0 && tracker.located >= lastStart) {
			tracker.advance(text.pieceText(last), lastStart, offset);
			return;
		}
		for (let i = text.pieceAt(tracker.located); ; i++) {
			const piece = text.pieceText(i);
			const pieceStart = text.pieceStart(i);
			const pieceEnd = pieceStart + piece.length;
			if (offset <= pieceEnd || i >= last) {
				tracker.advance(piece, pieceStart, offset);
				return;
			}
			// The tracker reads one piece at a time: count this one's lines, then go on.
			tracker.advance(piece, pieceStart, pieceEnd);
		}
	}

	/** Forget the text before `keep`, counting its lines first. */
	drop(keep: number): void {
		if (keep <= this.text.start) return;
		if (this.counting && keep > this.tracker.located) this.advance(keep);
		this.text.drop(keep);
	}
}
