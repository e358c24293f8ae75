/**
 * The HTML (and XHTML) extractor core: htmlparser2's Tokenizer at the callback level,
 * every URL-bearing attribute of attributes.ts with exact source spans, `<style>` CSS,
 * iframe srcdoc documents, anchor text and text-node URLs, resolved against the
 * document base (base.ts).
 *
 * Spans are half-open offsets into the whole decoded input; `raw` is the source text.
 * The tokenizer runs without entity decoding: values are decoded here (decode.ts),
 * which keeps a map back to the source.
 *
 * Memory: the source is kept only from the earliest offset still needed (the open tag,
 * the open text node, the held CSS token); text nodes longer than {@link MAX_TEXT_LENGTH}
 * are processed in parts cut at whitespace.
 *
 * XHTML (`type: 'xhtml'`) uses the tokenizer's XML mode (CDATA sections, no raw-text
 * elements, self-closing tags) and XML's rule that character references end with `;`
 * (the HTML entity names are still known, as for XHTML documents with a DOCTYPE).
 *
 * Choices (a crawler's view; see also base.ts for the BASE hold policy):
 * - `iframe src` is reported even when `srcdoc` is present; links inside `<template>` are
 *   reported with `inert: true` (a template's BASE is reported too, but sets no base), and
 *   so are those of a srcdoc document inside one; a declarative shadow root
 *   (`shadowrootmode`) is live content, not inert.
 * - A form without `action` gives a Link to the document URL with an empty span just
 *   after the tag name (`syntax: 'none'`: nothing to rewrite).
 * - `<meta name=robots>` with `nofollow` or `none` is reported once per document: an
 *   empty reference to the document (`kind: 'metadata'`, `syntax: 'none'`) whose `rel`
 *   holds the directives, lower-cased.
 * - Anchor text excludes script and style text; whitespace is ASCII whitespace.
 * - object `classid` and `archive` resolve against the element's `codebase` (HTML 4.01
 *   §13.3); `data` resolves against the document base, as browsers and HTML do.
 * - HTML's tree builder, where it decides what is an element: an `<image>` start tag in
 *   HTML content is an `img` (its Links say `element: 'img'`); a `<form>` start tag while
 *   the form element pointer is set (outside template) is dropped, so none of its
 *   attributes is reported (no element, no form target), like markup in a comment.
 * - Links of an iframe srcdoc document carry `frame` (the srcdoc value's span and depth).
 *
 * Deviations, known gaps: htmlparser2 reads `<![CDATA[` in HTML content as CDATA up to
 * `]]>` where browsers end a bogus comment at the first `>` (markup hidden there is
 * missed); IE conditional comments are comments; JSON in `<script type=importmap>`,
 * speculation rules and JSON-LD is not read; MathML `annotation-xml` is never an
 * integration point; `<style>` in SVG is read per text node.
 */
import {codeAt, knownString} from '../../known-string.js';
import type {BaseHold, FrameContext, Link} from '../../types.js';
import {interestingAttributes, NameFilter, NameTable, tableElements} from './attributes.js';
import {type BaseLayer, type CoreOptions, fallbackBase} from '../base.js';
import type {ExtractorCore, LinkSink} from '../core.js';
import {movedEvent, type ReferenceEvent} from '../event.js';
import {BaseTracker} from './base.js';
import {CharacterReferenceDecoder, DecodedText, type DecodeMode} from './decode.js';
import {cssEvents, DecodedStyleText, StyleText} from './style.js';
import {
	type EventFields,
	type EventRole,
	isDeclarativeShadowRoot,
	readTag,
	type TagHost,
	type TagRecord,
} from './tag.js';
import {ANCHOR_HOLD_CHARS, AnchorText, textEvents} from './text.js';
import {HEAD_CONTENT, SPECIAL_END_TAGS, SPECIAL_START_TAGS, TreeContext} from './tree.js';
import {TagCap} from './tag-cap.js';
import {MAX_TEXT_LENGTH, MAX_TOKEN_LENGTH} from '../markup/limits.js';
import {TagReader} from '../markup/reader.js';
import {RAW_TEXT_NAMES} from '../markup/tokenizer.js';
import type {Position} from '../position.js';
import {isAsciiWhitespace} from '../srcset.js';

export {MAX_TEXT_LENGTH, MAX_TOKEN_LENGTH};
/** iframe srcdoc documents nested deeper than this are not scanned. */
export const MAX_SRCDOC_DEPTH = 8;

/** Elements whose text the tokenizer reads as RAWTEXT, RCDATA or PLAINTEXT (HTML only). */
const TEXT_ONLY = RAW_TEXT_NAMES;
/** {@link TEXT_ONLY} by `length * 32 + (first unit & 31)` (no two share one): a look without hashing the name, at every start tag. */
const TEXT_ONLY_BY_SHAPE: Array<string | undefined> = [];
for (const name of TEXT_ONLY) {
	const shape = name.length * 32 + (name.charCodeAt(0) & 31);
	if (TEXT_ONLY_BY_SHAPE[shape] !== undefined)
		throw new Error(`text-only names ${name} and ${TEXT_ONLY_BY_SHAPE[shape]} share a shape`);
	TEXT_ONLY_BY_SHAPE[shape] = name;
}

/** Whether the lower-case element name `name` is one of {@link TEXT_ONLY}. */
function isTextOnly(name: string): boolean {
	const s = knownString(name);
	return s.length < 16 && TEXT_ONLY_BY_SHAPE[s.length * 32 + (codeAt(s, 0) & 31)] === s;
}

const INTERESTING = new NameTable(interestingAttributes());
/** With CoreOptions.onFragmentTarget: the attributes that name a fragment target too. */
const INTERESTING_WITH_IDS = new NameTable(new Set([...interestingAttributes(), 'id', 'name']));
/**
 * Element names read without slicing and lower-casing (the table's own strings, whose
 * hashes V8 keeps for the rule lookups): those of the tables, the special ones, and common
 * elements that carry `style`. Others are sliced and lower-cased.
 */
const ELEMENTS = new NameTable(
	new Set([
		...tableElements(),
		...SPECIAL_START_TAGS,
		...SPECIAL_END_TAGS,
		...HEAD_CONTENT,
		...TEXT_ONLY,
		...'div span p li ul ol dl dt dd table tbody thead tfoot tr td th section article header footer nav main aside h1 h2 h3 h4 h5 h6 b i u s em strong small label select option button input center font figure picture svg path g'.split(
			' ',
		),
	]),
);
const SPECIAL_START = new NameFilter(SPECIAL_START_TAGS);
/** The same names, exactly: the tags the tokenizer reports while this host is quiet (readsOnlyNamedTags). */
const SPECIAL_START_NAMES = new NameTable(SPECIAL_START_TAGS);
const SPECIAL_END_NAMES = new NameTable(SPECIAL_END_TAGS);

/** Internal: a nested document (iframe srcdoc, HTML escaped in XML) inherits its parent's base. */
export interface Nesting {
	fallback: BaseLayer | null;
	depth: number;
	/** How long its references wait for its BASE (default `'document'`: a srcdoc is read whole). */
	hold?: BaseHold;
	/** The iframe is inside an inert template: so is every Link of its srcdoc document. */
	inert?: boolean;
	/**
	 * The reference spanning `[start, end)` of this document's text is folded into the enclosing
	 * tag's overflow (tag-cap.ts) and need not be made: true once that tag reports no more.
	 */
	folded?: (start: number, end: number) => boolean;
}

/**
 * Extracts the Links of an HTML document written in chunks of decoded text.
 *
 * @example
 * const links: Link[] = [];
 * const core = new HtmlExtractor({type: 'html', retrievalUrl: 'https://example.com/a/'}, (link) => links.push(link));
 * core.write('<base href="/b/"><a href="c.html">C</a>');
 * core.end();
 * links.map((link) => link.url); // ['https://example.com/b/', 'https://example.com/b/c.html']
 */
export class HtmlExtractor extends TagReader implements TagHost, ExtractorCore {
	readonly decoder = new CharacterReferenceDecoder();
	readonly decodeMode: DecodeMode;
	robotsReported = false;
	private readonly xml: boolean;
	private readonly bases: BaseTracker;
	private readonly tree = new TreeContext();
	private readonly depth: number;
	/** A srcdoc document of an iframe inside an inert template. */
	private readonly nestedInert: boolean;
	/** Nesting.folded: a srcdoc document's references past its tag's cap are only spans. */
	private readonly folded: ((start: number, end: number) => boolean) | undefined;
	/** The text-only element whose text is being read (`style`, `title`, ...), if any. */
	private textOnly: string | null = null;
	private style: StyleText | null = null;
	/** Inside an SVG or XHTML `<style>`: text is decoded, then read as CSS. */
	private decodedStyle = false;
	/** The text node of an SVG or XHTML `<style>` being read, if any. */
	private styleNode: DecodedStyleText | null = null;
	private anchorOpen = false;
	private anchor: AnchorText | null = null;
	/** The references of the start tag being read, capped (tag-cap.ts). */
	private readonly cap: TagCap;
	/** The start tag being read (tagRecord). */
	private readonly tag: TagRecord = {name: '', namespace: 'html', nameEnd: 0, attributes: []};

	private readonly options: CoreOptions;
	/** `options.textLinks` and `anchorText`, read once: option objects differ in shape between documents (a megamorphic read per use). */
	private readonly textLinks: boolean;
	private readonly anchorText: boolean;
	/** CoreOptions.onFragmentTarget, for the document itself (a srcdoc is another document). */
	private readonly onFragmentTarget: ((name: string) => void) | undefined;
	private readonly attributeNames: NameTable;

	constructor(options: CoreOptions, sink: LinkSink, nesting?: Nesting) {
		super(options.type === 'xhtml');
		this.options = options;
		this.textLinks = options.textLinks === true;
		this.anchorText = options.anchorText === true;
		this.onFragmentTarget = nesting === undefined ? options.onFragmentTarget : undefined;
		this.attributeNames = this.onFragmentTarget === undefined ? INTERESTING : INTERESTING_WITH_IDS;
		this.xml = options.type === 'xhtml';
		// XHTML is XML: attribute values are normalized (XML 1.0 §3.3.3), and written back with TAB, LF and CR escaped.
		this.decodeMode = this.xml ? 'xml-attribute' : 'attribute';
		this.depth = nesting?.depth ?? 0;
		this.nestedInert = nesting?.inert === true;
		this.folded = nesting?.folded;
		// A srcdoc document is read whole: it holds its references to its end.
		const hold = nesting === undefined ? (options.baseHold ?? 'head') : (nesting.hold ?? 'document');
		this.bases = new BaseTracker(
			options,
			nesting === undefined ? fallbackBase(options) : nesting.fallback,
			sink,
			hold,
			nesting === undefined ? options.releaseStep : undefined,
		);
		// Attributes the table does not name are not even reported (onAttributeName would let them go).
		if (options.positions === false) this.source.skipPositions();
		this.tokenizer.attributeNames = this.attributeNames;
		this.tokenizer.startTagNames = SPECIAL_START_NAMES;
		this.tokenizer.endTagNames = SPECIAL_END_NAMES;
		this.cap = new TagCap(
			(start, end) => this.slice(start, end),
			(link, event) => this.bases.addResolved(link, event),
			options.own,
		);
	}

	write(chunk: string): void {
		this.readChunk(chunk);
		const end = this.source.end;
		this.cutLongText();
		if (this.anchor !== null && end - this.anchor.start > ANCHOR_HOLD_CHARS) this.finishAnchor();
		this.dropSource(this.style?.heldFrom ?? this.styleNode?.heldFrom);
		const held = this.styleNode?.heldFrom;
		if (held !== undefined && held < end - this.source.held) this.styleNode!.letGo(end - this.source.held);
		// No event starts before the source still held.
		this.bases.checkLimits(end - this.source.held);
	}

	/** References waiting for the next step of their release (CoreOptions.releaseStep). */
	get pending(): boolean {
		return this.bases.pending;
	}

	releaseNext(): void {
		this.bases.releaseNext();
	}

	/** Line and column of an offset (offsets must come in increasing order). */
	readonly locate = (offset: number): Position => this.source.locate(offset);

	/** TagHost: the line of an offset (offsets must come in increasing order), without a Position. */
	lineOf(offset: number): number {
		return this.source.line(offset);
	}

	/** TagHost: the column of an offset on the line located last. */
	columnOf(offset: number): number {
		return this.source.column(offset);
	}

	/** Characters of source held right now (the memory bound, for tests and monitoring). */
	get heldLength(): number {
		return this.source.held;
	}

	/** Source units copied to read text spanning written chunks (for tests: linear time, see SourceWindow). */
	get sourceCopied(): number {
		return this.source.copied;
	}

	/**
	 * No event before this offset will reach the sink (ExtractorCore): every future event
	 * slices its raw text from the source window, and held events wait in the base queue.
	 */
	get safeOffset(): number {
		const windowStart = this.source.end - this.source.held;
		return Math.min(windowStart, this.bases.heldFrom ?? windowStart);
	}

	get documentUrl(): string | undefined {
		return this.bases.context.documentBase?.url;
	}

	get pluginCodebase(): string | undefined {
		return this.tree.pluginCodebase;
	}

	emit(event: ReferenceEvent, role: EventRole): void {
		if (this.folded?.(event.start, event.end) === true) return;
		this.mark(event);
		if (!this.cap.admit(event)) return;
		if (role === 'base') {
			this.bases.base(event, !this.tree.inTemplate);
		} else if (role === 'anchor' && this.anchorText) {
			this.anchor = new AnchorText(this.bases.hold(event), event.start);
		} else {
			this.bases.add(event);
		}
	}

	css(text: DecodedText, fields: EventFields): void {
		const {element, attribute, quote, rel} = fields;
		this.cutCssTokens += cssEvents(
			text,
			{element, attribute, container: this.xml ? 'xml-attribute' : 'attribute', quote, rel},
			this.locate,
			event => {
				if (this.cap.admit(event)) this.add(event);
			},
		);
	}

	/** Queue an event, marked inert inside a template (HTML `#template-contents`: never rendered). */
	private readonly add = (event: ReferenceEvent): void => {
		if (this.folded?.(event.start, event.end) === true) return;
		this.mark(event);
		this.bases.add(event);
	};

	/** Inert inside a template; in XHTML, an attribute's value is an XML attribute's (TAB, LF, CR escaped on write). */
	private mark(event: ReferenceEvent): void {
		if (this.nestedInert || this.tree.inert) event.inert = true;
		if (this.xml && event.container === 'attribute') event.container = 'xml-attribute';
	}

	srcdoc(text: DecodedText, fields: EventFields): void {
		if (this.depth >= MAX_SRCDOC_DEPTH) {
			// Not read, so not silently: the document's warning counts it (ExtractorCore.deepFrames).
			this.deepFrames++;
			return;
		}
		const quote = fields.quote ?? '"';
		// The nested document, for its Links: the value's span in this document's input.
		const frame: FrameContext = {
			element: 'iframe',
			attribute: 'srcdoc',
			start: text.toSourceStart(0),
			end: text.toSourceEnd(text.text.length),
			depth: 1,
		};
		const frames = new FrameMap(text);
		// HTML: a srcdoc document's fallback base URL is its parent's document base URL when
		// the iframe is inserted, so a parent BASE further on does not apply (checked in Chromium).
		const nested = new HtmlExtractor(
			this.options,
			(link, event) =>
				this.nestedLink(text, quote, link, event, link.frame === undefined ? frame : frames.map(link.frame)),
			{
				fallback: this.bases.context.base,
				depth: this.depth + 1,
				inert: this.nestedInert || this.tree.inert,
				// Past the cap, a reference of the srcdoc document only moves the overflow's end: its Link
				// is not made (a 16 MB srcdoc of a million links made and dropped them all: 365 MB).
				folded: (start, end) =>
					this.cap.fold(start === end ? text.toSourceStart(start) : text.toSourceEnd(end)) ||
					(this.folded?.(text.toSourceStart(start), text.toSourceEnd(end)) ?? false),
			},
		);
		nested.write(text.text);
		nested.end();
		this.addLosses(nested);
	}

	/**
	 * A Link of a srcdoc document: its span moves from the decoded value to the source, and
	 * the event records the srcdoc attribute's quoting (a rewriter escapes for it too).
	 */
	private nestedLink(
		text: DecodedText,
		quote: '"' | "'" | '',
		link: Link,
		event: ReferenceEvent,
		frame: FrameContext,
	): void {
		const start = text.toSourceStart(link.start);
		const end = link.start === link.end ? start : text.toSourceEnd(link.end);
		if (this.cap.fold(end) || this.folded?.(start, end) === true) return;
		const line = this.lineOf(start);
		const column = this.columnOf(start);
		const sliced = text.sourceSlice(start, end);
		const raw = this.options.own === undefined ? sliced : this.options.own(sliced);
		const moved = movedEvent(event, raw, start, end, line, column);
		// Innermost first (event.ts Enclosing): this srcdoc attribute's quoting after those inside it.
		moved.enclosing = [...(event.enclosing ?? []), quote];
		if (!this.cap.admit(moved)) return;
		this.bases.addResolved({...link, start, end, raw, line, column, frame}, moved);
	}

	private slice(start: number, end: number): string {
		return this.source.slice(start, end);
	}

	/**
	 * The record of the start tag just read, with the attributes kept (most tags never need
	 * one): one record refilled per tag, read synchronously by onStartTag and let go (a
	 * srcdoc document is read by another extractor, with its own).
	 */
	private tagRecord(tagStart: number, tagNameEnd: number): TagRecord {
		const tag = this.tag;
		tag.name = this.source.findName(ELEMENTS, tagStart, tagNameEnd) ?? this.slice(tagStart, tagNameEnd).toLowerCase();
		tag.namespace = 'html';
		tag.nameEnd = tagNameEnd;
		tag.attributes = this.attributes.take();
		return tag;
	}

	protected keptAttributeName(start: number, end: number): string | undefined {
		// `#attribute-name-state`: ASCII upper alpha in an attribute name is lower-cased (the table folds just those).
		return this.source.findName(this.attributeNames, start, end);
	}

	protected inForeignContent(): boolean {
		return this.tree.current !== 'html';
	}

	/**
	 * In HTML content, once the base is no longer held for the body, with no text being read
	 * (no anchor text, text links, raw text or decoded style): a start tag matters only if
	 * it is special or has an attribute the table names (onStartTag), an end tag only if it
	 * is special (onEndTag), and text not at all (takesText).
	 */
	protected readsOnlyNamedTags(): boolean {
		return (
			!this.textLinks &&
			this.anchor === null &&
			this.textOnly === null &&
			this.style === null &&
			!this.decodedStyle &&
			!this.bases.watchingForBody &&
			this.tree.current === 'html'
		);
	}

	protected onStartTag(start: number, nameEnd: number, _end: number, selfClosing: boolean): void {
		// A tag with no interesting attribute and no special name changes nothing: skip it (most
		// tags that reach here have an attribute kept: the name is looked at last).
		const read =
			this.attributes.some ||
			this.bases.watchingForBody ||
			this.tree.current !== 'html' ||
			this.source.mayHave(SPECIAL_START, start, nameEnd);
		if (!read) return;
		this.endStyleNode();
		const tag = this.tagRecord(start, nameEnd);
		tag.namespace = this.tree.namespaceOf(tag.name);
		const html = tag.namespace === 'html';
		// HTML "in body": a start tag whose tag name is "image" becomes "img" (not in foreign content, nor XML).
		if (html && !this.xml && tag.name === 'image') tag.name = 'img';
		const {name} = tag;
		if (this.bases.watchingForBody && (!html || !HEAD_CONTENT.has(name))) this.bases.bodyStarts();
		// A form start tag while a form is open is dropped: no element, so none of its attributes count.
		if (html && !this.xml && name === 'form' && !this.tree.formStarts()) return;
		if (html && name === 'a') {
			this.finishAnchor();
			this.anchorOpen = !selfClosing || !this.xml;
		}
		if (this.onFragmentTarget !== undefined && !this.tree.inTemplate) this.fragmentTargets(tag, html);
		readTag(tag, this);
		this.cap.close();
		// HTML `#parsing-main-inforeign`: the self-closing flag only counts on foreign elements (and in XML).
		if (selfClosing && (this.xml || !html)) return;
		const shadowRoot = html && name === 'template' && isDeclarativeShadowRoot(tag, this);
		this.tree.open(
			name,
			tag.namespace,
			name === 'object' || name === 'applet' ? this.codebaseOf(tag) : undefined,
			shadowRoot,
		);
		if (this.xml || !html) {
			if (name === 'style') this.decodedStyle = true;
		} else if (isTextOnly(name)) {
			this.textOnly = name;
			if (name === 'style') this.style = new StyleText(this.locate, this.add);
		}
	}

	/** `id` on any element, `name` on an HTML `a` (HTML `#find-a-potential-indicated-element`): values a fragment names. */
	private fragmentTargets(tag: TagRecord, html: boolean): void {
		for (const attribute of tag.attributes) {
			if (attribute.quote === undefined) continue;
			if (attribute.name === 'id' || (attribute.name === 'name' && html && tag.name === 'a')) {
				this.onFragmentTarget!(this.decoder.decode(attribute.raw, attribute.valueStart, this.decodeMode).text);
			}
		}
	}

	private codebaseOf(tag: TagRecord): string | undefined {
		const attribute = tag.attributes.find(a => a.name === 'codebase');
		return attribute === undefined
			? undefined
			: this.decoder.decode(attribute.raw, attribute.valueStart, this.decodeMode).text.trim();
	}

	protected onEndTag(start: number, end: number): void {
		this.endStyleNode();
		if (this.textOnly !== null) {
			// The tokenizer leaves text-only content only at its own end tag.
			this.endStyle();
			this.textOnly = null;
			return;
		}
		if (!this.source.holds(start)) return;
		// `#tag-name-state`: ASCII upper alpha is lower-cased; only the special names matter (the table's own strings).
		const name = this.source.findName(SPECIAL_END_NAMES, start, end);
		if (name === undefined) return;
		if (name === 'style') this.decodedStyle = false;
		const html = this.tree.current === 'html';
		this.tree.close(name);
		if (!html) return;
		if (name === 'a') {
			this.finishAnchor();
			this.anchorOpen = false;
		} else if (name === 'head') this.bases.bodyStarts();
		else if (name === 'form' && !this.xml) this.tree.formEnds();
	}

	protected takesText(start: number, end: number): boolean {
		if (this.style !== null) {
			this.style.write(this.slice(start, end), start);
			return false;
		}
		// RCDATA and RAWTEXT (title, textarea, script, ...) hold no links.
		if (this.textOnly !== null) return false;
		return this.textOpen || this.textLinks || this.anchor !== null || this.decodedStyle || this.bases.watchingForBody;
	}

	protected onCdata(start: number, end: number): void {
		// A CDATA section is raw text: nothing is decoded on read, so nothing is escaped on write.
		this.endStyleNode();
		if (this.decodedStyle)
			this.scanDecodedStyle(new DecodedText(this.slice(start, end), this.slice(start, end), start, null));
	}

	protected onEnd(): void {
		this.endStyle();
		this.endStyleNode();
		this.finishAnchor();
		this.bases.end();
	}

	protected readText(start: number, raw: string): void {
		if (this.decodedStyle) {
			// The reader hands a long text node over in parts, each starting where the last ended.
			if (this.styleNode !== null && start !== this.styleNode.next) this.endStyleNode();
			this.styleNode ??= new DecodedStyleText(
				this.decoder,
				this.xml ? 'strict' : 'text',
				'html-text',
				this.locate,
				this.add,
			);
			this.styleNode.write(raw, start);
			return;
		}
		const text = this.decoder.decode(raw, start, this.xml ? 'strict' : 'text');
		if (this.bases.watchingForBody && !this.tree.inTemplate && hasNonWhitespace(text.text)) this.bases.bodyStarts();
		if (this.anchor !== null) {
			this.anchor.append(text.text);
			if (this.anchor.full) this.finishAnchor();
		}
		if (this.textLinks && !this.anchorOpen) {
			textEvents(text, this.options.fuzzy, this.locate, this.add);
		}
	}

	/** The `<style>` element's text ends: what it could not report is counted for the warning. */
	private endStyle(): void {
		if (this.style === null) return;
		this.style.end();
		this.cutCssTokens += this.style.cutUrls;
		this.style = null;
	}

	/** The text node of an SVG or XHTML `<style>` ends (at markup, or the end of input): its URLs are reported. */
	private endStyleNode(): void {
		if (this.styleNode === null) return;
		this.styleNode.end();
		this.cutCssTokens += this.styleNode.cutUrls;
		this.styleNode = null;
	}

	private scanDecodedStyle(text: DecodedText): void {
		this.cutCssTokens += cssEvents(text, {element: 'style', container: 'raw'}, this.locate, this.add);
	}

	private finishAnchor(): void {
		if (this.anchor === null) return;
		this.anchor.finish();
		this.anchor = null;
		this.bases.flush();
	}
}

function hasNonWhitespace(s: string): boolean {
	const length = knownString(s).length;
	for (let i = 0; i < length; i++) if (!isAsciiWhitespace(codeAt(s, i))) return true;
	return false;
}

/**
 * The frames of a srcdoc document's own srcdoc documents, moved to the outer input: one
 * FrameContext per nested frame (its Links share it), one deeper.
 */
class FrameMap {
	private readonly text: DecodedText;
	private inner: FrameContext | undefined;
	private outer: FrameContext | undefined;

	constructor(text: DecodedText) {
		this.text = text;
	}

	map(frame: FrameContext): FrameContext {
		if (frame !== this.inner || this.outer === undefined) {
			const {text} = this;
			const end = frame.start === frame.end ? text.toSourceStart(frame.start) : text.toSourceEnd(frame.end);
			this.inner = frame;
			this.outer = {
				element: 'iframe',
				attribute: 'srcdoc',
				start: text.toSourceStart(frame.start),
				end,
				depth: frame.depth + 1,
			};
		}
		return this.outer;
	}
}
