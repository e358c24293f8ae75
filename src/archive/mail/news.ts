/**
 * Netnews articles (RFC 5536) in their two storage forms, turned into plain message
 * bytes for the MIME walker:
 *   - native (spool) format: LF line ends, no stuffing: passed through;
 *   - wire format (RFC 3977 §3.1.1): CRLF line ends, each line starting with `.` has an
 *     extra `.` prepended, and the article ends with a line holding a single `.`. The
 *     stuffing dot is removed and the terminator dropped, with everything after it.
 * `auto` (default) reads wire format when the first line ends with CRLF, native otherwise.
 * Deviation: a native article with CRLF line ends is read as wire format in `auto` (a
 * body line `..` loses a dot; a line `.` ends it); pass `native` for such files.
 */

export type NewsFormat = 'auto' | 'wire' | 'native';

/** The first line is held (to see its line end) up to this many bytes; longer means native. */
export const MAX_FIRST_LINE = 64 * 1024;

const CharCodes = {
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	FullStop: 0x2e, // "."
} as const;

/**
 * Streaming news article decoder: bytes in (any split), message bytes out.
 *
 * @example
 * const decoder = new NewsDecoder({format: 'auto'});
 * Buffer.from([...decoder.write(Buffer.from('Subject: x\r\n\r\n..dot\r\n.\r\n')), ...decoder.end()]).toString();
 * //=> 'Subject: x\r\n\r\n.dot\r\n'
 */
export class NewsDecoder {
	private wire: boolean | undefined;
	private held: Uint8Array = new Uint8Array(0);
	private atLineStart = true;
	private done = false;

	constructor(options: {format?: NewsFormat} = {}) {
		const format = options.format ?? 'auto';
		this.wire = format === 'auto' ? undefined : format === 'wire';
	}

	write(bytes: Uint8Array): Uint8Array {
		if (this.done) return new Uint8Array(0);
		const input = this.held.length === 0 ? bytes : concat(this.held, bytes);
		this.held = new Uint8Array(0);
		if (this.wire === undefined) {
			const lineFeed = input.indexOf(CharCodes.LineFeed);
			if (lineFeed < 0 && input.length <= MAX_FIRST_LINE) {
				this.held = input.slice();
				return new Uint8Array(0);
			}
			this.wire = lineFeed > 0 && input[lineFeed - 1] === CharCodes.CarriageReturn;
		}
		return this.wire ? this.unstuff(input, false) : input;
	}

	end(): Uint8Array {
		const rest = this.held;
		this.held = new Uint8Array(0);
		if (this.done || rest.length === 0) return rest.subarray(0, 0);
		this.wire ??= false;
		return this.wire ? this.unstuff(rest, true) : rest;
	}

	/** RFC 3977 §3.1.1: undo dot-stuffing line by line; stop at the terminator line. */
	private unstuff(input: Uint8Array, final: boolean): Uint8Array {
		const out = new Uint8Array(input.length);
		let length = 0;
		let position = 0;
		while (position < input.length) {
			if (this.atLineStart && input[position] === CharCodes.FullStop) {
				const decided = this.terminator(input, position, final);
				if (decided === 'more') {
					this.held = input.slice(position);
					break;
				}
				if (decided === 'end') {
					this.done = true;
					break;
				}
				position++; // the stuffing dot
			}
			const lineFeed = input.indexOf(CharCodes.LineFeed, position);
			const end = lineFeed < 0 ? input.length : lineFeed + 1;
			out.set(input.subarray(position, end), length);
			length += end - position;
			position = end;
			this.atLineStart = lineFeed >= 0;
		}
		return out.subarray(0, length);
	}

	/** At a line starting with `.`: the terminator `.` CRLF (or `.` LF, or `.` at the end)? */
	private terminator(input: Uint8Array, at: number, final: boolean): 'end' | 'stuffed' | 'more' {
		const next = input[at + 1];
		if (next === undefined) return final ? 'end' : 'more';
		if (next === CharCodes.LineFeed) return 'end';
		if (next !== CharCodes.CarriageReturn) return 'stuffed';
		const after = input[at + 2];
		if (after === undefined) return final ? 'end' : 'more';
		return after === CharCodes.LineFeed ? 'end' : 'stuffed';
	}
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length);
	out.set(a);
	out.set(b, a.length);
	return out;
}
