/** A worker thread of `check` with `jobs` over 1: one document read (read.ts) per task. */
import {readDocument, type ReadTask} from './read.js';

export default function readTask(task: ReadTask): ReturnType<typeof readDocument> {
	return readDocument(task);
}
