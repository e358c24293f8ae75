/**
 * Reference events: what every scanner (html and xhtml, xml, css, text) yields before base tracking.
 * A reference event is a Link without its resolution, plus what a rewriter needs to
 * write a new value back into the same context.
 */
import type {LinkKind} from '../types.js';

/** How the value is written in its context, so a rewriter can escape a new one. */
export type ValueSyntax =
	| 'url' // a whole attribute value holding one URL
	| 'list-item' // one token of a whitespace-separated list (ping, archive, profile, itemtype)
	| 'comma-item' // one token of a comma-separated list (applet archive)
	| 'srcset' // one candidate URL of srcset / imagesrcset
	| 'meta-refresh' // the URL part of a meta refresh content value
	| 'css-url' // unquoted url(...) token
	| 'css-string' // quoted string: url("..."), @import "...", image-set("...")
	| 'text' // a plain-text URL
	| 'none'; // no written value to rewrite: an absent form action, a robots directive (empty span)

/** Where the value's text sits, which decides the outer escaping on write. */
export type Container =
	| 'attribute' // an HTML attribute value: entities decoded on read, `&` and quote escaped on write
	| 'raw' // raw text: <style> element, a CSS file, plain text
	| 'html-text' // HTML text content (textLinks): entities decoded on read, `&` and `<` escaped on write
	| 'xml-text' // XML element text: entities (and CDATA sections in the span) decoded on read; `&`, `<`, `>` escaped on write
	| 'cdata' // inside one XML CDATA section: nothing decoded on read; `]]>` split across two sections on write
	| 'xml-attribute' // an XML attribute value or PI pseudo-attribute: references decoded on read; `&` `<` `>` the quote TAB LF CR as references on write
	| 'system-literal'; // a DOCTYPE system literal: nothing decoded on read nor escaped on write; the other quote, or percent-encoding

/**
 * A layer a nested document's value sits in, from the inside out: an HTML attribute in its
 * quoting (iframe srcdoc), an XML attribute in its quoting (`xml"`, `xml'`: an XHTML iframe
 * srcdoc inside XML), or XML element text holding escaped HTML (`xml-text`, `cdata`).
 * A value of escaped HTML that starts in text and ends in a CDATA section (or the reverse)
 * is `xml-text>cdata` (`cdata>xml-text`): written in the first, then the second opened.
 */
export type Enclosing = '"' | "'" | '' | 'xml"' | "xml'" | 'xml-text' | 'cdata' | 'xml-text>cdata' | 'cdata>xml-text';

/** Which base the reference resolves against (html-url-attributes.md "Against"). */
export type Against =
	| 'base' // the document base URL (BASE element, then the §5.1 fallback layers)
	| 'document' // the document URL: BASE ignored (form action fallback, html manifest)
	| 'absolute'; // resolved only when already absolute (itemtype)

/**
 * One reference found by a scanner, before resolution. Made by {@link referenceEvent} only:
 * every event has every field (undefined when it does not apply), in one order, so all
 * events share one V8 hidden class and the code that reads them (resolution, the base
 * queue, the rewriter) stays monomorphic. Events with fields added as needed had a dozen
 * shapes, and reading them through megamorphic inline caches cost a tenth of extraction.
 */
export interface ReferenceEvent {
	value: string;
	raw: string;
	start: number;
	end: number;
	line: number;
	column: number;
	kind: LinkKind;
	element?: string | undefined;
	attribute?: string | undefined;
	rel?: string[] | undefined;
	text?: string | undefined;
	delimiter?: string | undefined;
	against: Against;
	/** When set, a reference resolved against this (possibly relative) URL first, e.g. object codebase. */
	codebase?: string | undefined;
	/**
	 * What to resolve when it differs from `value` (text: RFC 2396 App. F `www.x` -> `http://www.x`,
	 * `mailto:` for a bare e-mail address). `value` keeps what was written.
	 */
	reference?: string | undefined;
	syntax: ValueSyntax;
	container: Container;
	/**
	 * Attribute quoting as written: `"`, `'` or `''` for unquoted. Undefined in an attribute
	 * container when the attribute has no value (`<a href>`): the span is empty at the end of
	 * the name, and a rewriter inserts `="..."` there.
	 */
	quote?: '"' | "'" | '' | undefined;
	/**
	 * For a reference inside an iframe `srcdoc` document: the quoting of the srcdoc
	 * attribute(s) it sits in, innermost first; for one in HTML escaped inside XML, the XML
	 * text or CDATA section last. The span is in the outer source, so a rewriter escapes a
	 * new value for its own context, then for each of these layers.
	 */
	enclosing?: readonly Enclosing[] | undefined;
	/**
	 * `meta-refresh` only: the quote that opens the URL inside the decoded content value
	 * (`''`: none), so a rewriter knows which quote would end a new value.
	 */
	refreshQuote?: '"' | "'" | '' | undefined;
	/** html: inside a `<template>` (Link.inert). */
	inert?: true | undefined;
	/**
	 * html meta `content`: the `property` (else `name`) that makes it a URL, lower-cased
	 * (`og:image`), so a rewriter can tell which URLs must stay absolute (RewriteOptions.keepAbsolute).
	 */
	metaName?: string | undefined;
	/** html a/area/link: the element has an `hreflang` attribute (a language alternate). */
	hreflang?: true | undefined;
}

/**
 * A new event with every field (see {@link ReferenceEvent}); set the optional ones after.
 *
 * @example
 * const event = referenceEvent('a.png', 'a.png', 10, 15, 1, 11, 'resource', 'base', 'css-url', 'raw');
 * event.element = 'style';
 */
export function referenceEvent(...fields: ConstructorParameters<typeof Event>): ReferenceEvent {
	return new Event(...fields);
}

/**
 * The events' one shape, made by a constructor rather than an object literal: V8 pretenures an
 * object literal's allocation site once most of its objects outlive a young-generation
 * collection (as the 32,768 references a document-wide BASE hold keeps do), and from then on
 * puts every event of the run straight into the old generation, where it stays until a full
 * collection (a 16 MB srcdoc of links: 170 MB of dead events before each). Objects made by a
 * constructor have no allocation site.
 */
class Event implements ReferenceEvent {
	value: ReferenceEvent['value'];
	raw: ReferenceEvent['raw'];
	start: ReferenceEvent['start'];
	end: ReferenceEvent['end'];
	line: ReferenceEvent['line'];
	column: ReferenceEvent['column'];
	kind: ReferenceEvent['kind'];
	element: ReferenceEvent['element'];
	attribute: ReferenceEvent['attribute'];
	rel: ReferenceEvent['rel'];
	text: ReferenceEvent['text'];
	delimiter: ReferenceEvent['delimiter'];
	against: ReferenceEvent['against'];
	codebase: ReferenceEvent['codebase'];
	reference: ReferenceEvent['reference'];
	syntax: ReferenceEvent['syntax'];
	container: ReferenceEvent['container'];
	quote: ReferenceEvent['quote'];
	enclosing: ReferenceEvent['enclosing'];
	refreshQuote: ReferenceEvent['refreshQuote'];
	inert: ReferenceEvent['inert'];
	metaName: ReferenceEvent['metaName'];
	hreflang: ReferenceEvent['hreflang'];

	constructor(
		value: string,
		raw: string,
		start: number,
		end: number,
		line: number,
		column: number,
		kind: LinkKind,
		against: Against,
		syntax: ValueSyntax,
		container: Container,
	) {
		// Every field, in the order of the object literal this replaces (one shape).
		this.value = value;
		this.raw = raw;
		this.start = start;
		this.end = end;
		this.line = line;
		this.column = column;
		this.kind = kind;
		this.element = undefined;
		this.attribute = undefined;
		this.rel = undefined;
		this.text = undefined;
		this.delimiter = undefined;
		this.against = against;
		this.codebase = undefined;
		this.reference = undefined;
		this.syntax = syntax;
		this.container = container;
		this.quote = undefined;
		this.enclosing = undefined;
		this.refreshQuote = undefined;
		this.inert = undefined;
		this.metaName = undefined;
		this.hreflang = undefined;
	}
}

/** A copy of `event` in the same shape, moved to another place in the source. */
export function movedEvent(
	event: ReferenceEvent,
	raw: string,
	start: number,
	end: number,
	line: number,
	column: number,
): ReferenceEvent {
	const moved = referenceEvent(
		event.value,
		raw,
		start,
		end,
		line,
		column,
		event.kind,
		event.against,
		event.syntax,
		event.container,
	);
	setAttributeFields(moved, event);
	moved.text = event.text;
	moved.delimiter = event.delimiter;
	moved.enclosing = event.enclosing;
	moved.inert = event.inert;
	return moved;
}

/** The fields an attribute gives its events. */
export type AttributeFields = Pick<
	ReferenceEvent,
	'element' | 'attribute' | 'quote' | 'rel' | 'codebase' | 'reference' | 'refreshQuote' | 'metaName' | 'hreflang'
>;

/** Copy `fields` onto `event` (fields it already has: its shape stays). */
export function setAttributeFields(event: ReferenceEvent, fields: AttributeFields): void {
	event.element = fields.element;
	event.attribute = fields.attribute;
	event.quote = fields.quote;
	event.rel = fields.rel;
	event.codebase = fields.codebase;
	event.reference = fields.reference;
	event.refreshQuote = fields.refreshQuote;
	event.metaName = fields.metaName;
	event.hreflang = fields.hreflang;
}
