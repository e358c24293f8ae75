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
	/** For legacy-encoded documents: re-encodes the query of a resolved special URL. */
	encodeQuery?: (url: string) => string;
}

/** Resolve one reference event against its base, never throwing: failures become `error`. */
export function resolveEvent(event: ReferenceEvent, context: ResolveContext): Link {
	const {against, syntax: _syntax, container: _container, quote: _quote, codebase, ...fields} = event;
	const link: Link = {...fields, url: null, base: null, baseSource: null};
	const value = event.value;
	if (value === '' || value.charCodeAt(0) === 0x23 /* "#" */) link.sameDocument = true;

	const layer = against === 'document' ? context.documentBase : context.base;
	if (layer !== null) {
		link.base = layer.url;
		link.baseSource = layer.source;
	}

	if (against === 'absolute' || layer === null) {
		const absolute = absolutize(value, {dialect: context.dialect});
		if (absolute !== null) link.url = finish(absolute, context);
		else link.error = against === 'absolute' ? 'invalid-url' : 'no-base';
		return link;
	}

	try {
		const base = codebase === undefined ? layer.url : resolve(codebase, layer.url, {dialect: context.dialect});
		link.url = finish(resolve(value, base, {dialect: context.dialect}), context);
	} catch {
		link.error = absolutize(layer.url, {dialect: context.dialect}) === null ? 'invalid-base' : 'invalid-url';
	}
	return link;
}

function finish(url: string, context: ResolveContext): string {
	return context.encodeQuery === undefined ? url : context.encodeQuery(url);
}
