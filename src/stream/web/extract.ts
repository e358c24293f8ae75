/**
 * Extraction as a Web Streams TransformStream and as a one-shot call, for browsers, Deno,
 * Bun and edge workers; both drive the same synchronous pipeline as the Node adapter
 * (stream/core), with the platform's TextDecoder for the legacy encodings.
 */
import type {ExtractOptions, Link} from '../../types.js';
import {attempt, checkInput} from '../core/input.js';
import {checkedExtractOptions, extractAll} from '../core/one-shot.js';
import {ExtractPipeline} from '../core/pipeline.js';
import {webCodecs} from './codecs.js';

/**
 * Every URI reference of `input`, in document order.
 *
 * @example
 * extractLinks('<a href="b.html">b</a>', {type: 'html', retrievalUrl: 'https://example.com/a/'})[0].url
 * //=> 'https://example.com/a/b.html'
 */
export function extractLinks(input: string | Uint8Array, options: ExtractOptions): Link[] {
	return extractAll(input, options, webCodecs);
}

/**
 * A TransformStream: Uint8Array or string chunks in, Link objects out, in document order;
 * the same Links as `createExtractStream` for any split of the input into chunks. Bad
 * options throw at construction (the same errors as the Node stream).
 *
 * @example
 * const response = await fetch('https://example.com/');
 * for await (const link of response.body.pipeThrough(new ExtractStream({type: 'html', retrievalUrl: response.url}))) console.log(link.url);
 */
export class ExtractStream extends TransformStream<string | Uint8Array, Link> {
	constructor(options: ExtractOptions) {
		const checked = checkedExtractOptions(options);
		let pipeline: ExtractPipeline | undefined;
		let consumed = 0;
		super({
			start(controller) {
				pipeline = new ExtractPipeline(checked, webCodecs, link => controller.enqueue(link));
			},
			transform(chunk) {
				checkInput(chunk);
				const error = attempt(() => pipeline?.write(chunk), consumed);
				if (error !== null) throw error;
				consumed += chunk.length;
			},
			flush() {
				const error = attempt(() => pipeline?.end(), consumed);
				if (error !== null) throw error;
			},
		});
	}
}
