/**
 * The text-level rewrite core: it sees the decoded text and the Links an extractor core
 * emits, and turns them into edits `(start, end, text)` in decoded-text offsets. The
 * stream layer (src/stream/core/rewrite-pipeline.ts) maps them onto the input's units and splices.
 *
 * Links arrive in batches (all those one `write` of the extractor released); a batch is
 * prepared as a whole first (relative mode reads the BASE element in it), then answered
 * in order. A target that prepares nothing (absolute mode) has each Link answered as it
 * comes, so that the Link is let go at once and only its edit is kept. Only the text from
 * the watermark on is kept (one unit before it, to see what precedes a span).
 */
import type {ReferenceEvent} from '../extract/event.js';
import type {Link} from '../types.js';
import {TextPieces} from '../text-pieces.js';
import {createTarget, type CheckedRewriteOptions, type Reference, type Target} from './targets.js';
import {writeValue, type Fallback, type Neighbours} from './write-value.js';

/** One edit in decoded-text offsets. */
export interface TextEdit {
	start: number;
	end: number;
	/** The escaped new text. */
	text: string;
	/** How characters the output encoding lacks are written. */
	fallback: Fallback;
}

/**
 * Decides the edits of one document.
 *
 * @example
 * const rewriter = new Rewriter({type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/', dialect: 'whatwg'});
 * rewriter.text('<a href=x.html>');
 * rewriter.link(link, event); // from the extractor core's sink
 * rewriter.take(); // [{start: 8, end: 14, text: '"https://example.com/x.html"', fallback: 'html'}]
 */
export class Rewriter {
	/** References whose source text the edits change, and non-empty ones left as written. */
	rewritten = 0;
	unchanged = 0;
	private readonly target: Target;
	private batch: Reference[] = [];
	/** The edits made since the last `take`. */
	private edits: TextEdit[] = [];
	/** Decoded text from the watermark on (as the pieces written: text-pieces.ts). */
	private readonly window = new TextPieces();
	/** The piece of `window` that held the last character read, from `nearStart` on ('' after a release: text may be gone). */
	private near = '';
	private nearStart = 0;

	constructor(options: CheckedRewriteOptions) {
		this.target = createTarget(options);
	}

	/** The next piece of decoded text (before the extractor sees it). */
	text(chunk: string): void {
		this.window.append(chunk);
	}

	/** A Link from the extractor's sink. */
	link(link: Link, event: ReferenceEvent): void {
		if (this.target.prepare === undefined) this.answer(link, event);
		else this.batch.push({link, event});
	}

	/** The edits for the Links received since the last call, in order. */
	take(): TextEdit[] {
		const batch = this.batch;
		if (batch.length > 0) {
			this.batch = [];
			this.target.prepare?.(batch);
			for (const {link, event} of batch) this.answer(link, event);
		}
		const edits = this.edits;
		if (edits.length > 0) this.edits = [];
		return edits;
	}

	/** The edit for one Link, if its source text changes. */
	private answer(link: Link, event: ReferenceEvent): void {
		const value = this.target.value(link, event);
		const written = value === undefined ? null : writeValue(value, event, this.around(event));
		if (written?.requote !== undefined) {
			// The quotes around the span are replaced with it (ASCII: one unit each side in any encoding).
			const {requote: quote, text, fallback} = written;
			this.edits.push({start: event.start - 1, end: event.end + 1, text: quote + text + quote, fallback});
			this.rewritten++;
		} else if (written !== null && written.text !== link.raw) {
			this.edits.push({start: event.start, end: event.end, text: written.text, fallback: written.fallback});
			this.rewritten++;
		} else if (link.raw !== '') this.unchanged++;
	}

	/** Relative mode: references kept absolute (RewriteOptions.keepAbsolute), whether they were written absolute or made so. */
	get keptAbsolute(): number {
		return this.target.keptAbsolute ?? 0;
	}

	/** Pass the decoded text of `[from, to)` to `each` as the pieces held (not joined); false, and nothing passed, unless all of it is held. */
	readText(from: number, to: number, each: (piece: string) => void): boolean {
		if (!this.window.holds(from, to)) return false;
		this.window.read(from, to, each);
		return true;
	}

	/**
	 * Let go of the text before the watermark `safe` (no later Link starts before it),
	 * keeping the unit before it. Call after the edits of `take` are placed.
	 */
	release(safe: number): void {
		this.window.drop(safe - 1);
		this.near = '';
		this.nearStart = 0;
	}

	/** Decoded units copied to read spans across written chunks (for tests: linear time). */
	get copied(): number {
		return this.window.copied;
	}

	private around(event: ReferenceEvent): Neighbours {
		return {before: this.charAt(event.start - 1), after: this.charAt(event.end)};
	}

	private charAt(offset: number): number {
		// Spans come in order, mostly several to a piece: the last piece read answers without a search of the window.
		const inNear = offset - this.nearStart;
		if (inNear >= 0 && inNear < this.near.length) return this.near.charCodeAt(inNear);
		const code = this.window.charCodeAt(offset);
		if (code >= 0) {
			const piece = this.window.pieceAt(offset);
			this.near = this.window.pieceText(piece);
			this.nearStart = this.window.pieceStart(piece);
		}
		return code;
	}
}
