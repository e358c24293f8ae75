/**
 * References in a stored HTTP response head: `Location`, `Refresh`, `Link` and
 * `Content-Location`. They resolve against the record's target URI, the URI the response
 * was retrieved from (RFC 2396 §5.1.3), never a BASE element in the payload:
 * RFC 9110 §10.2.2 (Location), RFC 8288 §3.1 (Link: "any base URI carried in the payload
 * body is NOT used"), RFC 9110 §8.7 (Content-Location).
 *
 * Spans: `start`/`end` are offsets into the head text (HttpHead.text: the status line is
 * line 1, the first field line 2), `raw === head.text.slice(start, end)`, and `line` /
 * `column` are 1-based in that text. `record.source` says which field: `header:location` ...
 */
import {linkRelKind} from '../../extract/html/attributes.js';
import type {BaseLayer} from '../../extract/base.js';
import {resolveEvent} from '../../extract/base.js';
import {referenceEvent, type ValueSyntax} from '../../extract/event.js';
import {parseMetaRefresh} from '../../extract/meta-refresh.js';
import type {Dialect, Link, LinkKind, RecordContext} from '../../types.js';
import type {HeaderField, HttpHead} from './http.js';
import {linkValues} from './link-header.js';

export interface HeaderContext {
	dialect: Dialect;
	/** The target URI as the base, or null when the record has none that parses. */
	base: BaseLayer | null;
	/** The record context every Link carries (source is filled per field). */
	record: Omit<RecordContext, 'source'>;
}

/**
 * The header references of one response head, in field order.
 *
 * @example
 * const head = parseHttpHead(Buffer.from('HTTP/1.1 302 Found\r\nLocation: /landing\r\n\r\n'));
 * headerLinks(head, {dialect: 'whatwg', base: {url: 'http://example.com/start', source: 'retrieval'}, record})[0].url;
 * //=> 'http://example.com/landing'
 */
export function headerLinks(head: HttpHead, context: HeaderContext): Link[] {
	const links: Link[] = [];
	for (const field of head.fields) {
		switch (field.name) {
			case 'location':
				// RFC 9110 §10.2.2: the redirect target (any status: 201 also names the created resource).
				links.push(reference(head, field, {start: 0, end: field.value.length}, 'navigation', context));
				break;
			case 'content-location':
				// RFC 9110 §8.7: a URI for the representation; not a base (RFC 7231 Appendix B removed that).
				links.push(reference(head, field, {start: 0, end: field.value.length}, 'metadata', context));
				break;
			case 'refresh': {
				// HTML "shared declarative refresh steps", as for <meta http-equiv=refresh>.
				const url = parseMetaRefresh(field.value)?.url;
				if (url !== null && url !== undefined)
					links.push(reference(head, field, url, 'navigation', context, 'meta-refresh'));
				break;
			}
			case 'link':
				for (const value of linkValues(field.value)) {
					const link = reference(head, field, value, linkRelKind(value.rel), context);
					if (value.rel.length > 0) link.rel = value.rel;
					links.push(link);
				}
				break;
			default:
		}
	}
	return links;
}

/** The Link for `span` (offsets into the field value). */
function reference(
	head: HttpHead,
	field: HeaderField,
	span: {start: number; end: number},
	kind: LinkKind,
	context: HeaderContext,
	syntax: ValueSyntax = 'url',
): Link {
	const start = field.start + span.start;
	const end = field.start + span.end;
	const {line, column} = locate(head.text, start);
	const event = referenceEvent(
		field.value.slice(span.start, span.end),
		head.text.slice(start, end),
		start,
		end,
		line,
		column,
		kind,
		'base',
		syntax,
		'raw',
	);
	event.attribute = field.name;
	const link = resolveEvent(event, {dialect: context.dialect, base: context.base, documentBase: context.base});
	link.record = {...context.record, source: `header:${field.name}`};
	return link;
}

/** 1-based line and column of `offset` in a (small) head text; CR LF and LF end lines. */
function locate(text: string, offset: number): {line: number; column: number} {
	let line = 1;
	for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
	return {line, column: offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1};
}
