/**
 * Extraction as a Node Transform stream and as a one-shot call; both drive the same
 * synchronous pipeline.
 */
import {Transform} from 'node:stream';
import type {TransformCallback} from 'node:stream';
import {checkExtractOptions} from '../options.js';
import type {ExtractOptions, Link} from '../types.js';
import {checkEncoding} from './decode.js';
import {ExtractPipeline} from './pipeline.js';

/**
 * Every URI reference of `input`, in document order.
 *
 * @example
 * extractLinks('<a href="b.html">b</a>', {type: 'html', retrievalUrl: 'https://example.com/a/'})[0].url
 * //=> 'https://example.com/a/b.html'
 */
export function extractLinks(input: string | Uint8Array, options: ExtractOptions): Link[] {
	const checked = checkExtractOptions(options);
	checkEncoding(checked.encoding);
	checkInput(input);
	const links: Link[] = [];
	// The whole document is at hand: references wait for a BASE to its end (extract/html/base.ts).
	const pipeline = new ExtractPipeline({...checked, baseHold: checked.baseHold ?? 'document'}, link => links.push(link));
	pipeline.write(input);
	pipeline.end();
	return links;
}

/**
 * A Transform: Buffers or strings in, Link objects out (object mode), in document order.
 * The output is the same for any split of the input into chunks.
 *
 * @example
 * createReadStream('page.html')
 *   .pipe(createExtractStream({type: 'html', retrievalUrl: 'https://example.com/page.html'}))
 *   .on('data', link => console.log(link.url));
 */
export function createExtractStream(options: ExtractOptions): Transform {
	const checked = checkExtractOptions(options);
	checkEncoding(checked.encoding);
	let pipeline: ExtractPipeline;
	let consumed = 0;
	const stream = new Transform({
		writableObjectMode: false,
		readableObjectMode: true,
		decodeStrings: false,
		transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
			callback(attempt(() => pipeline.write(chunk), consumed));
			consumed += chunk.length;
		},
		flush(callback: TransformCallback) {
			callback(attempt(() => pipeline.end(), consumed));
		},
	});
	pipeline = new ExtractPipeline(checked, link => stream.push(link));
	return stream;
}

/** The input of a one-shot call: a string or bytes. */
export function checkInput(input: unknown): void {
	if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
		throw new TypeError(`linkstream: the input must be a string or a Uint8Array (Buffer); got ${input === null ? 'null' : typeof input}`);
	}
}

/** Run one step; an error (a bug: cores do not throw on bad input) is reported with its position. */
export function attempt(step: () => void, position: number): Error | null {
	try {
		step();
		return null;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return new Error(`linkstream: ${message} (in the chunk starting at input offset ${position})`, {cause: error});
	}
}
