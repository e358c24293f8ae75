/**
 * URI references in message header fields: `Archived-At` (RFC 5064 §2) and the list
 * fields of RFC 2369 §3 (`List-Archive`, `List-Help`, `List-Owner`, `List-Post`,
 * `List-Subscribe`, `List-Unsubscribe`). Each `<...>` in such a field is one Link of kind
 * `metadata`, `attribute` = the field name lower-cased, `delimiter` `'<>'`; white space
 * inside the brackets (folding) is removed (RFC 2369 §2, RFC 3986 Appendix C).
 * Spans are offsets into the header block (as bytes read one per unit, latin1).
 *
 * `Message-ID`, `References` and `In-Reply-To` hold message identifiers, not URI
 * references (RFC 5322 §3.6.4): they are not Links. `Content-Location` and
 * `Content-Base` set bases (mime-context.ts) and are not reported either.
 */
import {resolveEvent} from '../../extract/base.js';
import type {BaseLayer} from '../../extract/base.js';
import {type ReferenceEvent, referenceEvent} from '../../extract/event.js';
import {LineTracker} from '../../extract/position.js';
import type {Dialect, Link} from '../../types.js';

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

const CharCodes = {
	Tab: 0x09, // "\t"
	Space: 0x20, // " "
} as const;

/**
 * The Links of the URI-valued fields in a header block, in order.
 *
 * @example
 * headerLinks('Archived-At: <http://archive.example.org/1>\r\n\r\n', {url: 'thismessage:/', source: 'encapsulating'}, 'whatwg')
 * // [{url: 'http://archive.example.org/1', kind: 'metadata', attribute: 'archived-at', start: 14, end: 42, ...}]
 */
export function headerLinks(header: string, base: BaseLayer, dialect: Dialect): Link[] {
	const links: Link[] = [];
	const tracker = new LineTracker();
	const context = {dialect, base, documentBase: base};
	let fieldStart = 0;
	while (fieldStart < header.length) {
		const fieldEnd = endOfField(header, fieldStart);
		const colon = header.indexOf(':', fieldStart);
		if (colon > fieldStart && colon < fieldEnd) {
			const name = header.slice(fieldStart, colon).trim().toLowerCase();
			if (URI_HEADER_FIELDS.has(name)) {
				for (const event of bracketed(header, colon + 1, fieldEnd, name, tracker)) links.push(resolveEvent(event, context));
			}
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
function* bracketed(header: string, from: number, to: number, name: string, tracker: LineTracker): Generator<ReferenceEvent> {
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
