/**
 * The open elements of an XML document as the extractor needs them: the namespaces in
 * scope (XML Names §6.1, §6.2: a prefix declared on an element applies to it and its
 * content; the default namespace applies to unprefixed element names only), and the base
 * URI (XML Base §4.2: an element's base is its xml:base resolved against its parent's
 * base, or its parent's base).
 *
 * Memory: nothing is held for a base but the URL itself, known at the element's start
 * tag. At most {@link MAX_DEPTH} elements are tracked; deeper ones share the innermost
 * tracked element's scope (their end tags are counted off first).
 */
import type {BaseLayer} from '../base.js';
import type {DecodedText} from '../html/decode.js';
import {NS, wellKnownPrefix} from './vocabularies.js';

/** Open elements tracked at most (deeper ones inherit the innermost tracked scope). */
export const MAX_DEPTH = 1024;

/** What reads an element's text (a URL, escaped HTML, CSS, base64 content). */
export interface TextReader {
	/**
	 * The next decoded piece of the element's own text; `cdata` when written as a CDATA
	 * section, `unterminated` when that section runs to the end of the input (no `]]>`).
	 */
	text(piece: DecodedText, cdata: boolean, unterminated?: boolean): void;
	/** A child element interrupts the text (unless the reader takes markup). */
	interrupt(): void;
	/**
	 * Readers of HTML take child markup as written: a start or end tag inside the element
	 * (HTML left unescaped, as some feeds write it) is HTML, not XML.
	 */
	markup?: (piece: DecodedText) => void;
	/**
	 * The reader takes a CDATA section in pieces (each `cdata`, the section's markup between
	 * none of them): the extractor then hands over what it has read of an open section at
	 * the end of each write. Otherwise a section comes whole, at its `]]>`.
	 */
	readonly cdataInPieces?: boolean;
	/** The element ends (or the input does). */
	end(): void;
	/** The earliest source offset the reader may still need (undefined: none). */
	readonly heldFrom: number | undefined;
	/** The source before `from` is no longer held (past MAX_TOKEN_LENGTH): what the reader holds from before it is read or let go. */
	letGo?: (from: number) => void;
}

export interface Frame {
	/** The qualified name as written (end tags match it). */
	qname: string;
	/** Namespace URI ('' none; a pseudo-namespace under an rss or opml root). */
	namespace: string;
	local: string;
	/** Prefix → namespace URI in scope (shared with the parent unless this element declares some). */
	prefixes: ReadonlyMap<string, string>;
	/** XML Base: the element's base URI (from its xml:base, or its parent's). */
	base: BaseLayer | null;
	/** Offset of the start tag's `<`. */
	start: number;
	reader: TextReader | null;
}

const DEFAULT_PREFIXES: ReadonlyMap<string, string> = new Map([['xml', NS.xml]]);

/**
 * The stack of open elements.
 *
 * @example
 * const scope = new ElementScope({url: 'https://example.com/feed', source: 'retrieval'});
 * scope.prefixes; // the prefixes in scope at the next start tag
 */
export class ElementScope {
	private readonly frames: Frame[] = [];
	/** Elements opened past MAX_DEPTH and not closed yet. */
	private untracked = 0;
	private readonly fallback: BaseLayer | null;

	constructor(fallback: BaseLayer | null) {
		this.fallback = fallback;
	}

	/** The innermost tracked element. */
	get top(): Frame | undefined {
		return this.frames.at(-1);
	}

	/** The parent of the innermost tracked element. */
	get parent(): Frame | undefined {
		return this.frames.at(-2);
	}

	get isEmpty(): boolean {
		return this.frames.length === 0 && this.untracked === 0;
	}

	/** The base in scope (XML Base §4.2; the §5.1 fallback layers outside any element). */
	get base(): BaseLayer | null {
		return this.top?.base ?? this.fallback;
	}

	/** Prefixes in scope at the next start tag. */
	get prefixes(): ReadonlyMap<string, string> {
		return this.top?.prefixes ?? DEFAULT_PREFIXES;
	}

	/** Open an element (or count it, past MAX_DEPTH). */
	open(frame: Frame): void {
		if (this.frames.length >= MAX_DEPTH) this.untracked++;
		else this.frames.push(frame);
	}

	/**
	 * An end tag: close the innermost open element named `qname` and those inside it
	 * (their readers end, innermost first). A stray end tag closes nothing.
	 */
	close(qname: string): void {
		if (this.untracked > 0) {
			this.untracked--;
			return;
		}
		const index = this.frames.findLastIndex(frame => frame.qname === qname);
		if (index >= 0) this.closeFrom(index);
	}

	/** End of input: every open element ends. */
	closeAll(): void {
		this.untracked = 0;
		this.closeFrom(0);
	}

	private closeFrom(index: number): void {
		while (this.frames.length > index) this.frames.pop()?.reader?.end();
	}
}

/**
 * The namespace URI of a qualified name in `prefixes`: an element's unprefixed name takes
 * the default namespace (`xmlns`), an attribute's none (XML Names §6.2). An undeclared
 * prefix is read as its usual namespace when it is a well-known one (vocabularies.ts
 * wellKnownPrefix: feeds use `itunes:` or `media:` without declaring them); undefined otherwise.
 *
 * @example
 * resolveName('atom:link', new Map([['atom', 'http://www.w3.org/2005/Atom']]), true); // {namespace: 'http://www.w3.org/2005/Atom', local: 'link'}
 */
export function resolveName(
	qname: string,
	prefixes: ReadonlyMap<string, string>,
	element: boolean,
): {namespace: string; local: string} | undefined {
	const colon = qname.indexOf(':');
	if (colon < 0) return {namespace: element ? (prefixes.get('') ?? '') : '', local: qname};
	const prefix = qname.slice(0, colon);
	const namespace = prefixes.get(prefix) ?? wellKnownPrefix(prefix);
	return namespace === undefined ? undefined : {namespace, local: qname.slice(colon + 1)};
}
