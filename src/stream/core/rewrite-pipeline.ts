/**
 * The synchronous rewrite pipeline shared by `rewriteLinks` and `createRewriteStream`:
 * the extraction pipeline (decode, extractor core) feeds a Rewriter (src/rewrite), whose
 * edits are spliced into the input's own units: the text itself for string input, the
 * bytes for byte input (edit offsets mapped back through offsets.ts, new text encoded
 * in the document's encoding through encode.ts).
 *
 * Memory: the input is held from the extractor's watermark (`safeOffset`) on, so output
 * flows as input flows, except while the extractor holds Links (before the BASE element
 * is settled: extract/html/base.ts; with `baseHold: 'document'`, the default of
 * `rewriteLinks`, to the end of the document within DOCUMENT_HOLD_CHARS) or an unfinished
 * token.
 *
 * Deviation: iso-2022-jp input (stateful, no offset map) is written out unchanged as it
 * comes; a rewrite that would change one of its references fails with an error (a stream
 * has then passed on the bytes before that reference, unchanged).
 */
import type {CoreOptions} from '../../extract/base.js';
import type {CheckedRewriteOptions} from '../../rewrite/targets.js';
import {Rewriter, type TextEdit} from '../../rewrite/rewriter.js';
import {HeldByteArray} from '../../rewrite/held.js';
import {TextPieces} from '../../text-pieces.js';
import {Splicer} from '../../rewrite/splice.js';
import type {Codecs} from './codecs.js';
import {createEncoder, type TextEncoderFor} from './encode.js';
import {createOffsetMap, type OffsetMap} from './offsets.js';
import {ExtractPipeline} from './pipeline.js';

const BOMS: Readonly<Record<string, readonly number[]>> = {
	'utf-8': [0xef, 0xbb, 0xbf],
	'utf-16le': [0xff, 0xfe],
	'utf-16be': [0xfe, 0xff],
};

/**
 * Where a rewrite of bytes can write its output instead of returning pieces (one-shot.ts):
 * the source's own bytes, and new text encoded in place, without an array per edit.
 */
export interface ByteSink {
	bytes(piece: Uint8Array): void;
	/** Write `text` in UTF-8 if it is well-formed (else false, nothing written: the caller encodes it with its fallback). */
	utf8(text: string): boolean;
}

/** After `end()` every Link is final: no watermark holds anything back. */
const END = Number.MAX_SAFE_INTEGER;

/**
 * One document's rewrite: `write` chunks (all strings or all bytes), get the output
 * produced so far; `end` gives the rest.
 *
 * @example
 * const pipeline = new RewritePipeline(checkRewriteOptions({type: 'css', to: 'absolute', retrievalUrl: 'https://example.com/a.css'}), nodeCodecs);
 * [...pipeline.write('a{background:url(b.png)}'), ...pipeline.end()].join('');
 * // 'a{background:url(https://example.com/b.png)}'
 */
export class RewritePipeline {
	private readonly extract: ExtractPipeline;
	private readonly rewriter: Rewriter;
	private readonly out: Array<string | Uint8Array> = [];
	private kind: 'text' | 'bytes' | undefined;
	private text: Splicer<string> | undefined;
	private bytes: Splicer<Uint8Array> | undefined;
	/** The bytes `bytes` holds, read contiguously by the offset map. */
	private readonly heldBytes = new HeldByteArray();
	/** The first bytes (BOM detection). */
	private head: number[] = [];
	private sawText = false;
	private map: OffsetMap | null | undefined;
	private encoder: TextEncoderFor | undefined;
	private readonly codecs: Codecs;
	private readonly sink: ByteSink | undefined;

	private ended = false;

	/**
	 * `releaseStep` (CoreOptions): references a late BASE releases come a step at a time; the
	 * caller then takes the output of each step with `releaseNext()` while `pending`. `sink`:
	 * the output of bytes goes there (`write` and `end` then return nothing for bytes).
	 */
	constructor(options: CheckedRewriteOptions, codecs: Codecs, releaseStep?: number, sink?: ByteSink) {
		this.codecs = codecs;
		this.sink = sink;
		this.rewriter = new Rewriter(options);
		// A user function may keep the Links it sees; 'absolute' and 'relative' let each go.
		const detached = typeof options.to === 'function';
		// Only a user function sees a Link's line and column: 'absolute' and 'relative' count no lines.
		const core: typeof options & Pick<CoreOptions, 'releaseStep' | 'positions'> = Object.assign({}, options);
		if (releaseStep !== undefined) core.releaseStep = releaseStep;
		if (!detached) core.positions = false;
		this.extract = new ExtractPipeline(
			core,
			codecs,
			(link, event) => this.rewriter.link(link, event),
			text => {
				this.sawText = true;
				this.rewriter.text(text);
			},
			detached,
		);
	}

	/** References rewritten so far (their source text changed), non-empty ones left as written, and those kept absolute in relative mode. */
	get counts(): {rewritten: number; unchanged: number; keptAbsolute: number} {
		return {
			rewritten: this.rewriter.rewritten,
			unchanged: this.rewriter.unchanged,
			keptAbsolute: this.rewriter.keptAbsolute,
		};
	}

	/** Edits refused by the splicer (out of order): 0 unless an extractor breaks its contract. */
	get refused(): number {
		return (this.text?.refused ?? 0) + (this.bytes?.refused ?? 0);
	}

	/** Input units (bytes, or UTF-16 units for text) held, not yet written out: the memory bound. */
	get held(): number {
		return (this.text?.held ?? 0) + (this.bytes?.held ?? 0);
	}

	/** Units copied to hold the input and to read the text held (for tests: linear in the input, held.ts). */
	get copied(): number {
		return this.rewriter.copied + (this.text?.units.copied ?? 0) + this.heldBytes.copied;
	}

	write(chunk: string | Uint8Array): Array<string | Uint8Array> {
		if (typeof chunk === 'string') {
			this.textSplicer().append(chunk);
		} else {
			const bytes = this.byteSplicer();
			if (this.head.length < 3) for (const b of chunk.subarray(0, 3 - this.head.length)) this.head.push(b);
			bytes.append(chunk);
		}
		this.extract.write(chunk);
		return this.output();
	}

	/** The output up to the end, or (while `pending`) up to the references still waiting. */
	end(): Array<string | Uint8Array> {
		this.extract.end(true);
		this.ended = true;
		return this.output();
	}

	/** References are waiting for `releaseNext()` (with `releaseStep`): write nothing more before. */
	get pending(): boolean {
		return this.extract.pending;
	}

	/** The output of the next step of references released (after `end()`, the rest once none waits). */
	releaseNext(): Array<string | Uint8Array> {
		this.extract.releaseNext();
		return this.output();
	}

	private output(): Array<string | Uint8Array> {
		if (!this.ended || this.extract.pending) {
			const safe = this.extract.safeOffset;
			this.apply(this.rewriter.take(), safe, false);
			this.rewriter.release(safe);
			return this.out.splice(0);
		}
		this.apply(this.rewriter.take(), END, true);
		if (this.text !== undefined) this.text.finish();
		else this.bytes?.finish();
		return this.out.splice(0);
	}

	private apply(edits: readonly TextEdit[], safe: number, final: boolean): void {
		if (this.text !== undefined) {
			for (const edit of edits) this.text.edit(edit.start, edit.end, edit.text);
			this.text.flush(safe);
			return;
		}
		const bytes = this.bytes;
		if (bytes === undefined || !this.sawText) return;
		const map = this.offsetMap();
		if (map === null) {
			if (edits.length > 0)
				throw new Error(
					`linkstream: cannot rewrite references in ${this.extract.encoding ?? 'this'} input (no byte offsets for this encoding)`,
				);
			// Unchanged so far: the bytes flow out as they came (held whole, they would grow without bound).
			bytes.flush(bytes.end);
			return;
		}
		const encode = (this.encoder ??= createEncoder(this.extract.encoding ?? 'utf-8', this.codecs));
		// Nothing is appended while the edits are placed: one view of the held bytes serves them all.
		const {units, start: unitsStart} = this.heldBytes.contiguous();
		const at = (offset: number): number => map.toByte(offset, units, unitsStart, final, this.textBetween);
		// UTF-8 output to a sink: new text encoded where it goes (well-formed text is its own UTF-8, encode.ts).
		const direct = this.extract.encoding === 'utf-8' ? this.sink : undefined;
		for (const edit of edits) {
			const start = at(edit.start);
			const end = at(edit.end);
			if (direct === undefined) bytes.edit(start, end, encode(edit.text, edit.fallback));
			else if (bytes.cut(start, end) && !direct.utf8(edit.text)) direct.bytes(encode(edit.text, edit.fallback));
		}
		if (!final) bytes.flush(at(safe));
	}

	private readonly textBetween = (from: number, to: number, each: (piece: string) => void): boolean =>
		this.rewriter.readText(from, to, each);

	private offsetMap(): OffsetMap | null {
		if (this.map === undefined) {
			const encoding = this.extract.encoding ?? 'utf-8';
			const bom = BOMS[encoding];
			const bomLength = bom?.every((b, i) => this.head[i] === b) ? bom.length : 0;
			this.map = createOffsetMap(encoding, bomLength, this.codecs);
		}
		return this.map;
	}

	private textSplicer(): Splicer<string> {
		if (this.kind === 'bytes') throw new TypeError('linkstream: a rewrite takes either strings or bytes, not both');
		this.kind = 'text';
		return (this.text ??= new Splicer(new TextPieces(), piece => this.out.push(piece)));
	}

	private byteSplicer(): Splicer<Uint8Array> {
		if (this.kind === 'text') throw new TypeError('linkstream: a rewrite takes either strings or bytes, not both');
		this.kind = 'bytes';
		const sink = this.sink;
		return (this.bytes ??= new Splicer(
			this.heldBytes,
			sink === undefined ? piece => this.out.push(piece) : piece => sink.bytes(piece),
		));
	}
}
