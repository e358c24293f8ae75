/**
 * `linkstream extract`: Links of each input as NDJSON, TSV or bare URLs on standard output,
 * in input order, each input's Links together and in document order.
 *
 * One job: files are read a few ahead while one is extracted, each Link formatted once and
 * encoded into 1 MB pieces of output; the run waits while standard output is full.
 * `--jobs N` (N > 1): each file's whole job (read, extract, filter, format) runs on the
 * main thread or one of N - 1 worker threads (file-task.ts), which hands back its output
 * as bytes; the main thread writes them in input order, with the files in flight bounded
 * (IN_FLIGHT_BYTES). A large uncompressed WARC file is cut into ranges of records
 * (warc-ranges.ts). The output is the same byte for byte whatever N. Standard input and
 * other files over {@link WHOLE_FILE_BYTES} are streamed on the main thread in their turn.
 */
import {stat} from 'node:fs/promises';
import {resolve as resolvePath} from 'node:path';
import {pathToFileURL} from 'node:url';
import {checkAbsolute, checkDialect, optionError} from '../options.js';
import {ARCHIVE_TYPES, INPUT_TYPES} from '../types.js';
import type {ArchiveType, InputType} from '../types.js';
import {LinkFilter, parseKinds} from './filters.js';
import type {FilterOptions} from './filters.js';
import {FORMATS, lineFormatter} from './format.js';
import type {OutputFormat} from './format.js';
import {expandInputs} from './inputs.js';
import type {Input} from './inputs.js';
import {BatchedOutput} from './output.js';
import {runFileTask} from './file-task.js';
import type {Task, TaskResult} from './file-task.js';
import {checkJobs, openPool, runInOrder, SharedTasks, workerModule} from './pool.js';
import {createProgress} from './progress.js';
import {warcRanges} from './warc-ranges.js';
import {eachLink, fileStream, readWhole} from './sources.js';
import type {RunOptions, Source} from './sources.js';

export {formatLink} from './format.js';
export type {OutputFormat} from './format.js';

/** Files up to this size are read whole (ahead of their turn, or on a worker thread); larger ones are streamed. */
export const WHOLE_FILE_BYTES = 16 << 20;

/** Bytes of the files read ahead, or in progress or waiting for their turn with `--jobs N` (a file's output is about 1.5 times its size). */
const IN_FLIGHT_BYTES = 16 << 20;

/**
 * Bytes of records in one task when a large WARC file is cut into ranges (`--jobs N`). Small
 * enough that more ranges are in flight (IN_FLIGHT_BYTES) than the worker threads hold, so
 * the main thread takes its share: with 4 MB ranges it sat idle and `-j 2` ran at 0.93× of
 * `-j 1` on a 297 MB WARC file; with 1 MB, 1.2× (2 cores, 2026-11-25).
 */
const WARC_RANGE_BYTES = 1 << 20;

/** Files read ahead of the one being extracted (one job). */
const READ_AHEAD = 8;

/** Tasks each worker thread holds at once: files read while another is extracted. */
const TASKS_PER_THREAD = 4;

export interface ExtractCommand {
	type?: string | undefined;
	baseUrl?: string | undefined;
	encoding?: string | undefined;
	dialect?: string | undefined;
	format?: string | undefined;
	textLinks?: boolean | undefined;
	anchorText?: boolean | undefined;
	kind?: string | undefined;
	scheme?: string | undefined;
	internal?: boolean | undefined;
	external?: boolean | undefined;
	site?: string | undefined;
	unique?: boolean | undefined;
	noFollowNofollow?: boolean | undefined;
	/** `--no-inert`: drop Links inside `<template>`. */
	noInert?: boolean | undefined;
	redactCredentials?: boolean | undefined;
	jobs?: string | undefined;
	positionals: string[];
}

export interface Io {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	err: (line: string) => void;
}

/** Run the command; resolves to the exit status (0, or 1 when some input failed). */
export async function runExtract(args: ExtractCommand, io: Io): Promise<number> {
	const type = checkType(args.type);
	const format = checkFormat(args.format);
	const jobs = checkJobs(args.jobs);
	const options = runOptions(args);
	const filtering = filterOptions(args);
	const filter = new LinkFilter(filtering);
	let status = 0;
	const fail = (path: string, message: string): void => {
		io.err(`linkstream extract: ${path}: ${message}`);
		status = 1;
	};
	// A warning names what was read otherwise than declared; the Links were given: the status stays.
	const warn = (path: string, message: string): void => io.err(`linkstream extract: ${path}: warning: ${message}`);
	const inputs = await expandInputs(args.positionals, type, fail);
	const sizes = await Promise.all(inputs.map(async input => (input.path === '-' ? 0 : ((await stat(input.path).catch(() => null))?.size ?? 0))));
	const progress = createProgress(inputs.length, sizes.reduce((a, b) => a + b, 0));
	const out = new BatchedOutput(io.stdout);
	const perInput = (input: Input): RunOptions => withRetrievalUrl(options, input, args.baseUrl);
	/** Read whole: a file not over WHOLE_FILE_BYTES. */
	const whole = (index: number): boolean => inputs[index]!.path !== '-' && (sizes[index] ?? 0) <= WHOLE_FILE_BYTES;

	/** One input on this thread, from its bytes read ahead (or a read error), or streamed. */
	const extractHere = async (input: Input, bytes: Uint8Array | Error | undefined): Promise<void> => {
		filter.nextDocument();
		const formatter = lineFormatter(format, input.path === '-' ? undefined : input.path);
		const emit = (link: Parameters<typeof formatter>[0]): void => {
			if (!filter.accept(link)) return;
			const line = formatter(link);
			if (line !== null) out.add(line);
		};
		try {
			if (bytes instanceof Error) throw bytes;
			const source: Source = bytes ?? (input.path === '-' ? io.stdin : fileStream(input.path));
			await eachLink(input, perInput(input), source, {emit, ready: () => out.ready(), chunkDone: () => out.flush(), keeps: filtering.unique === true}, message => fail(input.path, message), 0, message => warn(input.path, message));
		} catch (error) {
			fail(input.path, (error as Error).message);
		}
	};
	const done = async (index: number): Promise<void> => {
		progress.advance(sizes[index] ?? 0);
		await out.ready();
	};
	const indexes = inputs.map((_, index) => index);
	const weight = (index: number): number => (whole(index) ? (sizes[index] ?? 0) : 0);
	// -j N: the files, and large WARC files as ranges of records; the pool only when there are two at least.
	const units = jobs > 1 ? await workUnits(inputs, sizes, filtering) : [];
	const parallel = units.filter(unit => unit.range !== undefined || whole(unit.index)).length > 1;
	const pool = parallel ? await openPool<Task, TaskResult>(workerModule('worker'), jobs - 1, TASKS_PER_THREAD) : undefined;
	try {
		if (pool !== undefined) {
			const {unique, ...perDocument} = filtering;
			const task = ({index, range}: Unit): Task => {
				const input = inputs[index]!;
				return {input, options: perInput(input), format, filter: perDocument, unique: unique === true, ...(range === undefined ? {} : {range})};
			};
			// The main thread is one of the N: it takes a file when every worker thread has its fill.
			const shared = new SharedTasks<Task, TaskResult>(pool, (jobs - 1) * TASKS_PER_THREAD, runFileTask);
			const start = (unit: Unit): Promise<TaskResult | undefined> => (unit.range !== undefined || whole(unit.index) ? shared.run(task(unit)) : Promise.resolve(undefined));
			const onResult = async (unit: Unit, result: TaskResult | undefined): Promise<void> => {
				const input = inputs[unit.index]!;
				if (result === undefined) await extractHere(input, undefined);
				else printResult(input, result);
				if (unit.range === undefined || unit.range[1] === sizes[unit.index]) await done(unit.index);
				else await out.ready();
			};
			// Files in progress or done and waiting for their turn: at most a few per thread, and IN_FLIGHT_BYTES of them.
			const unitWeight = (unit: Unit): number => (unit.range === undefined ? weight(unit.index) : unit.range[1] - unit.range[0]);
			await runInOrder(units, start, 2 * jobs * TASKS_PER_THREAD, onResult, {weight: unitWeight, max: IN_FLIGHT_BYTES});
		} else {
			const read = (index: number): Promise<Uint8Array | Error | undefined> => (whole(index) ? readWhole(inputs[index]!.path).catch((error: Error) => error) : Promise.resolve(undefined));
			await runInOrder(
				indexes,
				read,
				READ_AHEAD,
				async (index, bytes) => {
					await extractHere(inputs[index]!, bytes);
					await done(index);
				},
				{weight, max: IN_FLIGHT_BYTES},
			);
		}
		await out.end();
	} finally {
		progress.stop();
		await pool?.close();
	}
	return status;

	/** A worker's output for `input`: its bytes, or with `--unique` its lines not seen before; then its errors and warnings. */
	function printResult(input: Input, result: TaskResult): void {
		if (result.lines !== undefined && result.keys !== undefined) {
			for (const [i, line] of result.lines.entries()) if (filter.firstTime(result.keys[i]!)) out.add(line);
		}
		for (const chunk of result.chunks) out.addBytes(chunk);
		for (const note of result.notes) (note.warning ? warn : fail)(input.path, note.message);
	}
}

/** A file, or a range of records of a large WARC file, done as one task with `--jobs N`. */
interface Unit {
	index: number;
	range?: [number, number];
}

/**
 * The units of a `--jobs N` run: each input, but a WARC file over WHOLE_FILE_BYTES that can
 * be cut at record boundaries (warc-ranges.ts) as ranges of WARC_RANGE_BYTES. Not with
 * `--no-follow-nofollow`: a robots directive holds from its record to the end of the file.
 */
async function workUnits(inputs: readonly Input[], sizes: readonly number[], filtering: FilterOptions): Promise<Unit[]> {
	const units: Unit[] = [];
	for (const [index, input] of inputs.entries()) {
		const size = sizes[index] ?? 0;
		const ranges = input.type === 'warc' && input.path !== '-' && size > WHOLE_FILE_BYTES && filtering.noFollowNofollow !== true ? await warcRanges(input.path, size, WARC_RANGE_BYTES).catch(() => undefined) : undefined;
		if (ranges === undefined || ranges.length < 2) units.push({index});
		else for (const range of ranges) units.push({index, range});
	}
	return units;
}

function runOptions(args: ExtractCommand): RunOptions {
	const dialect = checkDialect(args.dialect);
	const options: RunOptions = {dialect};
	const baseUrl = checkAbsolute('--base-url', args.baseUrl, dialect);
	if (baseUrl !== undefined) options.retrievalUrl = baseUrl;
	if (args.encoding !== undefined) options.encoding = args.encoding;
	if (args.textLinks === true) options.textLinks = true;
	if (args.anchorText === true) options.anchorText = true;
	if (args.redactCredentials === true) options.redactCredentials = true;
	if (args.scheme !== undefined) options.schemes = args.scheme.split(',').map(s => s.trim()).filter(s => s !== '');
	return options;
}

/**
 * A document file's own `file:` URL is its retrieval URL (§5.1.3) unless `--base-url` says
 * otherwise. Archives are not: a message's outer base is `thismessage:/` (RFC 2557), a WARC
 * record's its target URI.
 */
function withRetrievalUrl(options: RunOptions, input: Input, baseUrl: string | undefined): RunOptions {
	if (baseUrl !== undefined || input.path === '-' || (ARCHIVE_TYPES as readonly string[]).includes(input.type)) return options;
	return {...options, retrievalUrl: pathToFileURL(resolvePath(input.path)).href};
}

function filterOptions(args: ExtractCommand): FilterOptions {
	const options: FilterOptions = {};
	if (args.kind !== undefined) {
		try {
			options.kinds = parseKinds(args.kind);
		} catch (error) {
			throw optionError('--kind', `a comma-separated list of kinds; ${(error as Error).message}`, args.kind);
		}
	}
	if (args.internal === true && args.external === true) throw optionError('--internal', 'not combined with --external', true);
	if (args.internal === true) options.scope = 'internal';
	if (args.external === true) options.scope = 'external';
	const site = checkAbsolute('--site', args.site, 'whatwg');
	if (site !== undefined) options.site = site;
	if (args.unique === true) options.unique = true;
	if (args.noFollowNofollow === true) options.noFollowNofollow = true;
	if (args.noInert === true) options.noInert = true;
	return options;
}

const TYPES: readonly string[] = [...INPUT_TYPES, ...ARCHIVE_TYPES];

function checkType(type: string | undefined): InputType | ArchiveType | undefined {
	if (type === undefined || TYPES.includes(type)) return type as InputType | ArchiveType | undefined;
	throw optionError('--type', TYPES.join(' | '), type);
}

function checkFormat(format: string | undefined): OutputFormat {
	if (format === undefined) return 'ndjson';
	if ((FORMATS as readonly string[]).includes(format)) return format as OutputFormat;
	throw optionError('--format', FORMATS.join(' | '), format);
}
