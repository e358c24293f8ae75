/** A worker thread of `linkstream extract --jobs N`: the Links of one file, returned whole. */
import type {Link} from '../types.js';
import {eachLink, type Input, type RunOptions} from './sources.js';

export interface Task {
	input: Input;
	options: RunOptions;
}

export interface TaskResult {
	links: Link[];
	/** Messages, records or the whole input that could not be read. */
	errors: string[];
	/** Mail parts read otherwise than declared (their Links are given). */
	warnings: string[];
}

export default async function extractFile({input, options}: Task): Promise<TaskResult> {
	const links: Link[] = [];
	const errors: string[] = [];
	const warnings: string[] = [];
	try {
		await eachLink(input, options, process.stdin, link => void links.push(link), message => void errors.push(message), message => void warnings.push(message));
	} catch (error) {
		errors.push((error as Error).message);
	}
	return {links, errors, warnings};
}
