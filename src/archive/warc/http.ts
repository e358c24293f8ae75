/**
 * The HTTP message head stored at the start of a WARC `response` or `revisit` block
 * (WARC 1.1 §6.3.2 `application/http`): status line and header fields, kept as text with
 * every field value's span, so header references can report where they were written.
 *
 * Parsed here rather than by warcio (which reads the head from the file reader, past the
 * record's end when the blank line is missing, and joins repeated fields): the head is
 * read from the record's own block, at most {@link MAX_HTTP_HEAD_BYTES}.
 */

/** Longest HTTP head read (status line, fields, blank line); a longer one makes the record malformed. */
export const MAX_HTTP_HEAD_BYTES = 256 * 1024;

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	Colon: 0x3a, // ":"
} as const;

/** One header field line: its lower-cased name and the span of its value in the head text. */
export interface HeaderField {
	/** Lower-cased field name (RFC 9110 §5.1: names are case-insensitive). */
	name: string;
	/**
	 * The field value, OWS trimmed (RFC 9112 §5). An obs-fold (RFC 9112 §5.2) is kept with
	 * its CR and LF turned into spaces, so `value` and `text.slice(start, end)` have the same length.
	 */
	value: string;
	/** Half-open span of the value in {@link HttpHead.text}. */
	start: number;
	end: number;
	/** 1-based line of `start` in the head (the status line is line 1). */
	line: number;
	/** 1-based column of `start`. */
	column: number;
}

export interface HttpHead {
	/** The head as text: UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (each byte one character). */
	text: string;
	statusLine: string;
	/** The status code (RFC 9112 §4), or undefined when the status line is not `HTTP/x.y nnn`. */
	status: number | undefined;
	fields: HeaderField[];
}

/** The head's bytes and the payload bytes that came with its last chunk. */
export interface HeadSplit {
	head: Uint8Array;
	rest: Uint8Array;
}

/**
 * Read the head from the block's chunks: up to and including the first empty line (CRLF
 * CRLF, or bare LF LF as RFC 9112 §2.2 lets a recipient accept). A block with no empty
 * line is all head. Returns null when the head is longer than {@link MAX_HTTP_HEAD_BYTES}.
 *
 * @example
 * await readHttpHead(chunks(['HTTP/1.1 200 OK\r\nA: b\r\n\r\n<html>']));
 * //=> {head: <'HTTP/1.1 200 OK\r\nA: b\r\n\r\n'>, rest: <'<html>'>}
 */
export async function readHttpHead(next: () => Promise<Uint8Array | undefined>): Promise<HeadSplit | null> {
	let held: Uint8Array = new Uint8Array(0);
	for (let chunk = await next(); chunk !== undefined; chunk = await next()) {
		const searchFrom = Math.max(0, held.length - 2);
		held = held.length === 0 ? chunk : concat(held, chunk);
		const end = headEnd(held, searchFrom);
		if (end >= 0) return end > MAX_HTTP_HEAD_BYTES ? null : {head: held.subarray(0, end), rest: held.subarray(end)};
		if (held.length > MAX_HTTP_HEAD_BYTES) return null;
	}
	return {head: held, rest: new Uint8Array(0)};
}

/** The offset just past the first empty line at or after `from`, or -1. */
function headEnd(bytes: Uint8Array, from: number): number {
	for (let i = bytes.indexOf(CharCodes.LineFeed, from); i >= 0; i = bytes.indexOf(CharCodes.LineFeed, i + 1)) {
		const next = bytes[i + 1];
		if (next === CharCodes.LineFeed) return i + 2;
		if (next === CharCodes.CarriageReturn && bytes[i + 2] === CharCodes.LineFeed) return i + 3;
	}
	return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const joined = new Uint8Array(a.length + b.length);
	joined.set(a, 0);
	joined.set(b, a.length);
	return joined;
}

const utf8 = new TextDecoder('utf-8', {fatal: true});
const latin1 = new TextDecoder('latin1');

/**
 * Parse a head's bytes. RFC 9110 §5.5: field values are octets, historically ISO-8859-1;
 * Deviation: valid UTF-8 is read as UTF-8, as browsers read `Location` (servers send
 * UTF-8 paths raw).
 *
 * @example
 * parseHttpHead(Buffer.from('HTTP/1.1 302 Found\r\nLocation: /next\r\n\r\n')).fields[0];
 * //=> {name: 'location', value: '/next', start: 30, end: 35, line: 2, column: 11}
 */
export function parseHttpHead(bytes: Uint8Array): HttpHead {
	let text: string;
	try {
		text = utf8.decode(bytes);
	} catch {
		text = latin1.decode(bytes);
	}
	const fields: HeaderField[] = [];
	let lineStart = text.indexOf('\n') + 1;
	const statusLine = trimEnd(text, 0, lineStart === 0 ? text.length : lineStart);
	for (let line = 2; lineStart > 0 && lineStart < text.length; line++) {
		const lineEnd = endOfLine(text, lineStart);
		const first = text.charCodeAt(lineStart);
		const previous = fields.at(-1);
		if ((first === CharCodes.Space || first === CharCodes.Tab) && previous !== undefined) {
			// RFC 9112 §5.2: obs-fold continues the previous field's value.
			extendField(text, previous, lineStart, lineEnd, line);
		} else {
			const field = parseFieldLine(text, lineStart, lineEnd, line);
			if (field !== null) fields.push(field);
		}
		lineStart = lineEnd + 1;
	}
	return {text, statusLine: statusLine.text, status: statusCode(statusLine.text), fields};
}

/** The offset of the LF ending the line at `start` (or the text's end). */
function endOfLine(text: string, start: number): number {
	const lineFeed = text.indexOf('\n', start);
	return lineFeed < 0 ? text.length : lineFeed;
}

/** RFC 9112 §5: field-line = field-name ":" OWS field-value OWS. */
function parseFieldLine(text: string, start: number, end: number, line: number): HeaderField | null {
	const colon = text.indexOf(':', start);
	if (colon < 0 || colon >= end) return null;
	const name = text.slice(start, colon).trim().toLowerCase();
	if (name === '') return null;
	let valueStart = colon + 1;
	while (valueStart < end && isOws(text.charCodeAt(valueStart))) valueStart++;
	const valueEnd = trimEnd(text, valueStart, end).end;
	return {
		name,
		value: text.slice(valueStart, valueEnd),
		start: valueStart,
		end: valueEnd,
		line,
		column: valueStart - start + 1,
	};
}

function extendField(text: string, field: HeaderField, start: number, end: number, line: number): void {
	const valueEnd = trimEnd(text, start, end).end;
	if (valueEnd <= start) return;
	if (field.value === '') {
		// The value starts on this continuation line.
		let valueStart = start;
		while (isOws(text.charCodeAt(valueStart))) valueStart++;
		field.start = valueStart;
		field.line = line;
		field.column = 1 + valueStart - start;
	}
	field.end = valueEnd;
	field.value = text.slice(field.start, valueEnd).replace(/[\r\n]/g, ' ');
}

/** [start, end) with trailing OWS and CR removed. */
function trimEnd(text: string, start: number, end: number): {text: string; end: number} {
	while (
		end > start &&
		(isOws(text.charCodeAt(end - 1)) ||
			text.charCodeAt(end - 1) === CharCodes.CarriageReturn ||
			text.charCodeAt(end - 1) === CharCodes.LineFeed)
	)
		end--;
	return {text: text.slice(start, end), end};
}

function isOws(c: number): boolean {
	return c === CharCodes.Space || c === CharCodes.Tab;
}

/** RFC 9112 §4: status-line = HTTP-version SP status-code SP [ reason-phrase ]. */
function statusCode(statusLine: string): number | undefined {
	const match = /^HTTP\/\d(?:\.\d)? +(\d{3})(?: |$)/i.exec(statusLine);
	return match === null ? undefined : Number(match[1]);
}

/** The last value of a field, or undefined (RFC 9110 §5.3: a singleton field sent twice; the last wins, as Fetch does for Content-Type). */
export function lastField(head: HttpHead, name: string): string | undefined {
	let value: string | undefined;
	for (const field of head.fields) if (field.name === name) value = field.value;
	return value;
}

/**
 * A list-based field's members (RFC 9110 §5.6.1) over every line of the field, lower-cased,
 * `identity` and empty members dropped: Content-Encoding, Transfer-Encoding.
 *
 * @example
 * codings(parseHttpHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: gzip, BR\r\n\r\n')), 'content-encoding'); //=> ['gzip', 'br']
 */
export function codings(head: HttpHead, name: string): string[] {
	const list: string[] = [];
	for (const field of head.fields) {
		if (field.name !== name) continue;
		for (const member of field.value.split(',')) {
			const coding = member.split(';')[0]!.trim().toLowerCase();
			if (coding !== '' && coding !== 'identity') list.push(coding);
		}
	}
	return list;
}

export interface MediaType {
	/** `type/subtype`, lower-cased (MIME Sniffing §4.1 "essence"). */
	essence: string;
	/** The `charset` parameter as written, when present. */
	charset?: string;
}

/**
 * Parse a Content-Type value (RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter )).
 * Returns undefined when there is no `type/subtype`.
 *
 * @example
 * parseMediaType('text/html; charset="windows-1252"'); //=> {essence: 'text/html', charset: 'windows-1252'}
 */
export function parseMediaType(value: string | undefined): MediaType | undefined {
	if (value === undefined) return undefined;
	const [type = '', ...parameters] = value.split(';');
	const essence = type.trim().toLowerCase();
	const slash = essence.indexOf('/');
	if (slash <= 0 || slash === essence.length - 1 || /[\s,]/.test(essence)) return undefined;
	const media: MediaType = {essence};
	for (const parameter of parameters) {
		const equals = parameter.indexOf('=');
		if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
		let charset = parameter.slice(equals + 1).trim();
		if (charset.startsWith('"'))
			charset = charset
				.slice(1, charset.indexOf('"', 1) < 0 ? undefined : charset.indexOf('"', 1))
				.replace(/\\(.)/g, '$1');
		if (charset !== '') media.charset = charset;
		break;
	}
	return media;
}
