/**
 * The synchronous extraction pipeline shared by `extractLinks` and `createExtractStream`:
 * bytes -> decode (BOM, transport charset, meta prescan) -> extractor core -> Links.
 * Strings skip decoding. The core is created once the encoding is known, so legacy
 * encodings can encode queries as browsers do.
 */
import type {CoreOptions} from '../../extract/base.js';
import {filterLinks} from '../../extract/filter.js';
import {createExtractor} from '../../extract/index.js';
import {lossWarnings} from '../../extract/markup/limits.js';
import type {Extractor, LinkSink} from '../../extract/index.js';
import type {ExtractOptions} from '../../types.js';
import type {Codecs} from './codecs.js';
import {createDecoder} from './decode.js';
import {detach} from './detach.js';
import {makeQueryEncoder} from './query-encoding.js';

type Decoder = ReturnType<typeof createDecoder>;

/**
 * References released per step after a late BASE (CoreOptions.releaseStep), for drivers
 * that wait on their consumer between steps: 256 Links of at most some 4 KB of output each
 * (MAX_BASE_LENGTH twice) is about a megabyte a step.
 */
export const RELEASE_STEP = 256;

export class ExtractPipeline {
	private decoder: Decoder | undefined;
	private core: Extractor | undefined;
	private readonly options: ExtractOptions & Pick<CoreOptions, 'releaseStep' | 'positions'>;
	private readonly sink: LinkSink;
	private readonly onText: ((text: string) => void) | undefined;
	private readonly detached: boolean;
	private readonly codecs: Codecs;

	/**
	 * `onText` sees each piece of decoded text before the core does (the rewriter keeps it).
	 * `detached`: the sink keeps Links, so their strings must not keep the input alive
	 * (detach.ts); false for a sink that lets each Link go at once. `codecs`: the
	 * platform's legacy encodings (stream/node/codecs.ts, stream/web/codecs.ts).
	 */
	constructor(
		options: ExtractOptions & Pick<CoreOptions, 'releaseStep' | 'positions'>,
		codecs: Codecs,
		sink: LinkSink,
		onText?: (text: string) => void,
		detached = true,
	) {
		this.codecs = codecs;
		this.options = options;
		this.sink = filterLinks(options, sink);
		this.onText = onText;
		this.detached = detached;
	}

	/** The core's flushing watermark (ExtractorCore.safeOffset), in decoded text offsets. */
	get safeOffset(): number {
		return this.core?.safeOffset ?? 0;
	}

	/** XML: whether an element of a known vocabulary was read (ExtractorCore.knownVocabulary); undefined for other types. */
	get knownVocabulary(): boolean | undefined {
		return this.core?.knownVocabulary;
	}

	/** The encoding the input is decoded with (WHATWG name), once known. */
	get encoding(): string | undefined {
		return this.decoder?.encoding;
	}

	/** With `releaseStep`: Links wait for `releaseNext()` (ExtractorCore.pending); write nothing more before. */
	get pending(): boolean {
		return this.core?.pending === true;
	}

	/** Release the next step of the Links waiting (see `pending`). */
	releaseNext(): void {
		this.core?.releaseNext?.();
	}

	write(chunk: string | Uint8Array): void {
		if (typeof chunk === 'string') {
			// Deviation: strings written after bytes are taken as already decoded text.
			this.text(chunk);
			return;
		}
		this.decoder ??= createDecoder(
			{type: this.options.type, ...(this.options.encoding === undefined ? {} : {encoding: this.options.encoding})},
			this.codecs,
		);
		this.text(this.decoder.write(chunk));
	}

	/** `rewriting`: the warnings say that what was not read is left as written (RewritePipeline). */
	end(rewriting = false): void {
		if (this.decoder !== undefined) this.text(this.decoder.end());
		const core = this.extractor();
		core.end();
		// A loss the limits allow is reported, never silent (docs/limits.md).
		const warn = this.options.onWarning;
		if (warn !== undefined) for (const message of lossWarnings(core, rewriting)) warn(message);
	}

	private text(text: string): void {
		// The core waits for the first text: by then the decoder has settled the encoding.
		if (text === '') return;
		this.onText?.(text);
		this.extractor().write(text);
	}

	private extractor(): Extractor {
		if (this.core === undefined) {
			// A copy, then stores: V8 makes a spread that gains properties after it cost a new map per document.
			const options: CoreOptions = Object.assign({}, this.options);
			const encodeQuery = this.decoder === undefined ? undefined : makeQueryEncoder(this.decoder.encoding, this.codecs);
			if (encodeQuery !== undefined) options.encodeQuery = encodeQuery;
			if (this.detached) options.own = detach;
			this.core = createExtractor(options, this.sink);
		}
		return this.core;
	}
}
