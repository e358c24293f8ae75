/**
 * CSS inside HTML: `style` attributes (and SVG presentation attributes), and the text of
 * `<style>` elements, through the CSS scanner (css/extractor.ts, css/scanner.ts).
 *
 * - Attribute values are entity-decoded first, then scanned; spans map back to the source.
 * - HTML `<style>` text is raw text (html-url-attributes.md §5.1: no entity decoding). It
 *   streams through one CssScanner per element, so no length bound applies beyond the
 *   scanner's own: only its unfinished token is held (MAX_CSS_TOKEN, css.ts).
 * - In SVG/MathML foreign content and in XHTML, `<style>` text is ordinary text: each text
 *   node is entity-decoded and scanned on its own (CDATA sections as raw text).
 */
import {type ReferenceEvent, referenceEvent} from '../event.js';
import {CssScanner, mayHoldUrls} from '../css/scanner.js';
import {forEachCssMatch, MAX_CSS_TOKEN} from '../css/extractor.js';
import type {DecodedText} from './decode.js';
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
	/** Unconsumed text, starting at absolute offset `bufferStart`. */
	private buffer = '';
	private bufferStart = -1;
	/** Scan again only once the buffer has doubled: the scanner resumes where it stopped, and the copies of held text stay linear. */
	private rescanAt = 0;
	/** Some text written may hold a URL (mayHoldUrls): the scanner reads it as it comes. */
	private placed = false;
	private readonly locate: Locate;
	private readonly emit: Emit;

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

	private run(final: boolean): void {
		const {buffer, bufferStart} = this;
		const consumed = this.scanner.scan(buffer, final, (start, end, value, syntax, attribute) => {
			const {line, column} = this.locate(bufferStart + start);
			this.emit({
				value,
				raw: buffer.slice(start, end),
				start: bufferStart + start,
				end: bufferStart + end,
				line,
				column,
				kind: 'resource',
				element: 'style',
				attribute,
				against: 'base',
				syntax,
				container: 'raw',
			});
		});
		this.buffer = buffer.slice(consumed);
		this.bufferStart += consumed;
		this.rescanAt = this.buffer.length === 0 ? 0 : 2 * this.buffer.length;
	}
}
