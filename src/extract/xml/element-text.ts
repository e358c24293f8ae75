/**
 * An element's text as one value: a URL written as element text (`<loc>`, `<link>`,
 * `<id>`), or Atom 0.3 base64 content. The text arrives in pieces (text runs, entity-
 * decoded, and CDATA sections, as written); the value is their decoded concatenation,
 * trimmed of XML white space (XML 1.0 §2.3 S), and its span is the trimmed text's in the
 * source (`raw` as written, CDATA markup included when the value spans more than one
 * section or run).
 *
 * Memory: at most {@link MAX_ELEMENT_TEXT} characters are held; an element whose text is
 * longer holds no URL (it is let go, and counted for the document's warning: ReaderHost.longTexts).
 */
import type {LinkKind} from '../../types.js';
import type {BaseLayer} from '../base.js';
import {type Container, type ReferenceEvent, referenceEvent} from '../event.js';
import type {CharacterReferenceDecoder, DecodedText} from '../html/decode.js';
import {cssEvents, DecodedStyleText} from '../html/style.js';
import type {Position} from '../position.js';
import type {TextReader} from './scope.js';

/** Characters of element text held for one URL (or base64 document) at most. */
export const MAX_ELEMENT_TEXT = 1 << 20;

/** `<![CDATA[` and `]]>`: the markup around a CDATA section's text. */
const CDATA_OPEN = 9;
const CDATA_CLOSE = 3;

/** What a reader of element text needs from the extractor. */
export interface ReaderHost {
	slice(start: number, end: number): string;
	locate(offset: number): Position;
	/** Resolve `event` against `layer` and send it on. */
	emit(event: ReferenceEvent, layer: BaseLayer | null): void;
	/** Element texts let go as longer than MAX_ELEMENT_TEXT (TagReader.longTexts). */
	longTexts: number;
	/** CSS URLs skipped as longer than MAX_CSS_TOKEN (TagReader.cutCssTokens). */
	cutCssTokens: number;
}

interface Piece {
	text: DecodedText;
	cdata: boolean;
	/** A CDATA section cut off by the end of the input: no `]]>` after its text. */
	unterminated: boolean;
}

/** The trimmed value of some pieces and where it is written. */
export interface TextSpan {
	value: string;
	start: number;
	end: number;
	container: Container;
}

/**
 * Pieces of element text, up to MAX_ELEMENT_TEXT characters.
 *
 * @example
 * const pieces = new TextPieces();
 * pieces.add(decoder.decode(' http://a/ ', 5, 'strict'), false);
 * pieces.span(); // {value: 'http://a/', start: 6, end: 15, container: 'xml-text'}
 */
export class TextPieces {
	private pieces: Piece[] = [];
	private length = 0;
	/** Interrupted by markup, or too long: no value. */
	spoiled = false;
	/** Longer than MAX_ELEMENT_TEXT: a value was there, and is lost. */
	tooLong = false;

	get heldFrom(): number | undefined {
		const first = this.pieces[0];
		return first === undefined ? undefined : first.text.sourceStart - (first.cdata ? CDATA_OPEN : 0);
	}

	add(text: DecodedText, cdata: boolean, unterminated = false): void {
		if (this.spoiled) return;
		this.length += text.text.length;
		if (this.length > MAX_ELEMENT_TEXT) {
			this.tooLong = true;
			this.spoil();
		} else this.pieces.push({text, cdata, unterminated});
	}

	spoil(): void {
		this.spoiled = true;
		this.pieces = [];
	}

	/** The trimmed value and its source span; undefined when there is none (spoiled, or only white space). */
	span(): TextSpan | undefined {
		if (this.spoiled) return undefined;
		const pieces = this.pieces.filter(piece => hasNonSpace(piece.text.text));
		const first = pieces[0];
		const last = pieces.at(-1);
		if (first === undefined || last === undefined) return undefined;
		const head = leadingSpace(first.text.text);
		const tail = last.text.text.length - trailingSpace(last.text.text);
		const joined = this.pieces.map(piece => piece.text.text).join('');
		const value = joined.slice(leadingSpace(joined), joined.length - trailingSpace(joined));
		if (first === last) {
			const start = first.text.toSourceStart(head);
			return {value, start, end: first.text.toSourceEnd(tail), container: first.cdata ? 'cdata' : 'xml-text'};
		}
		// Over several runs and sections: the span takes in the CDATA markup it crosses.
		const start = first.cdata ? first.text.sourceStart - CDATA_OPEN : first.text.toSourceStart(head);
		const end = last.cdata
			? last.text.sourceStart + last.text.source.length + (last.unterminated ? 0 : CDATA_CLOSE)
			: last.text.toSourceEnd(tail);
		return {value, start, end, container: 'xml-text'};
	}
}

/** XML 1.0 §2.3: S ::= (#x20 | #x9 | #xD | #xA)+ */
function isSpace(c: number): boolean {
	return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

function hasNonSpace(s: string): boolean {
	return leadingSpace(s) < s.length;
}

function leadingSpace(s: string): number {
	let i = 0;
	while (i < s.length && isSpace(s.charCodeAt(i))) i++;
	return i;
}

function trailingSpace(s: string): number {
	let i = 0;
	while (i < s.length && isSpace(s.charCodeAt(s.length - 1 - i))) i++;
	return i;
}

/** What an element-text URL's events carry. */
export interface TextFields {
	kind: LinkKind;
	element: string;
	rel: string[] | undefined;
	/**
	 * An RSS guid: a Link of `kind` only when written as an absolute URL with an authority
	 * (`scheme://…`); anything else (`23246627`, a bare UUID, `tag:`…) is an identifier, kind
	 * `metadata`, resolved only if absolute (never against the base).
	 */
	identifier?: boolean;
}

/** An absolute URL with an authority (RFC 3986 §3: scheme "://"). */
const ABSOLUTE_WITH_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * A reader that takes an element's text as one value (TextPieces), read at the element's
 * end by {@link WholeText.read}.
 *
 * @example
 * class Echo extends WholeText {
 * 	protected read(span: TextSpan): void {
 * 		console.log(span.value);
 * 	}
 * }
 */
export abstract class WholeText implements TextReader {
	private readonly pieces = new TextPieces();

	get heldFrom(): number | undefined {
		return this.pieces.heldFrom;
	}

	text(piece: DecodedText, cdata: boolean, unterminated?: boolean): void {
		this.pieces.add(piece, cdata, unterminated);
	}

	/** Elements an unknown vocabulary puts around a value are not guessed at: child markup spoils it. */
	interrupt(): void {
		this.pieces.spoil();
	}

	end(): void {
		const span = this.pieces.span();
		this.pieces.spoil();
		if (span !== undefined) this.read(span);
		else if (this.pieces.tooLong) this.host.longTexts++;
	}

	/** Where a text too long to hold is counted. */
	protected abstract readonly host: ReaderHost;

	/** The element's trimmed text, at its end. */
	protected abstract read(span: TextSpan): void;
}

/**
 * A URL written as an element's text, emitted at the element's end against its base.
 *
 * @example
 * scope.top.reader = new UrlText(host, {kind: 'navigation', element: 'loc', rel: undefined}, base);
 */
export class UrlText extends WholeText {
	protected readonly host: ReaderHost;
	private readonly fields: TextFields;
	private readonly base: BaseLayer | null;

	constructor(host: ReaderHost, fields: TextFields, base: BaseLayer | null) {
		super();
		this.host = host;
		this.fields = fields;
		this.base = base;
	}

	protected read(span: TextSpan): void {
		const {start, end} = span;
		const {line, column} = this.host.locate(start);
		const identifier = this.fields.identifier === true && !ABSOLUTE_WITH_AUTHORITY.test(span.value);
		const kind = identifier ? 'metadata' : this.fields.kind;
		const event = referenceEvent(
			span.value,
			this.host.slice(start, end),
			start,
			end,
			line,
			column,
			kind,
			identifier ? 'absolute' : 'base',
			'url',
			span.container,
		);
		event.element = this.fields.element;
		event.rel = this.fields.rel;
		this.host.emit(event, this.base);
	}
}

/**
 * The text of an SVG or XHTML `<style>` element in XML: each text node (its runs entity-
 * decoded, streamed through one CSS scanner: html/style.ts DecodedStyleText) and CDATA
 * section through the CSS scanner on its own, as the HTML extractor reads `<style>` in
 * foreign content (a url() cut by a comment or section is not seen).
 *
 * @example
 * frame.reader = new StyleText(host, decoder, base);
 */
export class StyleText implements TextReader {
	private readonly host: ReaderHost;
	private readonly decoder: CharacterReferenceDecoder;
	private readonly base: BaseLayer | null;
	/** The text node being read, if any. */
	private node: DecodedStyleText | null = null;
	private readonly emit = (event: ReferenceEvent): void => this.host.emit(event, this.base);

	constructor(host: ReaderHost, decoder: CharacterReferenceDecoder, base: BaseLayer | null) {
		this.host = host;
		this.decoder = decoder;
		this.base = base;
	}

	get heldFrom(): number | undefined {
		return this.node?.heldFrom;
	}

	text(piece: DecodedText, cdata: boolean): void {
		// A text node is handed over in runs, each starting where the last ended.
		if (this.node !== null && (cdata || piece.sourceStart !== this.node.next)) this.end();
		if (cdata) {
			this.host.cutCssTokens += cssEvents(piece, {element: 'style', container: 'cdata'}, this.host.locate, this.emit);
			return;
		}
		this.node ??= new DecodedStyleText(this.decoder, 'strict', 'xml-text', this.host.locate, this.emit);
		this.node.write(piece.source, piece.sourceStart);
	}

	interrupt(): void {
		// Child elements of a style element hold no CSS; the text around them still does.
		this.end();
	}

	letGo(from: number): void {
		this.node?.letGo(from);
	}

	end(): void {
		if (this.node === null) return;
		this.node.end();
		this.host.cutCssTokens += this.node.cutUrls;
		this.node = null;
	}
}
