/**
 * One file's whole job for `linkstream extract --jobs N` (read, decode, extract, filter,
 * format), on a worker thread (worker.ts) or on the main thread: its output as bytes, sent
 * back in pieces as it is made (task-output.ts), or held up to a limit (past it the task
 * gives up and the command streams the file in its turn).
 */
import {LinkFilter, uniqueKey} from '../arguments/filters.js';
import type {FilterOptions} from '../arguments/filters.js';
import {lineFormatter, lineWriter} from '../output/format.js';
import type {OutputFormat} from '../output/format.js';
import {isMainThread} from 'node:worker_threads';
import type {MessagePort} from 'node:worker_threads';
import type {Link} from '../../types.js';
import {lacksBase} from '../output/no-base.js';
import {PortOutput} from './task-output.js';
import {LineBytes, PIECE_BYTES} from '../output/output.js';
import {
	eachLink,
	readWhole,
	withFileStream,
	type Input,
	type LinkSink,
	type RunOptions,
	type Source,
} from '../inputs/sources.js';
import {grewMessage, grewWhileRead, readPinnedSync} from '../inputs/pinned-file.js';

export interface Task {
	input: Input;
	options: RunOptions;
	format: OutputFormat;
	/** The per-document filters; `unique` spans the run, so the main thread applies it (see `keys`). */
	filter: FilterOptions;
	/** Return each line with its `--unique` key instead of bytes. */
	unique: boolean;
	/** Only these bytes `[start, end)` of the file (a range of records of a WARC file, warc-ranges.ts). */
	range?: [number, number];
	/**
	 * With `port`: the output unwritten by the main thread at most (the task waits past it).
	 * Without: give up once the output passes this many bytes (the result is then `overflow`).
	 * Default: no limit.
	 */
	maxOutput?: number;
	/** Send the output through this port as it is made (task-output.ts), not in the result (not with `unique`). */
	port?: MessagePort;
}

export interface TaskResult {
	/** The output, UTF-8, in pieces (LineBytes). */
	chunks: Uint8Array[];
	/** With `unique`: each line and its key (the main thread keeps the first of each key). */
	lines?: string[];
	keys?: string[];
	/**
	 * In the order they came: messages, records or the whole input that could not be read, and
	 * (`warning`) mail parts read otherwise than declared, whose Links are given.
	 */
	notes: Note[];
	/** The output passed `maxOutput`: nothing else is given, and the file is to be streamed in its turn instead. */
	overflow?: true;
	/** With `port`: the pieces of output sent through it. */
	pieces?: number;
	/** Relative references with no base to resolve them against (no-base.ts), when there are some. */
	noBase?: number;
}

/** An error or a warning about one input. */
export interface Note {
	message: string;
	warning?: true;
}

/**
 * Do a file's job; failures are returned in `notes`, never thrown.
 *
 * @example
 * await runFileTask({input: {path: 'a.html', type: 'html'}, options: {}, format: 'urls', filter: {}, unique: false});
 * // {chunks: [<bytes of 'https://...\n' lines>], notes: []}
 */
export async function runFileTask(task: Task): Promise<TaskResult> {
	const {input, options, range} = task;
	const notes: Note[] = [];
	const output = taskOutput(task);
	const links = (source: Source): Promise<void> =>
		eachLink(
			input,
			options,
			source,
			output.sink,
			message => void notes.push({message}),
			range?.[0],
			message => void notes.push({message, warning: true}),
		);
	try {
		// A WARC file (or range of one) as a stream, so its gzip members are inflated in bounded steps (archive/warc/input.ts); any other file whole.
		const grew = (message: string): void => void notes.push({message, warning: true});
		if (input.type === 'warc') await withFileStream(input, range, links, grew);
		else {
			const bytes = await wholeFile(input);
			if (grewWhileRead(bytes)) grew(grewMessage(bytes.length));
			await links(bytes);
		}
	} catch (error) {
		if (error !== OVERFLOW) notes.push({message: (error as Error).message});
	}
	return output.end(notes);
}

/**
 * Where a task's Links go: formatted and filtered into bytes, which are sent through the
 * task's `port` as they are made (waiting while `maxOutput` bytes are unwritten), else held
 * for the result (given up past `maxOutput`: `overflow`). With `unique`, lines and keys.
 */
function taskOutput({input, format, filter: filterOptions, unique, maxOutput = Infinity, port}: Task): {
	sink: LinkSink;
	end: (notes: Note[]) => TaskResult;
} {
	const filter = new LinkFilter(filterOptions);
	const formatter = lineFormatter(format, input.path);
	const write = lineWriter(format, input.path);
	const chunks: Uint8Array[] = [];
	const lines: string[] = [];
	const keys: string[] = [];
	const scratch = SCRATCH.pop() ?? new Uint8Array(PIECE_BYTES);
	const streamed = port !== undefined && !unique ? new PortOutput(port, maxOutput) : undefined;
	let held = 0;
	let noBase = 0;
	const bytes = new LineBytes(
		piece => (streamed === undefined ? void chunks.push(piece) : streamed.send(piece)),
		scratch,
	);
	const emit = (link: Link): void => {
		if (lacksBase(link)) noBase++;
		if (!filter.accept(link)) return;
		if (!unique) {
			const before = bytes.total;
			write(link, bytes);
			held += bytes.total - before;
			return;
		}
		const line = formatter(link);
		if (line === null) return;
		// --unique: the lines are held for the main thread to choose from, whole.
		const whole = typeof line === 'string' ? line : [...line].join('');
		held += whole.length;
		lines.push(whole);
		keys.push(uniqueKey(link));
	};
	// Asked between steps of input (sources.ts): streamed output waits for the main thread; held output past `maxOutput` gives up.
	const ready = (): Promise<void> | undefined => {
		if (streamed !== undefined) return streamed.ready();
		if (held > maxOutput) throw OVERFLOW;
		return undefined;
	};
	const end = (notes: Note[]): TaskResult => {
		bytes.flush();
		if (SCRATCH.length < MAX_SCRATCH) SCRATCH.push(scratch);
		if (streamed !== undefined) {
			streamed.done();
			return counted({chunks, notes, pieces: streamed.sent});
		}
		// Given up: the file is read again on the main thread, which counts it then.
		if (held > maxOutput) return {chunks: [], notes: [], overflow: true};
		return counted(unique ? {chunks, lines, keys, notes} : {chunks, notes});
	};
	const counted = (result: TaskResult): TaskResult => (noBase === 0 ? result : {...result, noBase});
	const sink: LinkSink = {emit, ready, keeps: unique};
	if (format === 'urls') sink.positions = false;
	return {sink, end};
}

/** A file's bytes, whole. A worker thread has nothing else to do meanwhile: a synchronous read spares the round trips through libuv's pool. */
async function wholeFile(input: Input): Promise<Buffer> {
	return isMainThread ? readWhole(input) : readPinnedSync(input);
}

/** Thrown through the extraction when the output passes `maxOutput`. */
const OVERFLOW = new Error('the output is over the task limit');

/** Buffers lines are encoded into, one per task in progress on this thread, kept for the next tasks. */
const SCRATCH: Uint8Array[] = [];
const MAX_SCRATCH = 8;
