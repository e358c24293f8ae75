/**
 * What one document's references resolved to, per base URL: a page repeats many of its
 * references (a quarter of the Links of the corpus pages repeat an earlier (base, value)
 * pair), and a repeated one then costs a map lookup instead of a resolution, and hands out
 * the same `value` and `url` strings as its first Link. And whether a base takes an
 * absolute URL as written (see {@link Resolutions.takesAbsolute}), so an absolute
 * reference written in its canonical form skips the resolver in every dialect.
 *
 * Kept for the last two base URLs seen (the document base and the document URL, or a
 * parent's and a child's xml:base), as explicit state of one document's resolution
 * context; a base that is neither replaces the older, so a BASE element or an xml:base
 * starts afresh. Bounded: per base, a table of MAX_ENTRIES references of at most
 * MAX_KEY_LENGTH units, direct-mapped (a reference takes the place of the one before it
 * in its row). Measured on the corpus pages, a `Map` keyed by the references cost more
 * than it saved (hashing each new slice of the page: 6% of extraction, twice the work of
 * the resolutions it spared); a row chosen from the length and two characters, then one
 * string comparison, costs a tenth of that.
 */
import type {LinkError} from '../types.js';
import {knownString} from '../known-string.js';
import {plainSpecialUrl} from './plain-base.js';

/** What a reference resolved to against one base: its `value`, as the first Link holds it, and the outcome. */
export interface Resolution {
	readonly value: string;
	readonly url: string | null;
	readonly error: LinkError | undefined;
}

/** Rows of the table per base (a power of two): a page's repeats are near each other. */
export const MAX_ENTRIES = 512;
/** Longer references are not remembered (a data: URL is seldom repeated, and would hold memory). */
export const MAX_KEY_LENGTH = 512;

/** A canonical absolute URL whose resolution against any base the resolver accepts is itself. */
const PROBE = 'http://probe.invalid/';

interface Slot {
	readonly base: string;
	/** Whether the base takes an absolute URL as written; undefined until asked. */
	takesAbsolute: boolean | undefined;
	/**
	 * The table, made when the first reference is remembered: three elements a row (the
	 * value, its URL, its error), no object per reference.
	 */
	rows: Array<string | null | undefined> | undefined;
}

/** The row of `value`: from its length and two of its characters (cheap, and spread enough for URLs). */
function rowOf(value: string): number {
	const s = knownString(value);
	const length = s.length;
	if (length === 0) return 0;
	return (length * 31 + s.charCodeAt(length - 1) * 7 + s.charCodeAt(length >> 1)) & (MAX_ENTRIES - 1);
}

/**
 * @example
 * const resolutions = new Resolutions((value, base) => new URL(value, base).href);
 * resolutions.remember('https://a.example/', 'x', {value: 'x', url: 'https://a.example/x', error: undefined});
 * resolutions.find('https://a.example/', 'x')?.url; // 'https://a.example/x'
 */
export class Resolutions {
	private first: Slot | undefined;
	private second: Slot | undefined;
	/** The document's full resolution of `value` against `base`, null where it fails. */
	private readonly resolveFully: (value: string, base: string) => string | null;

	/**
	 * The remembered value, URL and error of the last {@link probe} that found one (fields, not
	 * an object: one probe a Link, then {@link store} into the row it looked at).
	 */
	value = '';
	url: string | null = null;
	error: LinkError | undefined = undefined;
	/** The table and row the last probe looked at. */
	private rows: Array<string | null | undefined> | undefined;
	private at = 0;

	constructor(resolveFully: (value: string, base: string) => string | null) {
		this.resolveFully = resolveFully;
	}

	/** What `value` resolved to against `base` before, if it is remembered. */
	find(base: string, value: string): Resolution | undefined {
		if (!this.probe(base, value)) return undefined;
		return {value: this.value, url: this.url, error: this.error};
	}

	/**
	 * Remember what `value` resolved to against `base`. Its strings are kept for the
	 * document, so they must be the Link's own (CoreOptions.own), never slices of the input.
	 */
	remember(base: string, value: string, resolution: Resolution): void {
		this.probe(base, value);
		this.store(value, resolution.value, resolution.url, resolution.error);
	}

	/** Whether `value` is remembered against `base`: then `value`, `url` and `error` hold what it resolved to. */
	probe(base: string, value: string): boolean {
		const slot = this.slot(base);
		let rows = slot.rows;
		if (rows === undefined) {
			if (value.length > MAX_KEY_LENGTH) {
				this.rows = undefined;
				return false;
			}
			// Left holey (a hole reads as undefined): filling it for each page was a sixth of the time of extracting a small one.
			rows = slot.rows = new Array<string | null | undefined>(3 * MAX_ENTRIES);
		}
		const at = 3 * rowOf(value);
		this.rows = rows;
		this.at = at;
		const known = rows[at];
		if (known !== value) return false;
		this.value = known;
		this.url = rows[at + 1] as string | null;
		this.error = rows[at + 2] as LinkError | undefined;
		return true;
	}

	/**
	 * Remember, in the row the last {@link probe} looked at (for `value`), what it resolved to:
	 * `owned` its text as the Link holds it (see remember).
	 */
	store(value: string, owned: string, url: string | null, error: LinkError | undefined): void {
		const rows = this.rows;
		if (rows === undefined || value.length > MAX_KEY_LENGTH) return;
		const at = this.at;
		rows[at] = owned;
		rows[at + 1] = url;
		rows[at + 2] = error;
	}

	/**
	 * Whether `value` is an absolute URL in its canonical form (plain-base.ts plainSpecialUrl:
	 * a special scheme, a DNS host, a path without dot segments, nothing to percent-encode)
	 * and `base` one that takes it as written: every dialect then resolves `value` to itself
	 * (RFC 2396 §5.2 step 3, RFC 3986 §5.2.2 with nothing for remove_dot_segments, the URL
	 * Standard's `#scheme-state` with a `//` authority; test/extract/resolutions.test.ts
	 * checks it as a property). Whether the base takes it is asked of the full resolver once
	 * per base, with a canonical absolute URL: a base the dialect refuses, or a script URL
	 * (extract/base.ts SCRIPT_SCHEME), refuses every absolute reference alike.
	 */
	takesAbsolute(base: string, value: string): boolean {
		if (!plainSpecialUrl(value)) return false;
		const slot = this.slot(base);
		if (slot.takesAbsolute === undefined) slot.takesAbsolute = this.resolveFully(PROBE, base) === PROBE;
		return slot.takesAbsolute;
	}

	private slot(base: string): Slot {
		const first = this.first;
		if (first !== undefined && first.base === base) return first;
		const second = this.second;
		if (second !== undefined && second.base === base) {
			this.second = first;
			this.first = second;
			return second;
		}
		// A base neither of the last two: it replaces the older one.
		const slot: Slot = {base, takesAbsolute: undefined, rows: undefined};
		this.second = first;
		this.first = slot;
		return slot;
	}
}
