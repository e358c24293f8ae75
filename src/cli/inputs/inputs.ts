/** Command-line inputs: files, folders (walked in sorted order), glob patterns and `-` for standard input. */
import {stat} from 'node:fs/promises';
import {basename, extname} from 'node:path';
import type {ArchiveType, InputType} from '../../types.js';
import {fsPath} from './names.js';
import {firstTime, NOT_A_FILE, type FileId} from './file-id.js';
import {DOCUMENT_TYPE_BY_EXTENSION, GZIP_SUFFIX, isGzipPath} from './file-types.js';
import type {Input} from './input.js';
import {globFiles, isGlob, walkFolder} from './walk.js';
import {pinnedPath} from './pinned-file.js';

export type {Input} from './input.js';
export {DOCUMENT_TYPE_BY_EXTENSION} from './file-types.js';
export {firstTime, NOT_A_FILE} from './file-id.js';

type AnyType = InputType | ArchiveType;

const TYPE_BY_EXTENSION: Readonly<Record<string, AnyType>> = {
	...DOCUMENT_TYPE_BY_EXTENSION,
	'.txt': 'text',
	'.text': 'text',
	'.md': 'text',
	'.log': 'text',
	'.mbox': 'mbox',
	'.mbx': 'mbox',
	'.eml': 'eml',
	'.mht': 'eml',
	'.mhtml': 'eml',
	'.news': 'news',
	'.warc': 'warc',
	'.arc': 'warc', // read to be rejected clearly as ARC
};

/** The type for a path: `--type` when given, else its extension (`page.html.gz` as `.html`), else html. */
export function inferType(path: string, explicit: AnyType | undefined): AnyType {
	return explicit ?? typeOf(path) ?? 'html';
}

/**
 * A file as an input: its type (inferType), whether it is decompressed as it is read (a
 * `.gz` file of a known or given type; a WARC reader reads gzip itself), and whether it is
 * sniffed first (no `--type` and an extension not in the table).
 *
 * @example
 * fileInput('notes.txt.gz', undefined); //=> {path: 'notes.txt.gz', type: 'text', gzip: true}
 * fileInput('photo.dat', undefined); //=> {path: 'photo.dat', type: 'html', sniff: true}
 */
export function fileInput(path: string, explicit: AnyType | undefined): Input {
	const known = typeOf(path);
	const type = explicit ?? known ?? 'html';
	const input: Input = {path, type};
	if (explicit === undefined && known === undefined) input.sniff = true;
	else if (type !== 'warc' && isGzipPath(path)) input.gzip = true;
	return input;
}

/** The type a file's extension gives, the extension before `.gz` for a gzip file. */
function typeOf(path: string): AnyType | undefined {
	const lower = path.toLowerCase();
	return TYPE_BY_EXTENSION[extname(isGzipPath(lower) ? lower.slice(0, -GZIP_SUFFIX.length) : lower)];
}

/** Whether a folder walk takes this file (only types it can infer). */
function walkable(path: string): boolean {
	return typeOf(path) !== undefined;
}

/**
 * Expand the PATH arguments: a folder yields its files of known types, sorted, recursively;
 * a pattern the files it matches (walk.ts: no symbolic link followed in either). Each file
 * (device and inode) comes once, however often it is named, and is pinned to that device and
 * inode (pinned-file.ts: a file swapped meanwhile is not read). A missing path, a pattern
 * matching nothing and a path that is not a regular file (a FIFO would block the run) are
 * reported through `onError` and skipped.
 */
export async function expandInputs(
	paths: readonly string[],
	explicit: AnyType | undefined,
	onError: (path: string, message: string) => void,
): Promise<Input[]> {
	const inputs: Input[] = [];
	const seen = new Set<string>();
	/** A file walked (its id known) or named (checked here to be a regular file). */
	const take = async (path: string, relative: string, walked?: FileId): Promise<void> => {
		let input: Input & {id: FileId};
		if (walked === undefined) {
			const info = await stat(fsPath(path));
			if (!info.isFile()) return onError(path, NOT_A_FILE);
			input = await namedInput(path, explicit, info);
		} else {
			input = {...fileInput(path, explicit), id: walked};
		}
		if (firstTime(seen, input.id)) inputs.push({...input, relative});
	};
	for (const path of paths.length === 0 ? ['-'] : paths) {
		if (path === '-') {
			// Without --type, standard input is sniffed for gzip and XML as a file of no known extension is (open-document.ts).
			inputs.push(explicit === undefined ? {path, type: 'html', sniff: true} : {path, type: explicit});
			continue;
		}
		try {
			const info = await stat(fsPath(path)).catch((error: NodeJS.ErrnoException) => error);
			if (info instanceof Error && info.code === 'ENOENT' && isGlob(path)) {
				let matched = false;
				for await (const file of globFiles(path)) {
					matched = true;
					await take(file.path, file.relative, file.id);
				}
				if (!matched) onError(path, 'no file matches this pattern');
			} else if (info instanceof Error) {
				throw info;
			} else if (info.isDirectory()) {
				for await (const file of walkFolder(path))
					if (file.kind === 'file' && walkable(file.path)) await take(file.path, file.relative, file.id);
			} else {
				await take(path, basename(path));
			}
		} catch (error) {
			onError(
				path,
				(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message,
			);
		}
	}
	return inputs;
}

/**
 * A regular file named on the command line as an input, pinned to the file `info` (its stat)
 * describes, so that it is opened as that file (pinned-file.ts); a named symbolic link is
 * opened as its target, resolved now.
 *
 * @example
 * await namedInput('latest.html', undefined, await stat('latest.html')); //=> {path: 'latest.html', type: 'html', id, target: '/srv/site/index.html'}
 */
export async function namedInput(
	path: string,
	explicit: AnyType | undefined,
	info: FileId,
): Promise<Input & {id: FileId}> {
	const target = await pinnedPath(path);
	return {...fileInput(path, explicit), id: {dev: info.dev, ino: info.ino}, ...(target === path ? {} : {target})};
}
