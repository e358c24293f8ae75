/**
 * A run with no base (standard input without `--base-url`): a relative reference can then
 * be resolved against nothing (RFC 2396 §5.1: no layer gives a base). `rewrite` leaves it
 * as written, `extract` gives it with `url: null` (which `--format urls` cannot print). The
 * run says so once, with the count, rather than pass the input through or print nothing as
 * if nothing were asked.
 */
import type {Link} from '../../types.js';
import {Transform} from 'node:stream';
import type {TransformCallback} from 'node:stream';
import {checkExtractOptions} from '../../options.js';
import {ExtractPipeline} from '../../stream/core/pipeline.js';
import {nodeCodecs} from '../../stream/node/codecs.js';
import type {RewriteOptions} from '../../types.js';

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
	// The rewrite itself tells what the limits leave as written (onWarning): not told twice.
	const {to: _to, documentUrl: _documentUrl, scope: _scope, form: _form, onWarning: _onWarning, ...extract} = options;
	let count = 0;
	let pipeline: ExtractPipeline | undefined = new ExtractPipeline(
		checkExtractOptions(extract),
		nodeCodecs,
		link => {
			if (lacksBase(link)) count++;
		},
		undefined,
		false,
	);
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
 * Whether a Link is a relative reference with no base to resolve it against. Same-document
 * and empty references are not counted: a rewrite keeps them as written with a base too
 * (rewrite/targets.ts), and they name the document itself.
 *
 * @example
 * lacksBase({error: 'no-base', value: 'x.html', ...}); //=> true
 */
export function lacksBase(link: Link): boolean {
	return link.error === 'no-base' && link.sameDocument !== true && link.value !== '';
}

/** How each output format gives a Link with no URL (format.ts). */
const UNRESOLVED_IN = {urls: 'left out', tsv: 'given with an empty URL', ndjson: 'given with "url": null'} as const;

/**
 * `linkstream extract`'s warning line for `count` references it could not resolve, or
 * undefined for none.
 *
 * @example
 * extractNoBaseWarning(2, 'urls'); //=> 'linkstream extract: warning: 2 relative references left out: no base URL to resolve them against (give one with --base-url URL, or --site URL for a folder)'
 */
export function extractNoBaseWarning(count: number, format: keyof typeof UNRESOLVED_IN): string | undefined {
	if (count === 0) return undefined;
	const [references, them] = count === 1 ? ['1 relative reference', 'it'] : [`${count} relative references`, 'them'];
	return `linkstream extract: warning: ${references} ${UNRESOLVED_IN[format]}: no base URL to resolve ${them} against (give one with --base-url URL, or --site URL for a folder)`;
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
