/**
 * The extractor core for `type: 'text'`: mail, news, logs and notes, scanned per RFC 2396
 * Appendix E and F (see scan.ts for the rules), streaming and chunk-invariant.
 *
 * Streaming rests on one fact: outside `<...>`, every candidate ends at whitespace. So
 * each write scans the candidates that start before the last whitespace received; a `<`
 * whose brackets cannot be decided yet (no `>`, and fewer than `MAX_BRACKET_SPAN` units
 * after it) stops the scan until more text comes. Only the text after that point is kept.
 *
 * Linear time whatever the chunking: a write looks for whitespace in the new chunk only (the
 * held text is read only when a scan or a compaction needs it: reading a string just appended
 * to copies it), a `<` left undecided is tried again only once the text after it has doubled,
 * and a run past the window is skipped by searching each new chunk once.
 */
import {fallbackBase, resolveContext, resolveEvent} from '../base.js';
import type {CoreOptions, ResolveContext} from '../base.js';
import type {ExtractorCore, LinkSink} from '../core.js';
import {referenceEvent} from '../event.js';
import {LineTracker} from '../position.js';
import {isSpace} from './chars.js';
import {MAX_BRACKET_SPAN} from './bracket.js';
import {compileTextScanOptions, scanSegment, type CompiledTextScanOptions, type TextMatch} from './scan.js';

export {scanText, MAX_SCHEME_LENGTH, type TextDelimiter, type TextMatch, type TextScanOptions} from './scan.js';
export {MAX_BRACKET_SPAN} from './bracket.js';
export {MAX_LOCAL_LENGTH} from './parts.js';
export {OPAQUE_SCHEMES} from './schemes.js';

/**
 * The most text, in UTF-16 units, held after the last whitespace (or pending `<`). Reached
 * only by a run without whitespace longer than this: the run is then scanned as if the
 * input ended there (a URL in it is emitted with what has arrived), and the rest of the
 * run, up to the next whitespace, is treated as plain text. Chunk invariance holds for
 * every input without such a run.
 */
export const MAX_TEXT_WINDOW = 1 << 16;

/** Units kept before the resume point: the word-boundary and quote checks read one back. */
const LOOKBEHIND = 1;

/** Dropping consumed text costs a copy: do it once this much has piled up. */
const COMPACT_THRESHOLD = 1 << 12;

/** A whitespace unit (`isSpace`), for a native search through a chunk (no `g` flag: no shared state). */
const SPACE = /[\t\n\v\f\r ]/;

/**
 * Plain-text Links in document order: kind `'text'`, `syntax: 'text'`, `container: 'raw'`,
 * the delimiter found; relative references (only in `<URL:...>`) resolve against the
 * §5.1 fallback layers, absolute ones need no base.
 *
 * @example
 * const links: Link[] = [];
 * const core = new TextExtractor({type: 'text'}, link => links.push(link));
 * core.write('See <http://example.com/a-\n   long/path> or www.');
 * core.write('example.org.');
 * core.end();
 * // links[0].value === 'http://example.com/a-long/path', links[0].delimiter === '<>'
 * // links[1].value === 'www.example.org', links[1].url === 'http://www.example.org/'
 */
export class TextExtractor implements ExtractorCore {
	private buffer = '';
	/** Absolute offset of `buffer[0]`. */
	private bufferStart = 0;
	/** Buffer index where scanning resumes. */
	private resume = 0;
	/** Buffer index of the last whitespace unit, or -1. */
	private lastSpace = -1;
	/** Inside a run longer than MAX_TEXT_WINDOW: plain text until the next whitespace. */
	private skipping = false;
	/** Absolute offset the input must reach before an undecided `<` at the resume point is tried again. */
	private retryAt = 0;
	/** `buffer.length` when it was last read: appends since make it a rope that the next read copies. */
	private flatLength = 0;
	private copiedUnits = 0;
	private readonly tracker = new LineTracker();
	private readonly scanOptions: CompiledTextScanOptions;
	private readonly context: ResolveContext;
	private readonly sink: LinkSink;

	constructor(options: CoreOptions, sink: LinkSink) {
		this.scanOptions = compileTextScanOptions(options.fuzzy === undefined ? {} : {fuzzy: options.fuzzy});
		const base = fallbackBase(options);
		this.context = resolveContext(options, base, options.encodeQuery);
		this.sink = sink;
	}

	/**
	 * No event before this offset will reach the sink (ExtractorCore): candidates start at
	 * or after the resume point (the look-behind unit before it is only read).
	 */
	get safeOffset(): number {
		return this.bufferStart + this.resume;
	}

	/**
	 * Code units of held text copied so far (each read of the buffer after appends flattens
	 * it): stays within a small multiple of the input length, however it is split (for tests).
	 */
	get copied(): number {
		return this.copiedUnits;
	}

	/** Decoded text, split anywhere. */
	write(chunk: string): void {
		if (chunk === '') return;
		const appendedAt = this.buffer.length;
		this.buffer += chunk;
		if (this.skipping) {
			const space = chunk.search(SPACE);
			this.resume = space < 0 ? this.buffer.length : appendedAt + space;
			this.skipping = space < 0;
		}
		for (let i = this.skipping ? -1 : chunk.length - 1; i >= 0; i--) {
			if (isSpace(chunk.charCodeAt(i))) {
				this.lastSpace = appendedAt + i;
				break;
			}
		}
		const retry = this.bufferStart + this.buffer.length >= this.retryAt;
		if (!this.skipping && this.lastSpace >= this.resume && retry) this.scan(this.lastSpace + 1, false);
		if (this.buffer.length - this.resume > MAX_TEXT_WINDOW) {
			this.scan(this.buffer.length, true); // Deviation from chunk invariance, documented at MAX_TEXT_WINDOW
			this.skipping = true;
		}
		this.compact(false);
	}

	/** Flush: the rest of the input is scanned as final. */
	end(): void {
		if (!this.skipping) this.scan(this.buffer.length, true);
		this.resume = this.buffer.length;
		this.compact(true);
	}

	/** The buffer, to read: appends since the last read made it a rope, which this read copies (counted). */
	private text(): string {
		if (this.buffer.length !== this.flatLength) {
			this.copiedUnits += this.buffer.length;
			this.flatLength = this.buffer.length;
		}
		return this.buffer;
	}

	private scan(limit: number, final: boolean): void {
		const matches: TextMatch[] = [];
		const next = scanSegment(this.text(), this.resume, limit, final, this.scanOptions, matches);
		this.resume = Math.max(this.resume, next);
		if (next < limit) {
			// An undecided "<" at `next`: try it again once the text after it has doubled, or covers its span.
			const open = this.bufferStart + next;
			const after = this.bufferStart + this.buffer.length - open;
			this.retryAt = open + Math.min(2 * after, MAX_BRACKET_SPAN + 2);
		}
		for (const match of matches) this.emit(match);
	}

	private emit(match: TextMatch): void {
		const start = this.bufferStart + match.start;
		const text = this.text();
		const {line, column} = this.tracker.locate(text, this.bufferStart, start);
		const event = referenceEvent(
			match.value,
			text.slice(match.start, match.end),
			start,
			this.bufferStart + match.end,
			line,
			column,
			'text',
			'base',
			'text',
			'raw',
		);
		event.delimiter = match.delimiter;
		if (match.reference !== match.value) event.reference = match.reference;
		this.sink(resolveEvent(event, this.context), event);
	}

	/** Drop text before the resume point (less LOOKBEHIND), after counting its lines. */
	private compact(force: boolean): void {
		const drop = Math.max(0, this.resume - LOOKBEHIND);
		if (drop === 0 || (!force && drop < COMPACT_THRESHOLD && drop * 2 < this.buffer.length)) return;
		const text = this.text();
		this.tracker.locate(text, this.bufferStart, this.bufferStart + drop);
		this.buffer = text.slice(drop);
		this.flatLength = this.buffer.length;
		this.bufferStart += drop;
		this.resume -= drop;
		this.lastSpace = Math.max(-1, this.lastSpace - drop);
	}
}
