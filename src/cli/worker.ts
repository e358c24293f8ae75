/** A worker thread of `linkstream extract --jobs N`: the Links of one file, returned whole. */
import type {Link} from '../types.js';
import type {Input} from './inputs.js';
import {eachLink, type RunOptions} from './sources.js';

export interface Task {
	input: Input;
	options: RunOptions;
}

export interface TaskResult {
	links: Link[];
	error?: string;
}

export default async function extractFile({input, options}: Task): Promise<TaskResult> {
	const links: Link[] = [];
	try {
		await eachLink(input, options, process.stdin, link => void links.push(link));
		return {links};
	} catch (error) {
		return {links, error: (error as Error).message};
	}
}
