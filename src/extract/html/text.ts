/**
 * What the HTML extractor reads from text content: anchor text (the `anchorText` option)
 * and plain-text URLs in text nodes (the `textLinks` option, through text.ts).
 */
import type {FuzzyOptions} from '../../types.js';
import {type ReferenceEvent, referenceEvent} from '../event.js';
import type {QueueEntry} from './base.js';
import type {DecodedText} from './decode.js';
import type {Position} from '../position.js';
import {isAsciiWhitespace} from '../srcset.js';
import {scanText} from '../text/extractor.js';

/** Anchor text is cut to this many characters (Common Crawl WAT does the same). */
export const ANCHOR_TEXT_LENGTH = 128;
/**
 * Input characters an anchor may span before its Link is released with the text read so
 * far (an unclosed `<a>` must not hold the Links after it for ever).
 */
export const ANCHOR_HOLD_CHARS = 1 << 16;

/**
 * The text of one open `<a>` element, for its href Link: ASCII whitespace runs collapsed
 * to one space, trimmed, the first {@link ANCHOR_TEXT_LENGTH} characters kept.
 * The Link waits in the queue (not ready) until `</a>`, the next `<a>`, the end of
 * input, enough text, or {@link ANCHOR_HOLD_CHARS} of input.
 *
 * @example
 * const anchor = new AnchorText(entry, 120);
 * anchor.append('  Read\n the   docs ');
 * anchor.finish(); // entry.event.text === 'Read the docs'
 */
export class AnchorText {
	private text = '';
	private space = false;
	private readonly entry: QueueEntry;
	/** Absolute offset where the anchor started. */
	readonly start: number;

	constructor(entry: QueueEntry, start: number) {
		this.entry = entry;
		this.start = start;
		entry.complete = () => this.fill();
	}

	/** Decoded text content inside the anchor (script and style text excluded). */
	append(s: string): void {
		for (let i = 0; i < s.length && !this.full; i++) {
			const c = s.charCodeAt(i);
			if (isAsciiWhitespace(c)) {
				this.space = this.text !== '';
			} else {
				if (this.space) this.text += ' ';
				this.space = false;
				this.text += s[i];
			}
		}
	}

	/** Enough text is known: the first ANCHOR_TEXT_LENGTH characters can no longer change. */
	get full(): boolean {
		return this.text.length > ANCHOR_TEXT_LENGTH;
	}

	/** Set the text on the Link and let the queue release it. */
	finish(): void {
		this.fill();
		this.entry.ready = true;
	}

	private fill(): void {
		const text = this.text.slice(0, ANCHOR_TEXT_LENGTH).trimEnd();
		this.entry.event.text = text;
		if (this.entry.link !== null) this.entry.link.text = text;
	}
}

/**
 * Plain-text URLs of a decoded text node (RFC 2396 Appendix E/F, text.ts), as events with
 * spans into the source. `value` is the reference as written (wrapping removed); when
 * Appendix F completes it (`www.x.org` → `http://www.x.org`), `reference` holds what is resolved.
 *
 * @example
 * textEvents(decoder.decode('see www.example.org/a.', 300, 'text'), undefined, locate, emit);
 */
export function textEvents(
	text: DecodedText,
	fuzzy: FuzzyOptions | undefined,
	locate: (offset: number) => Position,
	emit: (event: ReferenceEvent) => void,
): void {
	const matches = fuzzy === undefined ? scanText(text.text) : scanText(text.text, {fuzzy});
	for (const match of matches) {
		const start = text.toSourceStart(match.start);
		const end = match.start === match.end ? start : text.toSourceEnd(match.end);
		const {line, column} = locate(start);
		const event = referenceEvent(
			match.value,
			text.sourceSlice(start, end),
			start,
			end,
			line,
			column,
			'text',
			'base',
			'text',
			'html-text',
		);
		event.delimiter = match.delimiter;
		// Appendix F completion (`www.x` → `http://www.x`) is what gets resolved.
		if (match.reference !== match.value) event.reference = match.reference;
		emit(event);
	}
}
