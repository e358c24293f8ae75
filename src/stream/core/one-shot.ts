/**
 * The one-shot calls (`extractLinks`, `rewriteLinks`) over the core pipelines, for both
 * adapters; each adapter joins the output in its platform's byte type.
 */
import {checkExtractOptions, checkRewriteOptions} from '../../options.js';
import {StringBuilder} from '../../string-builder.js';
import type {CheckedRewriteOptions} from '../../rewrite/targets.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../types.js';
import type {Codecs} from './codecs.js';
import {checkEncoding} from './decode.js';
import {checkInput} from './input.js';
import {ExtractPipeline} from './pipeline.js';
import {MAX_TOKEN_LENGTH} from '../../extract/markup/limits.js';
import {type ByteSink, RewritePipeline} from './rewrite-pipeline.js';

/**
 * Extraction options checked as the streams check them (the encoding label included).
 *
 * @example
 * checkedExtractOptions({type: 'html', encoding: 'utf-7'}); // throws: `encoding` must be a WHATWG encoding label …
 */
export function checkedExtractOptions(options: ExtractOptions): ReturnType<typeof checkExtractOptions> {
	const checked = checkExtractOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/**
 * Rewrite options checked as the streams check them (the encoding label included).
 *
 * @example
 * checkedRewriteOptions({type: 'css', to: 'absolute', retrievalUrl: 'https://example.com/a.css'}).dialect; //=> 'whatwg'
 */
export function checkedRewriteOptions(options: RewriteOptions): CheckedRewriteOptions {
	const checked = checkRewriteOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/**
 * Every Link of `input`, in document order, decoded with the platform's `codecs`.
 *
 * @example
 * extractAll('<a href="b">', {type: 'html', retrievalUrl: 'https://example.com/a/'}, webCodecs)[0].url; //=> 'https://example.com/a/b'
 */
export function extractAll(input: string | Uint8Array, options: ExtractOptions, codecs: Codecs): Link[] {
	const checked = checkedExtractOptions(options);
	checkInput(input);
	const links: Link[] = [];
	// The whole document is at hand: references wait for a BASE to its end (extract/html/base.ts).
	// `checked` is a copy made for this call (options.ts): set in place, not spread again (a spread that adds a property costs a new map per call in V8).
	checked.baseHold ??= 'document';
	const pipeline = new ExtractPipeline(checked, codecs, link => links.push(link));
	// A page of one step is written as it is: no generator to make and run for it (many small pages: a crawler's case).
	// So is an HTML string up to ONE_SHOT_WHOLE_STRING: see there.
	if (input.length <= (typeof input === 'string' && readsNoText(checked) ? ONE_SHOT_WHOLE_STRING : stepOf(input)))
		pipeline.write(input);
	else for (const step of steps(input)) pipeline.write(step);
	pipeline.end();
	return links;
}

/**
 * A string up to this many units is extracted in one write. A step cut from a string is a V8
 * sliced string, and every character the tokenizer and the reader read of one goes through
 * its parent: over the corpus, written whole, extraction took 0.88-0.94x the CPU of 64 Ki
 * steps (copying the steps into flat strings first cost more than it saved). Extraction keeps
 * every Link it makes, so one write makes nothing a step would not; the input is the caller's,
 * already in memory. The bound is MAX_TOKEN_LENGTH's (what the reader holds of one token):
 * past it, steps, so a longer token is let go as a stream lets it go.
 */
export const ONE_SHOT_WHOLE_STRING = MAX_TOKEN_LENGTH;

/**
 * Whether a document of these options is HTML whose text is not read (no text links, no
 * anchor text): its reader then holds nothing of a text run, however long one write is. A
 * text run is cut into parts of MAX_TEXT_LENGTH after each write (as are XML element text and
 * plain text): written whole, a 15 Mi page of text links peaked at 255 MB, not 183.
 */
function readsNoText(options: ExtractOptions): boolean {
	return (
		(options.type === 'html' || options.type === 'xhtml') && options.textLinks !== true && options.anchorText !== true
	);
}

/**
 * Input fed to a pipeline at most this many units (bytes or UTF-16 units) at a time: the
 * output is the same for any split (the streams' chunk invariance), and what one write
 * makes at once (a tag's events, the pieces of a link-dense run) stays bounded. An 8.8 MB
 * page of 420,000 links rewritten whole peaked at 407 MB RSS; fed in steps, 224 MB.
 */
export const ONE_SHOT_STEP = 1 << 16;

/**
 * Bytes are fed in smaller steps, so that most decode to one-byte strings: V8 keeps text with
 * any character above U+00FF at two bytes a unit, decoded slowly, and most pages have a few
 * (’, —, “) among their ASCII. Over the corpus (184 of 258 pages have some) 16 KiB steps are
 * decoded in half the time of 64 KiB ones (1,187 of 1,631 steps all ASCII, against 267 of 512),
 * and rewriting and extracting bytes take some 0.93x the time. Smaller steps gain no more
 * (4 KiB: 1.0–1.04x of 16 KiB); strings gain nothing from them. Nor from being made one-byte
 * here: a two-byte page's all-ASCII steps copied into one-byte strings (TextEncoder.encodeInto,
 * then TextDecoder) did not rewrite faster (1.02x the time of plain 64 KiB steps, copies made beforehand).
 */
export const ONE_SHOT_BYTE_STEP = 1 << 14;

/** The most of `input` written at once (see ONE_SHOT_STEP, ONE_SHOT_BYTE_STEP). */
function stepOf(input: string | Uint8Array): number {
	return typeof input === 'string' ? ONE_SHOT_STEP : ONE_SHOT_BYTE_STEP;
}

/**
 * `input` in pieces of at most ONE_SHOT_STEP units (ONE_SHOT_BYTE_STEP bytes), for a pipeline
 * to take one at a time (the streams cut a large chunk so too: a 1 MiB chunk of links is 87,000
 * Links and edits at once).
 */
export function* steps<T extends string | Uint8Array>(input: T): Generator<T> {
	const step = stepOf(input);
	if (input.length <= step) return yield input;
	for (let at = 0; at < input.length; at += step)
		yield (typeof input === 'string' ? input.slice(at, at + step) : input.subarray(at, at + step)) as T;
}

/**
 * The output of a rewrite of bytes, written as the pipeline makes it into one array that
 * grows by half when full: the input's unchanged bytes copied once, new UTF-8 text encoded
 * in place (not into an array of its own, then copied), and each byte again at most once per
 * growth. Sized for the input and an eighth more (links made absolute grew the corpus pages
 * by 1% at the median, 22% at most).
 */
class ByteOutput implements ByteSink {
	private array: Uint8Array;
	private size = 0;

	constructor(expected: number) {
		this.array = new Uint8Array(expected + (expected >> 3));
	}

	bytes(piece: Uint8Array): void {
		this.reserve(piece.length);
		this.array.set(piece, this.size);
		this.size += piece.length;
	}

	utf8(text: string): boolean {
		if (!isWellFormed(text)) return false;
		this.reserve(3 * text.length); // UTF-8 takes at most three bytes per UTF-16 unit
		this.size += UTF8.encodeInto(text, this.array.subarray(this.size)).written;
		return true;
	}

	private reserve(length: number): void {
		if (this.size + length <= this.array.length) return;
		const grown = new Uint8Array(Math.max(this.size + length, this.array.length + (this.array.length >> 1)));
		grown.set(this.array.subarray(0, this.size));
		this.array = grown;
	}

	/** The bytes written; copied out when a quarter or more of the array is unused, so that the result does not keep it. */
	result(): Uint8Array {
		return 4 * this.size >= 3 * this.array.length ? this.array.subarray(0, this.size) : this.array.slice(0, this.size);
	}
}

const UTF8 = new TextEncoder();

/** ES2024 String.prototype.isWellFormed where the platform has it (else false: the caller's encoder decides). */
function isWellFormed(text: string): boolean {
	return (text as {isWellFormed?: () => boolean}).isWellFormed?.() === true;
}

/**
 * The pieces of `input` rewritten (strings for a string, one piece of bytes for bytes), and the counts.
 *
 * @example
 * rewriteAll('<a href="b">', {type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/'}, webCodecs).pieces.join('');
 * //=> '<a href="https://example.com/b">'
 */
export function rewriteAll(
	input: string | Uint8Array,
	options: RewriteOptions,
	codecs: Codecs,
): {pieces: Array<string | Uint8Array>; rewritten: number; unchanged: number; keptAbsolute: number} {
	const checked = checkedRewriteOptions(options);
	checkInput(input);
	// The whole document is at hand: references wait for a BASE to its end (extract/html/base.ts); `checked` is this call's copy.
	checked.baseHold ??= 'document';
	if (typeof input === 'string') {
		// A string is spliced as it is (no encoding, no offset map): as much CPU time as bytes (1.01x over the
		// corpus). What it costs more is the output itself: a page's result over 64 Ki two-byte units is a new
		// large object to V8, in memory mapped afresh each time (7,500 page faults a pass over the corpus, as
		// many as decoding the same pages to strings makes), where the bytes' output array is reused memory.
		const pipeline = new RewritePipeline(checked, codecs);
		// Pieces joined into blocks as they come (string-builder.ts), and once at the end: a page of fewer pieces than a block is copied once.
		const output = new StringBuilder();
		for (const step of steps(input)) for (const piece of pipeline.write(step) as string[]) output.add(piece);
		for (const piece of pipeline.end() as string[]) output.add(piece);
		return {pieces: [output.text()], ...pipeline.counts};
	}
	const output = new ByteOutput(input.length);
	const pipeline = new RewritePipeline(checked, codecs, undefined, output);
	// The output goes to `output` as it is made: nothing comes back from the steps.
	for (const step of steps(input)) pipeline.write(step);
	pipeline.end();
	return {pieces: [output.result()], ...pipeline.counts};
}
