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
 *
 * These searches, one `indexOf` call per LF and per CR, are most of the cost: over a corpus
 * of 258 pages (465,000 LFs, 192,000 CRs on 178 pages, 650 of them lone) they alone take
 * some 12 + 7 ms a pass, the locating of every Link about 21 ms. Natives that find or count
 * several breaks at once were each slower than the calls: a regex for lone CRs (`\r(?!\n)`,
 * `\r[^\n]`: 2-3x the CR searches, scanning unit by unit), `split`, `match` and `replace`
 * with `\n` (2x the LF searches: they allocate per break).
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
	/**
	 * The next LF and CR at or after `offset`: absolute offsets, ABSENT when the text searched
	 * (up to the limit below) had none, -1 before the first search. Never Infinity: a field once
	 * given a double is a double field for every tracker, and the sums made of it (line starts,
	 * so every Link's `column`) came out as heap numbers, giving each Link shape a second map.
	 * Offsets are small integers up to 2^31 - 1 on 64-bit Node (2^30 - 1 with pointer
	 * compression): a stream past that many units gets double offsets, exact to 2^53; no
	 * `| 0` here, which would wrap them.
	 */
	private nextLineFeed = -1;
	private nextCarriageReturn = -1;
	/** End (absolute) of the text in which the next LF / CR was searched for (read when ABSENT). */
	private lineFeedLimit = 0;
	private carriageReturnLimit = 0;
	/**
	 * No line break was found before this offset (inclusive): the next LF or CR, or where
	 * the searches ended. An offset up to it is on the line located last, with no search.
	 */
	private quietTo = 0;

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
		if (!this.stays(target)) this.search(source, textStart, target);
	}

	/**
	 * Locate `target` if it is on the line located last, before any break found so far (no
	 * text needed): most Links are (several on one line, or the next LF or CR still ahead).
	 */
	stays(target: number): boolean {
		if (target > this.quietTo || target < this.offset) return false;
		this.offset = target;
		return true;
	}

	private search(source: string, textStart: number, target: number): void {
		const text = knownString(source);
		const from = this.offset;
		if (target < from) {
			throw new RangeError(`LineTracker: offset ${target} is behind ${from}`);
		}
		if (target === from) return;
		// Offsets relative to `text` in the loop (small integers, NONE for none found): an
		// absolute offset and Infinity made every step a float sum and a call.
		const textEnd = textStart + text.length;
		const end = target - textStart;
		let lineFeed = this.nextLineFeed;
		if (lineFeed === ABSENT ? this.lineFeedLimit < textEnd : lineFeed < from) {
			lineFeed = text.indexOf('\n', from - textStart);
			if (lineFeed < 0) lineFeed = NONE;
		} else lineFeed = lineFeed === ABSENT ? NONE : lineFeed - textStart;
		let carriageReturn = this.nextCarriageReturn;
		if (carriageReturn === ABSENT ? this.carriageReturnLimit < textEnd : carriageReturn < from) {
			carriageReturn = text.indexOf('\r', from - textStart);
			if (carriageReturn < 0) carriageReturn = NONE;
		} else carriageReturn = carriageReturn === ABSENT ? NONE : carriageReturn - textStart;
		// The breaks in source order, the next CR and the next LF each found by its own search:
		// every CR counts, an LF just after the last CR counted completes its CR LF.
		let line = this.currentLine;
		let lineStart = this.currentLineStart - textStart;
		let afterCarriageReturn = this.afterCarriageReturn - textStart;
		for (;;) {
			if (carriageReturn < lineFeed) {
				if (carriageReturn >= end) break;
				line++;
				lineStart = afterCarriageReturn = carriageReturn + 1;
				carriageReturn = text.indexOf('\r', lineStart);
				if (carriageReturn < 0) carriageReturn = NONE;
			} else {
				// Equal only when neither is left (both NONE).
				if (lineFeed >= end) break;
				if (lineFeed !== afterCarriageReturn) line++;
				lineStart = lineFeed + 1;
				lineFeed = text.indexOf('\n', lineStart);
				if (lineFeed < 0) lineFeed = NONE;
			}
		}
		this.currentLine = line;
		this.currentLineStart = lineStart + textStart;
		this.afterCarriageReturn = afterCarriageReturn + textStart;
		this.offset = target;
		if (lineFeed === NONE) {
			this.nextLineFeed = ABSENT;
			this.lineFeedLimit = textEnd;
		} else this.nextLineFeed = lineFeed + textStart;
		if (carriageReturn === NONE) {
			this.nextCarriageReturn = ABSENT;
			this.carriageReturnLimit = textEnd;
		} else this.nextCarriageReturn = carriageReturn + textStart;
		// A break at an offset is not before it: the offset of the next break is still on this line.
		this.quietTo = Math.min(
			lineFeed === NONE ? textEnd : lineFeed + textStart,
			carriageReturn === NONE ? textEnd : carriageReturn + textStart,
		);
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

/** No break found, relative to the text searched: above any offset in a string (V8 strings hold under 2^30 units), and a small integer. */
const NONE = 0x3fffffff;

/** No LF (or CR) in the text searched so far: an absolute `nextLineFeed` no offset can be (see there). */
const ABSENT = -2;
