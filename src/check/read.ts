/**
 * One document's part of `check`: its references sorted out (inside the site, external, not
 * checked) and the names its fragments can target, read in the same pass. Runs on the
 * main thread or a worker thread (worker.ts); needs nothing of the rest of the site.
 */
import {isMainThread} from 'node:worker_threads';
import {eachLink, type RunOptions} from '../cli/inputs/sources.js';
import {readPinned, readPinnedSync} from '../cli/inputs/pinned-file.js';
import type {CoreOptions} from '../extract/base.js';
import {detach} from '../stream/core/detach.js';
import type {Dialect, InputType, Link} from '../types.js';
import {sitePath} from './site-map.js';

export interface ReadTask {
	path: string;
	relative: string;
	id: {dev: number; ino: number};
	type: InputType;
	/** The document's URL (its retrieval URL). */
	url: string;
	/** The site's folder URL (ending in `/`). */
	site: string;
	dialect: Dialect;
	/** Check http(s) references outside the site. */
	external: boolean;
	/** Check references inside `<template>`. */
	inert: boolean;
}

/** A reference to look up: inside the site (`path`, decoded, under the root), or external (`external`), or unresolvable (`invalid`). */
export interface Reference {
	link: Link;
	path?: string;
	fragment?: string;
	external?: true;
	invalid?: true;
}

export interface ReadResult {
	references: Reference[];
	/** Values a fragment can name (ids, `name` of `a`), each once. */
	names: string[];
	skipped: number;
	/** Why the file could not be read (whole or in part). */
	errors: string[];
	/** What the limits made it lose (a start tag past MAX_TOKEN_LENGTH …: ExtractOptions.onWarning); the file was read. */
	warnings: string[];
}

/** Kinds that are no reference to fetch: a BASE or xml:base value, an identifier or namespace. */
const NOT_FETCHED: ReadonlySet<string> = new Set(['base', 'metadata']);

/**
 * Read one document and sort its references; failures are returned, never thrown.
 *
 * @example
 * await readDocument({path: 'dist/a.html', relative: 'a.html', id, type: 'html', url: 'https://example.com/a.html', site: 'https://example.com/', dialect: 'whatwg', external: false, inert: false});
 */
export async function readDocument(task: ReadTask): Promise<ReadResult> {
	const names = new Set<string>();
	const references: Reference[] = [];
	const errors: string[] = [];
	const warnings: string[] = [];
	let skipped = 0;
	const options: RunOptions & Pick<CoreOptions, 'onFragmentTarget'> = {
		dialect: task.dialect,
		retrievalUrl: task.url,
		// Held for the whole run: copied, so it does not keep the document's text alive (a slice of it would, detach.ts).
		onFragmentTarget: name => void names.add(detach(name)),
	};
	const emit = (link: Link): void => {
		if (NOT_FETCHED.has(link.kind)) return;
		if (link.inert === true && !task.inert) {
			skipped++;
			return;
		}
		if (link.url === null) {
			if (link.error === 'invalid-url' || link.error === 'invalid-base') references.push({link, invalid: true});
			else skipped++;
			return;
		}
		const inside = sitePath(link.url, task.site);
		if (inside !== undefined) {
			references.push(
				inside.fragment === undefined
					? {link, path: inside.path}
					: {link, path: inside.path, fragment: inside.fragment},
			);
		} else if (task.external && /^https?:/i.test(link.url)) {
			references.push({link, external: true});
		} else skipped++;
	};
	const input = {path: task.path, type: task.type, id: task.id, relative: task.relative};
	try {
		const bytes = isMainThread ? await readPinned(input) : readPinnedSync(input);
		await eachLink(
			input,
			options,
			bytes,
			{emit, ready: () => undefined, keeps: true},
			message => void errors.push(message),
			0,
			message => void warnings.push(message),
		);
	} catch (error) {
		errors.push((error as Error).message);
	}
	return {references, names: [...names], skipped, errors, warnings};
}
