/**
 * Rewriting as a Node Transform stream and as a one-shot call; both drive the same
 * synchronous pipeline (rewrite-pipeline.ts).
 */
import {Transform} from 'node:stream';
import type {TransformCallback} from 'node:stream';
import type {RewriteOptions} from '../../types.js';
import {attempt, ownBytes} from '../core/input.js';
import {checkedRewriteOptions, rewriteAll, steps as writeSteps} from '../core/one-shot.js';
import {RELEASE_STEP} from '../core/pipeline.js';
import {RewritePipeline} from '../core/rewrite-pipeline.js';
import {stepper} from './steps.js';
import {nodeCodecs} from './codecs.js';

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
	return rewriteCounted(input, options).output;
}

/**
 * {@link rewriteLinks}, also saying how many references it wrote differently, how many
 * non-empty ones it left as written, and how many relative mode kept absolute
 * (RewriteOptions.keepAbsolute) (for the site command's summary; not package API).
 *
 * @example
 * rewriteCounted(Buffer.from('<a href="https://e.x/a">'), {type: 'html', to: 'relative', retrievalUrl: 'https://e.x/'});
 * //=> {output: <Buffer '<a href="a">'>, rewritten: 1, unchanged: 0, keptAbsolute: 0}
 */
export function rewriteCounted<T extends string | Uint8Array>(
	input: T,
	options: RewriteOptions,
): {output: T; rewritten: number; unchanged: number; keptAbsolute: number} {
	const {pieces, rewritten, unchanged, keptAbsolute} = rewriteAll(input, options, nodeCodecs);
	const output = (typeof input === 'string' ? pieces.join('') : asBuffer(pieces as Uint8Array[])) as T;
	return {output, rewritten, unchanged, keptAbsolute};
}

/** The one-shot output (one piece: one-shot.ts) as a Buffer, without copying it again. */
function asBuffer(pieces: Uint8Array[]): Buffer {
	const [only] = pieces;
	if (pieces.length !== 1 || only === undefined) return Buffer.concat(pieces);
	return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
}

/**
 * A Transform: Buffers (or strings) in, the same document out with its references
 * rewritten: Buffers for Buffers, strings for strings. Output flows as input does (see
 * rewrite-pipeline.ts for what is held); the output is the same for any split of the input.
 *
 * @example
 * createReadStream('page.html')
 *   .pipe(createRewriteStream({type: 'html', to: 'relative', retrievalUrl: 'https://example.com/docs/page.html'}))
 *   .pipe(createWriteStream('out.html'));
 */
export function createRewriteStream(options: RewriteOptions): Transform {
	// References a late BASE releases are rewritten and go out a step at a time, as the reader takes them.
	const pipeline = new RewritePipeline(checkedRewriteOptions(options), nodeCodecs, RELEASE_STEP);
	let consumed = 0;
	let strings = false;
	const steps = {
		get pending(): boolean {
			return pipeline.pending;
		},
		next: (): void => push(pipeline.releaseNext()),
	};
	const stream = new Transform({
		decodeStrings: false,
		transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
			if (typeof chunk === 'string' && consumed === 0 && !strings) {
				strings = true;
				stream.setEncoding('utf8');
			}
			// A step at a time, each step's output pushed before the next is read: what one write
			// makes at once (its Links, edits and output pieces) is bounded by the step, not the chunk.
			let error: Error | null = null;
			for (const step of writeSteps(ownBytes(chunk))) {
				error = attempt(() => push(pipeline.write(step)), consumed);
				consumed += step.length;
				if (error !== null) break;
			}
			if (error !== null) callback(error);
			else drain(steps, consumed, callback);
		},
		flush(callback: TransformCallback) {
			const error = attempt(() => push(pipeline.end()), consumed);
			if (error !== null) callback(error);
			else drain(steps, consumed, callback);
		},
	});
	const drain = stepper(stream);
	/** A step's pieces pushed in joins of at most PUSH_BYTES: never the whole step's output as one buffer. */
	const push = (pieces: Array<string | Uint8Array>): void => {
		let batch: Array<string | Uint8Array> = [];
		let size = 0;
		const send = (): void => {
			if (batch.length === 0) return;
			stream.push(strings ? (batch as string[]).join('') : Buffer.concat(batch as Uint8Array[]));
			batch = [];
			size = 0;
		};
		for (const piece of pieces) {
			if (size > 0 && size + piece.length > PUSH_BYTES) send();
			batch.push(piece);
			size += piece.length;
		}
		send();
	};
	return stream;
}

/** Output units joined into one push at most (a single larger piece goes as it is). */
const PUSH_BYTES = 1 << 20;

/** A rewrite fed a piece at a time ({@link countedRewriter}). */
export interface CountedRewriter {
	/** The output this piece lets go (held input waits for what follows). */
	write(chunk: Uint8Array): Uint8Array[];
	/** The rest of the output. */
	end(): Uint8Array[];
	/** References rewritten so far, non-empty ones left as written, and those kept absolute in relative mode. */
	readonly counts: {rewritten: number; unchanged: number; keptAbsolute: number};
}

/**
 * {@link rewriteCounted} fed a piece at a time, for a file streamed rather than read whole
 * (the site command; not package API): the same output for any split, references waiting for
 * a late BASE within the `'document'` hold's bounds as the one-shot call's do.
 *
 * @example
 * const rewriter = countedRewriter({type: 'html', to: 'absolute', retrievalUrl: 'https://e.x/'});
 * const out = [...rewriter.write(Buffer.from('<a href="b">')), ...rewriter.end()];
 */
export function countedRewriter(options: RewriteOptions): CountedRewriter {
	const checked = checkedRewriteOptions(options);
	checked.baseHold ??= 'document'; // this call's copy (options.ts)
	return new RewritePipeline(checked, nodeCodecs) as CountedRewriter;
}
