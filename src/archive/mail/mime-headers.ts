/**
 * URI references in header fields, of two sorts:
 *   - URI-valued fields: `Archived-At` (RFC 5064 §2) and the list fields of RFC 2369 §3
 *     (`List-Archive`, `List-Help`, `List-Owner`, `List-Post`, `List-Subscribe`,
 *     `List-Unsubscribe`). Each `<...>` in such a field is one Link of kind `metadata`,
 *     `delimiter` `'<>'`; white space inside the brackets (folding) is removed (RFC 2369 §2,
 *     RFC 3986 Appendix C).
 *   - free-text fields (`FREE_TEXT_FIELDS`): text, so scanned as plain text is (RFC 2396
 *     Appendix E/F, src/extract/text) after unfolding and RFC 2047 decoding
 *     (header-text.ts). Links of kind `text`, with the delimiter found.
 * Either way `attribute` is the field name lower-cased, and the Link resolves against the
 * base of the node whose header it is (mime-context.ts: the message's retrieval URL or
 * `thismessage:/`, then its Content-Base / Content-Location). Spans are offsets into the
 * node's header block (as bytes read one per unit, latin1), `raw` is exactly
 * `header.slice(start, end)`: folds included; for a URL decoded from an RFC 2047 encoded
 * word, the whole encoded word(s) (header-text.ts).
 *
 * `Message-ID`, `References` and `In-Reply-To` hold message identifiers, not URI
 * references (RFC 5322 §3.6.4): they are not Links, nor is any other structured field
 * (addresses, `Received`, dates, `Content-Type`). `Content-Location` and `Content-Base`
 * set bases (mime-context.ts) and are not reported either.
 */
import {resolveEvent} from '../../extract/base.js';
import type {BaseLayer} from '../../extract/base.js';
import {type ReferenceEvent, referenceEvent} from '../../extract/event.js';
import {LineTracker} from '../../extract/position.js';
import {scanText} from '../../extract/text/extractor.js';
import type {TextMatch} from '../../extract/text/extractor.js';
import {detach} from '../../stream/core/detach.js';
import type {Dialect, FuzzyOptions, Link} from '../../types.js';
import {fieldText} from './header-text.js';

/** Header fields whose `<...>` items are URI references. */
export const URI_HEADER_FIELDS: ReadonlySet<string> = new Set([
	'archived-at', // RFC 5064 §2
	'list-archive', // RFC 2369 §3.6
	'list-help', // RFC 2369 §3.1
	'list-owner', // RFC 2369 §3.5
	'list-post', // RFC 2369 §3.4
	'list-subscribe', // RFC 2369 §3.3
	'list-unsubscribe', // RFC 2369 §3.2
]);

/**
 * Free-text fields scanned as text, in a message's header. Deliberately a list: most other
 * fields, `X-*` ones included, are structured (ids, addresses, tokens, trace data) and
 * would give noise.
 */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set([
	'subject', // RFC 5322 §3.6.5 unstructured
	'comments', // RFC 5322 §3.6.5 unstructured
	'keywords', // RFC 5322 §3.6.5 phrases: a URL given as a keyword
	'organization', // RFC 5536 §3.2 (news; common in mail too), unstructured
	'summary', // RFC 5536 §3.2 (news), unstructured
	'content-description', // RFC 2045 §8 *text
	'x-url', // no RFC: the sender's home page, written by news and mail clients
]);

/** Free-text fields of a MIME part's own header (RFC 2045 §9: other fields there have no meaning). */
export const PART_FREE_TEXT_FIELDS: ReadonlySet<string> = new Set(['content-description']);

export interface HeaderLinkOptions {
	/** A message's header (default), or a MIME part's (only `PART_FREE_TEXT_FIELDS`). */
	scope?: 'message' | 'part';
	/** Free-text fields: bare domains / e-mail addresses, as in text parts. */
	fuzzy?: FuzzyOptions;
	/** Told of each encoded-word charset no decoder knows (decoded as UTF-8). */
	onUnknownCharset?: (charset: string, field: string) => void;
}

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
} as const;

/**
 * The Links of the URI-valued and free-text fields in a header block, in order.
 *
 * @example
 * headerLinks('Archived-At: <http://archive.example.org/1>\r\n\r\n', {url: 'thismessage:/', source: 'encapsulating'}, 'whatwg')
 * // [{url: 'http://archive.example.org/1', kind: 'metadata', attribute: 'archived-at', start: 14, end: 42, ...}]
 * headerLinks('X-URL: http://www.example.org/\r\n\r\n', {url: 'thismessage:/', source: 'encapsulating'}, 'whatwg')
 * // [{url: 'http://www.example.org/', kind: 'text', attribute: 'x-url', start: 7, end: 30, ...}]
 */
export function headerLinks(
	header: string,
	base: BaseLayer,
	dialect: Dialect,
	options: HeaderLinkOptions = {},
): Link[] {
	const links: Link[] = [];
	const tracker = new LineTracker();
	// Links are held until the message ends: they must not keep the header block alive.
	const context = {dialect, base, documentBase: base, own: detach};
	const part = options.scope === 'part';
	let fieldStart = 0;
	while (fieldStart < header.length) {
		const fieldEnd = endOfField(header, fieldStart);
		const colon = header.indexOf(':', fieldStart);
		if (colon > fieldStart && colon < fieldEnd) {
			const name = header.slice(fieldStart, colon).trim().toLowerCase();
			let events: Iterable<ReferenceEvent> = [];
			if (!part && URI_HEADER_FIELDS.has(name)) events = bracketed(header, colon + 1, fieldEnd, name, tracker);
			else if ((part ? PART_FREE_TEXT_FIELDS : FREE_TEXT_FIELDS).has(name))
				events = freeText(header, colon + 1, fieldEnd, name, tracker, options);
			for (const event of events) links.push(resolveEvent(event, context));
		}
		fieldStart = fieldEnd;
	}
	return links;
}

/** The end of the field starting at `start`: after its last line, folded lines included (RFC 5322 §2.2.3). */
function endOfField(header: string, start: number): number {
	let lineEnd = header.indexOf('\n', start);
	while (lineEnd >= 0) {
		const next = header.charCodeAt(lineEnd + 1);
		if (next !== CharCodes.Space && next !== CharCodes.Tab) return lineEnd + 1;
		lineEnd = header.indexOf('\n', lineEnd + 1);
	}
	return header.length;
}

/** One event per `<...>` in `header[from, to)`. */
function* bracketed(
	header: string,
	from: number,
	to: number,
	name: string,
	tracker: LineTracker,
): Generator<ReferenceEvent> {
	let open = header.indexOf('<', from);
	while (open >= 0 && open < to) {
		const close = header.indexOf('>', open + 1);
		if (close < 0 || close >= to) return;
		const start = open + 1;
		const raw = header.slice(start, close);
		const value = raw.replace(/\s+/g, '');
		if (value !== '') {
			const {line, column} = tracker.locate(header, 0, start);
			const event = referenceEvent(value, raw, start, close, line, column, 'metadata', 'base', 'text', 'raw');
			event.attribute = name;
			event.delimiter = '<>';
			yield event;
		}
		open = header.indexOf('<', close + 1);
	}
}

/** RFC 2396 Appendix E/F text in `header[from, to)`: one event per URL, mapped back to its source span. */
function* freeText(
	header: string,
	from: number,
	to: number,
	name: string,
	tracker: LineTracker,
	options: HeaderLinkOptions,
): Generator<ReferenceEvent> {
	let end = to;
	if (header.charCodeAt(end - 1) === CharCodes.LineFeed) end--;
	if (header.charCodeAt(end - 1) === CharCodes.CarriageReturn) end--;
	const field = fieldText(header, from, end);
	for (const charset of field.unknownCharsets) options.onUnknownCharset?.(charset, name);
	const matches: TextMatch[] = scanText(field.text, options.fuzzy === undefined ? {} : {fuzzy: options.fuzzy});
	for (const match of matches) {
		const start = field.starts[match.start]!;
		const stop = field.ends[match.end - 1]!;
		const {line, column} = tracker.locate(header, 0, start);
		const event = referenceEvent(
			match.value,
			header.slice(start, stop),
			start,
			stop,
			line,
			column,
			'text',
			'base',
			'text',
			'raw',
		);
		event.attribute = name;
		event.delimiter = match.delimiter;
		if (match.reference !== match.value) event.reference = match.reference;
		yield event;
	}
}
