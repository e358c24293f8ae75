/**
 * `linkstream rewrite` with no base (standard input without `--base-url`): a relative
 * reference can then be made neither absolute nor relative (RFC 2396 §5.1: no layer gives a
 * base) and is left as written. The run says so once, with the count, rather than pass the
 * input through as if nothing were asked.
 */
import {Transform} from 'node:stream';
import type {TransformCallback} from 'node:stream';
import {checkExtractOptions} from '../options.js';
import {ExtractPipeline} from '../stream/core/pipeline.js';
import {nodeCodecs} from '../stream/node/codecs.js';
import type {RewriteOptions} from '../types.js';

/** Counts the references with no base as the bytes pass on unchanged; `count` is final once the stream has flushed. */
export interface NoBaseTap {
	stream: Transform;
	count(): number;
}

/**
 * A pass-through stream that extracts as the rewrite does (same type, encoding, dialect,
 * base hold) and counts Links with `error: 'no-base'`. If it cannot read the input, it stops
 * counting; the rewrite itself reports the error. Same-document and empty references are
 * not counted: they are kept as written whatever the base.
 *
 * @example
 * const tap = noBaseTap({type: 'html', to: 'absolute', baseHold: 'document'});
 * await pipeline(process.stdin, tap.stream, createRewriteStream(options), out);
 * tap.count(); //=> 1 for '<a href="x.html">'
 */
export function noBaseTap(options: RewriteOptions): NoBaseTap {
	const {to: _to, documentUrl: _documentUrl, scope: _scope, form: _form, ...extract} = options;
	let count = 0;
	let pipeline: ExtractPipeline | undefined = new ExtractPipeline(checkExtractOptions(extract), nodeCodecs, link => {
		// Same-document and empty references are kept as written with a base too (rewrite/targets.ts).
		if (link.error === 'no-base' && link.sameDocument !== true && link.value !== '') count++;
	}, undefined, false);
	const guard = (run: (p: ExtractPipeline) => void): void => {
		try {
			if (pipeline !== undefined) run(pipeline);
		} catch {
			pipeline = undefined;
		}
	};
	const stream = new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
			guard(p => p.write(chunk));
			callback(null, chunk);
		},
		flush(callback: TransformCallback) {
			guard(p => p.end());
			callback();
		},
	});
	return {stream, count: () => count};
}

/**
 * The warning line for `count` references left as written, or undefined for none.
 *
 * @example
 * noBaseWarning(3); //=> 'linkstream rewrite: warning: 3 relative references left as written: no base URL to resolve them against (give one with --base-url URL)'
 */
export function noBaseWarning(count: number): string | undefined {
	if (count === 0) return undefined;
	const [references, them] = count === 1 ? ['1 relative reference', 'it'] : [`${count} relative references`, 'them'];
	return `linkstream rewrite: warning: ${references} left as written: no base URL to resolve ${them} against (give one with --base-url URL)`;
}
