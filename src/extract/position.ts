/**
 * Line and column of source offsets, computed lazily and monotonically.
 * CR LF, CR and LF each end one line; columns count UTF-16 units, 1-based.
 *
 * Counted as: every CR ends a line, and every LF not right after a CR does. Line feeds and
 * carriage returns are found by two separate `indexOf` loops (most documents have no CR
 * at all: one search says so), and the next of each is remembered, so text is scanned
 * once however many offsets are located in it, and locating offsets on one line costs
 * no search. The breaks are taken in source order, so an LF knows it completes a CR LF
 * from the last CR counted, without reading the unit before it. (A per-character loop cost a quarter of HTML extraction time; one loop over
 * both characters, a tenth.)
 */
import {knownString} from '../known-string.js';

export interface Position {
	line: number;
	column: number;
}

export class LineTracker {
	/** The offset located last. */
	private offset = 0;
	private currentLine = 1;
	/** Absolute offset where the current line starts (just after the last line break). */
	private currentLineStart = 0;
	/** Just after the last CR counted (-1: none): an LF there completes a CR LF. */
	private afterCarriageReturn = -1;
	/** The next LF and CR at or after `offset`: absolute offsets, Infinity when the text searched had none. */
	private nextLineFeed = -1;
	private nextCarriageReturn = -1;
	/** End (absolute) of the text in which the next LF / CR was searched for. */
	private lineFeedLimit = 0;
	private carriageReturnLimit = 0;

	/**
	 * Position of `target`, scanning forward from the last located offset.
	 * `text` holds the source from absolute offset `textStart`; it must cover
	 * every offset from the last located one up to `target`.
	 */
	locate(source: string, textStart: number, target: number): Position {
		this.advance(source, textStart, target);
		return {line: this.currentLine, column: target - this.currentLineStart + 1};
	}

	/**
	 * {@link locate} without making its Position: the line of `target` is then {@link line}
	 * and its column `target - lineStart + 1` (an object per located offset was a tenth of
	 * the time spent locating, and 2 MB per pass over a corpus of pages).
	 */
	advance(source: string, textStart: number, target: number): void {
		const text = knownString(source);
		const from = this.offset;
		if (target < from) {
			throw new RangeError(`LineTracker: offset ${target} is behind ${from}`);
		}
		if (target > from) {
			const textEnd = textStart + text.length;
			let lineFeed = this.nextLineFeed;
			if (lineFeed < from || (lineFeed === Infinity && this.lineFeedLimit < textEnd))
				lineFeed = search(text, textStart, '\n', from);
			let carriageReturn = this.nextCarriageReturn;
			if (carriageReturn < from || (carriageReturn === Infinity && this.carriageReturnLimit < textEnd)) {
				carriageReturn = search(text, textStart, '\r', from);
			}
			// The breaks in source order, the next CR and the next LF each found by its own search:
			// every CR counts, an LF just after the last CR counted completes its CR LF.
			let line = this.currentLine;
			let lineStart = this.currentLineStart;
			let afterCarriageReturn = this.afterCarriageReturn;
			for (;;) {
				if (carriageReturn < lineFeed) {
					if (carriageReturn >= target) break;
					line++;
					lineStart = afterCarriageReturn = carriageReturn + 1;
					carriageReturn = search(text, textStart, '\r', carriageReturn + 1);
				} else {
					// Equal only when neither is left (both Infinity).
					if (lineFeed >= target) break;
					if (lineFeed !== afterCarriageReturn) line++;
					lineStart = lineFeed + 1;
					lineFeed = search(text, textStart, '\n', lineFeed + 1);
				}
			}
			this.currentLine = line;
			this.currentLineStart = lineStart;
			this.afterCarriageReturn = afterCarriageReturn;
			this.nextLineFeed = lineFeed;
			this.nextCarriageReturn = carriageReturn;
			if (lineFeed === Infinity) this.lineFeedLimit = textEnd;
			if (carriageReturn === Infinity) this.carriageReturnLimit = textEnd;
			this.offset = target;
		}
	}

	/** The line of the offset located last. */
	get line(): number {
		return this.currentLine;
	}

	/** Absolute offset where the line of the offset located last starts. */
	get lineStart(): number {
		return this.currentLineStart;
	}

	/** The offset located last: text before it may be dropped. */
	get located(): number {
		return this.offset;
	}
}

/** Absolute offset of the first `c` at or after absolute offset `from` in `text` (Infinity: none). */
function search(text: string, textStart: number, c: '\n' | '\r', from: number): number {
	const index = text.indexOf(c, from - textStart);
	return index < 0 ? Number.POSITIVE_INFINITY : textStart + index;
}
