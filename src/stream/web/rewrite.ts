/**
 * Rewriting as a Web Streams TransformStream and as a one-shot call; both drive the same
 * synchronous pipeline as the Node adapter (stream/core/rewrite-pipeline.ts).
 */
import type {RewriteOptions} from '../../types.js';
import {attempt, checkInput, joinBytes, ownBytes} from '../core/input.js';
import {checkedRewriteOptions, rewriteAll, steps} from '../core/one-shot.js';
import {RewritePipeline} from '../core/rewrite-pipeline.js';
import {webCodecs} from './codecs.js';

/**
 * `input` with every reference rewritten (`to: 'absolute' | 'relative' | (link) => ...`)
 * and every other unit as it was. Strings give a string; bytes give bytes in the input's
 * own encoding.
 *
 * @example
 * rewriteLinks('<a href="b.html">b</a>', {type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/a/'});
 * //=> '<a href="https://example.com/a/b.html">b</a>'
 */
export function rewriteLinks(input: string, options: RewriteOptions): string;
export function rewriteLinks(input: Uint8Array, options: RewriteOptions): Uint8Array;
export function rewriteLinks(input: string | Uint8Array, options: RewriteOptions): string | Uint8Array {
	const {pieces} = rewriteAll(input, options, webCodecs);
	return typeof input === 'string' ? pieces.join('') : joinBytes(pieces as Uint8Array[]);
}

/**
 * What a {@link RewriteStream} gives for what it takes: Uint8Array for bytes, string for
 * strings, either when the input may be both. Untyped input (`any`: Node's `Response.body`
 * is a `ReadableStream<any>`) counts as bytes, as a fetched body is.
 *
 * @example
 * const out: RewriteOutput<Uint8Array> = new Uint8Array(0);
 */
export type RewriteOutput<I extends string | Uint8Array> = [I] extends [Uint8Array]
	? Uint8Array
	: [I] extends [string]
		? string
		: string | Uint8Array;

/**
 * A TransformStream: Uint8Array chunks in, the same document out with its references
 * rewritten, as Uint8Array chunks (strings in, strings out); the same bytes as
 * `createRewriteStream` for any split of the input. Output flows as input does (see
 * stream/core/rewrite-pipeline.ts for what is held). Bad options throw at construction.
 * The type parameter is the input chunk type, inferred where the stream is piped
 * (`body.pipeThrough(new RewriteStream(...))` is a `ReadableStream<Uint8Array>`) or given
 * (`new RewriteStream<string>(...)`); the output type follows it.
 *
 * @example
 * export default {
 *   async fetch(request) {
 *     const response = await fetch(request);
 *     const body = response.body.pipeThrough(new RewriteStream({type: 'html', retrievalUrl: request.url, to: 'absolute'}));
 *     return new Response(body, response);
 *   },
 * };
 */
export class RewriteStream<I extends string | Uint8Array = string | Uint8Array> extends TransformStream<
	I,
	RewriteOutput<I>
> {
	constructor(options: RewriteOptions) {
		const pipeline = new RewritePipeline(checkedRewriteOptions(options), webCodecs);
		let consumed = 0;
		let strings = false;
		const push = (
			controller: TransformStreamDefaultController<RewriteOutput<I>>,
			pieces: Array<string | Uint8Array>,
		): void => {
			if (pieces.length === 0) return;
			controller.enqueue(
				(strings ? (pieces as string[]).join('') : joinBytes(pieces as Uint8Array[])) as RewriteOutput<I>,
			);
		};
		super({
			transform(chunk, controller) {
				checkInput(chunk);
				if (consumed === 0 && typeof chunk === 'string') strings = true;
				// A step at a time, as the Node stream does (node/rewrite.ts): bounded by the step, not the chunk.
				for (const step of steps(ownBytes(chunk))) {
					const error = attempt(() => push(controller, pipeline.write(step)), consumed);
					if (error !== null) throw error;
					consumed += step.length;
				}
			},
			flush(controller) {
				const error = attempt(() => push(controller, pipeline.end()), consumed);
				if (error !== null) throw error;
			},
		});
	}
}
