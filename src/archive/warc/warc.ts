/**
 * Internal: read by the command only (`linkstream extract` on .warc, .warc.gz); not a
 * package entry (docs/api.md says why).
 *
 * `extractWarc`: Links from crawler archives, `.warc` and `.warc.gz` (WARC 1.0 / 1.1,
 * ISO 28500; gzip per record or over the whole file), read with warcio.
 *
 * Flow: bytes -> input.ts (sniff: WARC, ARC, other) -> warcio's WARCParser (record
 * framing, gzip members, WARC headers) -> record.ts per record (HTTP head,
 * header references, payload decoding, the extraction pipeline) -> Links with `record`
 * context. Memory is bounded: records stream through one at a time, each payload streams
 * through its extractor, and an HTTP head is read up to MAX_HTTP_HEAD_BYTES.
 *
 * Errors: an ARC file or a non-WARC input is thrown as a WarcError (nothing else can be
 * read); a record that cannot be read is reported through `onError` with where it is,
 * skipped, and reading goes on. Without `onError` such records are skipped silently.
 *
 * Known limits (warcio 2.4): a WARC header block without its blank line is read to the
 * end of the input; after a corrupt gzip member or junk between records warcio stops,
 * which is reported once (`unreadable-data`) with the offset, and the rest is not read.
 * After a Content-Length that cannot be used (past 2^53, negative), reading goes on at the
 * next WARC version line (`malformed-record`, with both offsets).
 */
import {WARCParser} from 'warcio';
import type {WARCRecord} from 'warcio';
import {checkDialect, optionError} from '../../options.js';
import type {Dialect, FuzzyOptions, Link} from '../../types.js';
import {WarcError, where} from './error.js';
import type {WarcErrorContext} from './error.js';
import {onlyBlankAfter, openInput} from './input.js';
import type {OpenedInput} from './input.js';
import {BlockReader, cleanTargetUri, recordLinks} from './record.js';
import {watchWarnings} from './warnings.js';
import type {RecordOptions} from './record.js';

export {WarcError} from './error.js';
export type {WarcErrorCode, WarcErrorContext} from './error.js';
export {MAX_HTTP_HEAD_BYTES} from './http.js';
export {MAX_DECODED_BODY_BYTES} from './payload.js';

export interface WarcOptions {
	/** Default `'whatwg'`. */
	dialect?: Dialect;
	/** The input's name (a file path) for error messages and contexts. */
	name?: string;
	/** Also scan `text/plain` payloads with the text extractor (RFC 2396 Appendix E). Default true. */
	plainText?: boolean;
	/** HTML payloads: also find plain-text URLs in text nodes. */
	textLinks?: boolean;
	/** HTML payloads: record anchor text. */
	anchorText?: boolean;
	/** Text payloads: bare domains / e-mail addresses. */
	fuzzy?: FuzzyOptions;
	/** Called once per record that could not be read (and once for unreadable data); reading goes on. */
	onError?: (error: WarcError, context: WarcErrorContext) => void;
	/**
	 * warcio's warnings about this input (a record's block longer than its Content-Length
	 * says), their offsets the input's own; absent, they go to `console.warn` as warcio writes them.
	 * Also what a record's payload lost to the limits (ExtractOptions.onWarning), its message
	 * led by the record's place (as an error's) and `context` given.
	 */
	onWarning?: (message: string, context?: WarcErrorContext) => void;
}

/**
 * Links of every response, revisit and resource record of a WARC file, in order: per
 * record the HTTP header references (`record.source` `header:location`, ...), then the
 * payload's (`body`). Each Link carries `record`: target URI, record ID, date, type, status.
 *
 * @example
 * import {createReadStream} from 'node:fs';
 * for await (const link of extractWarc(createReadStream('crawl.warc.gz'), {name: 'crawl.warc.gz', onError: error => console.error(error.message)})) {
 *   console.log(link.record?.targetUri, link.kind, link.url);
 * }
 */
export async function* extractWarc(
	input: AsyncIterable<Uint8Array | string> | NodeJS.ReadableStream,
	options: WarcOptions = {},
): AsyncGenerator<Link> {
	const recordOptions = checkWarcOptions(options);
	const opened = await openInput(input as AsyncIterable<Uint8Array | string>);
	try {
		yield* readInput(opened, options, recordOptions);
	} finally {
		// Closes the input when the caller stops early or the input is rejected.
		await opened.close();
	}
}

async function* readInput(
	opened: OpenedInput,
	options: WarcOptions,
	recordOptions: RecordOptions,
): AsyncGenerator<Link> {
	const name = options.name ?? 'WARC input';
	if (opened.format === 'empty') return;
	if (opened.format === 'arc') {
		throw new WarcError(
			'unsupported-arc',
			`${name}: unsupported ARC file (the legacy Internet Archive format, first line ${JSON.stringify(opened.firstLine)}); convert it to WARC first, e.g. with JWAT or warcio's arc2warc`,
		);
	}
	if (opened.format === 'unknown') {
		throw new WarcError(
			'not-warc',
			`${name}: not a WARC file: it starts with ${JSON.stringify(opened.firstLine)} (a WARC file, plain or gzip, starts with "WARC/1.0" or "WARC/1.1")`,
		);
	}
	const report = reporter(options);
	const watch = (parser: WARCParser, shift: number): WARCParser => {
		if (options.onWarning !== undefined) watchWarnings(parser, shift, options.onWarning);
		return parser;
	};
	let parser = watch(new WARCParser(opened.source, {parseHttp: false}), 0);
	/** Where the parser's input starts in the input (after a resynchronisation, the version line it starts at). */
	let base = 0;
	let resynchronised = false;
	for (;;) {
		let record: WARCRecord | null;
		try {
			record = await parser.parse();
		} catch (error) {
			report(
				new WarcError('unreadable-data', `cannot read a record: ${String(error)}; the rest of the input is skipped`, {
					cause: error,
				}),
				{offset: base + parser.offset},
			);
			return;
		}
		if (record === null) break;
		const context = recordContext(record, base + parser.offset);
		if (!Number.isSafeInteger(record.warcContentLength) || record.warcContentLength < 0) {
			// LimitReader would read the rest of the input as this record's block: read on from the next version line instead.
			const next = await nextVersionLine(parser, base);
			report(
				new WarcError(
					'malformed-record',
					`invalid Content-Length ${JSON.stringify(record.warcHeader('Content-Length'))}: ${next === null ? 'no WARC record after it; the rest of the input is skipped' : `skipped to the next "WARC/1.x" line, at offset ${next.offset}`}`,
				),
				context,
			);
			if (next === null) return;
			parser = watch(new WARCParser(next.source, {parseHttp: false}), next.offset);
			base = next.offset;
			resynchronised = true;
			continue;
		}
		// A record's losses to the limits are said with its place, as its errors are.
		const onWarning = options.onWarning;
		const forRecord =
			onWarning === undefined
				? recordOptions
				: {...recordOptions, onWarning: (message: string) => onWarning(...placed(options, context, message))};
		yield* readRecord(record, context, forRecord, report);
	}
	// After a resynchronisation the parser reads the first one's output: a gzip input's raw offsets are not its own.
	if (!(resynchronised && opened.gzip)) await checkEnd(parser, opened, report, base);
}

/** A version line's most bytes (`WARC/1.1` and CRLF); lines are read at most this long while looking for one. */
const MAX_SCAN_LINE = 1 << 16;

/** The line reader under a WARCParser (warcio 2.4's AsyncIterReader: its fields are not typed as public). */
interface LineReader extends AsyncIterable<Uint8Array> {
	readlineRaw(maxLength?: number): Promise<Uint8Array | null>;
	getReadOffset(): number;
	getRawOffset(): number;
	compressed: string | null;
}

/**
 * After a record whose Content-Length cannot be used (WARC 1.1 §5.3: decimal digits; past
 * 2^53 or negative, it says nothing of where the next record starts), the next record is
 * found as a reader that lost the framing finds it: the next line that is a WARC version line
 * (WARC 1.1 §4, `WARC/1.0` or `WARC/1.1` alone at the start of a line). Lines are read at most
 * MAX_SCAN_LINE bytes at a time (memory bounded, time linear). The input from that line on,
 * and its offset (of a gzip input: where the gzip member holding it starts, as near as warcio
 * tells), or null when the input ends first.
 */
async function nextVersionLine(
	parser: WARCParser,
	base: number,
): Promise<{source: AsyncIterable<Uint8Array>; offset: number} | null> {
	const reader = (parser as unknown as {_reader: LineReader})._reader;
	let lineStart = true; // the header block ended with its blank line: the block starts a line
	for (;;) {
		const raw = reader.getRawOffset(); // a gzip input: the end of the last member inflated whole before this line
		const line = await reader.readlineRaw(MAX_SCAN_LINE);
		if (line === null || line.length === 0) return null;
		if (lineStart && isVersionLine(line)) {
			const offset = base + (reader.compressed ? raw : reader.getReadOffset() - line.length);
			async function* rest(): AsyncGenerator<Uint8Array> {
				yield line!;
				yield* reader;
			}
			return {source: rest(), offset};
		}
		lineStart = line[line.length - 1] === 0x0a;
		if (!lineStart && line.length < MAX_SCAN_LINE) lineStart = true; // the input's last line, without its end
	}
}

function isVersionLine(line: Uint8Array): boolean {
	const text = Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('latin1');
	return /^WARC\/1\.[01]\r?\n$/.test(text);
}

type Report = (error: WarcError, context: Omit<WarcErrorContext, 'name'>) => void;

function reporter(options: WarcOptions): Report {
	return (error, context) => {
		const full: WarcErrorContext = options.name === undefined ? context : {name: options.name, ...context};
		error.message = `${where(full)}: ${error.message}`;
		options.onError?.(error, full);
	};
}

/** A record's warning led by its place, with its context (the input's name added). */
function placed(
	options: WarcOptions,
	context: Omit<WarcErrorContext, 'name'>,
	message: string,
): [string, WarcErrorContext] {
	const full: WarcErrorContext = options.name === undefined ? context : {name: options.name, ...context};
	return [`${where(full)}: ${message}`, full];
}

/** One record's Links; a failure is reported and the record's block read to its end. */
async function* readRecord(
	record: WARCRecord,
	context: Omit<WarcErrorContext, 'name'>,
	options: RecordOptions,
	report: Report,
): AsyncGenerator<Link> {
	const block = new BlockReader(record);
	try {
		if (!/^WARC\/\d/.test(record.warcHeaders.statusline)) {
			throw new WarcError(
				'malformed-record',
				`not a WARC record: its first line is ${JSON.stringify(record.warcHeaders.statusline.slice(0, 60))}`,
			);
		}
		if (!record.warcType) throw new WarcError('malformed-record', 'a record without WARC-Type');
		yield* recordLinks(record, block, options);
		await block.drain();
	} catch (error) {
		report(
			error instanceof WarcError ? error : new WarcError('unreadable-data', String(error), {cause: error}),
			context,
		);
		try {
			await block.drain();
		} catch {
			// warcio failed under the record: the next parse() reports it.
		}
	}
	if (block.bytes < record.warcContentLength) {
		report(
			new WarcError(
				'truncated-record',
				`the input ends inside the record: ${block.bytes} of ${record.warcContentLength} bytes`,
			),
			context,
		);
	}
}

function recordContext(record: WARCRecord, offset: number): Omit<WarcErrorContext, 'name'> {
	const context: Omit<WarcErrorContext, 'name'> = {offset};
	const type = record.warcType as string | null;
	if (type) context.type = type;
	const recordId = record.warcHeader('WARC-Record-ID');
	if (recordId) context.recordId = recordId;
	const targetUri = cleanTargetUri(record.warcTargetURI);
	if (targetUri !== undefined) context.targetUri = targetUri;
	return context;
}

/**
 * warcio ends quietly at a corrupt gzip member or junk: report unread input. `offset` is
 * where the last parse began (after a failed gzip member warcio's own raw offset counts
 * inflated bytes, so it is not used).
 */
async function checkEnd(parser: WARCParser, opened: OpenedInput, report: Report, base = 0): Promise<void> {
	const reached = base + parser.offset;
	// warcio may stop without asking for the input's end: ask once (a chunk instead means more data).
	if (!opened.consumed.ended) await opened.source.next();
	if (
		opened.consumed.ended &&
		(reached >= opened.consumed.bytes || (!opened.gzip && onlyBlankAfter(opened.consumed, reached)))
	)
		return;
	report(
		new WarcError(
			'unreadable-data',
			`no WARC record could be read here (a corrupt gzip member, junk between records, or a cut-off file); the rest of the input is skipped`,
		),
		{offset: reached},
	);
}

function checkWarcOptions(options: WarcOptions): RecordOptions {
	if (options === null || typeof options !== 'object')
		throw optionError('options', 'an object such as {dialect: "whatwg"}', options);
	const dialect = checkDialect(options.dialect);
	if (options.onError !== undefined && typeof options.onError !== 'function')
		throw optionError('onError', 'a function', options.onError);
	if (options.name !== undefined && typeof options.name !== 'string')
		throw optionError('name', 'a string', options.name);
	if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
		throw optionError('onWarning', 'a function', options.onWarning);
	for (const key of ['plainText', 'textLinks', 'anchorText'] as const) {
		if (options[key] !== undefined && typeof options[key] !== 'boolean')
			throw optionError(key, 'true or false', options[key]);
	}
	const extract: RecordOptions['extract'] = {};
	if (options.textLinks !== undefined) extract.textLinks = options.textLinks;
	if (options.anchorText !== undefined) extract.anchorText = options.anchorText;
	if (options.fuzzy !== undefined) extract.fuzzy = options.fuzzy;
	return {dialect, plainText: options.plainText ?? true, extract};
}
