/**
 * iframe `srcdoc` documents of XHTML elements inside XML (an Atom `type="xhtml"` content,
 * an SVG `foreignObject`, an XHTML document read as XML), read as the HTML core reads
 * srcdoc (html/extractor.ts): HTML `#an-iframe-srcdoc-document`, a srcdoc document is an HTML document, whatever
 * its parent; its fallback base is the base where the iframe stands (here the xml:base in
 * scope at the iframe, its own included: XML Base §4.2), and its own BASE rules inside it.
 * Its Links move to the XML source, carry `frame`, and record the XML attribute's quoting
 * as their outermost layer, so a rewriter escapes a new value for it last.
 */
import type {FrameContext, Link} from '../../types.js';
import type {BaseLayer, CoreOptions} from '../base.js';
import {type Enclosing, movedEvent, type ReferenceEvent} from '../event.js';
import type {DecodedText} from '../html/decode.js';
import {HtmlExtractor} from '../html/extractor.js';

/** What reading a srcdoc document needs from the XML extractor. */
export interface SrcdocHost {
	readonly options: CoreOptions;
	/** What the srcdoc document lost to the limits, counted as the host's (TagReader.addLosses). */
	addLosses(nested: HtmlExtractor): void;
	/** A Link resolved by the nested core, moved to the XML source. */
	addResolved(link: Link, event: ReferenceEvent): void;
}

/** The enclosing layer of an XML attribute in `quote` (unquoted, not well-formed: as HTML's). */
const XML_ATTRIBUTE_LAYERS: Readonly<Record<'"' | "'" | '', Enclosing>> = {'"': 'xml"', "'": "xml'", '': ''};

/**
 * Read the srcdoc document `text` (the decoded attribute value) of an iframe whose base is `base`.
 *
 * @example
 * readSrcdoc(host.decode(attribute), '"', frame.base, host);
 */
export function readSrcdoc(text: DecodedText, quote: '"' | "'" | '', base: BaseLayer | null, host: SrcdocHost): void {
	const layer = XML_ATTRIBUTE_LAYERS[quote];
	const frame: FrameContext = {
		element: 'iframe',
		attribute: 'srcdoc',
		start: text.toSourceStart(0),
		end: text.toSourceEnd(text.text.length),
		depth: 1,
	};
	const nested = new HtmlExtractor(
		{...host.options, type: 'html'},
		(link, event) => moveLink(text, layer, frame, link, event, host),
		{fallback: base, depth: 1},
	);
	nested.write(text.text);
	nested.end();
	host.addLosses(nested);
}

/** A Link of the srcdoc document, its span (and its own frame, if deeper) moved from the decoded value to the source. */
function moveLink(
	text: DecodedText,
	layer: Enclosing,
	frame: FrameContext,
	link: Link,
	event: ReferenceEvent,
	host: SrcdocHost,
): void {
	const start = text.toSourceStart(link.start);
	const end = link.start === link.end ? start : text.toSourceEnd(link.end);
	const sliced = text.sourceSlice(start, end);
	const raw = host.options.own === undefined ? sliced : host.options.own(sliced);
	// Located when the tag's events are sent, in source order (extractor.ts sendQueued).
	const moved = movedEvent(event, raw, start, end, 0, 0);
	// Innermost first: the srcdoc attribute's own quoting last.
	moved.enclosing = [...(event.enclosing ?? []), layer];
	const inner = link.frame;
	const outer =
		inner === undefined
			? frame
			: {
					...inner,
					start: text.toSourceStart(inner.start),
					end: inner.start === inner.end ? text.toSourceStart(inner.start) : text.toSourceEnd(inner.end),
					depth: inner.depth + 1,
				};
	host.addResolved({...link, start, end, raw, frame: outer}, moved);
}
