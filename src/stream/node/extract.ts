/**
 * Extraction as a Node Transform stream and as a one-shot call; both drive the same
 * synchronous pipeline (stream/core), with iconv-lite for the legacy encodings.
 */
import {Transform} from 'node:stream';
import type {TransformCallback} from 'node:stream';
import type {ExtractOptions, Link} from '../../types.js';
import {attempt} from '../core/input.js';
import {checkedExtractOptions, extractAll} from '../core/one-shot.js';
import {ExtractPipeline, RELEASE_STEP} from '../core/pipeline.js';
import {stepper} from './steps.js';
import {nodeCodecs} from './codecs.js';

/**
 * Every URI reference of `input`, in document order.
 *
 * @example
 * extractLinks('<a href="b.html">b</a>', {type: 'html', retrievalUrl: 'https://example.com/a/'})[0].url
 * //=> 'https://example.com/a/b.html'
 */
export function extractLinks(input: string | Uint8Array, options: ExtractOptions): Link[] {
	return extractAll(input, options, nodeCodecs);
}

/**
 * The typed readable side of an {@link ExtractTransform}: Links, not bytes.
 *
 * @example
 * const links: LinkReadable = createExtractStream({type: 'css'});
 * links.on('data', link => console.log(link.url));
 */
export interface LinkReadable {
	[Symbol.asyncIterator](): AsyncIterableIterator<Link>;
	on(event: 'data', listener: (link: Link) => void): this;
	once(event: 'data', listener: (link: Link) => void): this;
}

/**
 * What {@link createExtractStream} returns: a Transform whose readable side is typed, so
 * `for await (const link of stream)` and `on('data', ...)` see a `Link` with no cast. An
 * intersection, not a subtype: it stays assignable wherever a Transform or a
 * `NodeJS.ReadWriteStream` goes (`stream.pipeline`, `pipe`), whose iterators yield bytes.
 *
 * @example
 * const stream: ExtractTransform = createReadStream('page.html').pipe(createExtractStream({type: 'html'}));
 * for await (const link of stream) console.log(link.kind, link.url);
 */
export type ExtractTransform = LinkReadable & Transform;

/**
 * A Transform: Buffers or strings in, Link objects out (object mode), in document order.
 * The output is the same for any split of the input into chunks.
 *
 * @example
 * createReadStream('page.html')
 *   .pipe(createExtractStream({type: 'html', retrievalUrl: 'https://example.com/page.html'}))
 *   .on('data', link => console.log(link.url));
 */
export function createExtractStream(options: ExtractOptions): ExtractTransform {
	const checked = checkedExtractOptions(options);
	let pipeline: ExtractPipeline;
	let consumed = 0;
	// References a late BASE releases go out a step at a time, as the reader takes them.
	const steps = {
		get pending(): boolean {
			return pipeline.pending;
		},
		next: (): void => pipeline.releaseNext(),
	};
	const stream = new Transform({
		writableObjectMode: false,
		readableObjectMode: true,
		decodeStrings: false,
		transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
			const error = attempt(() => pipeline.write(chunk), consumed);
			consumed += chunk.length;
			if (error !== null) callback(error);
			else drain(steps, consumed, callback);
		},
		flush(callback: TransformCallback) {
			const error = attempt(() => pipeline.end(), consumed);
			if (error !== null) callback(error);
			else drain(steps, consumed, callback);
		},
	});
	const drain = stepper(stream);
	pipeline = new ExtractPipeline(Object.assign(checked, {releaseStep: RELEASE_STEP}), nodeCodecs, link =>
		stream.push(link),
	);
	return stream;
}
