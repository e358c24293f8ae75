/**
 * HTML inside XML: Atom `type="html"` text constructs, RSS `description`,
 * `content:encoded` (escaped, or in CDATA sections), read by the HTML extractor core as
 * the HTML extractor reads an iframe srcdoc document: a nested HtmlExtractor with the
 * base in scope at the element as its fallback base (RFC 4287 §2: xml:base applies to
 * escaped HTML too), its own BASE element ruling inside it. Its Links move back to the
 * XML source (their spans on the escaped text as written) and carry `embed`, the element.
 *
 * Streaming: the decoded text goes to the nested core piece by piece (text runs decoded,
 * CDATA sections as they are), and only the pieces it may still report on are kept, so
 * memory is bounded by the HTML core's own bounds (its BASE hold), not by the element.
 *
 * Atom 0.3 `mode="base64"` content is held (up to MAX_ELEMENT_TEXT), decoded at the
 * element's end, and read whole; its Links' spans are the element's text (nothing there
 * can be rewritten in place).
 */
import type {EmbedContext, Link} from '../../types.js';
import type {BaseLayer, CoreOptions} from '../base.js';
import {type Enclosing, movedEvent, type ReferenceEvent} from '../event.js';
import type {DecodedText} from '../html/decode.js';
import {HtmlExtractor} from '../html/extractor.js';
import {type ReaderHost, type TextSpan, WholeText} from './element-text.js';
import type {TextReader} from './scope.js';

/** What a reader of embedded HTML needs from the extractor, beyond a ReaderHost. */
export interface EmbedHost extends ReaderHost {
	readonly options: CoreOptions;
	/** A Link resolved by the nested core, moved to the XML source. */
	emitLink(link: Link, event: ReferenceEvent): void;
	/** What the nested HTML lost to the limits, counted as the host's (TagReader.addLosses). */
	addLosses(nested: HtmlExtractor): void;
}

/** What lies between two pieces of text or CDATA that follow each other (XML 1.0 §2.7 CDStart, CDEnd). */
const CDATA_GAPS: ReadonlySet<string> = new Set(['', '<![CDATA[', ']]>', ']]><![CDATA[']);

/** Where a piece's source ends. */
function sourceEnd(text: DecodedText): number {
	return text.sourceStart + text.source.length;
}

/** How a piece of the HTML is written in the XML: the layer a new value is escaped for (none: markup as written). */
type Layer = 'xml-text' | 'cdata' | undefined;

interface Piece {
	/** Offset of the piece in the nested document's text. */
	at: number;
	text: DecodedText;
	layer: Layer;
}

/**
 * Escaped HTML in an element's text.
 *
 * @example
 * frame.reader = new EscapedHtml(host, base, {element: 'content', namespace: NS.atom, start: 120, encoding: 'text'});
 */
export class EscapedHtml implements TextReader {
	private readonly host: EmbedHost;
	private readonly embed: EmbedContext;
	private readonly nested: HtmlExtractor;
	/** The pieces from `first` on are live. */
	private pieces: Piece[] = [];
	private first = 0;
	private length = 0;
	private done = false;
	/** Pieces of one CDATA section read as they come: the gap between them is empty (CDATA_GAPS). */
	readonly cdataInPieces = true;

	constructor(host: EmbedHost, base: BaseLayer | null, embed: EmbedContext) {
		this.host = host;
		this.embed = embed;
		const {options} = host;
		this.nested = new HtmlExtractor({...options, type: 'html'}, (link, event) => this.moved(link, event), {
			fallback: base,
			depth: 0,
			hold: options.baseHold ?? 'head',
		});
	}

	get heldFrom(): number | undefined {
		return this.pieces[this.first]?.text.sourceStart;
	}

	text(piece: DecodedText, cdata: boolean): void {
		this.add(piece, cdata ? 'cdata' : 'xml-text');
	}

	/** Unescaped HTML markup inside the element (a tag as written): read as HTML. */
	readonly markup = (piece: DecodedText): void => {
		this.add(piece, undefined);
	};

	private add(piece: DecodedText, layer: Layer): void {
		if (this.done) return;
		this.pieces.push({at: this.length, text: piece, layer});
		this.length += piece.text.length;
		this.nested.write(piece.text);
		// Let go of the pieces the nested core will report nothing in any more.
		const safe = this.nested.safeOffset;
		const {pieces} = this;
		while (this.first < pieces.length - 1 && (pieces[this.first + 1]?.at ?? 0) <= safe) this.first++;
		if (this.first > 0 && 2 * this.first >= pieces.length) {
			this.pieces = pieces.slice(this.first);
			this.first = 0;
		}
	}

	interrupt(): void {
		// Child markup comes through `markup`.
	}

	end(): void {
		if (this.done) return;
		this.done = true;
		this.nested.end();
		this.host.addLosses(this.nested);
		this.pieces = [];
		this.first = 0;
	}

	/** A Link of the nested document, moved to the XML source. */
	private moved(link: Link, event: ReferenceEvent): void {
		const first = this.pieceAt(link.start, false);
		const last = link.end === link.start ? first : this.pieceAt(link.end, true);
		const start = first.text.toSourceStart(link.start - first.at);
		const end = link.end === link.start ? start : last.text.toSourceEnd(link.end - last.at);
		const {line, column} = this.host.locate(start);
		const sliced = this.host.slice(start, end);
		const raw = this.host.options.own === undefined ? sliced : this.host.options.own(sliced);
		const moved = movedEvent(event, raw, start, end, line, column);
		const layer = first === last ? first.layer : this.bridge(first, last);
		moved.enclosing = layer === undefined ? event.enclosing : [...(event.enclosing ?? []), layer];
		// Deviation: a value split by a comment or by XML markup is reported, not rewritten (see bridge).
		if (first !== last && layer === undefined) moved.syntax = 'none';
		// The Link is this reader's alone (the nested core made it for this sink): moved in place,
		// as object spread cost more than resolving the URL (extract/base.ts linkFields).
		if (link.frame !== undefined)
			link.frame = {
				...link.frame,
				start: this.toSource(link.frame.start, false),
				end: this.toSource(link.frame.end, true),
			};
		link.start = start;
		link.end = end;
		link.raw = raw;
		link.line = line;
		link.column = column;
		link.embed = this.embed;
		this.host.emitLink(link, moved);
	}

	/**
	 * The layer a new value is written in when its span runs from piece `first` to piece
	 * `last` through text runs and CDATA sections only (XML 1.0 §2.7: between them, only
	 * the sections' `<![CDATA[` and `]]>`): the first piece's layer, then the last's
	 * opened. Undefined when a comment or XML markup lies in between: replacing it would
	 * drop the comment, or leave an element's end tag without its start.
	 */
	private bridge(first: Piece, last: Piece): Enclosing | undefined {
		const {pieces} = this;
		let index = pieces.indexOf(first);
		for (let piece = first; piece !== last; piece = pieces[index] as Piece) {
			const next = pieces[++index];
			if (piece.layer === undefined || next?.layer === undefined) return undefined;
			const gap = this.host.slice(sourceEnd(piece.text), next.text.sourceStart);
			if (!CDATA_GAPS.has(gap)) return undefined;
		}
		if (first.layer === last.layer) return first.layer;
		return first.layer === 'cdata' ? 'cdata>xml-text' : 'xml-text>cdata';
	}

	/** The source offset of nested offset `offset` (`isEnd`: where a span ending there ends). */
	private toSource(offset: number, isEnd: boolean): number {
		const piece = this.pieceAt(offset, isEnd);
		return isEnd ? piece.text.toSourceEnd(offset - piece.at) : piece.text.toSourceStart(offset - piece.at);
	}

	/** The piece holding nested offset `offset` (`isEnd`: a span ending there): the last live one starting before it. */
	private pieceAt(offset: number, isEnd: boolean): Piece {
		const {pieces} = this;
		let low = this.first;
		let high = pieces.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			const at = pieces[middle]?.at ?? 0;
			if (isEnd ? at < offset : at <= offset) low = middle;
			else high = middle - 1;
		}
		return pieces[low] as Piece;
	}
}

/**
 * Atom 0.3 `mode="base64"` content holding HTML: decoded and read at the element's end.
 *
 * @example
 * frame.reader = new Base64Html(host, base, {element: 'content', namespace: NS.atom03, start: 80, encoding: 'base64'});
 */
export class Base64Html extends WholeText {
	protected readonly host: EmbedHost;
	private readonly base: BaseLayer | null;
	private readonly embed: EmbedContext;

	constructor(host: EmbedHost, base: BaseLayer | null, embed: EmbedContext) {
		super();
		this.host = host;
		this.base = base;
		this.embed = embed;
	}

	protected read(span: TextSpan): void {
		const html = decodeBase64(span.value);
		if (html === undefined) return;
		const {start, end} = span;
		const {line, column} = this.host.locate(start);
		const sliced = this.host.slice(start, end);
		const raw = this.host.options.own === undefined ? sliced : this.host.options.own(sliced);
		const links: Array<[Link, ReferenceEvent]> = [];
		const nested = new HtmlExtractor({...this.host.options, type: 'html'}, (link, event) => links.push([link, event]), {
			fallback: this.base,
			depth: 0,
		});
		nested.write(html);
		nested.end();
		for (const [link, event] of links) {
			const moved = movedEvent(event, raw, start, end, line, column);
			// The value is not written in the source: nothing to rewrite.
			moved.syntax = 'none';
			// The HTML was decoded out of the source: no frame span points into it.
			delete link.frame;
			Object.assign(link, {start, end, raw, line, column, embed: this.embed});
			this.host.emitLink(link, moved);
		}
	}
}

/** RFC 4648 §4 base64 (white space ignored) as UTF-8 text; undefined when it is not base64. */
function decodeBase64(value: string): string | undefined {
	try {
		const binary = atob(value.replaceAll(/[\t\n\r ]/g, ''));
		const bytes = Uint8Array.from(binary, c => c.charCodeAt(0));
		return new TextDecoder().decode(bytes);
	} catch {
		return undefined;
	}
}
