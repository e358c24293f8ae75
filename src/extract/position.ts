/**
 * Line and column of source offsets, computed lazily and monotonically.
 * CR LF, CR and LF each end one line; columns count UTF-16 units, 1-based.
 *
 * Line breaks are found with `indexOf` and the next LF and CR positions are remembered,
 * so text is scanned once however many offsets are located in it (a per-character loop
 * cost a quarter of HTML extraction time).
 */
export interface Position {
	line: number;
	column: number;
}

/** Where the next occurrence of one character is: an absolute offset, or none before `limit`. */
interface Next {
	at: number;
	limit: number;
}

export class LineTracker {
	private offset = 0;
	private line = 1;
	private column = 1;
	private afterCarriageReturn = false;
	private readonly nextLineFeed: Next = {at: -1, limit: 0};
	private readonly nextCarriageReturn: Next = {at: -1, limit: 0};

	/**
	 * Position of `target`, scanning forward from the last located offset.
	 * `text` holds the source from absolute offset `textStart`; it must cover
	 * every offset from the last located one up to `target`.
	 */
	locate(text: string, textStart: number, target: number): Position {
		if (target < this.offset) {
			throw new RangeError(`LineTracker: offset ${target} is behind ${this.offset}`);
		}
		while (this.offset < target) {
			const lineFeed = this.next(this.nextLineFeed, text, textStart, '\n');
			const carriageReturn = this.next(this.nextCarriageReturn, text, textStart, '\r');
			const lineBreak = Math.min(lineFeed, carriageReturn);
			if (lineBreak >= target) {
				this.column += target - this.offset;
				this.afterCarriageReturn = false;
				this.offset = target;
				break;
			}
			if (lineBreak > this.offset) this.afterCarriageReturn = false;
			if (lineBreak === lineFeed) {
				// LF right after CR completes a CR LF: no new line.
				if (!this.afterCarriageReturn) this.line++;
				this.afterCarriageReturn = false;
			} else {
				this.line++;
				this.afterCarriageReturn = true;
			}
			this.column = 1;
			this.offset = lineBreak + 1;
		}
		return {line: this.line, column: this.column};
	}

	/** The offset located last: text before it may be dropped. */
	get located(): number {
		return this.offset;
	}

	/** Absolute offset of the next `c` at or after the located offset (Infinity: none in `text`). */
	private next(next: Next, text: string, textStart: number, c: '\n' | '\r'): number {
		const textEnd = textStart + text.length;
		if (next.at >= this.offset && (next.at !== Infinity || textEnd <= next.limit)) return next.at;
		const index = text.indexOf(c, this.offset - textStart);
		next.at = index < 0 ? Infinity : textStart + index;
		next.limit = textEnd;
		return next.at;
	}
}
