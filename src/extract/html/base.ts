/**
 * The HTML document base URL (HTML `#document-base-url`, `#set-the-frozen-base-url`) as
 * RFC 2396 §5.1.1's embedded base, and the queue that holds reference events until that
 * base is known.
 *
 * HTML: the document base is the first BASE element with an `href` attribute in tree order,
 * wherever it is (outside svg, math and template), and browsers resolve every URL of the
 * document against it, those before it included. References are held, not the document,
 * until the base is settled, by one of two policies (`ExtractOptions.baseHold`):
 *
 * - `'document'` (one-shot calls, the command's inputs, mail parts, WARC records): held to
 *   the first BASE-with-href or the end of the document, so a BASE after body content
 *   still governs the references before it, as in a browser. Bounded: past
 *   {@link DOCUMENT_HOLD_EVENTS} held references, or once no reference before
 *   {@link DOCUMENT_HOLD_CHARS} characters of input can still come, the base settles
 *   with what is known, as in the head policy.
 * - `'head'` (streams' default, html-url-attributes.md §4.5): held until the first
 *   BASE-with-href, or until body content starts (the extractor calls
 *   {@link BaseTracker.settle}), or past {@link HOLD_LIMIT_EVENTS} held references or
 *   {@link HOLD_LIMIT_CHARS} characters of input, or at the end of input.
 *
 * Held references then resolve against the settled base. A first BASE-with-href found
 * after that (a BASE in the body of a long page, or of any page in a stream) applies to the
 * references after it only; the ones already emitted keep the fallback base (browsers
 * would re-resolve them; a stream cannot take back what it emitted).
 *
 * The character bound counts offsets of events, not of writes, so the outcome is the same
 * for any split of the input: an event that starts past it settles the base before it is
 * queued; the extractor settles early (to release memory) only when every event still to
 * come must start past it ({@link BaseTracker.checkLimits}).
 */
import type {BaseHold, Link} from '../../types.js';
import {type BaseLayer, type CoreOptions, type ResolveContext, resolveContext, resolveEvent} from '../base.js';
import type {LinkSink} from '../core.js';
import type {ReferenceEvent} from '../event.js';

/** Head policy: held events before the base is settled anyway. */
export const HOLD_LIMIT_EVENTS = 1024;
/** Head policy: input characters (UTF-16 units) within which a held event must start. */
export const HOLD_LIMIT_CHARS = 1 << 20;
/**
 * Document policy: held events before the base is settled anyway (32,768). A held event
 * costs about 300 bytes besides its strings, so a document holds some 10 MB; at 100,000,
 * link-dense pages on a few threads at once took over 400 MB (bench/hostile.ts), and a
 * BASE after more references than this is not found in real pages.
 */
export const DOCUMENT_HOLD_EVENTS = 1 << 15;
/** Document policy: input characters (UTF-16 units, 8 Mi) within which a held event must start. */
export const DOCUMENT_HOLD_CHARS = 1 << 23;

/** A queued reference that waits for more (anchor text) before it is released. */
export interface QueueEntry {
	event: ReferenceEvent;
	link: Link | null;
	/** False while something (anchor text) is still to be filled in. */
	ready: boolean;
	/** Called when the queue must release an entry that is not ready: fill in what is known. */
	complete?: () => void;
}

class HeldEntry implements QueueEntry {
	event: ReferenceEvent;
	link: Link | null;
	ready = false;
	complete?: () => void;

	constructor(event: ReferenceEvent, link: Link | null) {
		this.event = event;
		this.link = link;
	}
}

/**
 * What the queue holds after each event: its Link when made before its release (the base was
 * settled, an earlier entry was not released yet), null when it is resolved as it is released,
 * or the {@link HeldEntry} of an event that waits for more.
 */
type Slot = Link | null | HeldEntry;

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
	/**
	 * Held events in document order, each followed by its {@link Slot}: two elements per
	 * event, no object (a document holds every reference to its end in one-shot calls).
	 */
	private readonly queue: Array<ReferenceEvent | Slot> = [];
	/** The context the references held before the base settled are resolved in (see settle). */
	private heldContext: ResolveContext | undefined;
	private head = 0;
	private readonly sink: LinkSink;
	/** Whether body content settles the base (the head policy). */
	private readonly untilBody: boolean;
	private readonly maxEvents: number;
	private readonly maxChars: number;
	/** Entries released per step (CoreOptions.releaseStep), and what is left of this step. */
	private readonly step: number;
	private budget: number;

	constructor(
		options: Pick<CoreOptions, 'dialect' | 'encodeQuery' | 'own'>,
		fallback: BaseLayer | null,
		sink: LinkSink,
		hold: BaseHold = 'head',
		step = Infinity,
	) {
		this.sink = sink;
		this.step = step;
		this.budget = step;
		this.context = resolveContext(options, fallback, options.encodeQuery);
		this.untilBody = hold === 'head';
		this.maxEvents = hold === 'head' ? HOLD_LIMIT_EVENTS : DOCUMENT_HOLD_EVENTS;
		this.maxChars = hold === 'head' ? HOLD_LIMIT_CHARS : DOCUMENT_HOLD_CHARS;
	}

	/** Start offset of the first event still held (undefined when none is). */
	get heldFrom(): number | undefined {
		return this.head < this.queue.length ? (this.queue[this.head] as ReferenceEvent).start : undefined;
	}

	/** Whether the start of body content would settle the base (head policy, not settled yet). */
	get watchingForBody(): boolean {
		return this.untilBody && !this.settled;
	}

	/** Body content started (a body start tag, non-whitespace text, `</head>`): the head policy settles. */
	bodyStarts(): void {
		if (this.untilBody) this.settle();
	}

	/** Queue a reference event in document order. */
	add(event: ReferenceEvent): void {
		if (this.settled && this.head === this.queue.length) {
			// Nothing held: straight through.
			this.sink(resolveEvent(event, this.context), event);
			return;
		}
		this.push(event, this.settled ? resolveEvent(event, this.context) : null);
	}

	/** Queue an event whose Link waits for more (anchor text) before it is released. */
	hold(event: ReferenceEvent): QueueEntry {
		const entry = new HeldEntry(event, this.settled ? resolveEvent(event, this.context) : null);
		this.push(event, entry);
		return entry;
	}

	/** Queue a Link resolved elsewhere (a nested srcdoc document). */
	addResolved(link: Link, event: ReferenceEvent): void {
		this.push(event, link);
	}

	/**
	 * A BASE element's href (its event, `against: 'document'`): emitted as a `base` Link
	 * resolved against the fallback base; the first one sets the document base.
	 */
	base(event: ReferenceEvent, counts: boolean): void {
		this.checkStart(event.start);
		const link = resolveEvent(event, this.context);
		this.push(event, link);
		if (!counts || this.found) return;
		this.found = true;
		// HTML: frozen base URL = href parsed against the fallback base; failure, data: or
		// javascript: leave the fallback base (and still block later BASE elements).
		if (link.url !== null && !FORBIDDEN_BASE_SCHEMES.has(schemeOf(link.url))) {
			this.context.base = {url: link.url, source: 'document'};
		}
		this.settle();
	}

	/**
	 * The base can no longer change for what is held: release it. Each held reference is
	 * resolved as it is released, against the base as it is now (a BASE found later changes
	 * `context`, not `heldContext`), so its Link is made, handed on and let go one at a time:
	 * resolving them all first made every URL at once (30,000 references and a 200 KB BASE:
	 * 6 GB of strings before the first line was written).
	 */
	settle(): void {
		if (this.settled) return;
		this.settled = true;
		this.heldContext = {...this.context};
		this.flush();
	}

	/**
	 * Called as input is read with the offset before which no event can start any more:
	 * once that is past the character bound, every event to come would settle the base
	 * (see checkStart), so it settles now and the held events are let go.
	 */
	checkLimits(earliestStart: number): void {
		if (!this.settled && earliestStart > this.maxChars) this.settle();
	}

	/** An event starting past the character bound settles the base before it is queued. */
	private checkStart(start: number): void {
		if (!this.settled && start > this.maxChars) this.settle();
	}

	/** Entries ready to go are waiting for the next step (see `releaseNext`). */
	get pending(): boolean {
		return this.settled && this.head < this.queue.length && isReady(this.queue[this.head + 1] as Slot);
	}

	/** A new step: release up to `step` more entries. */
	releaseNext(): void {
		this.budget = this.step;
		this.flush();
	}

	/** Release the entries that are ready, in order (within the step's budget). */
	flush(): void {
		if (!this.settled) return;
		const queue = this.queue;
		while (this.head < queue.length && this.budget > 0) {
			const event = queue[this.head] as ReferenceEvent;
			let slot = queue[this.head + 1] as Slot;
			if (slot instanceof HeldEntry) {
				if (!slot.ready) break;
				slot = slot.link;
			}
			this.budget--;
			this.head += 2;
			this.sink(slot ?? resolveEvent(event, this.heldContext ?? this.context), event);
		}
		if (this.head === queue.length) {
			queue.length = 0;
			this.head = 0;
		}
	}

	/** End of input: everything is released. */
	end(): void {
		this.forceAllReady();
		this.settle();
		this.flush();
	}

	private push(event: ReferenceEvent, slot: Slot): void {
		this.checkStart(event.start);
		if (this.settled && this.head === this.queue.length && !(slot instanceof HeldEntry)) {
			this.sink(slot ?? resolveEvent(event, this.heldContext ?? this.context), event);
			return;
		}
		const queue = this.queue;
		queue.push(event, slot);
		// Past the bound: unless the queue only waits for its next step (releaseNext), where forcing would find nothing (and cost the queue's length per event).
		if ((queue.length - this.head) >> 1 > this.maxEvents && (!this.settled || !isReady(queue[this.head + 1] as Slot))) {
			// Over the bound: settle the base, and stop waiting for unfinished entries.
			this.settle();
			this.forceAllReady();
			this.flush();
		}
	}

	/** Stop waiting for unfinished entries: each fills in what it knows. */
	private forceAllReady(): void {
		const queue = this.queue;
		for (let i = this.head + 1; i < queue.length; i += 2) {
			const slot = queue[i];
			if (!(slot instanceof HeldEntry) || slot.ready) continue;
			slot.complete?.();
			slot.ready = true;
		}
	}
}

function isReady(slot: Slot): boolean {
	return !(slot instanceof HeldEntry) || slot.ready;
}

function schemeOf(url: string): string {
	const colon = url.indexOf(':');
	return colon < 0 ? '' : url.slice(0, colon).toLowerCase();
}
