/**
 * The splice engine: the source flows through in order, `(span, newText)` edits replace
 * their spans, and every unit outside an edit is copied as it came, never re-serialised.
 * Works on text (UTF-16 units) or on bytes alike; the caller says how far the source is
 * final (`flush`), so only the unfinished tail is held (held.ts: each unit held is copied
 * a bounded number of times, however long the tail and however many writes it spans).
 */
import type {HeldUnits} from './held.js';

/** What a splicer works on: decoded text, or the input's own bytes. */
export type Units = string | Uint8Array;

/**
 * Copies a source to `emit`, with edits spliced in. Offsets are absolute units of the
 * whole source; edits must come in order and not overlap.
 *
 * @example
 * const out: string[] = [];
 * const splicer = new Splicer(new TextPieces(), (piece) => out.push(piece));
 * splicer.append('<a href="x.html">');
 * splicer.edit(9, 15, 'https://example.com/x.html');
 * splicer.finish();
 * out.join(''); // '<a href="https://example.com/x.html">'
 */
export class Splicer<U extends Units> {
	/** The source not yet copied (or replaced), from `flushed` on. */
	readonly units: HeldUnits<U>;
	private readonly emit: (piece: U) => void;
	/** Edits refused because they started before what was already copied (a bug upstream). */
	refused = 0;

	constructor(units: HeldUnits<U>, emit: (piece: U) => void) {
		this.units = units;
		this.emit = emit;
	}

	/** Everything before this offset is copied (or replaced) already. */
	get flushed(): number {
		return this.units.start;
	}

	/** Units held, not yet copied (the memory bound, for tests and monitoring). */
	get held(): number {
		return this.units.end - this.units.start;
	}

	/** Absolute offset just after the last unit appended. */
	get end(): number {
		return this.units.end;
	}

	append(chunk: U): void {
		this.units.append(chunk);
	}

	/**
	 * Replace the source span `[start, end)` by `replacement`. An edit starting before
	 * what was already copied is refused (counted in `refused`): the source stays as written.
	 */
	edit(start: number, end: number, replacement: U): boolean {
		if (!this.cut(start, end)) return false;
		if (replacement.length > 0) this.emit(replacement);
		return true;
	}

	/**
	 * Copy the source up to `start` and skip it to `end`: an edit whose replacement the caller
	 * writes itself, next (refused as {@link Splicer.edit} refuses).
	 */
	cut(start: number, end: number): boolean {
		if (start < this.flushed || end < start || end > this.end) {
			this.refused++;
			return false;
		}
		this.flush(start);
		this.units.drop(end);
		return true;
	}

	/** Copy the source up to `offset` (no edit will start before it). */
	flush(offset: number): void {
		const upTo = Math.min(offset, this.end);
		if (upTo <= this.flushed) return;
		this.units.read(this.flushed, upTo, this.emit);
		this.units.drop(upTo);
	}

	/** Copy the rest. */
	finish(): void {
		this.flush(this.end);
	}
}
