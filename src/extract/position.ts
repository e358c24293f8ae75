/**
 * Line and column of source offsets, computed lazily and monotonically.
 * CR LF, CR and LF each end one line; columns count UTF-16 units, 1-based.
 */
const CharCodes = {
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
} as const;

export interface Position {
	line: number;
	column: number;
}

export class LineTracker {
	private offset = 0;
	private line = 1;
	private column = 1;
	private afterCarriageReturn = false;

	/**
	 * Position of `target`, scanning forward from the last located offset.
	 * `text` holds the source from absolute offset `textStart`; it must cover
	 * every offset from the last located one up to `target`.
	 */
	locate(text: string, textStart: number, target: number): Position {
		if (target < this.offset) {
			throw new RangeError(`LineTracker: offset ${target} is behind ${this.offset}`);
		}
		for (let i = this.offset - textStart, end = target - textStart; i < end; i++) {
			const c = text.charCodeAt(i);
			if (c === CharCodes.LineFeed) {
				if (!this.afterCarriageReturn) this.line++;
				this.column = 1;
				this.afterCarriageReturn = false;
			} else if (c === CharCodes.CarriageReturn) {
				this.line++;
				this.column = 1;
				this.afterCarriageReturn = true;
			} else {
				this.column++;
				this.afterCarriageReturn = false;
			}
		}
		this.offset = target;
		return {line: this.line, column: this.column};
	}

	/** The offset located last: text before it may be dropped. */
	get located(): number {
		return this.offset;
	}
}
