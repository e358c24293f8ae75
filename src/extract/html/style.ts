/**
 * CSS inside HTML: `style` attributes (and SVG presentation attributes), and the text of
 * `<style>` elements, through the CSS scanner (css/extractor.ts, css/scanner.ts).
 *
 * - Attribute values are entity-decoded first, then scanned; spans map back to the source.
 * - HTML `<style>` text is raw text (html-url-attributes.md §5.1: no entity decoding). It
 *   streams through one CssScanner per element, so no length bound applies beyond the
 *   scanner's own: only its unfinished token is held (MAX_CSS_TOKEN, css.ts).
 * - In SVG/MathML foreign content and in XHTML, `<style>` text is ordinary text: each text
 *   node is one sheet, its parts (the reader cuts a long one) entity-decoded and streamed
 *   through one CssScanner (DecodedStyleText); a CDATA section is scanned on its own, raw.
 */
import {type ReferenceEvent, referenceEvent} from '../event.js';
import {CssScanner, mayHoldUrls} from '../css/scanner.js';
import {forEachCssMatch, MAX_CSS_TOKEN} from '../css/extractor.js';
import type {CharacterReferenceDecoder, DecodedText, DecodeMode} from './decode.js';
import type {Position} from '../position.js';

/** What a CSS event carries beyond its span: the element, and where the value sits. */
export interface CssEventFields {
	element: string;
	/** The HTML attribute (`style`, `fill`, …); for `<style>` text, the CSS place (`url`, `import`). */
	attribute?: string;
	container: ReferenceEvent['container'];
	quote?: '"' | "'" | '' | undefined;
	rel?: string[] | undefined;
}

type Emit = (event: ReferenceEvent) => void;

/** A span of the source and its text. */
interface SourceSpan {
	start: number;
	end: number;
	raw: string;
}
type Locate = (offset: number) => Position;

/**
 * The URLs of decoded CSS text (a style attribute, or a decoded `<style>` text node); returns
 * how many were not reported as longer than MAX_CSS_TOKEN (TagReader.cssTokens).
 *
 * @example
 * cssEvents(decoder.decode('background:url(&quot;a.png&quot;)', 40, 'attribute'), {element: 'div', attribute: 'style', container: 'attribute', quote: "'"}, locate, emit);
 */
export function cssEvents(text: DecodedText, fields: CssEventFields, locate: Locate, emit: Emit): number {
	// Most style attributes have no URL place at all: no scanner.
	if (!mayHoldUrls(text.text)) return 0;
	return forEachCssMatch(text.text, match => {
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
			'resource',
			'base',
			match.syntax,
			fields.container,
		);
		event.element = fields.element;
		event.attribute = fields.attribute ?? match.attribute;
		event.quote = fields.quote;
		event.rel = fields.rel;
		emit(event);
	});
}

/**
 * Units of a `<style>` element's text held unscanned while none of it may hold a URL
 * (mayHoldUrls): most elements end before, and are never scanned.
 */
export const UNSCANNED_STYLE = 1 << 16;

/** Units before a written piece that a URL place it completes may start in (`image-set(` less its "("). */
const PLACE_TAIL = 9;

/**
 * An HTML `<style>` element's raw text, streamed: `write` each text piece in order with
 * its absolute offset, `end` at `</style>` (or the end of input). The scanner runs only once
 * some text may hold a URL (or {@link UNSCANNED_STYLE} units wait): it then reads all the
 * text from the element's start, as if it had from the first piece.
 *
 * @example
 * const style = new StyleText(locate, emit);
 * style.write('a{background:url(x', 7);
 * style.write('.png)}', 25);
 * style.end(); // emits one event for x.png
 */
export class StyleText {
	private readonly scanner = new CssScanner(MAX_CSS_TOKEN);
	/** Unconsumed text, starting at offset `bufferStart` (of the source; of the decoded text in DecodedStyleText). */
	protected buffer = '';
	protected bufferStart = -1;
	/** Scan again only once the buffer has doubled: the scanner resumes where it stopped, and the copies of held text stay linear. */
	private rescanAt = 0;
	/** Some text written may hold a URL (mayHoldUrls): the scanner reads it as it comes. */
	private placed = false;
	protected readonly locate: Locate;
	protected readonly emit: Emit;

	constructor(locate: Locate, emit: Emit) {
		this.locate = locate;
		this.emit = emit;
	}

	/** Code units the scanner has read, each call from where it resumed (for tests: linear time). */
	get walked(): number {
		return this.scanner.walked;
	}

	/** URLs not reported as longer than MAX_CSS_TOKEN (TagReader.cssTokens). */
	get cutUrls(): number {
		return this.scanner.cutUrls;
	}

	/** Absolute offset of the first character held (source before it is not needed), if any. */
	get heldFrom(): number | undefined {
		return this.buffer === '' ? undefined : this.bufferStart;
	}

	write(text: string, start: number): void {
		if (this.bufferStart < 0) this.bufferStart = start;
		// A URL place written across pieces starts in the last few units before this one.
		if (!this.placed) this.placed = mayHoldUrls(this.buffer.slice(-PLACE_TAIL) + text);
		this.buffer += text;
		const length = this.buffer.length;
		if (this.placed ? length >= this.rescanAt : length >= Math.max(this.rescanAt, UNSCANNED_STYLE)) this.run(false);
	}

	end(): void {
		// Text no URL may be in reports nothing: it is let go unscanned.
		if (this.bufferStart >= 0 && this.placed) this.run(true);
		this.buffer = '';
	}

	/** How the text stands in the document (the events' `container`). */
	protected readonly container: ReferenceEvent['container'] = 'raw';

	/** Where the text `[start, end)` (offsets as written) is in the source, and its source text. */
	protected sourceSpan(start: number, end: number): SourceSpan {
		return {start, end, raw: this.buffer.slice(start - this.bufferStart, end - this.bufferStart)};
	}

	/** The scanner lets its unfinished token go (CssScanner.cutToken). */
	protected cutToken(): void {
		this.scanner.cutToken();
	}

	protected run(final: boolean): void {
		const {buffer, bufferStart} = this;
		const consumed = this.scanner.scan(buffer, final, (start, end, value, syntax, attribute) => {
			const span = this.sourceSpan(bufferStart + start, bufferStart + end);
			const {line, column} = this.locate(span.start);
			const event = referenceEvent(
				value,
				span.raw,
				span.start,
				span.end,
				line,
				column,
				'resource',
				'base',
				syntax,
				this.container,
			);
			event.element = 'style';
			event.attribute = attribute;
			this.emit(event);
		});
		this.buffer = buffer.slice(consumed);
		this.bufferStart += consumed;
		this.rescanAt = this.buffer.length === 0 ? 0 : 2 * this.buffer.length;
	}
}

/**
 * Units from a piece's last "&" to its end held back for the next piece, if no ";" ends
 * them: a character reference the piece may end inside (HTML's longest name is 32 units; a
 * numeric one padded with more zeros than this is decoded in two, as the reader's cut
 * would leave it).
 */
const REFERENCE_TAIL = 64;

/**
 * Where the part of `raw` a next piece may complete starts (`raw.length`: none): an
 * unfinished character reference, or a CR that may begin CR LF.
 */
function heldBack(raw: string): number {
	const length = raw.length;
	if (raw.charCodeAt(length - 1) === 0x0d /* CR */) return length - 1;
	const ampersand = raw.lastIndexOf('&');
	if (ampersand < 0 || length - ampersand > REFERENCE_TAIL || raw.includes(';', ampersand)) return length;
	return ampersand;
}

/**
 * One text node of an SVG or XHTML `<style>` element, whose text is character data (decoded,
 * then read as CSS), streamed as {@link StyleText} streams HTML's raw text: `write` the node's
 * source pieces in order (the reader hands a long text over in parts: MAX_TEXT_LENGTH), `end`
 * where the node ends. Each piece is decoded with its map back to the source; the scanner
 * reads the decoded text of all as one sheet, so a URL up to MAX_CSS_TOKEN is found whole and
 * its span maps back through the pieces it lies in. A character reference or CR LF that a
 * piece ends inside waits for the next piece.
 *
 * @example
 * const node = new DecodedStyleText(decoder, 'strict', 'html-text', locate, emit);
 * node.write('a{background:url(x&am', 12);
 * node.write('p;y.png)}', 33);
 * node.end(); // emits x&y.png, raw `x&amp;y.png`, [29, 40)
 */
export class DecodedStyleText extends StyleText {
	private readonly decoder: CharacterReferenceDecoder;
	private readonly mode: DecodeMode;
	protected override readonly container: ReferenceEvent['container'];
	/** The decoded pieces the buffer's text comes from, in order, and the decoded offset each starts at. */
	private pieces: DecodedText[] = [];
	private pieceStarts: number[] = [];
	/** Decoded units written. */
	private decoded = 0;
	/** Source held back from the last piece (heldBack), starting at `tailStart`. */
	private tail = '';
	private tailStart = 0;
	/** Where the node's next piece would start in the source (-1: none written yet). */
	next = -1;

	constructor(
		decoder: CharacterReferenceDecoder,
		mode: DecodeMode,
		container: ReferenceEvent['container'],
		locate: Locate,
		emit: Emit,
	) {
		super(locate, emit);
		this.decoder = decoder;
		this.mode = mode;
		this.container = container;
	}

	/** Source offset of the first unit held (the source before it is not needed), if any. */
	override get heldFrom(): number | undefined {
		const first = this.pieces[0];
		if (first !== undefined) return first.sourceStart;
		return this.tail === '' ? undefined : this.tailStart;
	}

	/** The node's source `raw` at offset `start`, just after the last piece written. */
	override write(raw: string, start: number): void {
		this.next = start + raw.length;
		if (this.tail !== '') {
			raw = this.tail + raw;
			start = this.tailStart;
			this.tail = '';
		}
		const held = heldBack(raw);
		if (held < raw.length) {
			this.tail = raw.slice(held);
			this.tailStart = start + held;
			raw = raw.slice(0, held);
		}
		this.add(raw, start);
	}

	override end(): void {
		this.add(this.tail, this.tailStart);
		this.tail = '';
		super.end();
		this.pieces = [];
		this.pieceStarts = [];
	}

	protected override sourceSpan(start: number, end: number): SourceSpan {
		const {pieces, pieceStarts} = this;
		const last = pieces.length - 1;
		// The piece `start` is in, and the one `end` closes (an empty value ends where it starts).
		let first = 0;
		while (first < last && pieceStarts[first]! + pieces[first]!.text.length <= start) first++;
		let final = first;
		while (final < last && pieceStarts[final]! + pieces[final]!.text.length < end) final++;
		const from = pieces[first]!.toSourceStart(start - pieceStarts[first]!);
		const to = end === start ? from : pieces[final]!.toSourceEnd(end - pieceStarts[final]!);
		let raw = '';
		for (let i = first; i <= final; i++) {
			const piece = pieces[i]!;
			raw += piece.sourceSlice(
				Math.max(from, piece.sourceStart),
				Math.min(to, piece.sourceStart + piece.source.length),
			);
		}
		return {start: from, end: to, raw};
	}

	protected override run(final: boolean): void {
		super.run(final);
		// Pieces whose text the scanner has consumed are not needed any more.
		let done = 0;
		while (done < this.pieces.length && this.pieceStarts[done]! + this.pieces[done]!.text.length <= this.bufferStart)
			done++;
		if (done > 0) {
			this.pieces.splice(0, done);
			this.pieceStarts.splice(0, done);
		}
	}

	/**
	 * The reader no longer holds the source before `from` (more than MAX_TOKEN_LENGTH of it
	 * is past: a span there could no longer be rewritten): the text held is read, and a token
	 * still open before `from` is let go as cut (counted, as one past MAX_CSS_TOKEN is).
	 */
	letGo(from: number): void {
		this.run(false);
		for (let held = this.heldFrom; held !== undefined && held < from; held = this.heldFrom) {
			const before = this.bufferStart;
			this.cutToken();
			this.run(false);
			if (this.bufferStart === before) break;
		}
	}

	private add(raw: string, start: number): void {
		if (raw === '') return;
		const text = this.decoder.decode(raw, start, this.mode);
		this.pieces.push(text);
		this.pieceStarts.push(this.decoded);
		const at = this.decoded;
		this.decoded += text.text.length;
		super.write(text.text, at);
	}
}
