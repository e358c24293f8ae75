/** The Links of one command-line input, whatever its type: a document, a mail or news archive, a WARC file. */
import {filterLinks} from '../../extract/filter.js';
import type {CoreOptions} from '../../extract/base.js';
import type {ReferenceEvent} from '../../extract/event.js';
import {checkExtractOptions} from '../../options.js';
import {checkEncoding} from '../../stream/core/decode.js';
import {attempt} from '../../stream/core/input.js';
import {ExtractPipeline, RELEASE_STEP} from '../../stream/core/pipeline.js';
import {nodeCodecs} from '../../stream/node/codecs.js';
import {openDocument} from './open-document.js';
import type {MailErrorContext} from '../../archive/mail/mail.js';
import type {ExtractOptions, InputType, Link} from '../../types.js';
import {grewMessage, grewWhileRead, readPinned, pinnedStream} from './pinned-file.js';
import {withWarcioWarnings} from './warcio-warnings.js';
import {shiftOffset} from '../../archive/warc/warnings.js';
import type {Input, Source} from './input.js';

export type {Input, Source} from './input.js';

/** Options for every input of a run; the type and retrieval URL come per input. */
export type RunOptions = Omit<ExtractOptions, 'type'>;

/** What takes the Links: `emit` each, and `ready` awaited between chunks (undefined: go on). */
export interface LinkSink {
	emit(link: Link): void;
	ready(): Promise<void> | undefined;
	/** A streamed input's chunk is done: what it gave may go out now (standard input may pause). */
	chunkDone?(): void;
	/** Whether the sink keeps Links (or their strings) after `emit` returns: then they must not hold the input's text alive. */
	keeps: boolean;
	/** False: the sink reads no Link's line and column (bare URLs out): HTML counts no lines, its Links say 0 (CoreOptions.positions). */
	positions?: false;
}

/** Bytes read at once from a file streamed rather than read whole. */
export const STREAM_CHUNK_BYTES = 1 << 20;

/** Bytes of a file read whole given to the pipeline at once: the output of each step is bounded before `ready()` is asked. */
export const STEP_BYTES = 1 << 18;

/**
 * A file input's bytes, read whole, opened pinned (pinned-file.ts: no final symbolic
 * link followed, the device and inode checked).
 *
 * @example
 * const bytes = await readWhole(input);
 */
export const readWhole = (input: Input): Promise<Buffer> => readPinned(input);

/**
 * Run `use` on a file input's bytes as a stream (with `range`, only its bytes `[start, end)`;
 * without, up to its size when opened, `onWarning` told if it grew meanwhile), opened
 * pinned (pinned-file.ts); the file is closed when `use` ends, however it ends.
 *
 * @example
 * await withFileStream(input, undefined, source => eachLink(input, options, source, sink, onError));
 */
export async function withFileStream<T>(
	input: Input,
	range: readonly [number, number] | undefined,
	use: (source: NodeJS.ReadableStream) => Promise<T>,
	onWarning?: (message: string) => void,
): Promise<T> {
	const stream = await pinnedStream(input, {
		highWaterMark: STREAM_CHUNK_BYTES,
		...(range === undefined ? {} : {start: range[0], end: range[1]}),
	});
	try {
		const result = await use(stream);
		if (grewWhileRead(stream)) onWarning?.(grewMessage((stream as {bytesRead?: number}).bytesRead ?? 0));
		return result;
	} finally {
		stream.destroy();
	}
}

/**
 * Pass the Links of `input` to `sink`, in document order, waiting on `sink.ready()` between
 * chunks. A message or record that cannot be read is reported to `onError` and skipped; a
 * whole input that cannot be read rejects. `offset`: where `source` starts in a WARC file
 * (a range of it, warc-ranges.ts), added to the offsets of error messages. A mail part read
 * otherwise than declared (a multipart without a working boundary, an unknown transfer
 * encoding or charset) is reported to `onWarning`; its Links are given.
 */
export async function eachLink(
	input: Input,
	options: RunOptions,
	source: Source,
	sink: LinkSink,
	onError: (message: string) => void,
	offset = 0,
	onWarning: (message: string) => void = () => undefined,
): Promise<void> {
	const opened = await openDocument(input, source);
	source = opened.source;
	// A sniffed input may turn out to be XML (open-document.ts).
	if (opened.type !== input.type) input = {...input, type: opened.type};
	switch (input.type) {
		case 'mbox':
		case 'eml':
		case 'news': {
			// The archive readers (and their libraries) load only when an archive comes.
			const {extractMail} = (await importArchive('mail/mail')) as typeof import('../../archive/mail/mail.js');
			return drain(
				extractMail(streamOf(source), {
					type: input.type,
					...archiveOptions(options),
					onError: (error, at) => onError(`${messagePlace(at)}: ${error.message}`),
					onWarning: (warning, at) => onWarning(`${messagePlace(at)} part ${warning.part}: ${warning.message}`),
				}),
				options,
				sink,
			);
		}
		case 'warc': {
			const {extractWarc} = (await importArchive('warc/warc')) as typeof import('../../archive/warc/warc.js');
			const {where} = (await importArchive('warc/error')) as typeof import('../../archive/warc/error.js');
			/** A record's message, its place with the file's offset (a range starts at `offset`). */
			const placed = (message: string, context: Parameters<typeof where>[0]): string =>
				offset === 0 ? message : message.replace(where(context), where({...context, offset: context.offset + offset}));
			const report = (error: Error, context: Parameters<typeof where>[0]): void =>
				onError(placed(error.message, context));
			// warcio's warnings with the file's offsets, named by the parser that wrote them; a record's loss
			// to the limits (it comes with its context) placed as its errors are.
			const warning = (message: string, context?: Parameters<typeof where>[0]): void =>
				onWarning(
					context === undefined
						? `warcio: ${offset === 0 ? message : shiftOffset(message, offset)}`
						: placed(message, context),
				);
			return withWarcioWarnings(
				() =>
					drain(
						extractWarc(streamOf(source), {...archiveOptions(options), onError: report, onWarning: warning}),
						options,
						sink,
					),
				onWarning,
			);
		}
		default:
			return document(input.type, options, source, sink, onWarning);
	}
}

/** `message #2 <id@example.org> at byte 1234` */
function messagePlace(at: MailErrorContext): string {
	const where = [
		at.index === undefined ? '' : `message #${at.index}`,
		at.messageId === undefined ? '' : `<${at.messageId}>`,
		`at byte ${at.offset}`,
	];
	return where.filter(Boolean).join(' ');
}

/**
 * An archive reader module, loaded when first needed. Run from source (tests), through
 * tsx's own import: a worker thread's dynamic `import()` does not pass tsx's hooks.
 */
function importArchive(name: string): Promise<unknown> {
	// Once per module and thread: tsx's tsImport loads the module anew at each call.
	let loading = ARCHIVE_MODULES.get(name);
	if (loading === undefined) {
		loading = loadArchive(name);
		ARCHIVE_MODULES.set(name, loading);
	}
	return loading;
}

const ARCHIVE_MODULES = new Map<string, Promise<unknown>>();

async function loadArchive(name: string): Promise<unknown> {
	if (!import.meta.url.endsWith('.ts')) return import(`../../archive/${name}.js`);
	const tsx = 'tsx/esm/api'; // a development dependency: not named where a bundler or the build would follow it
	const {tsImport} = (await import(tsx)) as {tsImport: (specifier: string, parent: string) => Promise<unknown>};
	return tsImport(`../../archive/${name}.ts`, import.meta.url);
}

/**
 * A document through the extraction pipeline itself (what `createExtractStream` wraps),
 * each Link straight to the sink: no object-mode stream between them.
 */
async function document(
	type: InputType,
	options: RunOptions,
	source: Source,
	sink: LinkSink,
	onWarning: (message: string) => void,
): Promise<void> {
	// A whole document: references wait for a BASE to its end, within the hold's bounds (extract/html/base.ts).
	const checked = checkExtractOptions({baseHold: 'document', ...options, type});
	checkEncoding(checked.encoding);
	let found = 0;
	// References released by a late BASE go out a step at a time, the sink waited on between steps.
	const core: typeof checked & Pick<CoreOptions, 'releaseStep' | 'positions'> = {...checked, releaseStep: RELEASE_STEP};
	if (sink.positions === false) core.positions = false;
	// A start tag let go as too long is named at the end (ExtractPipeline.end).
	core.onWarning = onWarning;
	const pipeline = new ExtractPipeline(
		core,
		nodeCodecs,
		link => {
			found++;
			sink.emit(link);
		},
		undefined,
		sink.keeps,
	);
	let consumed = 0;
	const step = (run: () => void): void => {
		const error = attempt(run, consumed);
		if (error !== null) throw error;
	};
	const release = async (): Promise<void> => {
		while (pipeline.pending) {
			await sink.ready();
			step(() => pipeline.releaseNext());
		}
	};
	/** A chunk in steps of STEP_BYTES, waiting on the sink between them. */
	const write = async (chunk: Uint8Array | string): Promise<void> => {
		for (let at = 0; at < chunk.length || at === 0; at += STEP_BYTES) {
			const piece =
				chunk.length <= STEP_BYTES
					? chunk
					: typeof chunk === 'string'
						? chunk.slice(at, at + STEP_BYTES)
						: chunk.subarray(at, at + STEP_BYTES);
			step(() => pipeline.write(piece));
			consumed += piece.length;
			await release();
			await sink.ready();
		}
	};
	if (source instanceof Uint8Array) {
		await write(source);
	} else {
		for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
			await write(chunk);
			sink.chunkDone?.();
		}
	}
	step(() => pipeline.end());
	await release();
	// XML that no vocabulary table describes gives nothing: say so rather than print nothing.
	if (found === 0 && pipeline.knownVocabulary === false) onWarning(NO_KNOWN_VOCABULARY);
}

/** The warning for a document read as XML with no element of a known vocabulary and no Link. */
export const NO_KNOWN_VOCABULARY = 'no known vocabulary (sitemap, feed, OPML, SVG, XHTML, XLink …) and no link found';

function streamOf(source: Source): AsyncIterable<Uint8Array> | NodeJS.ReadableStream {
	return source instanceof Uint8Array ? once(source) : source;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	yield bytes;
}

function archiveOptions(
	options: RunOptions,
): Pick<ExtractOptions, 'retrievalUrl' | 'dialect' | 'textLinks' | 'anchorText' | 'fuzzy'> {
	const picked: Pick<ExtractOptions, 'retrievalUrl' | 'dialect' | 'textLinks' | 'anchorText' | 'fuzzy'> = {};
	if (options.retrievalUrl !== undefined) picked.retrievalUrl = options.retrievalUrl;
	if (options.dialect !== undefined) picked.dialect = options.dialect;
	if (options.textLinks !== undefined) picked.textLinks = options.textLinks;
	if (options.anchorText !== undefined) picked.anchorText = options.anchorText;
	if (options.fuzzy !== undefined) picked.fuzzy = options.fuzzy;
	return picked;
}

/** Archives' Links through the same `schemes` / `redactCredentials` filter as documents. */
async function drain(links: AsyncGenerator<Link>, options: RunOptions, sink: LinkSink): Promise<void> {
	const filter = filterLinks(options, link => sink.emit(link));
	for await (const link of links) {
		filter(link, NO_EVENT);
		await sink.ready();
	}
}

/** The filter takes (link, event); archives hand over Links only, and the filter reads no event. */
const NO_EVENT = {} as ReferenceEvent;
