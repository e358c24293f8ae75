/**
 * RFC 2396 §5.1 base layers and the resolution of reference events into Links.
 *
 * §5.1.1 (embedded in content, e.g. the HTML BASE element) is tracked by the HTML
 * scanner; this module orders the outer layers: §5.1.2 encapsulating entity, then
 * §5.1.3 retrieval URI, then §5.1.4 application default.
 */
import {codeAt} from '../known-string.js';
import type {BaseSource, Dialect, ExtractOptions, Link, LinkError} from '../types.js';
import {absolutize, resolve} from '../uri/index.js';
import type {ReferenceEvent} from './event.js';
import {plainAbsolute, PlainResolver} from './plain-base.js';

export interface BaseLayer {
	url: string;
	source: BaseSource;
}

/** The first outer layer that is set (RFC 2396 §5.1.2, then §5.1.3, then §5.1.4). */
export function fallbackBase(
	options: Pick<ExtractOptions, 'encapsulatingBase' | 'retrievalUrl' | 'defaultBase'>,
): BaseLayer | null {
	if (options.encapsulatingBase !== undefined) return {url: options.encapsulatingBase, source: 'encapsulating'};
	if (options.retrievalUrl !== undefined) return {url: options.retrievalUrl, source: 'retrieval'};
	if (options.defaultBase !== undefined) return {url: options.defaultBase, source: 'default'};
	return null;
}

export interface ResolveContext {
	dialect: Dialect;
	/** The document base: the BASE element's, or the fallback layer. */
	base: BaseLayer | null;
	/** The document URL (fallback layer), for references that ignore BASE. */
	documentBase: BaseLayer | null;
	/**
	 * For legacy-encoded documents (WHATWG URL: query in the document's encoding):
	 * percent-encodes the non-ASCII characters of a reference's query in that encoding
	 * before resolution. Applied only when the result has a special scheme other than ws/wss.
	 */
	encodeQuery?: (reference: string) => string;
	/**
	 * WHATWG dialect only: this document's cache of plain base URLs, so that references
	 * whose result is certainly canonical skip the URL parser (plain-base.ts).
	 */
	plain?: PlainResolver;
	/** CoreOptions.own: applied to every string of a Link that may be cut from the input. */
	own?: (s: string) => string;
}

/** Extraction options as the cores receive them: validated, plus what the caller adds. */
export interface CoreOptions extends ExtractOptions {
	encodeQuery?: (reference: string) => string;
	/**
	 * Set by a caller that keeps Links (the stream layer's `detach`): a string that may be
	 * cut from the input (a slice keeps its whole chunk alive) goes through it before a Link
	 * hands it out, and so do the outer base URLs, once.
	 */
	own?: (s: string) => string;
	/**
	 * Internal, for `check` (src/check): called with each value a fragment can name in this
	 * document, as the start tags are read: `id` on any element, `name` on an HTML `a`
	 * (HTML `#find-a-potential-indicated-element`), `xml:id` in XML. Not in srcdoc
	 * documents (another document). Absent: nothing is read for it (no cost).
	 */
	onFragmentTarget?: (name: string) => void;
}

/**
 * The resolution context of one document whose fallback layer is `base`, with the
 * document's query encoder if it has one (CoreOptions.encodeQuery; CSS passes none).
 */
export function resolveContext(
	options: Pick<CoreOptions, 'dialect' | 'own'>,
	base: BaseLayer | null,
	encodeQuery?: (reference: string) => string,
): ResolveContext {
	const {own} = options;
	const layer = base === null || own === undefined ? base : {url: own(base.url), source: base.source};
	const context: ResolveContext = {dialect: options.dialect ?? 'whatwg', base: layer, documentBase: layer};
	if (encodeQuery !== undefined) context.encodeQuery = encodeQuery;
	if (own !== undefined) context.own = own;
	if (context.dialect === 'whatwg') context.plain = new PlainResolver();
	return context;
}

/**
 * References longer than this (UTF-16 units) are resolved only when printable ASCII, so
 * one hostile attribute cannot take the memory of the process: percent-encoding makes each other unit up to 9 bytes, and the URL
 * parser's copies more (16 MB of NULs in an href took 2 GB). Chromium refuses URLs
 * longer than 2 MiB (url::kMaxURLChars); a long data: URL is printable ASCII.
 */
export const MAX_URL_LENGTH = 2 * 1024 * 1024;

/** Outside printable ASCII: what the URL parser percent-encodes (or strips). */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;

/** Resolve one reference event against its base, never throwing: failures become `error`. */
export function resolveEvent(event: ReferenceEvent, context: ResolveContext): Link {
	const {against} = event;
	const {own} = context;
	const link = linkFields(event, own);
	// What is resolved: the value, or what the extractor completed it to (it may hold a slice of it).
	const value = event.reference === undefined ? link.value : own === undefined ? event.reference : own(event.reference);
	const codebase = event.codebase === undefined || own === undefined ? event.codebase : own(event.codebase);
	if (value === '' || codeAt(value, 0) === 0x23 /* "#" */) link.sameDocument = true;
	if (event.inert === true) link.inert = true;

	const layer = against === 'document' ? context.documentBase : context.base;
	if (layer !== null) {
		link.base = layer.url;
		link.baseSource = layer.source;
	}
	if (value.length > MAX_URL_LENGTH && NOT_PRINTABLE_ASCII.test(value)) {
		link.error = 'invalid-url';
		return link;
	}

	const plain = context.dialect === 'whatwg' ? context.plain : undefined;
	if (against === 'absolute' || layer === null) {
		// encodeQuery leaves a plain (ASCII) URL alone.
		const absolute = (plain === undefined ? null : plainAbsolute(value)) ?? absolutize(value, {dialect: context.dialect});
		if (absolute !== null) link.url = finish(absolute, context);
		else link.error = against === 'absolute' ? 'invalid-url' : 'no-base';
		return link;
	}

	if (plain !== undefined && codebase === undefined) {
		const url = plain.resolve(value, layer.url);
		if (url !== null) {
			link.url = url;
			return link;
		}
	}
	try {
		const base = codebase === undefined ? layer.url : resolve(codebase, layer.url, {dialect: context.dialect});
		link.url = resolveWithQueryEncoding(value, base, context);
		if (SCRIPT_SCHEME.test(base) && !isScriptReference(value, context)) {
			link.url = null;
			link.error = 'invalid-base';
		}
	} catch {
		link.error = absolutize(layer.url, {dialect: context.dialect}) === null ? 'invalid-base' : 'invalid-url';
	}
	return link;
}

/**
 * The Link of an event left unresolved, with its `error`.
 *
 * @example
 * unresolvedLink(event, 'too-many').url; // null
 */
export function unresolvedLink(event: ReferenceEvent, error: LinkError, own?: (s: string) => string): Link {
	const link = linkFields(event, own);
	link.error = error;
	return link;
}

/**
 * The Link fields an event carries (all but against, syntax, container, quote, codebase,
 * reference), each string through `own` when set (the value shares the raw text's copy
 * when they are equal). Copied one by one: V8's object rest/spread took ~8 µs a call here,
 * more than resolving the URL. Keep in step with ReferenceEvent.
 */
function linkFields(event: ReferenceEvent, own: ((s: string) => string) | undefined): Link {
	const {raw, value, element, attribute, rel} = event;
	const ownRaw = own === undefined ? raw : own(raw);
	const link: Link = {
		value: value === raw ? ownRaw : own === undefined ? value : own(value),
		raw: ownRaw,
		start: event.start,
		end: event.end,
		line: event.line,
		column: event.column,
		kind: event.kind,
		url: null,
		base: null,
		baseSource: null,
	};
	if (element !== undefined) link.element = own === undefined ? element : own(element);
	if (attribute !== undefined) link.attribute = own === undefined ? attribute : own(attribute);
	if (rel !== undefined) link.rel = own === undefined ? rel : rel.map(own);
	if (event.text !== undefined) link.text = event.text;
	if (event.delimiter !== undefined) link.delimiter = event.delimiter;
	return link;
}

/**
 * A script URL (javascript:, data:, vbscript:) comes only from a reference that is one, so
 * a hostile base cannot turn a page's plain links into script. Against such a base (a
 * data: retrieval URL, say; HTML already ignores such BASE elements) any other reference
 * is left unresolved, `error: 'invalid-base'`.
 */
const SCRIPT_SCHEME = /^(?:javascript|data|vbscript):/i;
const NEUTRAL_BASE = 'http://neutral.invalid/';

function isScriptReference(value: string, context: ResolveContext): boolean {
	try {
		return SCRIPT_SCHEME.test(resolve(value, NEUTRAL_BASE, {dialect: context.dialect}));
	} catch {
		return false;
	}
}

const QUERY_ENCODED_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'file:']);

/** WHATWG URL "query state": special schemes other than ws/wss use the document's encoding. */
function resolveWithQueryEncoding(value: string, base: string, context: ResolveContext): string {
	const url = resolve(value, base, {dialect: context.dialect});
	if (context.encodeQuery === undefined) return url;
	const encoded = context.encodeQuery(value);
	if (encoded === value) return url;
	const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
	return QUERY_ENCODED_SCHEMES.has(scheme) ? resolve(encoded, base, {dialect: context.dialect}) : url;
}

function finish(url: string, context: ResolveContext): string {
	if (context.encodeQuery === undefined) return url;
	const encoded = context.encodeQuery(url);
	if (encoded === url) return url;
	const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
	return QUERY_ENCODED_SCHEMES.has(scheme) ? absolutize(encoded, {dialect: context.dialect}) ?? url : url;
}
