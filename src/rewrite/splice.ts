/**
 * The splice engine: the source flows through in order, `(span, newText)` edits replace
 * their spans, and every unit outside an edit is copied as it came, never re-serialised.
 * Works on text (UTF-16 units) or on bytes alike; the caller says how far the source is
 * final (`flush`), so only the unfinished tail is held.
 */

/** What a splicer works on: decoded text, or the input's own bytes. */
export type Units = string | Uint8Array;

/** How to join and cut one kind of units. */
export interface UnitOps<U extends Units> {
	readonly empty: U;
	concat(a: U, b: U): U;
	slice(u: U, start: number, end?: number): U;
}

export const TEXT_UNITS: UnitOps<string> = {
	empty: '',
	concat: (a, b) => a + b,
	slice: (u, start, end) => u.slice(start, end),
};

export const BYTE_UNITS: UnitOps<Uint8Array> = {
	empty: new Uint8Array(0),
	concat(a, b) {
		if (a.length === 0) return b;
		const out = new Uint8Array(a.length + b.length);
		out.set(a);
		out.set(b, a.length);
		return out;
	},
	slice: (u, start, end) => u.subarray(start, end),
};

/**
 * Copies a source to `emit`, with edits spliced in. Offsets are absolute units of the
 * whole source; edits must come in order and not overlap.
 *
 * @example
 * const out: string[] = [];
 * const splicer = new Splicer(TEXT_UNITS, (piece) => out.push(piece));
 * splicer.append('<a href="x.html">');
 * splicer.edit(9, 15, 'https://example.com/x.html');
 * splicer.end();
 * out.join(''); // '<a href="https://example.com/x.html">'
 */
export class Splicer<U extends Units> {
	private readonly ops: UnitOps<U>;
	private readonly emit: (piece: U) => void;
	/** The source held, from absolute offset `heldStart`; its first `skip` units are already copied. */
	private buffer: U;
	private heldStart = 0;
	private skip = 0;
	/** Edits refused because they started before what was already copied (a bug upstream). */
	refused = 0;

	constructor(ops: UnitOps<U>, emit: (piece: U) => void) {
		this.ops = ops;
		this.emit = emit;
		this.buffer = ops.empty;
	}

	/** Everything before this offset is copied (or replaced) already. */
	get flushed(): number {
		return this.heldStart + this.skip;
	}

	/** Units held, not yet copied (the memory bound, for tests and monitoring). */
	get held(): number {
		return this.buffer.length - this.skip;
	}

	/** Absolute offset just after the last unit appended. */
	get end(): number {
		return this.heldStart + this.buffer.length;
	}

	/** The held source and its absolute start (it covers at least `[flushed, end)`), for offset mapping. */
	get source(): {units: U; start: number} {
		return {units: this.buffer, start: this.heldStart};
	}

	append(chunk: U): void {
		// Cutting the copied part off only here keeps edits and flushes free of copies.
		this.buffer = this.ops.concat(this.skip === 0 ? this.buffer : this.ops.slice(this.buffer, this.skip), chunk);
		this.heldStart += this.skip;
		this.skip = 0;
	}

	/**
	 * Replace the source span `[start, end)` by `replacement`. An edit starting before
	 * what was already copied is refused (counted in `refused`): the source stays as written.
	 */
	edit(start: number, end: number, replacement: U): boolean {
		if (start < this.flushed || end < start || end > this.end) {
			this.refused++;
			return false;
		}
		this.flush(start);
		if (replacement.length > 0) this.emit(replacement);
		this.skip = end - this.heldStart;
		return true;
	}

	/** Copy the source up to `offset` (no edit will start before it). */
	flush(offset: number): void {
		const upTo = Math.min(offset, this.end) - this.heldStart;
		if (upTo <= this.skip) return;
		this.emit(this.ops.slice(this.buffer, this.skip, upTo));
		this.skip = upTo;
	}

	/** Copy the rest. */
	finish(): void {
		this.flush(this.end);
	}
}
