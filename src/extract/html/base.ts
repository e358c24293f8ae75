/**
 * The HTML document base URL (HTML `#document-base-url`, `#set-the-frozen-base-url`) as
 * RFC 2396 §5.1.1's embedded base, and the queue that holds reference events until that
 * base is known.
 *
 * Policy (html-url-attributes.md §4.5). References are held, not the document, until the
 * base is settled:
 * - at the first BASE element with an `href` attribute (outside svg, math and template);
 * - or when body content starts (the extractor calls {@link BaseTracker.settle});
 * - or after {@link HOLD_LIMIT_EVENTS} held events or {@link HOLD_LIMIT_CHARS} characters
 *   of input, whichever comes first;
 * - or at the end of input.
 * Held references then resolve against the settled base. A first BASE-with-href found
 * after that (non-conforming, e.g. a BASE in the body of a long page) applies to the
 * references after it only; the ones already emitted keep the fallback base (browsers
 * would re-resolve hyperlinks; a stream cannot take back what it emitted).
 */
import type {Link} from '../../types.js';
import {type BaseLayer, type CoreOptions, type ResolveContext, resolveContext, resolveEvent} from '../base.js';
import type {LinkSink} from '../core.js';
import type {ReferenceEvent} from '../event.js';

/** Held events before the base is settled anyway. */
export const HOLD_LIMIT_EVENTS = 1024;
/** Input characters (UTF-16 units) read before the base is settled anyway. */
export const HOLD_LIMIT_CHARS = 1 << 20;

/** A queued reference: resolved when released (or at once when the base is settled). */
export interface QueueEntry {
	event: ReferenceEvent;
	link: Link | null;
	/** False while something (anchor text) is still to be filled in. */
	ready: boolean;
	/** Called when the queue must release an entry that is not ready: fill in what is known. */
	complete?: () => void;
}

/** Schemes a BASE href may not set (HTML `#set-the-frozen-base-url`). */
const FORBIDDEN_BASE_SCHEMES: ReadonlySet<string> = new Set(['data', 'javascript']);

/**
 * Tracks the document base and releases Links in document order.
 *
 * @example
 * const tracker = new BaseTracker(options, fallbackBase(options), sink);
 * tracker.add(event); // held until the base is settled
 * tracker.base(baseEvent); // sets the base, releases the held events resolved against it
 */
export class BaseTracker {
	readonly context: ResolveContext;
	private settled = false;
	/** A BASE with href was seen: later ones never count (HTML: the first in tree order). */
	private found = false;
	private readonly queue: QueueEntry[] = [];
	private head = 0;
	private readonly sink: LinkSink;

	constructor(options: Pick<CoreOptions, 'dialect' | 'encodeQuery' | 'own'>, fallback: BaseLayer | null, sink: LinkSink) {
		this.sink = sink;
		this.context = resolveContext(options, fallback, options.encodeQuery);
	}

	/** Start offset of the first event still held (undefined when none is). */
	get heldFrom(): number | undefined {
		return this.queue[this.head]?.event.start;
	}

	/** Whether the base may still change for the events held. */
	get holding(): boolean {
		return !this.settled;
	}

	/** Queue a reference event in document order. */
	add(event: ReferenceEvent): void {
		if (this.settled && this.head === this.queue.length) {
			// Nothing held: straight through.
			this.sink(resolveEvent(event, this.context), event);
			return;
		}
		this.push({event, link: this.settled ? resolveEvent(event, this.context) : null, ready: true});
	}

	/** Queue an event whose Link waits for more (anchor text) before it is released. */
	hold(event: ReferenceEvent): QueueEntry {
		return this.push({event, link: this.settled ? resolveEvent(event, this.context) : null, ready: false});
	}

	/** Queue a Link resolved elsewhere (a nested srcdoc document). */
	addResolved(link: Link, event: ReferenceEvent): void {
		this.push({event, link, ready: true});
	}

	/**
	 * A BASE element's href (its event, `against: 'document'`): emitted as a `base` Link
	 * resolved against the fallback base; the first one sets the document base.
	 */
	base(event: ReferenceEvent, counts: boolean): void {
		const link = resolveEvent(event, this.context);
		this.push({event, link, ready: true});
		if (!counts || this.found) return;
		this.found = true;
		// HTML: frozen base URL = href parsed against the fallback base; failure, data: or
		// javascript: leave the fallback base (and still block later BASE elements).
		if (link.url !== null && !FORBIDDEN_BASE_SCHEMES.has(schemeOf(link.url))) {
			this.context.base = {url: link.url, source: 'document'};
		}
		this.settle();
	}

	/** The base can no longer change for what is held: resolve and release it. */
	settle(): void {
		if (this.settled) return;
		this.settled = true;
		for (let i = this.head; i < this.queue.length; i++) {
			const entry = this.queue[i];
			if (entry !== undefined && entry.link === null) entry.link = resolveEvent(entry.event, this.context);
		}
		this.flush();
	}

	/** Called as input is read: settles once the hold limits are passed. */
	checkLimits(offset: number): void {
		if (!this.settled && offset > HOLD_LIMIT_CHARS) this.settle();
	}

	/** Release the entries that are ready, in order. */
	flush(): void {
		if (!this.settled) return;
		const queue = this.queue;
		while (this.head < queue.length) {
			const entry = queue[this.head];
			if (entry === undefined || !entry.ready) break;
			this.head++;
			const link = entry.link ?? resolveEvent(entry.event, this.context);
			this.sink(link, entry.event);
		}
		if (this.head === queue.length) {
			queue.length = 0;
			this.head = 0;
		}
	}

	/** End of input: everything is released. */
	end(): void {
		for (let i = this.head; i < this.queue.length; i++) this.forceReady(this.queue[i]);
		this.settle();
		this.flush();
	}

	private push(entry: QueueEntry): QueueEntry {
		if (this.settled && entry.ready && this.head === this.queue.length) {
			this.sink(entry.link ?? resolveEvent(entry.event, this.context), entry.event);
			return entry;
		}
		this.queue.push(entry);
		if (this.queue.length - this.head > HOLD_LIMIT_EVENTS) {
			// Over the bound: settle the base, and stop waiting for unfinished entries.
			this.settle();
			for (let i = this.head; i < this.queue.length; i++) this.forceReady(this.queue[i]);
			this.flush();
		}
		return entry;
	}

	private forceReady(entry: QueueEntry | undefined): void {
		if (entry === undefined || entry.ready) return;
		entry.complete?.();
		entry.ready = true;
	}
}

function schemeOf(url: string): string {
	const colon = url.indexOf(':');
	return colon < 0 ? '' : url.slice(0, colon).toLowerCase();
}
