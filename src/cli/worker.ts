/**
 * A worker thread of `linkstream extract --jobs N`: one file's whole job (read, decode,
 * extract, filter, format) on this thread; the formatted bytes go back transferred, not copied.
 */
import {readFile} from 'node:fs/promises';
import {move, transferableSymbol, valueSymbol} from 'piscina';
import {LinkFilter, uniqueKey} from './filters.js';
import type {FilterOptions} from './filters.js';
import {lineFormatter} from './format.js';
import type {OutputFormat} from './format.js';
import {eachLink, type Input, type RunOptions} from './sources.js';

export interface Task {
	input: Input;
	options: RunOptions;
	format: OutputFormat;
	/** The per-document filters; `unique` spans the run, so the main thread applies it (see `keys`). */
	filter: FilterOptions;
	/** Return each line with its `--unique` key instead of bytes. */
	unique: boolean;
}

export interface TaskResult {
	/** The output, UTF-8, in pieces of about {@link PIECE_CHARS} characters. */
	chunks: Uint8Array[];
	/** With `unique`: each line and its key (the main thread keeps the first of each key). */
	lines?: string[];
	keys?: string[];
	/** Messages, records or the whole input that could not be read. */
	errors: string[];
}

/** Characters gathered before encoding a piece of output. */
const PIECE_CHARS = 1 << 20;

const encoder = new TextEncoder();

export default async function extractFile({input, options, format, filter: filterOptions, unique}: Task): Promise<unknown> {
	const filter = new LinkFilter(filterOptions);
	const formatter = lineFormatter(format, input.path);
	const chunks: Uint8Array[] = [];
	const lines: string[] = [];
	const keys: string[] = [];
	const errors: string[] = [];
	let pending = '';
	const emit = (link: Parameters<typeof formatter>[0]): void => {
		if (!filter.accept(link)) return;
		const line = formatter(link);
		if (line === null) return;
		if (unique) {
			lines.push(line);
			keys.push(uniqueKey(link));
			return;
		}
		pending += line;
		if (pending.length >= PIECE_CHARS) {
			chunks.push(encoder.encode(pending));
			pending = '';
		}
	};
	try {
		await eachLink(input, options, await readFile(input.path), {emit, ready: () => undefined, keeps: unique}, message => void errors.push(message));
	} catch (error) {
		errors.push((error as Error).message);
	}
	if (pending !== '') chunks.push(encoder.encode(pending));
	const result: TaskResult = unique ? {chunks, lines, keys, errors} : {chunks, errors};
	return move({
		get [transferableSymbol]() {
			return chunks.map(chunk => chunk.buffer);
		},
		get [valueSymbol]() {
			return result;
		},
	} as never);
}
