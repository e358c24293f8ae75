/**
 * RFC 2396 §5.1 base layers and the resolution of reference events into Links.
 *
 * §5.1.1 (embedded in content, e.g. the HTML BASE element) is tracked by the HTML
 * scanner; this module orders the outer layers: §5.1.2 encapsulating entity, then
 * §5.1.3 retrieval URI, then §5.1.4 application default.
 */
import {codeAt, knownString} from '../known-string.js';
import type {BaseSource, Dialect, ExtractOptions, Link, LinkError, LinkKind} from '../types.js';
import {absolutize, resolve} from '../uri/index.js';
import type {ReferenceEvent} from './event.js';
import {plainAbsolute, PlainResolver} from './plain-base.js';
import {Resolutions} from './resolutions.js';

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
	/**
	 * This document's resolutions per base (resolutions.ts): which bases take an absolute
	 * URL as written and, with `own` (a map of slices would keep the input alive), what
	 * each reference resolved to.
	 */
	resolutions?: Resolutions;
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
	/**
	 * Set by a driver that waits on its consumer between steps (the command, the Node
	 * streams): references held for a late BASE are released at most this many per step, the
	 * rest when the driver calls `releaseNext()` while `pending` (ExtractorCore), so their output
	 * goes out in pieces under backpressure, never all at once. Only the top document's
	 * queue steps; nested ones (srcdoc, escaped HTML) are read whole.
	 */
	releaseStep?: number;
	/**
	 * Set to false by a caller that never reads a Link's `line` and `column` (a rewrite to
	 * absolute or relative URLs, whose Links go no further than the rewriter, or the command's
	 * bare URLs): html and xhtml then count no lines, and their Links say 0 for both.
	 */
	positions?: false;
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
	context.resolutions = new Resolutions((value, base) => resolvedOrNull(value, base, context));
	return context;
}

/**
 * References longer than this (UTF-16 units) are resolved only when printable ASCII, so
 * one hostile attribute cannot take the memory of the process: percent-encoding makes each other unit up to 9 bytes, and the URL
 * parser's copies more (16 MB of NULs in an href took 2 GB). Chromium refuses URLs
 * longer than 2 MiB (url::kMaxURLChars); a long data: URL is printable ASCII.
 */
export const MAX_URL_LENGTH = 2 * 1024 * 1024;

/**
 * The most of a base (UTF-16 units) that goes into a Link: into the URL of a reference
 * resolved against it (the part it contributes: scheme and authority, the path's folder, the
 * query for `?`/`#` references) and into the Link's `base`. A base is copied into every
 * relative reference resolved against it, so its length multiplies the output: a 200 KB BASE
 * after 30,000 `href="x"` asked for 12 GB of NDJSON from a 560 KB page, and a rewrite holds
 * what a late BASE releases (up to DOCUMENT_HOLD_EVENTS references at once). Past the bound
 * the reference is not resolved (`url: null`, `error: 'invalid-base'`, `raw` and `value`
 * kept; a rewrite leaves it as written), and a base over it is not copied into any Link
 * (`base: null`), so a Link's output is at most this twice plus a multiple of its own text,
 * and a late BASE releases at most 32,768 x 2,048 units of URLs (64 Mi).
 *
 * 2,048: the sitemap protocol's limit on a URL and about Internet Explorer's (2,083); the
 * usual advice for a URL that must work everywhere. Servers refuse request lines near 8 KB
 * (Apache LimitRequestLine 8,190, nginx 8 KB buffers), browsers take 2 MiB (Chromium's
 * url::kMaxURLChars). A long query in a base does not count for path references (they
 * drop it). References are not bound by it: an absolute URL (a data: URL) is its own text,
 * proportional to the input (MAX_URL_LENGTH bounds those).
 */
export const MAX_BASE_LENGTH = 2048;

/** Outside printable ASCII: what the URL parser percent-encodes (or strips). */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;

/**
 * What resolveInto found for one reference: its URL, or why there is none. One object
 * reused for every reference (resolution is synchronous and never re-entered), so the
 * outcome is known before the Link is made and the Link is made once (see linkFields).
 */
const outcome: {url: string | null; error: LinkError | undefined} = {url: null, error: undefined};

/** Resolve one reference event against its base, never throwing: failures become `error`. */
export function resolveEvent(event: ReferenceEvent, context: ResolveContext): Link {
	const {against, raw, value} = event;
	const {own, resolutions} = context;
	const layer = against === 'document' ? context.documentBase : context.base;
	// A repeat of a (base, value) pair: the first Link's strings and outcome (resolutions.ts).
	const memory =
		own !== undefined &&
		layer !== null &&
		against !== 'absolute' &&
		event.codebase === undefined &&
		event.reference === undefined
			? resolutions
			: undefined;
	const known = memory?.probe(layer!.url, value) === true;
	// The value shares the raw text's copy when they are equal; a repeated value, the first Link's copy.
	const same = value === raw;
	const ownRaw = same && known ? memory!.value : own === undefined ? raw : own(raw);
	const ownValue = same ? ownRaw : known ? memory!.value : own === undefined ? value : own(value);
	let url: string | null;
	let error: LinkError | undefined;
	if (known) {
		url = memory!.url;
		error = memory!.error;
	} else {
		// What is resolved: the value, or what the extractor completed it to (it may hold a slice of it).
		const written = event.reference ?? value;
		const target =
			event.reference === undefined ? ownValue : own === undefined ? event.reference : own(event.reference);
		outcome.url = null;
		outcome.error = undefined;
		resolveInto(target, written, event, layer, context);
		url = outcome.url;
		error = outcome.error;
		// Keyed by the value as read, not its fresh copy (see PlainBase.resolve); in the row just probed.
		memory?.store(value, ownValue, url, error);
	}
	// Over the bound the base is not copied into the Link: see MAX_BASE_LENGTH.
	const base = layer === null || layer.url.length > MAX_BASE_LENGTH ? null : layer.url;
	const resolved = event.reference ?? value;
	const sameDocument = resolved === '' || codeAt(resolved, 0) === 0x23; /* "#" */
	const link = linkFields(event, own, ownValue, ownRaw, url, base, layer === null ? null : layer.source, sameDocument);
	if (event.inert === true) link.inert = true;
	if (error !== undefined) link.error = error;
	return link;
}

/**
 * Set `outcome.url`, or `outcome.error`, for `value` against `layer` (resolveEvent's work
 * past its bookkeeping). `written` is the same text as read from the input, for the fast
 * paths to read (PlainBase.resolve); the URL is made of `value`.
 */
function resolveInto(
	value: string,
	written: string,
	event: ReferenceEvent,
	layer: BaseLayer | null,
	context: ResolveContext,
): void {
	const {against} = event;
	const {own} = context;
	const codebase = event.codebase === undefined || own === undefined ? event.codebase : own(event.codebase);
	if (knownString(value).length > MAX_URL_LENGTH && NOT_PRINTABLE_ASCII.test(value)) {
		outcome.error = 'invalid-url';
		return;
	}

	const plain = context.dialect === 'whatwg' ? context.plain : undefined;
	// Against a base over the bound only a reference that stands alone resolves (MAX_BASE_LENGTH).
	const tooLong = layer !== null && against !== 'absolute' && baseShare(value, layer.url) > MAX_BASE_LENGTH;
	if (tooLong && !standsAlone(value, layer.url, context.dialect)) {
		outcome.error = 'invalid-base';
		return;
	}
	if (against === 'absolute' || layer === null || tooLong) {
		// encodeQuery leaves a plain (ASCII) URL alone.
		const absolute =
			(plain === undefined ? null : plainAbsolute(value)) ?? absolutize(value, {dialect: context.dialect});
		if (absolute !== null) outcome.url = finish(absolute, context);
		else outcome.error = against === 'absolute' ? 'invalid-url' : 'no-base';
		return;
	}

	if (codebase === undefined) {
		// An absolute URL in its canonical form, against a base that takes one: itself
		// (resolutions.ts). In whatwg the plain resolver tells, after the relative forms.
		if (plain === undefined && context.resolutions?.takesAbsolute(layer.url, written) === true) {
			outcome.url = value;
			return;
		}
		const url = plain?.resolve(written, layer.url, value) ?? null;
		if (url !== null) {
			outcome.url = url;
			return;
		}
	}
	try {
		const base = codebase === undefined ? layer.url : resolve(codebase, layer.url, {dialect: context.dialect});
		if (baseShare(value, base) > MAX_BASE_LENGTH && !standsAlone(value, base, context.dialect)) {
			outcome.error = 'invalid-base';
			return;
		}
		const url = resolveWithQueryEncoding(value, base, context);
		if (SCRIPT_SCHEME.test(base) && !isScriptReference(value, context)) outcome.error = 'invalid-base';
		else outcome.url = url;
	} catch {
		outcome.error = absolutize(layer.url, {dialect: context.dialect}) === null ? 'invalid-base' : 'invalid-url';
	}
}

/** The URL `value` resolves to against `base` on resolveInto's full path (no codebase), or null where it fails. */
function resolvedOrNull(value: string, base: string, context: ResolveContext): string | null {
	try {
		const url = resolveWithQueryEncoding(value, base, context);
		return SCRIPT_SCHEME.test(base) && !isScriptReference(value, context) ? null : url;
	} catch {
		return null;
	}
}

const SCHEME = /^[\x00-\x20]*([a-z][a-z\d+.-]*):/i;

/** `base`'s share (an upper bound) in the URL of `value` resolved against it (RFC 3986 §5.2.2, URL Standard alike). */
function baseShare(value: string, base: string): number {
	if (base.length <= MAX_BASE_LENGTH) return base.length;
	let at = 0;
	while (at < value.length && codeAt(value, at) <= 0x20) at++;
	const first = codeAt(value, at);
	const hash = base.indexOf('#');
	const beforeHash = hash < 0 ? base.length : hash;
	// A fragment: all but the base's fragment; a query: the base up to its query.
	if (first === 0x23 /* # */ || Number.isNaN(first)) return beforeHash;
	const query = base.indexOf('?');
	const pathEnd = query < 0 ? beforeHash : Math.min(query, beforeHash);
	if (first === 0x3f /* ? */) return pathEnd;
	const authority = base.indexOf('//');
	const authorityEnd = authority < 0 ? 0 : base.indexOf('/', authority + 2);
	// `//x`: the scheme; `/x`: scheme and authority; else the folder of the base's path.
	const second = codeAt(value, at + 1);
	if ((first === 0x2f || first === 0x5c) && (second === 0x2f || second === 0x5c)) return Math.max(authority, 0);
	if (first === 0x2f || first === 0x5c) return authorityEnd < 0 ? pathEnd : authorityEnd;
	return base.lastIndexOf('/', pathEnd - 1) + 1;
}

const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

/**
 * Whether `value` resolves to itself whatever the base: it has a scheme, and in the WHATWG
 * dialect it is not a special scheme the base has too with no `//` after it (URL Standard
 * `#scheme-state`: `http:x` against an http: base is relative).
 */
function standsAlone(value: string, base: string, dialect: Dialect): boolean {
	const scheme = SCHEME.exec(value);
	if (scheme === null) return false;
	if (dialect !== 'whatwg') return true;
	const name = scheme[1]!.toLowerCase();
	if (!SPECIAL.has(name) || base.slice(0, name.length + 1).toLowerCase() !== `${name}:`) return true;
	return /^[/\\]{2}/.test(value.slice(scheme[0].length).replace(/[\t\n\r]/g, ''));
}

/**
 * The Link of an event left unresolved, with its `error`.
 *
 * @example
 * unresolvedLink(event, 'too-many').url; // null
 */
export function unresolvedLink(event: ReferenceEvent, error: LinkError, own?: (s: string) => string): Link {
	const {raw, value} = event;
	const ownRaw = own === undefined ? raw : own(raw);
	const ownValue = value === raw ? ownRaw : own === undefined ? value : own(value);
	const link = linkFields(event, own, ownValue, ownRaw, null, null, null, false);
	link.error = error;
	return link;
}

/**
 * The Link of an event, made once with what resolution found (`value` and `raw` already
 * through `own`), plus the fields the event carries (all but against, syntax, container,
 * quote, codebase, reference), each string through `own` when set, and `sameDocument`
 * when set. Copied one by one: V8's object rest/spread took ~8 µs a call here, more than
 * resolving the URL. Keep in step with ReferenceEvent; the fields in the Link's order.
 *
 * An element's reference (nearly every Link of a page) is made by one constructor call that
 * sets every field it gets here (`element` and `attribute`; `rel`, `sameDocument` when it
 * has them: the four shapes of 99.9% of the Links of the corpus pages), so they are stored
 * in the object: a field added to a Link made without it went to a separate property array,
 * a second object per Link (40 bytes), and a shape change each time. Constructors, not
 * object literals: see elementLinkConstructor.
 */
function linkFields(
	event: ReferenceEvent,
	own: ((s: string) => string) | undefined,
	value: string,
	raw: string,
	url: string | null,
	base: string | null,
	baseSource: BaseSource | null,
	sameDocument: boolean,
): Link {
	const {start, end, line, column, kind} = event;
	const element = event.element === undefined || own === undefined ? event.element : own(event.element);
	const attribute = event.attribute === undefined || own === undefined ? event.attribute : own(event.attribute);
	const rel = event.rel === undefined || own === undefined ? event.rel : event.rel.map(own);
	if (element !== undefined && attribute !== undefined && event.text === undefined && event.delimiter === undefined) {
		if (rel === undefined) {
			return sameDocument
				? new SameLink(value, raw, start, end, line, column, kind, url, base, baseSource, element, attribute)
				: new ElementLink(value, raw, start, end, line, column, kind, url, base, baseSource, element, attribute);
		}
		return sameDocument
			? new RelSameLink(value, raw, start, end, line, column, kind, url, base, baseSource, element, attribute, rel)
			: new RelLink(value, raw, start, end, line, column, kind, url, base, baseSource, element, attribute, rel);
	}
	// A reference in plain text (every Link of the text extractor): its one literal too.
	if (element === undefined && attribute === undefined && rel === undefined && event.text === undefined) {
		const {delimiter} = event;
		if (delimiter !== undefined && !sameDocument) {
			return {value, raw, start, end, line, column, kind, url, base, baseSource, delimiter};
		}
	}
	const link: Link =
		element !== undefined && attribute !== undefined
			? {value, raw, start, end, line, column, kind, url, base, baseSource, element, attribute}
			: {value, raw, start, end, line, column, kind, url, base, baseSource};
	if (element !== undefined && attribute === undefined) link.element = element;
	if (element === undefined && attribute !== undefined) link.attribute = attribute;
	if (rel !== undefined) link.rel = rel;
	if (event.text !== undefined) link.text = event.text;
	if (event.delimiter !== undefined) link.delimiter = event.delimiter;
	if (sameDocument) link.sameDocument = true;
	return link;
}

/**
 * A constructor of the Links of elements with (`withRel`) or without `rel`, with or without
 * `sameDocument`. Its `prototype` is Object.prototype: it makes plain objects, as an object
 * literal does (same prototype, same own properties in the same order), but with no
 * allocation site. V8 pretenures an object literal's allocation site once most of its objects
 * outlive a young-generation collection, as the Links of a large page do (the caller's array
 * holds them): from then on every Link of the run went straight into the old generation, and
 * a caller that let a page's Links go still kept their strings (young, referenced from old
 * objects) through each young collection until a full one. Over the held-out docs pages (an
 * 8 MB page of 21,000 links among them), 8 passes promoted 107 MB with literals, 61 MB with
 * these. One constructor per shape (each has its own initial map): each object is sized for
 * its fields, with none to add.
 */
function elementLinkConstructor(withRel: boolean, sameDocument: boolean) {
	const make = function (
		this: Link,
		value: string,
		raw: string,
		start: number,
		end: number,
		line: number,
		column: number,
		kind: LinkKind,
		url: string | null,
		base: string | null,
		baseSource: BaseSource | null,
		element: string,
		attribute: string,
		rel?: string[],
	): void {
		this.value = value;
		this.raw = raw;
		this.start = start;
		this.end = end;
		this.line = line;
		this.column = column;
		this.kind = kind;
		this.url = url;
		this.base = base;
		this.baseSource = baseSource;
		this.element = element;
		this.attribute = attribute;
		if (withRel) this.rel = rel as string[];
		if (sameDocument) this.sameDocument = true;
	};
	make.prototype = Object.prototype;
	return make as unknown as new (
		...fields: Parameters<typeof make>
	) => Link;
}

const ElementLink = elementLinkConstructor(false, false);
const SameLink = elementLinkConstructor(false, true);
const RelLink = elementLinkConstructor(true, false);
const RelSameLink = elementLinkConstructor(true, true);

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
	return QUERY_ENCODED_SCHEMES.has(scheme) ? (absolutize(encoded, {dialect: context.dialect}) ?? url) : url;
}
