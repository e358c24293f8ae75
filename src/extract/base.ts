/**
 * RFC 2396 §5.1 base layers and the resolution of reference events into Links.
 *
 * §5.1.1 (embedded in content, e.g. the HTML BASE element) is tracked by the HTML
 * scanner; this module orders the outer layers: §5.1.2 encapsulating entity, then
 * §5.1.3 retrieval URI, then §5.1.4 application default.
 */
import type {BaseSource, Dialect, ExtractOptions, Link} from '../types.js';
import {absolutize, resolve} from '../uri/index.js';
import type {ReferenceEvent} from './event.js';
import {plainAbsolute, type PlainResolver} from './plain-base.js';

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
}

/** Extraction options as the cores receive them: validated, plus what the byte layer found. */
export interface CoreOptions extends ExtractOptions {
	encodeQuery?: (reference: string) => string;
}

/** Resolve one reference event against its base, never throwing: failures become `error`. */
export function resolveEvent(event: ReferenceEvent, context: ResolveContext): Link {
	const {against, codebase, reference} = event;
	const link = linkFields(event);
	const value = reference ?? event.value;
	if (value === '' || value.charCodeAt(0) === 0x23 /* "#" */) link.sameDocument = true;

	const layer = against === 'document' ? context.documentBase : context.base;
	if (layer !== null) {
		link.base = layer.url;
		link.baseSource = layer.source;
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
 * The Link fields an event carries (all but against, syntax, container, quote, codebase,
 * reference). Copied one by one: V8's object rest/spread took ~8 µs a call here, more
 * than resolving the URL. Keep in step with ReferenceEvent.
 */
function linkFields(event: ReferenceEvent): Link {
	const link: Link = {
		value: event.value,
		raw: event.raw,
		start: event.start,
		end: event.end,
		line: event.line,
		column: event.column,
		kind: event.kind,
		url: null,
		base: null,
		baseSource: null,
	};
	if (event.element !== undefined) link.element = event.element;
	if (event.attribute !== undefined) link.attribute = event.attribute;
	if (event.rel !== undefined) link.rel = event.rel;
	if (event.text !== undefined) link.text = event.text;
	if (event.delimiter !== undefined) link.delimiter = event.delimiter;
	return link;
}

/**
 * Issue 7: a script URL (javascript:, data:, vbscript:) comes only from a reference that
 * is one. Against such a base (a data: retrieval URL, say; HTML already ignores such
 * BASE elements) any other reference is left unresolved, `error: 'invalid-base'`.
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
