/**
 * One file's whole job for `linkstream extract --jobs N` (read, decode, extract, filter,
 * format), on a worker thread (worker.ts) or on the main thread: its output as bytes.
 */
import {LinkFilter, uniqueKey} from './filters.js';
import type {FilterOptions} from './filters.js';
import {lineFormatter} from './format.js';
import type {OutputFormat} from './format.js';
import {readFileSync} from 'node:fs';
import {isMainThread} from 'node:worker_threads';
import {fsPath} from './names.js';
import {LineBytes, PIECE_BYTES} from './output.js';
import {readRange} from './warc-ranges.js';
import {eachLink, readWhole, type Input, type RunOptions} from './sources.js';

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
export async function runFileTask({input, options, format, filter: filterOptions, unique, range}: Task): Promise<TaskResult> {
	const filter = new LinkFilter(filterOptions);
	const formatter = lineFormatter(format, input.path);
	const chunks: Uint8Array[] = [];
	const lines: string[] = [];
	const keys: string[] = [];
	const notes: Note[] = [];
	const scratch = SCRATCH.pop() ?? new Uint8Array(PIECE_BYTES);
	const bytes = new LineBytes(piece => void chunks.push(piece), scratch);
	const emit = (link: Parameters<typeof formatter>[0]): void => {
		if (!filter.accept(link)) return;
		const line = formatter(link);
		if (line === null) return;
		if (unique) {
			lines.push(line);
			keys.push(uniqueKey(link));
			return;
		}
		bytes.add(line);
	};
	try {
		// A worker thread has nothing else to do meanwhile: a synchronous read spares the round trips through libuv's pool.
		const source = range !== undefined ? await readRange(input.path, range[0], range[1]) : isMainThread ? await readWhole(input.path) : readFileSync(fsPath(input.path));
		await eachLink(input, options, source, {emit, ready: () => undefined, keeps: unique}, message => void notes.push({message}), range?.[0], message => void notes.push({message, warning: true}));
	} catch (error) {
		notes.push({message: (error as Error).message});
	}
	bytes.flush();
	if (SCRATCH.length < MAX_SCRATCH) SCRATCH.push(scratch);
	return unique ? {chunks, lines, keys, notes} : {chunks, notes};
}

/** Buffers lines are encoded into, one per task in progress on this thread, kept for the next tasks. */
const SCRATCH: Uint8Array[] = [];
const MAX_SCRATCH = 8;
