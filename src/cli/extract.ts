/**
 * `linkstream extract`: Links of each input as NDJSON, TSV or bare URLs on standard output,
 * in input order, each input's Links together and in document order.
 *
 * One job: files are read a few ahead while one is extracted, each Link formatted once and
 * encoded into 1 MB pieces of output; the run waits while standard output is full.
 * `--jobs N` (N > 1): each file's whole job (read, extract, filter, format) runs on the
 * main thread or one of N - 1 worker threads (file-task.ts), which hands back its output
 * as bytes in pieces as it goes; the main thread writes them in input order, with the bytes
 * in flight bounded (JOBS_IN_FLIGHT_BYTES: input, and up to TASK_OUTPUT_BYTES of unwritten
 * output per task, which waits past it). A large
 * uncompressed WARC file is cut into ranges of records (warc-ranges.ts). The output is the
 * same byte for byte whatever N. Standard input and other files over
 * {@link WHOLE_FILE_BYTES} are streamed on the main thread in their turn.
 */
import {stat} from 'node:fs/promises';
import {basename} from 'node:path';
import {checkAbsolute, checkDialect, optionError} from '../options.js';
import {ARCHIVE_TYPES, INPUT_TYPES} from '../types.js';
import type {ArchiveType, InputType, Link} from '../types.js';
import {LinkFilter, parseKinds} from './arguments/filters.js';
import type {FilterOptions} from './arguments/filters.js';
import {FORMATS, lineWriter} from './output/format.js';
import type {OutputFormat} from './output/format.js';
import {expandInputs} from './inputs/inputs.js';
import type {Input} from './inputs/inputs.js';
import type {Io} from './io.js';
import {fileUrlOf, fsPath, printable} from './inputs/names.js';
import {BatchedOutput} from './output/output.js';
import {runFileTask} from './work/file-task.js';
import {TaskReceiver} from './work/task-output.js';
import type {Task, TaskResult} from './work/file-task.js';
import {checkJobs, runPool, threadFailure, workerModule} from './work/pool.js';
import type {Threads} from './work/pool.js';
import {createProgress} from './output/progress.js';
import {testPause} from './work/test-pause.js';
import {extractNoBaseWarning, lacksBase} from './output/no-base.js';
import {checkSite, fileUrl} from './inputs/site-files.js';
import {UsageError} from './arguments/usage.js';
import {warcRanges} from './inputs/warc-ranges.js';
import {grewMessage, grewWhileRead} from './inputs/pinned-file.js';
import {eachLink, readWhole, withFileStream} from './inputs/sources.js';
import type {LinkSink, RunOptions, Source} from './inputs/sources.js';

export {formatLink} from './output/format.js';
export type {OutputFormat} from './output/format.js';

/** Files up to this size are read whole (ahead of their turn, or on a worker thread); larger ones are streamed. */
export const WHOLE_FILE_BYTES = 16 << 20;

/** Bytes of the files read ahead (one job). */
const IN_FLIGHT_BYTES = 16 << 20;

/**
 * `--jobs N`: output of one task not yet written: its pieces stream back to the main thread
 * (task-output.ts) and the task waits past this; with `--unique`, held in the result, past
 * this the task gives up and the file (or range) is streamed on the main thread in its turn.
 * A link-dense file's output is many times its size (six 15 MB files held whole took 1.4 GB
 * with `-j 2`).
 */
export const TASK_OUTPUT_BYTES = 4 << 20;

/**
 * `--jobs N`: bytes in flight, all tasks together, each weighing what it may hold while it
 * runs (TASK_MEMORY_PER_BYTE times its input) and its unwritten output (TASK_OUTPUT_BYTES);
 * one task at least. A 64 MB WARC file of records that each hold 32,000 references for a late
 * BASE peaked at 382 MB with 96 MB in flight, 245 MB with 64 (and ran in 100 s, not 125):
 * each task in flight is a heap of garbage in waiting. 1,032 corpus pages at `-j 2` took
 * 1.02x the wall time (1.16x with 32).
 */
export const JOBS_IN_FLIGHT_BYTES = 64 << 20;

/**
 * Memory a task may take per byte of its input: the bytes, their text, and a whole
 * document's references held for a late BASE (extract/html/base.ts; some hundreds of bytes
 * each, one per 13 bytes of a link-dense page). With 16, eight 0.5 MB link-dense files in
 * flight at `-j 2` took 318 MB against 214 MB at `-j 1`.
 */
const TASK_MEMORY_PER_BYTE = 32;

/**
 * Bytes of records in one task when a large WARC file is cut into ranges (`--jobs N`). Small
 * enough that more ranges are in flight (JOBS_IN_FLIGHT_BYTES, each range weighing
 * TASK_MEMORY_PER_BYTE times its size) than the worker threads hold, so the main thread
 * takes its share: with 4 MB ranges it sat idle and `-j 2` ran at 0.93× of `-j 1` on a
 * 297 MB WARC file; with 1 MB, 1.2× (2 cores, 2026-11-25); 256 KiB keeps five in flight.
 */
const WARC_RANGE_BYTES = 1 << 18;

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

/** Run the command; resolves to the exit status (0, or 1 when some input failed). */
export async function runExtract(args: ExtractCommand, io: Io): Promise<number> {
	const type = checkType(args.type);
	const format = checkFormat(args.format);
	const jobs = checkJobs(args.jobs);
	const options = runOptions(args);
	const filtering = filterOptions(args);
	const filter = new LinkFilter(filtering);
	// No input named and a terminal for standard input: a hint, not a wait for typing that nobody means.
	if (args.positionals.length === 0 && (io.stdin as {isTTY?: boolean}).isTTY === true) {
		throw new UsageError(
			'extract needs input: give FILE, FOLDER or GLOB, or pipe a document in (name "-" to type one on the terminal)',
		);
	}
	let status = 0;
	const fail = (path: string, message: string): void => {
		io.err(`linkstream extract: ${printable(path)}: ${message}`);
		status = 1;
	};
	// Relative references no base resolved, all inputs and threads together: said once at the end.
	let noBase = 0;
	// A warning names what was read otherwise than declared; the Links were given: the status stays.
	const warn = (path: string, message: string): void =>
		io.err(`linkstream extract: ${printable(path)}: warning: ${message}`);
	const inputs = await expandInputs(args.positionals, type, fail);
	await checkOneDocument(args, inputs);
	const sizes = await Promise.all(
		inputs.map(async input =>
			input.path === '-' ? 0 : ((await stat(fsPath(input.path)).catch(() => null))?.size ?? 0),
		),
	);
	// Every file is opened from here on, checked to be the one pinned (pinned-file.ts).
	await testPause('open');
	const progress = createProgress(
		inputs.length,
		sizes.reduce((a, b) => a + b, 0),
	);
	const out = new BatchedOutput(io.stdout);
	const perInput = (input: Input): RunOptions => withRetrievalUrl(options, input, args.baseUrl, filtering.site);
	/** Read whole: a file not over WHOLE_FILE_BYTES. A `.gz` file streams on this thread, so its output waits on standard output however much it inflates. */
	const whole = (index: number): boolean =>
		inputs[index]!.path !== '-' && inputs[index]!.gzip !== true && (sizes[index] ?? 0) <= WHOLE_FILE_BYTES;

	/** One input on this thread, from its bytes read ahead (or a read error), or streamed. */
	const extractHere = async (
		input: Input,
		bytes: Uint8Array | Error | undefined,
		range?: [number, number],
	): Promise<void> => {
		filter.nextDocument();
		const write = lineWriter(format, input.path === '-' ? undefined : input.path);
		const emit = (link: Link): void => {
			if (lacksBase(link)) noBase++;
			if (filter.accept(link)) write(link, out.lines);
		};
		const sink: LinkSink = {
			emit,
			ready: () => out.ready(),
			chunkDone: () => out.flush(),
			keeps: filtering.unique === true,
		};
		if (format === 'urls') sink.positions = false;
		const links = (source: Source): Promise<void> =>
			eachLink(
				input,
				perInput(input),
				source,
				sink,
				message => fail(input.path, message),
				range?.[0],
				message => warn(input.path, message),
			);
		try {
			if (bytes instanceof Error) throw bytes;
			if (bytes !== undefined && grewWhileRead(bytes as Buffer)) warn(input.path, grewMessage(bytes.length));
			await (bytes !== undefined
				? links(bytes)
				: input.path === '-'
					? links(io.stdin)
					: withFileStream(input, range, links, message => warn(input.path, message)));
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
	const cut = (index: number): boolean => jobs > 1 && cuttable(inputs[index]!, sizes[index] ?? 0, filtering);
	// Tasks to share: a file read whole is one, a WARC file cut into ranges as many as there are threads.
	const units = indexes.reduce((count, index) => count + (cut(index) ? jobs : whole(index) ? 1 : 0), 0);
	try {
		if (jobs > 1 && units > 1) {
			const {unique, ...perDocument} = filtering;
			const task = ({index, range}: Unit): Task => {
				const input = inputs[index]!;
				return {
					input,
					options: perInput(input),
					format,
					filter: perDocument,
					unique: unique === true,
					maxOutput: TASK_OUTPUT_BYTES,
					...(range === undefined ? {} : {range}),
				};
			};
			const pooled = (unit: Unit): boolean => (unit.range === undefined ? whole(unit.index) : unit.here !== true);
			const startOn = (unit: Unit, pool: Threads<Task, TaskResult>, alone = false): Started => {
				const run = alone ? pool.redo : pool.run;
				// With --unique the main thread keeps the first line of each key: lines and keys come whole in the result.
				const receiver = unique === true ? undefined : new TaskReceiver();
				const result =
					receiver === undefined ? run(task(unit)) : run({...task(unit), port: receiver.port}, [receiver.port]);
				result.catch(() => undefined); // seen in its turn
				// Done again alone under the same heap limit, when its thread failed under it.
				const again = (): Started => startOn(unit, pool, true);
				return receiver === undefined ? {result, again} : {result, receiver, again};
			};
			const onResult = async (unit: Unit, started: Started | undefined): Promise<void> => {
				const input = inputs[unit.index]!;
				const result = started === undefined ? undefined : await threadResult(unit, started);
				if (result === undefined || result?.overflow === true) await extractHere(input, undefined, unit.range);
				else if (result !== null) printResult(input, result);
				if (unit.range === undefined || unit.range[1] === sizes[unit.index]) await done(unit.index);
				else await out.ready();
			};
			// Files in progress or done and waiting for their turn: at most a few per thread, and JOBS_IN_FLIGHT_BYTES of them with their output.
			const unitWeight = (unit: Unit): number =>
				TASK_MEMORY_PER_BYTE *
					(!pooled(unit) ? 0 : unit.range === undefined ? weight(unit.index) : unit.range[1] - unit.range[0]) +
				TASK_OUTPUT_BYTES;
			await runPool<Unit, Task, TaskResult, Started | undefined>({
				items: workUnits(inputs, sizes, cut),
				start: async (unit, pool) => (pooled(unit) ? startOn(unit, pool) : undefined),
				onResult,
				inFlight: 2 * jobs * TASKS_PER_THREAD,
				limit: {weight: unitWeight, max: JOBS_IN_FLIGHT_BYTES},
				// A thread costs some 20 MB before any work (its own heap and modules): no more threads than tasks.
				threads: Math.min(jobs - 1, units),
				worker: workerModule('worker'),
				perThread: TASKS_PER_THREAD,
				// The main thread is one of the N: it takes a file when every worker thread has its fill.
				here: runFileTask,
			});
		} else {
			// A WARC file is always streamed: its gzip members are inflated in bounded steps as they are read (archive/warc/input.ts).
			const ahead = (index: number): boolean => whole(index) && inputs[index]!.type !== 'warc';
			const read = (index: number): Promise<Uint8Array | Error | undefined> =>
				ahead(index) ? readWhole(inputs[index]!).catch((error: Error) => error) : Promise.resolve(undefined);
			await runPool({
				items: indexes,
				start: read,
				onResult: async (index, bytes) => {
					await extractHere(inputs[index]!, bytes);
					await done(index);
				},
				inFlight: READ_AHEAD,
				limit: {weight: index => (ahead(index) ? weight(index) : 0), max: IN_FLIGHT_BYTES},
			});
		}
		await out.end();
	} finally {
		progress.stop();
	}
	const warning = extractNoBaseWarning(noBase, format);
	if (warning !== undefined) io.err(warning);
	return status;

	/**
	 * A task's pieces of output written as they come, in its turn; then its result. When its
	 * worker thread failed under it (ran out of memory), it is done again alone on a thread of
	 * its own under the same heap limit (`again`), and the bytes written already are not
	 * written twice; when that thread fails too, the input is named as failed (its output so
	 * far stays, as for any input that fails part way) and null is returned.
	 */
	async function threadResult(unit: Unit, started: Started): Promise<TaskResult | null> {
		const input = inputs[unit.index]!;
		for (let attempt = started, again = false; ; again = true) {
			let written = 0;
			try {
				await attempt.receiver?.drain(
					attempt.result.then(({pieces}) => pieces ?? 0),
					piece => {
						written += piece.length;
						out.addBytes(piece);
						return out.ready();
					},
				);
				const result = await attempt.result;
				if (again) out.endSkip();
				return result;
			} catch (error) {
				if (again) {
					out.endSkip();
					fail(
						input.path,
						`${threadFailure(error)} again, alone on a thread: not read in full (its Links after those given are missing)`,
					);
					return null;
				}
				warn(input.path, `${threadFailure(error)}: read again alone on another thread`);
				out.skip(written);
				attempt = attempt.again();
			}
		}
	}

	/** A worker's output for `input`: its bytes, or with `--unique` its lines not seen before; then its errors and warnings. */
	function printResult(input: Input, result: TaskResult): void {
		if (result.lines !== undefined && result.keys !== undefined) {
			for (const [i, line] of result.lines.entries()) if (filter.firstTime(result.keys[i]!)) out.add(line);
		}
		for (const chunk of result.chunks) out.addBytes(chunk);
		noBase += result.noBase ?? 0;
		for (const note of result.notes) (note.warning ? warn : fail)(input.path, note.message);
	}
}

/** A task started: its result, and with a receiver its output streamed in pieces meanwhile. */
interface Started {
	result: Promise<TaskResult>;
	receiver?: TaskReceiver;
	/** The same task started again alone on a thread of its own (its thread failed under it). */
	again: () => Started;
}

/** A file, or a range of records of a large WARC file, done as one task with `--jobs N`. */
interface Unit {
	index: number;
	range?: [number, number];
	/** The range is not framed record by record: it is streamed on the main thread in its turn. */
	here?: true;
}

/**
 * Whether a file is cut into ranges of records with `--jobs N`: a WARC file over
 * WHOLE_FILE_BYTES. Not with `--no-follow-nofollow`: a robots directive holds from its
 * record to the end of the file.
 */
function cuttable(input: Input, size: number, filtering: FilterOptions): boolean {
	return input.type === 'warc' && input.path !== '-' && size > WHOLE_FILE_BYTES && filtering.noFollowNofollow !== true;
}

/**
 * The units of a `--jobs N` run, as they are found: each input, but a file to `cut` as ranges
 * of WARC_RANGE_BYTES (warc-ranges.ts), each given as soon as the scan reaches its end. From
 * a record that cannot be framed (or a read error), the rest of the file is one range streamed.
 */
async function* workUnits(
	inputs: readonly Input[],
	sizes: readonly number[],
	cut: (index: number) => boolean,
): AsyncGenerator<Unit> {
	for (const [index, input] of inputs.entries()) {
		if (!cut(index)) {
			yield {index};
			continue;
		}
		const size = sizes[index] ?? 0;
		let at = 0;
		try {
			for await (const {start, end, framed} of warcRanges(input, size, WARC_RANGE_BYTES)) {
				at = end;
				yield framed ? {index, range: [start, end]} : {index, range: [start, end], here: true};
			}
		} catch {
			// Read again on this thread, which reports the error in its turn.
			if (at < size) yield {index, range: [at, size], here: true};
		}
	}
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
	if (args.scheme !== undefined)
		options.schemes = args.scheme
			.split(',')
			.map(s => s.trim())
			.filter(s => s !== '');
	return options;
}

/**
 * A file's retrieval URL (RFC 2396 §5.1.3), unless `--base-url` gives the one input's: with
 * `--site`, the site URL plus its path under the folder named (as `rewrite --site` does),
 * for documents and mail files alike (a message's own Content-Base still wins, §5.1.2);
 * without, a document's `file:` URL, and a mail file none (its outer base is then
 * `thismessage:/`, RFC 2557). A WARC record's is always its target URI.
 */
function withRetrievalUrl(
	options: RunOptions,
	input: Input,
	baseUrl: string | undefined,
	site: string | undefined,
): RunOptions {
	if (baseUrl !== undefined || input.path === '-' || input.type === 'warc') return options;
	if (site !== undefined) return {...options, retrievalUrl: fileUrl(site, input.relative ?? basename(input.path))};
	if ((ARCHIVE_TYPES as readonly string[]).includes(input.type)) return options;
	return {...options, retrievalUrl: fileUrlOf(input.path)};
}

/** `--base-url` is one document's retrieval URL: over a folder or several inputs each file needs its own, which `--site` gives. */
async function checkOneDocument(args: ExtractCommand, inputs: readonly Input[]): Promise<void> {
	if (args.baseUrl === undefined) return;
	const folder = await Promise.all(
		args.positionals.map(async path => path !== '-' && (await stat(path).catch(() => null))?.isDirectory() === true),
	);
	if (inputs.length > 1 || folder.includes(true)) {
		throw new UsageError(
			"--base-url is the URL of one document; for a folder or several files use --site URL (each file's URL is then URL plus its path under the folder)",
		);
	}
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
	if (args.internal === true && args.external === true)
		throw optionError('--internal', 'not combined with --external', true);
	if (args.internal === true) options.scope = 'internal';
	if (args.external === true) options.scope = 'external';
	const site = checkSite(args.site, checkDialect(args.dialect));
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
