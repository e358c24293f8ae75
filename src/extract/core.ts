/** The contract every extractor core implements (html and xhtml, xml, css, text). */
import type {Link} from '../types.js';
import type {ReferenceEvent} from './event.js';

/** Receives each Link in document order, with the event it was resolved from. */
export type LinkSink = (link: Link, event: ReferenceEvent) => void;

/**
 * A synchronous extractor core: decoded text in (split anywhere), Links out through its
 * sink in document order.
 */
export interface ExtractorCore {
	write(chunk: string): void;
	end(): void;
	/**
	 * The flushing watermark: no event with `start < safeOffset` will reach the sink any
	 * more (offsets into the whole decoded input). It never decreases. A rewriter may
	 * copy the source before it to its output. After `end()` everything is final.
	 */
	readonly safeOffset: number;
	/**
	 * XML only: whether an element of a vocabulary linkstream knows (xml/vocabularies.ts:
	 * feeds, sitemaps, OPML, SVG, XHTML …) has been read. The command says so when a document
	 * has none and gives no Link.
	 */
	readonly knownVocabulary?: boolean;
	/**
	 * HTML, XHTML and XML: start tags let go as longer than MAX_TOKEN_LENGTH (their Links
	 * are not read). The pipeline reports them to `onWarning` at the end.
	 */
	readonly droppedTags?: number;
	/** HTML, XHTML and XML: iframe srcdoc documents nested too deep to be read (MAX_SRCDOC_DEPTH), reported so too. */
	readonly deepFrames?: number;
	/** CSS, and CSS in HTML: URLs skipped as tokens longer than MAX_CSS_TOKEN, reported so too. */
	readonly cutCssTokens?: number;
	/** XML: element texts (a URL, base64 content) let go as longer than MAX_ELEMENT_TEXT, reported so too. */
	readonly longTexts?: number;
	/**
	 * With `CoreOptions.releaseStep`: Links are waiting to be released (a step's worth went
	 * out); call `releaseNext()` before writing more, or after `end()`, until this is false.
	 */
	readonly pending?: boolean;
	/** Release the next step of waiting Links (see `pending`). */
	releaseNext?(): void;
}
