/**
 * RFC 3676 format=flowed decoding, streaming: decoded text in (any split), unwrapped text
 * out. Holds one line: a line's ending is decided when the next line arrives (same quote
 * depth? does the next word start a reference?).
 *
 * Output: each logical line once, with its quote marks canonical (`>` per level and one
 * space) and space-stuffing removed, lines joined with `\n`.
 *
 * Mislabelled DelSp. RFC 3676 §4.2 says a flowed line's trailing space is deleted when
 * `delsp=yes`. A conforming writer wraps between words by keeping the real space and
 * adding one (two trailing spaces), so a single trailing space with `delsp=yes` sits
 * inside a word (a long URL, or text without spaces). Many writers declare `delsp=yes`
 * and wrap at real spaces anyway (corpus: `there i`/`s a` decodes to `isa` in postal-mime).
 * Rule here, for a line ending in exactly one space under `delsp=yes`: the space is kept
 * (Deviation) when the next line starts a reference (`<`, `scheme:`, `www.`) — gluing a
 * word onto a URL would corrupt it — or when both sides are ordinary words (letters,
 * digits, sentence punctuation; no `/ . @ = % & # ~ _`) short enough (`MAX_GLUED_WORD`)
 * that a conforming writer would never have split them. Otherwise it is deleted: URLs
 * split inside (`.../aaaa ` + `bbbb.html`) are joined as the RFC says.
 */

/** Longest line held while waiting for its line break, in UTF-16 units; past it the line is emitted as fixed. */
export const MAX_FLOWED_LINE = 64 * 1024;

/** Words split across a soft break shorter than this together were split at a real space. */
export const MAX_GLUED_WORD = 40;

export interface FlowedOptions {
	/** RFC 3676 §4.2 DelSp parameter (`delsp=yes`). */
	delSp: boolean;
}

interface Line {
	/** RFC 3676 §4.5 quote depth: the number of leading `>`. */
	depth: number;
	/** The text after quote marks and space-stuffing (§4.4), trailing spaces kept. */
	content: string;
	/** §4.2: ends with a space (soft line break), and is not a signature separator (§4.3). */
	flowed: boolean;
}

/**
 * A streaming format=flowed decoder.
 *
 * @example
 * const decoder = new FlowedDecoder({delSp: true});
 * decoder.write('see https://example.org/aaa \r\nbbb.html and \r\n') + decoder.end();
 * //=> 'see https://example.org/aaabbb.html and \n'
 */
export class FlowedDecoder {
	private readonly delSp: boolean;
	private pending = '';
	private previous: Line | null = null;
	/** Inside an overlong physical line already emitted: copy text until its line break. */
	private overlong = false;

	constructor(options: FlowedOptions) {
		this.delSp = options.delSp;
	}

	write(text: string): string {
		let out = '';
		let start = 0;
		for (let lineFeed = text.indexOf('\n'); lineFeed >= 0; lineFeed = text.indexOf('\n', start)) {
			const piece = text.slice(start, lineFeed);
			start = lineFeed + 1;
			if (this.overlong) {
				out += stripCarriageReturn(piece) + '\n';
				this.overlong = false;
				continue;
			}
			out += this.line(parseLine(this.pending + piece));
			this.pending = '';
		}
		const rest = text.slice(start);
		if (this.overlong) return out + rest;
		this.pending += rest;
		if (this.pending.length > MAX_FLOWED_LINE) out += this.overlongLine();
		return out;
	}

	end(): string {
		let out = '';
		// Whether the text ended with a line break (the held line is complete).
		let lineBreak = true;
		if (!this.overlong && this.pending !== '') {
			out += this.line(parseLine(this.pending));
			lineBreak = false;
		}
		this.pending = '';
		this.overlong = false;
		const last = this.previous;
		this.previous = null;
		// After the last line a soft break has nothing to join: DelSp=yes still deletes its space.
		if (last !== null)
			out += (this.delSp && last.flowed ? last.content.slice(0, -1) : last.content) + (lineBreak ? '\n' : '');
		return out;
	}

	/** A complete physical line: end the previous one (joined or not), start this one. */
	private line(line: Line): string {
		let out = '';
		const previous = this.previous;
		let joined = false;
		if (previous !== null) {
			// §4.5: a flowed line followed by a line of another quote depth is treated as fixed.
			joined = previous.flowed && previous.depth === line.depth;
			out +=
				joined && this.deletesSpace(previous.content, line.content) ? previous.content.slice(0, -1) : previous.content;
			out += joined ? '' : '\n';
		}
		if (!joined) out += quotePrefix(line.depth);
		this.previous = line;
		return out;
	}

	/** Emit a line that reached MAX_FLOWED_LINE without a line break, as a fixed line. */
	private overlongLine(): string {
		const out = this.line(parseLine(this.pending));
		const line = this.previous!;
		this.previous = null;
		this.pending = '';
		this.overlong = true;
		return out + line.content;
	}

	/** §4.2 DelSp=yes, with the mislabelling rule of the module comment. */
	private deletesSpace(content: string, next: string): boolean {
		if (!this.delSp) return false;
		if (content.endsWith('  ')) return true;
		const before = lastWord(content);
		const after = firstWord(next);
		if (before === '' || after === '') return true;
		if (REFERENCE_START.test(after)) return false;
		return !(PLAIN_WORD.test(before) && PLAIN_WORD.test(after) && before.length + after.length < MAX_GLUED_WORD);
	}
}

/** A word that starts a reference: `<`, a scheme, or `www.` (RFC 2396 Appendix E/F). */
const REFERENCE_START = /^(?:<|[A-Za-z][\w+.-]*:|www\.)/i;

/** An ordinary word of a script that separates words with spaces, with sentence punctuation. */
const PLAIN_WORD =
	/^(?![\s\S]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])[\p{L}\p{M}\p{N}'’"(),;:!?-]+\.*$/u;

function parseLine(raw: string): Line {
	const text = stripCarriageReturn(raw);
	let depth = 0;
	while (text.charCodeAt(depth) === 0x3e /* ">" */) depth++;
	const afterQuotes = text.slice(depth);
	// §4.4: a leading space (after the quote marks, §4.5) is space-stuffing.
	const content = afterQuotes.charCodeAt(0) === 0x20 /* " " */ ? afterQuotes.slice(1) : afterQuotes;
	// §4.3: the signature separator `-- ` is never flowed.
	const flowed = afterQuotes.endsWith(' ') && content !== '-- ';
	return {depth, content, flowed};
}

function quotePrefix(depth: number): string {
	return depth === 0 ? '' : `${'>'.repeat(depth)} `;
}

function stripCarriageReturn(line: string): string {
	return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function lastWord(content: string): string {
	const trimmed = content.trimEnd();
	return trimmed.slice(trimmed.lastIndexOf(' ') + 1);
}

function firstWord(content: string): string {
	const trimmed = content.trimStart();
	const space = trimmed.indexOf(' ');
	return space < 0 ? trimmed : trimmed.slice(0, space);
}
