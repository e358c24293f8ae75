/**
 * Turns one start tag's attributes into reference events, following the attribute table
 * (attributes.ts) and its conditions. The HTML extractor collects the attributes (first
 * occurrence of a name wins: markup/attributes.ts) and calls {@link readTag} at the tag's end.
 */
import {codeAt, knownString} from '../../known-string.js';
import type {LinkKind} from '../../types.js';
import {
	type AttributeRule,
	elementRules,
	linkRelKind,
	type Namespace,
	POLLING_META_NAMES,
	URL_META_NAMES,
	URL_PARAM_NAMES,
} from './attributes.js';
import {type Against, type ReferenceEvent, referenceEvent, setAttributeFields, type ValueSyntax} from '../event.js';
import {type CharacterReferenceDecoder, DecodedText, type DecodeMode, needsDecoding} from './decode.js';
import {mayHoldUrls} from '../css/scanner.js';
import {parseMetaRefresh} from '../meta-refresh.js';
import {forEachCommaItem, forEachPollingUri, forEachToken, isBlank, tokens, trimAscii} from './lists.js';
import {forEachSrcsetUrl, isAsciiWhitespace} from '../srcset.js';

import type {AttributeRecord} from '../markup/attributes.js';

/** One attribute as written (markup/attributes.ts): in HTML its name is lower-case. */
export type {AttributeRecord};

export interface TagRecord {
	name: string;
	namespace: Namespace;
	/** Absolute offset just after the tag name. */
	nameEnd: number;
	attributes: AttributeRecord[];
}

/** What a reference event is for the extractor, beyond being queued. */
export type EventRole = 'plain' | 'anchor' | 'base';

/** What readTag needs from the extractor. */
export interface TagHost {
	readonly decoder: CharacterReferenceDecoder;
	readonly decodeMode: DecodeMode;
	/** The line of `offset` (offsets come in increasing order); then {@link columnOf} gives its column. */
	lineOf(offset: number): number;
	/** The column of `offset`, on the line {@link lineOf} located last. */
	columnOf(offset: number): number;
	/** The document URL (the fallback base), for an empty form action. */
	readonly documentUrl: string | undefined;
	/** The codebase of the innermost open object/applet (for param values). */
	readonly pluginCodebase: string | undefined;
	emit(event: ReferenceEvent, role: EventRole): void;
	/** CSS declarations in an attribute value. */
	css(text: DecodedText, fields: EventFields): void;
	/** An iframe srcdoc document. */
	srcdoc(text: DecodedText, fields: EventFields): void;
	/** Set once a robots directive was reported (once per document). */
	robotsReported: boolean;
}

/**
 * The fields every event from one attribute shares. Made by {@link eventFields} only: one
 * shape for all (see ReferenceEvent).
 */
export interface EventFields {
	kind: LinkKind;
	against: Against;
	syntax: ValueSyntax;
	element: string;
	attribute: string;
	quote: '"' | "'" | '' | undefined;
	rel: string[] | undefined;
	codebase: string | undefined;
	reference: string | undefined;
	refreshQuote: '"' | "'" | '' | undefined;
	metaName: string | undefined;
	hreflang: true | undefined;
}

function eventFields(
	kind: LinkKind,
	against: Against,
	syntax: ValueSyntax,
	element: string,
	attribute: string,
	quote: EventFields['quote'],
): EventFields {
	return {
		kind,
		against,
		syntax,
		element,
		attribute,
		quote,
		rel: undefined,
		codebase: undefined,
		reference: undefined,
		refreshQuote: undefined,
		metaName: undefined,
		hreflang: undefined,
	};
}

/** Read the URL-bearing attributes of a start tag, emitting events in source order. */
export function readTag(tag: TagRecord, host: TagHost): void {
	const html = tag.namespace === 'html';
	const hyperlink = html && (tag.name === 'a' || tag.name === 'area' || tag.name === 'link');
	const rel = hyperlink ? relTokens(tag, host) : undefined;
	const hreflang = hyperlink && find(tag, 'hreflang') !== undefined ? true : undefined;
	if (html && tag.name === 'form' && find(tag, 'action') === undefined) emitAbsentAction(tag, host);
	// The element's rules, found once: one lookup per attribute.
	const rules = elementRules(tag.namespace, tag.name);
	for (const attribute of tag.attributes) {
		const rule = rules.get(attribute.name);
		if (rule === undefined) continue;
		// One check decides: most values have nothing to decode.
		const verbatim = !needsDecoding(attribute.raw, host.decodeMode);
		// The common case (a whole value, one URL, no condition but `rel`): the event at once, no fields record.
		if (
			rule.syntax === 'url' &&
			(rule.when === undefined || rule.when === 'link-rel') &&
			emitWholeUrl(tag, attribute, rule, rel, hreflang, verbatim, host)
		)
			continue;
		// Most style attributes hold no URL place (`color:red`): with nothing to decode, the
		// value is the CSS text cssEvents would find no URL place in, so no fields nor text are made.
		if (rule.syntax === 'css' && verbatim && !mayHoldUrls(attribute.raw)) continue;
		// Most meta content (a description, a keyword list) holds no URL: no fields record, not even decoded.
		if (rule.when === 'meta-content') {
			readMetaContent(tag, attribute, rule, verbatim, host);
			continue;
		}
		const fields = applyRule(tag, attribute, rule, rel, host);
		if (fields === null) continue;
		if (rel !== undefined) fields.rel = rel;
		fields.hreflang = hreflang;
		readValue(tag, attribute, rule, fields, verbatim, host);
	}
}

/** What an attribute's events are for the extractor: the BASE href, an anchor's href, or any other. */
function roleOf(tag: TagRecord, attribute: AttributeRecord): EventRole {
	if (tag.namespace !== 'html') return 'plain';
	if (tag.name === 'base') return 'base';
	return tag.name === 'a' && attribute.name === 'href' ? 'anchor' : 'plain';
}

/** The rule's conditions: the event fields, or null when the attribute does not count here (`rel`: the tag's, read once). */
function applyRule(
	tag: TagRecord,
	attribute: AttributeRecord,
	rule: AttributeRule,
	rel: string[] | undefined,
	host: TagHost,
): EventFields | null {
	const syntax: ValueSyntax =
		rule.syntax === 'srcset' || rule.syntax === 'list-item' || rule.syntax === 'comma-item' ? rule.syntax : 'url';
	const fields = eventFields(rule.kind, rule.against, syntax, tag.name, attribute.name, attribute.quote);
	switch (rule.when) {
		case 'link-rel': {
			fields.kind = linkRelKind(rel ?? []);
			break;
		}
		case 'input-image': {
			if (keyword(tag, 'type', host) !== 'image') return null;
			break;
		}
		case 'submit-button': {
			const type = keyword(tag, 'type', host);
			const submits =
				tag.name === 'input' ? type === 'submit' || type === 'image' : type !== 'reset' && type !== 'button';
			if (!submits) return null;
			if (isBlank(attribute.raw)) documentUrl(fields, host);
			break;
		}
		case 'form-action': {
			if (isBlank(attribute.raw)) documentUrl(fields, host);
			break;
		}
		case 'codebase': {
			const codebase = find(tag, 'codebase');
			if (codebase !== undefined) setCodebase(fields, decodeStripped(codebase, host));
			break;
		}
		case 'param-value': {
			if (!URL_PARAM_NAMES.has(keyword(tag, 'name', host) ?? '')) return null;
			if (host.pluginCodebase !== undefined) setCodebase(fields, host.pluginCodebase);
			break;
		}
		case 'unless-href': {
			if (find(tag, 'href') !== undefined) return null;
			break;
		}
		case 'meta-content':
		case undefined: {
			break;
		}
	}
	return fields;
}

/**
 * HTML form submission: an empty action is "the URL of the form document" itself (its
 * fragment included), not the base: resolve the document URL instead of `''`.
 */
function documentUrl(fields: EventFields, host: TagHost): void {
	fields.against = 'document';
	if (host.documentUrl !== undefined) fields.reference = host.documentUrl;
}

function setCodebase(fields: EventFields, codebase: string): void {
	if (codebase !== '') fields.codebase = codebase;
}

/** Decode the value (`verbatim`: there is nothing to decode) and emit one event per URL in it. */
function readValue(
	tag: TagRecord,
	attribute: AttributeRecord,
	rule: AttributeRule,
	fields: EventFields,
	verbatim: boolean,
	host: TagHost,
): void {
	const role = roleOf(tag, attribute);
	const text = valueText(attribute, verbatim, host);
	switch (rule.syntax) {
		case 'url': {
			emitStripped(text, 0, text.text.length, fields, host, role);
			break;
		}
		case 'list-item': {
			forEachToken(text.text, (start, end) => emitSpan(text, start, end, fields, host, role));
			break;
		}
		case 'comma-item': {
			forEachCommaItem(text.text, (start, end) => emitStripped(text, start, end, fields, host, role));
			break;
		}
		case 'srcset': {
			forEachSrcsetUrl(text.text, (start, end) => emitSpan(text, start, end, fields, host, role));
			break;
		}
		case 'css': {
			// The record is this attribute's own (made by applyRule): changed in place.
			fields.kind = 'resource';
			host.css(text, fields);
			break;
		}
		case 'doc': {
			host.srcdoc(text, fields);
			break;
		}
	}
}

/** The value decoded (`verbatim`: there is nothing to decode), with its map back to the source. */
function valueText(attribute: AttributeRecord, verbatim: boolean, host: TagHost): DecodedText {
	return verbatim
		? new DecodedText(attribute.raw, attribute.raw, attribute.valueStart, null)
		: host.decoder.decodeAll(attribute.raw, attribute.valueStart, host.decodeMode);
}

/** §1.2 and §5.6: meta refresh, URL-valued properties, polling URIs, and the robots directive (the content decoded only for those). */
function readMetaContent(
	tag: TagRecord,
	attribute: AttributeRecord,
	rule: AttributeRule,
	verbatim: boolean,
	host: TagHost,
): void {
	const property = keyword(tag, 'property', host);
	const name = keyword(tag, 'name', host);
	const named = (names: ReadonlySet<string>): boolean =>
		(property !== undefined && names.has(property)) || (name !== undefined && names.has(name));
	const isRefresh = keyword(tag, 'http-equiv', host) === 'refresh';
	const isUrl = !isRefresh && named(URL_META_NAMES);
	const isPolling = !isRefresh && !isUrl && named(POLLING_META_NAMES);
	if (!isRefresh && !isUrl && !isPolling && (name !== 'robots' || host.robotsReported)) return;
	const text = valueText(attribute, verbatim, host);
	// The fields its rule gives (no condition of a meta element's applies to them).
	const fields = eventFields(rule.kind, rule.against, 'url', tag.name, attribute.name, attribute.quote);
	if (isRefresh) {
		const url = parseMetaRefresh(text.text)?.url;
		if (url === undefined || url === null) return;
		fields.syntax = 'meta-refresh';
		fields.refreshQuote = url.quote;
		emitSpan(text, url.start, url.end, fields, host, 'plain');
	} else if (isUrl) {
		fields.kind = 'metadata';
		fields.metaName = property !== undefined && URL_META_NAMES.has(property) ? property : name;
		emitStripped(text, 0, text.text.length, fields, host, 'plain');
	} else if (isPolling) {
		fields.kind = 'metadata';
		fields.syntax = 'list-item';
		forEachPollingUri(text.text, (start, end) => emitStripped(text, start, end, fields, host, 'plain'));
	} else {
		const directives = tokens(text.text.toLowerCase(), true);
		if (!directives.includes('nofollow') && !directives.includes('none')) return;
		host.robotsReported = true;
		// Reported once per document: an empty reference (this document) carrying the directives.
		fields.kind = 'metadata';
		fields.syntax = 'none';
		fields.rel = directives;
		documentUrl(fields, host);
		emitSpan(text, 0, 0, fields, host, 'plain');
	}
}

/** An absent form action: the document URL (HTML form submission), as an empty span after the tag name. */
function emitAbsentAction(tag: TagRecord, host: TagHost): void {
	const line = host.lineOf(tag.nameEnd);
	const event = referenceEvent(
		'',
		'',
		tag.nameEnd,
		tag.nameEnd,
		line,
		host.columnOf(tag.nameEnd),
		'form',
		'document',
		'none',
		'attribute',
	);
	event.element = tag.name;
	event.attribute = 'action';
	event.reference = host.documentUrl;
	host.emit(event, 'plain');
}

/**
 * The common case of {@link emitStripped}: a whole value holding one URL, its event made at
 * once with the fields an attribute with no condition (but `rel`) gives it. The value's ASCII
 * whitespace is stripped as written; what is left is decoded (`verbatim`: nothing to decode,
 * the common case) without a map back to the source: the event's span is what is left. That
 * holds unless a character reference at an end decodes to whitespace (`&#32;x`), which the
 * value must lose too: false then, nothing emitted (emitStripped reads it).
 */
function emitWholeUrl(
	tag: TagRecord,
	attribute: AttributeRecord,
	rule: AttributeRule,
	rel: string[] | undefined,
	hreflang: true | undefined,
	verbatim: boolean,
	host: TagHost,
): boolean {
	const raw = knownString(attribute.raw);
	let start = 0;
	let end = raw.length;
	while (start < end && isAsciiWhitespace(codeAt(raw, start))) start++;
	while (end > start && isAsciiWhitespace(codeAt(raw, end - 1))) end--;
	const written = start === 0 && end === raw.length ? raw : raw.slice(start, end);
	let value = written;
	if (!verbatim) {
		// A reference, CR or NUL inside: decoded alone (references end at whitespace, so those inside decode as in the whole value).
		value = knownString(host.decoder.decodeText(written, host.decodeMode));
		if (value === '' || isAsciiWhitespace(codeAt(value, 0)) || isAsciiWhitespace(codeAt(value, value.length - 1)))
			return false;
	}
	const kind = rule.when === undefined ? rule.kind : linkRelKind(rel ?? []);
	const sourceStart = attribute.valueStart + start;
	const line = host.lineOf(sourceStart);
	const event = referenceEvent(
		value,
		written,
		sourceStart,
		attribute.valueStart + end,
		line,
		host.columnOf(sourceStart),
		kind,
		rule.against,
		'url',
		'attribute',
	);
	event.element = tag.name;
	event.attribute = attribute.name;
	event.quote = attribute.quote;
	event.rel = rel;
	event.hreflang = hreflang;
	host.emit(event, roleOf(tag, attribute));
	return true;
}

/** HTML `#valid-url-potentially-surrounded-by-spaces`: strip leading and trailing ASCII whitespace from `[start, end)`, then emit. */
function emitStripped(
	text: DecodedText,
	start: number,
	end: number,
	fields: EventFields,
	host: TagHost,
	role: EventRole,
): void {
	const s = text.text;
	while (start < end && isAsciiWhitespace(codeAt(s, start))) start++;
	while (end > start && isAsciiWhitespace(codeAt(s, end - 1))) end--;
	emitSpan(text, start, end, fields, host, role);
}

/** Emit the decoded span `[start, end)` as an event whose span points into the source. */
export function emitSpan(
	text: DecodedText,
	start: number,
	end: number,
	fields: EventFields,
	host: TagHost,
	role: EventRole,
): void {
	host.emit(spanEvent(text, start, end, fields, host), role);
}

/** The event for the decoded span `[start, end)` of `text`; its span and raw text point into the source. */
export function spanEvent(
	text: DecodedText,
	start: number,
	end: number,
	fields: EventFields,
	host: Pick<TagHost, 'lineOf' | 'columnOf'>,
): ReferenceEvent {
	const sourceStart = text.toSourceStart(start);
	const sourceEnd = start === end ? sourceStart : text.toSourceEnd(end);
	const line = host.lineOf(sourceStart);
	const column = host.columnOf(sourceStart);
	const value = text.text.slice(start, end);
	const raw = text.verbatim ? value : text.sourceSlice(sourceStart, sourceEnd);
	return fieldsEvent(value, raw, sourceStart, sourceEnd, line, column, fields);
}

/** An attribute value's event: its place, and the fields its attribute gives. */
function fieldsEvent(
	value: string,
	raw: string,
	start: number,
	end: number,
	line: number,
	column: number,
	fields: EventFields,
): ReferenceEvent {
	const event = referenceEvent(
		value,
		raw,
		start,
		end,
		line,
		column,
		fields.kind,
		fields.against,
		fields.syntax,
		'attribute',
	);
	setAttributeFields(event, fields);
	return event;
}

function find(tag: TagRecord, name: string): AttributeRecord | undefined {
	for (const attribute of tag.attributes) if (attribute.name === name) return attribute;
	return undefined;
}

/** An enumerated attribute's value: decoded, ASCII whitespace stripped, lower-cased. */
/**
 * Whether a template start tag makes a declarative shadow root (HTML `#parsing-main-inhead`,
 * a start tag "template": `shadowrootmode` in the open or closed state), whose content is live.
 * Deviation: whether the parent can host a shadow root is not checked (an `<a>` cannot).
 *
 * @example
 * isDeclarativeShadowRoot(templateTag, host); // true for <template shadowrootmode=open>
 */
export function isDeclarativeShadowRoot(tag: TagRecord, host: TagHost): boolean {
	const mode = keyword(tag, 'shadowrootmode', host);
	return mode === 'open' || mode === 'closed';
}

function keyword(tag: TagRecord, name: string, host: TagHost): string | undefined {
	const attribute = find(tag, name);
	if (attribute === undefined) return undefined;
	const {raw} = attribute;
	return isPlainToken(raw) ? raw : knownString(decodeStripped(attribute, host)).toLowerCase();
}

/**
 * Whether `value` is one token as its keyword reads (most `rel`, `type`, `name` values):
 * printable ASCII with no ASCII upper alpha and no `&`, so nothing to decode (no character
 * reference, CR or NUL), strip, split or lower-case. Empty: no.
 */
function isPlainToken(value: string): boolean {
	const s = knownString(value);
	const length = s.length;
	if (length === 0) return false;
	for (let i = 0; i < length; i++) {
		const c = codeAt(s, i);
		if (
			c <= 0x20 /* space, and every control before it */ ||
			c >= 0x7f ||
			c === 0x26 /* & */ ||
			(c >= 0x41 && c <= 0x5a)
		)
			return false;
	}
	return true;
}

/** The lower-cased rel tokens (a token set), or undefined when there are none. */
function relTokens(tag: TagRecord, host: TagHost): string[] | undefined {
	const rel = keyword(tag, 'rel', host);
	if (rel === undefined) return undefined;
	const list = isPlainToken(rel) ? [rel] : tokens(rel, false);
	return list.length === 0 ? undefined : list;
}

function decodeStripped(attribute: AttributeRecord, host: TagHost): string {
	const {raw} = attribute;
	return trimAscii(
		needsDecoding(raw, host.decodeMode) ? host.decoder.decodeAll(raw, attribute.valueStart, host.decodeMode).text : raw,
	);
}
