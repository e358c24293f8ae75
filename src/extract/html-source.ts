/**
 * The part of the decoded input the HTML extractor still needs, with absolute offsets,
 * and the line/column tracker that must see every character before it is dropped.
 */
import type {NameFilter} from './attributes.js';
import {LineTracker, type Position} from './position.js';

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
	private text = '';
	private start = 0;
	private readonly tracker = new LineTracker();

	append(chunk: string): void {
		this.text += chunk;
	}

	/** Absolute offset just after the last character appended. */
	get end(): number {
		return this.start + this.text.length;
	}

	/** Characters held. */
	get held(): number {
		return this.text.length;
	}

	/** Whether the character at `offset` is still held (not dropped). */
	holds(offset: number): boolean {
		return offset >= this.start;
	}

	/** The text of the absolute span `[start, end)`, which must be held. */
	slice(start: number, end: number): string {
		return this.text.slice(start - this.start, end - this.start);
	}

	/** Whether the name at `[start, end)` may be in `filter`, without slicing it. */
	mayHave(filter: NameFilter, start: number, end: number): boolean {
		return filter.mayHave(this.text, start - this.start, end - this.start);
	}

	/** Line and column of `offset`; offsets must be located in increasing order. */
	locate(offset: number): Position {
		return this.tracker.locate(this.text, this.start, offset);
	}

	/** Forget the text before `keep`, counting its lines first. */
	drop(keep: number): void {
		if (keep <= this.start) return;
		if (keep > this.tracker.located) this.tracker.locate(this.text, this.start, keep);
		this.text = this.text.slice(keep - this.start);
		this.start = keep;
	}
}
