/**
 * The references one start tag may report, so memory stays bounded: a srcset of 5.6 M candidates,
 * a ping list, a style attribute full of `url()` or an iframe srcdoc document would
 * otherwise release millions of Links at the tag's end, all at once, past any
 * backpressure. Past {@link MAX_TAG_REFERENCES}, the rest of the tag is reported as one
 * Link, `url: null`, `error: 'too-many'`, spanning the references not reported (its
 * `syntax` is `'none'`: a rewrite keeps those bytes as written).
 */
import type {Link} from '../../types.js';
import {unresolvedLink} from '../base.js';
import {movedEvent, type ReferenceEvent} from '../event.js';

/** References reported for one start tag (with its style attribute's CSS and its srcdoc document). */
export const MAX_TAG_REFERENCES = 1024;

/**
 * Counts a tag's events; past the cap, folds the rest into one overflow event.
 *
 * @example
 * const cap = new TagCap((start, end) => source.slice(start, end), (link, event) => queue(link, event));
 * if (cap.admit(event)) queue(resolve(event), event);
 * cap.close(); // at the tag's end: reports the overflow, if any
 */
export class TagCap {
	private count = 0;
	private overflow: ReferenceEvent | null = null;
	private readonly slice: (start: number, end: number) => string;
	private readonly report: (link: Link, event: ReferenceEvent) => void;
	private readonly own: ((s: string) => string) | undefined;

	/** `slice`: the source of a span of the open tag; `report`: where the overflow Link goes. */
	constructor(
		slice: (start: number, end: number) => string,
		report: (link: Link, event: ReferenceEvent) => void,
		own?: (s: string) => string,
	) {
		this.slice = slice;
		this.report = report;
		this.own = own;
	}

	/** Whether the tag's next event may be reported (else it is folded into the overflow). */
	admit(event: ReferenceEvent): boolean {
		if (++this.count <= MAX_TAG_REFERENCES) return true;
		if (this.overflow === null) {
			this.overflow = movedEvent(event, '', event.start, event.end, event.line, event.column);
			this.overflow.syntax = 'none';
		} else this.overflow.end = Math.max(this.overflow.end, event.end);
		return false;
	}

	/**
	 * A reference ending at `end` is folded into the overflow if one is open (true): its Link
	 * need not be made. Else (false) it goes through {@link admit}.
	 */
	fold(end: number): boolean {
		if (this.overflow === null) return false;
		this.count++;
		this.overflow.end = Math.max(this.overflow.end, end);
		return true;
	}

	/** The tag ends: report its overflow (one Link) and start counting again. */
	close(): void {
		const overflow = this.overflow;
		this.count = 0;
		if (overflow === null) return;
		this.overflow = null;
		overflow.raw = overflow.value = this.slice(overflow.start, overflow.end);
		overflow.reference = overflow.codebase = undefined;
		this.report(unresolvedLink(overflow, 'too-many', this.own), overflow);
	}
}
