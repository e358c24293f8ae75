/**
 * mbox splitting (RFC 4155), streaming over bytes: each message's bytes are passed on as
 * they arrive, with its `From ` separator line removed and `>From ` lines unquoted.
 *
 * Separators. Writers disagree: mboxo writers (corpus: an un-escaped `From Russia with
 * love` body line) do not quote body lines, some (Netscape) write `From -` and omit the
 * blank line before it. A line starting with `From ` separates messages when it is:
 *   - the first line of the file (after a UTF-8 BOM), whatever follows; or
 *   - an RFC 4155 From_ line: `From ` sender, then a date with a month or weekday name
 *     and a time (`From alice@example.org Sat Nov  1 10:00:00 2025`, `From - Mon Jun  3 12:50:27 1996`); or
 *   - a date-less `From -` (Netscape), or a date-less `From addr@host` after a blank line.
 * So `From Russia with love` stays in the body; a body line that looks exactly like a
 * dated From_ line still splits (mboxo cannot tell them apart). `Content-Length` headers
 * (mboxcl) are not trusted: messages end at separators only.
 *
 * Quoting. `mboxrd` (default): a line matching `>+From ` loses one `>`. `mboxo`: only
 * `>From ` becomes `From ` (a `>>From ` line is kept). Reading an mboxo file as mboxrd
 * changes only lines that began with `>>From `, never a URL.
 */

export type MboxFormat = 'mboxrd' | 'mboxo';

/** Lines longer than this (bytes) are neither separators nor quoted `From ` lines to test: they pass through. */
export const MAX_SEPARATOR_LINE = 1000;

export interface MboxMessageStart {
	/** 0-based message index. */
	index: number;
	/** Byte offset of the message (its separator line) in the input. */
	offset: number;
	/** The separator line without its line break ('' when the file starts without one). */
	separator: string;
}

export interface MboxSink {
	start(message: MboxMessageStart): void;
	data(bytes: Uint8Array): void;
	end(): void;
}

const CharCodes = {
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	GreaterThan: 0x3e, // ">"
} as const;

const FROM = [0x46, 0x72, 0x6f, 0x6d, 0x20]; // "From "
const BOM = [0xef, 0xbb, 0xbf];

/** An asctime-like date: a month or weekday name and a time (RFC 4155 §2). */
const DATED = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b.*\b\d{1,2}:\d{2}\b/;

/**
 * Whether a line (without line break) starting with `From ` is a message separator
 * (see the module comment).
 *
 * @example
 * isFromLine('From alice@example.org Sat Nov  1 10:00:00 2025', false); //=> true
 * isFromLine('From -', false); //=> true
 * isFromLine('From Russia with love', true); //=> false
 */
export function isFromLine(line: string, afterBlank: boolean): boolean {
	const rest = line.slice(5).trim();
	const space = rest.search(/[ \t]/);
	const sender = space < 0 ? rest : rest.slice(0, space);
	const date = space < 0 ? '' : rest.slice(space).trim();
	if (sender === '') return false;
	if (date === '') return sender === '-' || (afterBlank && sender.includes('@'));
	return DATED.test(date);
}

/**
 * The streaming mbox splitter: bytes in (any split), messages out through the sink.
 *
 * @example
 * const splitter = new MboxSplitter({format: 'mboxrd'}, sink);
 * splitter.write(bytes); // sink.start({index: 0, ...}), sink.data(...)
 * splitter.end(); // sink.end()
 */
export class MboxSplitter {
	private readonly format: MboxFormat;
	private readonly sink: MboxSink;
	/** Bytes of an unfinished line (at most MAX_SEPARATOR_LINE). */
	private held: Uint8Array = new Uint8Array(0);
	/** Absolute offset of `held[0]`. */
	private offset = 0;
	private index = -1;
	private firstLine = true;
	private afterBlank = false;
	/** Inside a line longer than MAX_SEPARATOR_LINE: bytes pass until its line feed. */
	private passing = false;
	/** The current input and where its unsent message bytes start. */
	private input: Uint8Array = new Uint8Array(0);
	private run = 0;

	constructor(options: {format?: MboxFormat}, sink: MboxSink) {
		this.format = options.format ?? 'mboxrd';
		this.sink = sink;
	}

	write(bytes: Uint8Array): void {
		const input = this.held.length === 0 ? bytes : concat(this.held, bytes);
		const inputOffset = this.offset;
		this.input = input;
		this.run = 0;
		let position = 0;
		if (this.passing) position = this.pass(input, 0);
		for (
			let lineFeed = input.indexOf(CharCodes.LineFeed, position);
			lineFeed >= 0 && !this.passing;
			lineFeed = input.indexOf(CharCodes.LineFeed, position)
		) {
			this.line(position, lineFeed + 1, inputOffset);
			position = lineFeed + 1;
		}
		if (!this.passing && input.length - position > MAX_SEPARATOR_LINE) {
			this.line(position, input.length, inputOffset);
			this.passing = true;
			position = input.length;
		}
		this.flush(position);
		this.held = input.slice(position);
		this.offset = inputOffset + position;
		this.input = new Uint8Array(0);
	}

	end(): void {
		const rest = this.held;
		this.held = new Uint8Array(0);
		if (rest.length > 0) {
			this.input = rest;
			this.run = 0;
			if (!this.passing) this.line(0, rest.length, this.offset);
			this.flush(rest.length);
		}
		if (this.index >= 0) this.sink.end();
	}

	/** A long line's remainder: everything up to its line feed is message text. */
	private pass(input: Uint8Array, from: number): number {
		const lineFeed = input.indexOf(CharCodes.LineFeed, from);
		if (lineFeed < 0) return input.length;
		this.passing = false;
		this.afterBlank = false;
		return lineFeed + 1;
	}

	/** One line `input[start, end)` (its line feed included, when it has one). */
	private line(start: number, end: number, inputOffset: number): void {
		const input = this.input;
		let from = start;
		if (this.firstLine) {
			// RFC 4155 does not allow a BOM, but editors write one: skip it.
			if (startsWith(input, from, BOM)) {
				this.flush(start);
				from += BOM.length;
				this.run = from;
			}
			// Blank lines before the first message are not a message.
			if (isBlank(input, from, end)) {
				this.run = end;
				return;
			}
			this.firstLine = false;
			const fromLine = startsWith(input, from, FROM);
			this.startMessage(from, fromLine ? end : from, inputOffset);
			this.afterBlank = false;
			if (fromLine) return;
		} else if (
			startsWith(input, from, FROM) &&
			end - from <= MAX_SEPARATOR_LINE &&
			isFromLine(latin1(input, from, end), this.afterBlank)
		) {
			this.endMessage(from);
			this.startMessage(from, end, inputOffset);
			this.afterBlank = false;
			return;
		}
		this.unquote(from);
		this.afterBlank = isBlank(input, from, end);
	}

	/** `>From ` (mboxo) or `>+From ` (mboxrd) loses its first `>`. */
	private unquote(start: number): void {
		const input = this.input;
		if (input[start] !== CharCodes.GreaterThan) return;
		let k = start + 1;
		if (this.format === 'mboxrd') while (input[k] === CharCodes.GreaterThan) k++;
		if (!startsWith(input, k, FROM)) return;
		this.flush(start);
		this.run = start + 1;
	}

	private startMessage(lineStart: number, lineEnd: number, inputOffset: number): void {
		this.index++;
		const separator = latin1(this.input, lineStart, lineEnd).replace(/\r?\n$/, '');
		this.sink.start({index: this.index, offset: inputOffset + lineStart, separator});
		this.run = lineEnd;
	}

	private endMessage(lineStart: number): void {
		this.flush(lineStart);
		if (this.index >= 0) this.sink.end();
	}

	/** Send the message bytes `input[run, to)`. */
	private flush(to: number): void {
		if (to > this.run && this.index >= 0) this.sink.data(this.input.subarray(this.run, to));
		this.run = Math.max(this.run, to);
	}
}

function startsWith(input: Uint8Array, at: number, bytes: readonly number[]): boolean {
	for (let k = 0; k < bytes.length; k++) if (input[at + k] !== bytes[k]) return false;
	return true;
}

function isBlank(input: Uint8Array, start: number, end: number): boolean {
	const length = end - start;
	if (length === 1) return input[start] === CharCodes.LineFeed;
	return length === 2 && input[start] === CharCodes.CarriageReturn && input[start + 1] === CharCodes.LineFeed;
}

function latin1(input: Uint8Array, start: number, end: number): string {
	return Buffer.from(input.buffer, input.byteOffset + start, end - start).toString('latin1');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length);
	out.set(a);
	out.set(b, a.length);
	return out;
}
