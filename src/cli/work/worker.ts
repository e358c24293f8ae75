/**
 * A worker thread of `linkstream extract --jobs N`: one file's whole job (file-task.ts) on
 * this thread; the formatted bytes go back transferred, not copied.
 */
import {move, transferableSymbol, valueSymbol} from 'piscina';
import {runFileTask} from './file-task.js';
import type {Task} from './file-task.js';

export default async function extractFile(task: Task): Promise<unknown> {
	const result = await runFileTask(task);
	return move({
		get [transferableSymbol]() {
			return result.chunks.map(chunk => chunk.buffer);
		},
		get [valueSymbol]() {
			return result;
		},
	} as never);
}
