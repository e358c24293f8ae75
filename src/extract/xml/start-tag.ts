/**
 * One XML start tag read: its namespace declarations (XML Names §3), its xml:base (XML
 * Base §3, §4.2), the URL-bearing attributes of the vocabulary tables (vocabularies.ts;
 * XHTML, SVG and MathML elements through the HTML attribute table and readTag), and the
 * reader its text needs (a URL, escaped HTML, CSS).
 */
import type {LinkKind} from '../../types.js';
import type {BaseLayer} from '../base.js';
import {type ReferenceEvent, referenceEvent} from '../event.js';
import {linkRelKind, type Namespace} from '../html/attributes.js';
import type {CharacterReferenceDecoder, DecodedText} from '../html/decode.js';
import {cssEvents} from '../html/style.js';
import type {Position} from '../position.js';
import {forEachToken, trimAscii} from '../html/lists.js';
import {readTag, type AttributeRecord, type TagHost} from '../html/tag.js';
import {StyleText, UrlText} from './element-text.js';
import {Base64Html, type EmbedHost, EscapedHtml} from './escaped.js';
import {type Frame, resolveName, type TextReader} from './scope.js';
import {knownNamespace, NS, textRule, type XmlRule, xmlRule} from './vocabularies.js';

/** Namespaces whose elements the HTML attribute table describes. */
const HTML_TABLE_NAMESPACES: Readonly<Record<string, Namespace>> = {
	[NS.xhtml]: 'html',
	[NS.svg]: 'svg',
	[NS.mathml]: 'math',
};

const XLINK_HREF = `{${NS.xlink}}href`;

/**
 * Prefixes in scope at most: further declarations are ignored, so that copying the scope
 * for an element that declares one stays bounded (a hostile document could declare
 * thousands on one element and one more on each of its descendants).
 */
export const MAX_PREFIXES = 256;

/** What reading a start tag needs from the extractor. */
export interface StartTagHost extends EmbedHost {
	/** The TagHost readTag emits XHTML/SVG events through (into `pending`). */
	readonly tagHost: TagHost;
	decode(attribute: AttributeRecord): DecodedText;
	/** Queue an event of this tag: resolved against `layer`, sent in source order at the tag's end. */
	queue(event: ReferenceEvent, layer: BaseLayer | null): void;
	/** The base a queued xml:base event gives (resolved now, against `parent`). */
	queueBase(event: ReferenceEvent, parent: BaseLayer | null): BaseLayer | null;
	/** The base of the tag being read (XML Base §4.2: its own xml:base included), for `tagHost`'s events. */
	tagLayer: BaseLayer | null;
}

/** Line and column of events queued during a start tag: set when the tag's events are sent in order. */
const UNLOCATED: Position = {line: 0, column: 0};

/**
 * The TagHost readTag reads XHTML, SVG and MathML elements through: every event (CSS in a
 * style attribute too) goes to `queue`, unlocated. An XHTML BASE element sets no base in
 * XML (xml:base does): it is reported as a Link. An iframe srcdoc document goes to `srcdoc`.
 *
 * @example
 * const tagHost = htmlTableHost(decoder, 'https://example.com/feed', (event) => pending.push(event), (text, quote) => readSrcdoc(text, quote, base, host), host);
 */
export function htmlTableHost(
	decoder: CharacterReferenceDecoder,
	documentUrl: string | undefined,
	queue: (event: ReferenceEvent) => void,
	srcdoc: (text: DecodedText, quote: '"' | "'" | '') => void,
	losses: {cutCssTokens: number},
): TagHost {
	return {
		decoder,
		decodeMode: 'xml-attribute',
		lineOf: () => 0,
		columnOf: () => 0,
		documentUrl,
		pluginCodebase: undefined,
		// The HTML table's events stand in XML attributes (XML 1.0 §3.3.3 normalization applies on read).
		emit: event => {
			if (event.container === 'attribute') event.container = 'xml-attribute';
			queue(event);
		},
		css: (text, fields) => {
			// A URL too long for the scanner is counted for the document's warning (TagReader.cutCssTokens).
			losses.cutCssTokens += cssEvents(
				text,
				{element: fields.element, attribute: fields.attribute, container: 'xml-attribute', quote: fields.quote},
				() => UNLOCATED,
				queue,
			);
		},
		srcdoc: (text, fields) => {
			if (fields.quote !== undefined) srcdoc(text, fields.quote);
		},
		robotsReported: false,
	};
}

/** A start tag as the tokenizer gave it. */
export interface StartTag {
	qname: string;
	start: number;
	nameEnd: number;
	attributes: AttributeRecord[];
}

/**
 * The frame of the element a start tag opens, its events queued on the host.
 *
 * @example
 * const frame = readStartTag(tag, scope.prefixes, scope.base, scope.top, vocabulary, host);
 */
export function readStartTag(
	tag: StartTag,
	inherited: ReadonlyMap<string, string>,
	parentBase: BaseLayer | null,
	parent: Frame | undefined,
	vocabulary: string,
	host: StartTagHost,
): Frame {
	let prefixes = declaredPrefixes(tag, inherited, host);
	const name = resolveName(tag.qname, prefixes, true);
	let namespace =
		name === undefined ? '?' : tag.qname.includes(':') || name.namespace !== '' ? name.namespace : vocabulary;
	const local = name?.local ?? tag.qname;
	if (namespace === NS.rss && local === 'body') {
		// An RSS item's inline XHTML `body` without its namespace (Universal Feed Parser's entry
		// content): it and its unprefixed descendants are XHTML.
		namespace = NS.xhtml;
		prefixes = new Map(prefixes).set('', NS.xhtml);
	}
	const base = readBase(tag, parentBase, host);
	host.tagLayer = base;
	const frame: Frame = {qname: tag.qname, namespace, local, prefixes, base, start: tag.start, reader: null};
	const htmlNamespace = HTML_TABLE_NAMESPACES[namespace];
	const forTable: AttributeRecord[] = [];
	for (const attribute of tag.attributes) {
		const {name: attributeName} = attribute;
		if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:') || attributeName === 'xml:base') continue;
		const resolved = resolveName(attributeName, prefixes, false);
		if (resolved === undefined) continue;
		const place = resolved.namespace === '' ? resolved.local : `{${resolved.namespace}}${resolved.local}`;
		if (htmlNamespace !== undefined && (resolved.namespace === '' || place === XLINK_HREF)) {
			forTable.push(
				place === XLINK_HREF ? {...attribute, name: 'xlink:href'} : {...attribute, name: attributeName.toLowerCase()},
			);
			continue;
		}
		const rule = xmlRule(namespace, local, place, parent?.local);
		if (rule !== undefined) readAttribute(frame, tag, attribute, rule, host);
	}
	if (htmlNamespace !== undefined) {
		readTag(
			{name: local.toLowerCase(), namespace: htmlNamespace, nameEnd: tag.nameEnd, attributes: forTable},
			host.tagHost,
		);
		if (local === 'style' && htmlNamespace !== 'math') frame.reader = new StyleText(host, host.tagHost.decoder, base);
	} else {
		frame.reader = textReader(frame, tag, parent, host);
	}
	return frame;
}

/** XML Names §3: `xmlns` and `xmlns:prefix` declarations on this element. */
function declaredPrefixes(
	tag: StartTag,
	inherited: ReadonlyMap<string, string>,
	host: StartTagHost,
): ReadonlyMap<string, string> {
	let prefixes: Map<string, string> | undefined;
	for (const attribute of tag.attributes) {
		const {name} = attribute;
		if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
		if ((prefixes ?? inherited).size >= MAX_PREFIXES) break;
		prefixes ??= new Map(inherited);
		const uri = trimAscii(host.decode(attribute).text);
		prefixes.set(name === 'xmlns' ? '' : name.slice(6), uri === '' ? '' : knownNamespace(uri));
	}
	return prefixes ?? inherited;
}

/** XML Base §4.2: the element's base is its xml:base resolved against its parent's base. */
function readBase(tag: StartTag, parentBase: BaseLayer | null, host: StartTagHost): BaseLayer | null {
	const attribute = tag.attributes.find(a => a.name === 'xml:base');
	if (attribute === undefined) return parentBase;
	const event = valueEvent(host.decode(attribute), attribute, 'base', 'xml:base', tag.qname);
	return event === undefined ? parentBase : host.queueBase(event, parentBase);
}

/** One attribute of a vocabulary table, read by its rule. */
function readAttribute(
	frame: Frame,
	tag: StartTag,
	attribute: AttributeRecord,
	rule: XmlRule,
	host: StartTagHost,
): void {
	let {kind} = rule;
	let rel: string[] | undefined;
	if (rule.when === 'atom-rel') {
		// RFC 4287 §4.2.7.2: rel defaults to "alternate".
		const token = (attributeValue(tag, 'rel', host) ?? 'alternate').toLowerCase();
		rel = [token];
		kind = token === 'enclosure' ? 'resource' : linkRelKind(rel);
	}
	if (!holds(rule, tag, host)) return;
	const text = host.decode(attribute);
	const emit = (start: number, end: number): void => {
		const event = spanEvent(text, start, end, attribute, kind, attribute.name, tag.qname);
		event.rel = rel;
		host.queue(event, frame.base);
	};
	if (rule.syntax === 'url') {
		const event = valueEvent(text, attribute, kind, attribute.name, tag.qname);
		if (event !== undefined) {
			event.rel = rel;
			host.queue(event, frame.base);
		}
		return;
	}
	// list-item and schema-location: whitespace-separated tokens; XML Schema §2.6.3: (namespace, location) pairs.
	let index = 0;
	forEachToken(text.text, (start, end) => {
		if (rule.syntax !== 'schema-location' || index++ % 2 === 1) emit(start, end);
	});
}

/** The row's condition holds for this tag. */
function holds(rule: XmlRule, tag: StartTag, host: StartTagHost): boolean {
	// RSS 2.0 guid: isPermaLink="false" makes it an opaque identifier (the attribute's name
	// and value in any ASCII case: feeds write `isPermalink`, `False`).
	return rule.when !== 'permalink' || attributeValue(tag, 'ispermalink', host, true)?.toLowerCase() !== 'false';
}

/** The reader of the element's text, if its vocabulary puts a URL or HTML there. */
function textReader(frame: Frame, tag: StartTag, parent: Frame | undefined, host: StartTagHost): TextReader | null {
	const rule = textRule(frame.namespace, frame.local, parent?.local);
	if (rule === undefined || !holds(rule, tag, host)) return null;
	if (rule.syntax === 'html') {
		const form = rule.when === 'text-construct' ? htmlForm(frame.namespace, tag, host) : 'text';
		if (form === undefined) return null;
		// Links keep their embed context: its strings must not be slices that keep the input alive (CoreOptions.own).
		const own = host.options.own ?? ((s: string): string => s);
		const embed = {
			element: own(tag.qname),
			namespace: frame.namespace.startsWith('#') ? '' : own(frame.namespace),
			start: tag.start,
			encoding: form,
		};
		return form === 'text' ? new EscapedHtml(host, frame.base, embed) : new Base64Html(host, frame.base, embed);
	}
	return new UrlText(
		host,
		{kind: rule.kind, element: tag.qname, rel: undefined, identifier: rule.when === 'permalink'},
		frame.base,
	);
}

/**
 * Whether an Atom text construct holds HTML: RFC 4287 §3.1.1 `type="html"` (and
 * §4.1.3.3: `text/html` content, a text media type); Atom 0.3 §3.1: `type="text/html"`
 * with `mode="escaped"`, or `mode="base64"` to decode first. An Atom 0.3 construct with
 * `mode="escaped"` and no type holds escaped markup as feeds write it (the draft's default
 * type, text/plain, would need no escaping): it is read as HTML.
 */
function htmlForm(namespace: string, tag: StartTag, host: StartTagHost): 'text' | 'base64' | undefined {
	const type = attributeValue(tag, 'type', host)?.toLowerCase();
	if (namespace === NS.atom) return type === 'html' || type === 'text/html' ? 'text' : undefined;
	const mode = attributeValue(tag, 'mode', host) ?? 'xml';
	if (type === undefined && mode === 'escaped') return 'text';
	if (type !== 'text/html') return undefined;
	return mode === 'escaped' ? 'text' : mode === 'base64' ? 'base64' : undefined;
}

/** An unprefixed attribute's value, decoded and trimmed (`anyCase`: its name matched in any ASCII case, `name` given in lower case). */
function attributeValue(tag: StartTag, name: string, host: StartTagHost, anyCase = false): string | undefined {
	const attribute = tag.attributes.find(a => (anyCase ? a.name.toLowerCase() : a.name) === name);
	return attribute === undefined ? undefined : trimAscii(host.decode(attribute).text);
}

/** The event of a whole attribute value, white space trimmed (undefined for an attribute without a value). */
function valueEvent(
	text: DecodedText,
	attribute: AttributeRecord,
	kind: LinkKind,
	name: string,
	element: string,
): ReferenceEvent | undefined {
	if (attribute.quote === undefined) return undefined;
	const value = text.text;
	let start = 0;
	let end = value.length;
	while (start < end && isSpace(value.charCodeAt(start))) start++;
	while (end > start && isSpace(value.charCodeAt(end - 1))) end--;
	return spanEvent(text, start, end, attribute, kind, name, element);
}

/** XML 1.0 §2.3 S (attribute value normalization has made any of these a space). */
function isSpace(c: number): boolean {
	return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

/** The event of the decoded span `[start, end)` of an attribute value; line and column are set when it is sent. */
function spanEvent(
	text: DecodedText,
	start: number,
	end: number,
	attribute: AttributeRecord,
	kind: LinkKind,
	name: string,
	element: string,
): ReferenceEvent {
	const sourceStart = text.toSourceStart(start);
	const sourceEnd = start === end ? sourceStart : text.toSourceEnd(end);
	const value = text.text.slice(start, end);
	const raw = text.verbatim ? value : text.sourceSlice(sourceStart, sourceEnd);
	const event = referenceEvent(value, raw, sourceStart, sourceEnd, 0, 0, kind, 'base', 'url', 'xml-attribute');
	event.element = element;
	event.attribute = name;
	event.quote = attribute.quote;
	return event;
}
