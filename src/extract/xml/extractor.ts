/**
 * The XML extractor core (`type: 'xml'`): feeds, sitemaps, OPML, SVG and any XML, read
 * with htmlparser2's Tokenizer in XML mode at the callback level (as the HTML core reads
 * XHTML), with exact source spans.
 *
 * - Base: xml:base on any element (XML Base §4.2, RFC 3986 §5.1.1), resolved against the
 *   parent's base; below it the RFC 2396 §5.1 fallback layers. Every xml:base is a Link
 *   of kind `base`. A base is known at its element's start tag: nothing is held for it,
 *   and Links go out as they are read.
 * - Vocabularies by namespace URI (vocabularies.ts; start-tag.ts reads a tag), URLs in
 *   element text (element-text.ts), HTML escaped in element text (escaped.ts), the
 *   xml-stylesheet PI and the DOCTYPE system identifier (markup.ts).
 * - Malformed XML is read on, never thrown on (the tokenizer is the HTML one's, forgiving):
 *   a bare `&` is text, an undeclared entity is left as written (HTML's names are known, as
 *   for XHTML), a stray end tag closes nothing, an unclosed element ends with the input.
 *
 * Memory: the source is held from the earliest offset still needed (the open tag, the open
 * text run, an element-text URL up to MAX_ELEMENT_TEXT, the escaped HTML the nested core
 * may still report on); text runs longer than MAX_TEXT_LENGTH are read in parts cut at
 * white space; at most MAX_DEPTH open elements are tracked.
 */
import type {Link} from '../../types.js';
import {
	type BaseLayer,
	type CoreOptions,
	fallbackBase,
	type ResolveContext,
	resolveContext,
	resolveEvent,
} from '../base.js';
import type {ExtractorCore, LinkSink} from '../core.js';
import {type ReferenceEvent, referenceEvent} from '../event.js';
import {CharacterReferenceDecoder, DecodedText} from '../html/decode.js';
import {TagCap} from '../html/tag-cap.js';
import type {AttributeRecord, TagHost} from '../html/tag.js';
import {TagReader} from '../markup/reader.js';
import {takeOpenCdata} from '../markup/tokenizer.js';
import type {Position} from '../position.js';
import {InternalEntities, MAX_SUBSET, referenceName, refersTo} from './entities.js';
import {doctypeSystem, type MarkupValue, stylesheetHref} from './markup.js';
import {ElementScope} from './scope.js';
import {readSrcdoc, type SrcdocHost} from './srcdoc.js';
import {htmlTableHost, readStartTag, type StartTag, type StartTagHost} from './start-tag.js';
import {isKnownVocabulary, rootVocabulary} from './vocabularies.js';

/** XML 1.0 §2.3 S trimmed from both ends (a loop: a regex anchored at the end retries at every position). */
function trimXmlSpace(text: string): string {
	let start = 0;
	let end = text.length;
	while (start < end && isXmlSpace(text.charCodeAt(start))) start++;
	while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
	return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isXmlSpace(c: number): boolean {
	return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

interface Queued {
	event: ReferenceEvent;
	layer: BaseLayer | null;
	link: Link | null;
}

/**
 * Extracts the Links of an XML document written in chunks of decoded text.
 *
 * @example
 * const links: Link[] = [];
 * const core = new XmlExtractor({type: 'xml', retrievalUrl: 'https://example.com/feed'}, (link) => links.push(link));
 * core.write('<feed xmlns="http://www.w3.org/2005/Atom" xml:base="/blog/"><link href="post"/></feed>');
 * core.end();
 * links.map((link) => link.url); // ['https://example.com/blog/', 'https://example.com/blog/post']
 */
export class XmlExtractor extends TagReader implements ExtractorCore, StartTagHost, SrcdocHost {
	readonly options: CoreOptions;
	readonly tagHost: TagHost;
	private readonly decoder = new CharacterReferenceDecoder();
	private readonly sink: LinkSink;
	private readonly context: ResolveContext;
	private readonly scope: ElementScope;
	/** The references of the start tag being read, capped as in HTML (html/tag-cap.ts): its srcset, CSS and srcdoc document included. */
	private readonly cap: TagCap;
	/** The pseudo-namespace of unprefixed elements, set by the root element (vocabularies.ts rootVocabulary). */
	private vocabulary: string | undefined;
	private queued: Queued[] = [];
	/** XML 1.0 §4.4: the internal general entities the DOCTYPE declares (entities.ts). */
	private readonly entities = new InternalEntities();
	/** Offset just after the DOCTYPE's `[` while its internal subset may still be read (-1: none). */
	private subsetStart = -1;
	/** An element of a known vocabulary has been read (ExtractorCore.knownVocabulary). */
	knownVocabulary = false;
	/** The base the events readTag queues resolve against (the element's). */
	tagLayer: BaseLayer | null = null;

	constructor(options: CoreOptions, sink: LinkSink) {
		super(true);
		this.options = options;
		this.sink = (link, event) => {
			this.keepEntityValue(event);
			sink(link, event);
		};
		const fallback = fallbackBase(options);
		this.context = resolveContext(options, fallback, options.encodeQuery);
		this.scope = new ElementScope(this.context.base);
		this.cap = new TagCap(
			(start, end) => this.slice(start, end),
			(link, event) => this.queued.push({event, layer: null, link}),
			options.own,
		);
		this.tagHost = htmlTableHost(
			this.decoder,
			this.context.documentBase?.url,
			event => this.queue(event, this.tagLayer),
			(text, quote) => readSrcdoc(text, quote, this.tagLayer, this),
			this,
		);
	}

	write(chunk: string): void {
		this.entities.allow(chunk.length);
		this.readChunk(chunk);
		this.streamCdata();
		this.cutLongText();
		this.dropSource(this.heldFrom());
		const reader = this.scope.top?.reader;
		if (reader?.heldFrom !== undefined && reader.heldFrom < this.safeOffset) reader.letGo?.(this.safeOffset);
	}

	/** No event before this offset will reach the sink (ExtractorCore): events slice their raw text from the source held. */
	get safeOffset(): number {
		return this.source.end - this.source.held;
	}

	/** Characters of source held right now (the memory bound, for tests). */
	get heldLength(): number {
		return this.source.held;
	}

	readonly locate = (offset: number): Position => this.source.locate(offset);

	readonly slice = (start: number, end: number): string => this.source.slice(start, end);

	decode(attribute: AttributeRecord): DecodedText {
		return this.decoder.decode(attribute.raw, attribute.valueStart, 'xml-attribute');
	}

	queue(event: ReferenceEvent, layer: BaseLayer | null): void {
		if (this.cap.admit(event)) this.queued.push({event, layer, link: null});
	}

	queueBase(event: ReferenceEvent, parent: BaseLayer | null): BaseLayer | null {
		this.context.base = parent;
		const link = resolveEvent(event, this.context);
		this.queued.push({event, layer: parent, link});
		return link.url === null ? parent : {url: link.url, source: 'document'};
	}

	emit(event: ReferenceEvent, layer: BaseLayer | null): void {
		this.context.base = layer;
		this.sink(resolveEvent(event, this.context), event);
	}

	/** A Link of this tag's srcdoc document, resolved by the nested core: sent in source order at the tag's end. */
	addResolved(link: Link, event: ReferenceEvent): void {
		if (this.cap.admit(event)) this.queued.push({event, layer: null, link});
	}

	emitLink(link: Link, event: ReferenceEvent): void {
		this.sink(link, event);
	}

	protected keptAttributeName(start: number, end: number): string {
		// Every attribute is kept (a qualified name, as written); of a name written twice, the first.
		return this.slice(start, end);
	}

	protected inForeignContent(): boolean {
		return true;
	}

	/** Every tag and text run matters in XML (and the tokenizer's XML mode has no quiet loop). */
	protected readsOnlyNamedTags(): boolean {
		return false;
	}

	/** `<!` text `>`: a DOCTYPE, its internal subset and system identifier. */
	protected override onDeclaration(start: number, end: number): void {
		this.readDoctype(start, end);
		this.onMarkup(start, end, end + 1, doctypeSystem, 'metadata', '!DOCTYPE', 'system');
	}

	/** `<?` text `?>`: an xml-stylesheet's href. */
	protected override onInstruction(start: number, end: number): void {
		this.onMarkup(start, end, end + 2, stylesheetHref, 'resource', '?xml-stylesheet', 'href');
	}

	protected onStartTag(start: number, nameEnd: number, end: number, selfClosing: boolean): void {
		const {scope} = this;
		const reader = scope.top?.reader;
		if (reader?.markup !== undefined) {
			this.attributes.reset();
			reader.markup(this.verbatim(start - 1, end + 1));
			return;
		}
		reader?.interrupt();
		if (this.vocabulary === undefined) this.readSubset(start - 1);
		const tag: StartTag = {
			qname: this.slice(start, nameEnd),
			start: start - 1,
			nameEnd,
			attributes: this.attributes.take(),
		};
		this.vocabulary ??= rootVocabulary(tag.qname);
		if (this.options.onFragmentTarget !== undefined) this.fragmentTargets(tag.attributes);
		const frame = readStartTag(tag, scope.prefixes, scope.base, scope.top, this.vocabulary, this);
		if (!this.knownVocabulary && isKnownVocabulary(frame.namespace)) this.knownVocabulary = true;
		this.cap.close();
		this.sendQueued();
		scope.open(frame);
		if (selfClosing) scope.close(frame.qname);
	}

	/** `id` and `xml:id` (XML ID, SVG 2 `#linking`): values a fragment names (CoreOptions.onFragmentTarget). */
	private fragmentTargets(attributes: readonly AttributeRecord[]): void {
		for (const attribute of attributes) {
			if (attribute.quote !== undefined && (attribute.name === 'id' || attribute.name === 'xml:id'))
				this.options.onFragmentTarget!(this.decode(attribute).text);
		}
	}

	/** The events of one start tag, in source order, located and resolved. */
	private sendQueued(): void {
		const queued = this.queued;
		if (queued.length === 0) return;
		this.queued = [];
		queued.sort((a, b) => a.event.start - b.event.start);
		for (const {event, layer, link} of queued) {
			const {line, column} = this.locate(event.start);
			event.line = line;
			event.column = column;
			if (link === null) {
				this.emit(event, layer);
				continue;
			}
			link.line = line;
			link.column = column;
			this.sink(link, event);
		}
	}

	protected onEndTag(start: number, end: number): void {
		if (!this.source.holds(start)) return;
		const name = this.slice(start, end);
		const top = this.scope.top;
		if (top?.reader?.markup !== undefined && name !== top.qname) top.reader.markup(this.verbatim(start - 2, end + 1));
		else this.scope.close(name);
	}

	/** Source text taken as it is (a CDATA section, markup inside HTML). */
	private verbatim(start: number, end: number): DecodedText {
		const text = this.slice(start, end);
		return new DecodedText(text, text, start, null);
	}

	protected takesText(): boolean {
		return this.scope.top?.reader != null;
	}

	protected onCdata(start: number, end: number, tokenEnd: number): void {
		// XML 1.0 §2.7: a CDATA section's text is taken as written. One the input cut off before
		// its `]]>` ends with the input (the tokenizer reports it with no closing markup).
		this.scope.top?.reader?.text(this.verbatim(start, end), true, tokenEnd === end);
	}

	/**
	 * The text read so far of a CDATA section still open, to a reader that takes a section in
	 * pieces (escaped HTML): the nested document's Links then go out as the input comes, not
	 * all at the section's `]]>` (a feed's description of megabytes of links in one section).
	 */
	private streamCdata(): void {
		const reader = this.scope.top?.reader;
		if (reader?.cdataInPieces !== true) return;
		const open = takeOpenCdata(this.tokenizer);
		if (open === undefined) return;
		const [start, end] = open;
		// The text before the section goes first (as onCdata sends it).
		this.flushText();
		this.floor = end;
		if (this.source.holds(start)) reader.text(this.verbatim(start, end), true);
	}

	/**
	 * A processing instruction or declaration (text `[start, end)`, the token to `tokenEnd`; the text before it was read):
	 * the URL `find` finds in its text. Inside an element's text it is the reader's: markup
	 * of the HTML there, or what spoils a URL (an event here would precede the reader's).
	 */
	private onMarkup(
		start: number,
		end: number,
		tokenEnd: number,
		find: (text: string) => MarkupValue | undefined,
		kind: 'metadata' | 'resource',
		element: string,
		attribute: string,
	): void {
		if (!this.source.holds(start - 2)) return;
		const reader = this.scope.top?.reader;
		if (reader?.markup !== undefined) {
			reader.markup(this.verbatim(start - 2, tokenEnd));
			return;
		}
		reader?.interrupt();
		// XML 1.0 §2.8 doctypedecl, xml-stylesheet §2: both stand in the prolog only, before the root element.
		if (this.vocabulary !== undefined) return;
		const found = find(this.slice(start, end));
		if (found === undefined) return;
		const valueStart = start + found.start;
		const valueEnd = start + found.end;
		const raw = this.slice(valueStart, valueEnd);
		// The DOCTYPE's system literal decodes nothing (XML 1.0 §2.3); a pseudo-attribute does.
		const text =
			kind === 'metadata'
				? new DecodedText(raw, raw, valueStart, null)
				: this.decoder.decode(raw, valueStart, 'xml-attribute');
		const {line, column} = this.locate(valueStart);
		const event = referenceEvent(
			text.text,
			raw,
			valueStart,
			valueEnd,
			line,
			column,
			kind,
			'base',
			'url',
			kind === 'metadata' ? 'system-literal' : 'xml-attribute',
		);
		event.element = element;
		event.attribute = attribute;
		event.quote = found.quote;
		this.emit(event, this.scope.base);
	}

	/** A DOCTYPE with an internal subset in the prolog: its text is held (up to MAX_SUBSET) until the root element. */
	private readDoctype(start: number, end: number): void {
		if (this.vocabulary !== undefined || this.subsetStart >= 0 || !this.source.holds(start)) return;
		const text = this.slice(start, end);
		const bracket = text.indexOf('[');
		if (bracket >= 0 && /^DOCTYPE\s/i.test(text)) this.subsetStart = start + bracket + 1;
	}

	/** The root element starts at `rootStart`: the internal subset before it is read (XML 1.0 §2.8), its entities declared. */
	private readSubset(rootStart: number): void {
		const start = this.subsetStart;
		this.subsetStart = -1;
		if (start < 0 || !this.source.holds(start)) return;
		this.entities.declare(this.slice(start, rootStart));
		if (!this.entities.any) return;
		const {entities} = this;
		this.decoder.declared = (source, offset) => {
			const reference = referenceName(source, offset);
			const text = reference === undefined ? undefined : entities.expand(reference.name);
			return text === undefined || reference === undefined ? undefined : {text, length: reference.length};
		};
	}

	/**
	 * A value whose source holds an expanded entity reference is rewritten only when that
	 * source reads back as the value on its own (a whole attribute value or element text):
	 * a list item, srcset candidate or CSS url() that an entity's replacement text holds
	 * only in part is kept as written (a new value there would replace the whole reference).
	 */
	private keepEntityValue(event: ReferenceEvent): void {
		const {entities} = this;
		if (entities.used.size === 0 || event.syntax === 'none' || !refersTo(event.raw, entities.used)) return;
		entities.free = true;
		const decoded = this.decoder.decode(
			event.raw,
			0,
			event.container === 'xml-attribute' ? 'xml-attribute' : 'strict',
		).text;
		entities.free = false;
		if (trimXmlSpace(decoded) !== event.value) event.syntax = 'none';
	}

	protected onEnd(): void {
		this.scope.closeAll();
	}

	protected readText(start: number, raw: string): void {
		const reader = this.scope.top?.reader;
		if (reader === null || reader === undefined) return;
		reader.text(this.decoder.decode(raw, start, 'strict'), false);
	}

	/** The source the element-text reader and a DOCTYPE's internal subset (up to MAX_SUBSET: entities.ts) still need. */
	private heldFrom(): number | undefined {
		let held = this.scope.top?.reader?.heldFrom;
		if (this.subsetStart >= 0) {
			if (this.source.end - this.subsetStart > MAX_SUBSET) this.subsetStart = -1;
			else held = held === undefined ? this.subsetStart : Math.min(held, this.subsetStart);
		}
		return held;
	}
}
