/**
 * Opening a file the walk met, in a tree others may write to while the command runs (as
 * root, a swapped file could expose or overwrite any file). The path is opened without
 * following a final symbolic link (O_NOFOLLOW; O_NONBLOCK so a FIFO put there cannot
 * block), and what was opened is checked (fstat) to be a regular file with the device and
 * inode the walk saw: a file replaced since (by a link to a folder outside the tree too)
 * is not that file. Before an in-place rename the path is checked again: still that file,
 * with the size and modification time it had when read, else someone else changed it and
 * it is left alone.
 *
 * Deviation: between the last check and rename(2) a window of a few system calls remains;
 * POSIX offers no rename that checks the target it replaces.
 */
import {constants} from 'node:fs';
import type {Stats} from 'node:fs';
import {lstat, open} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {fsPath} from './names.js';
import type {FileId} from './site-files.js';

/** Read only; a final symbolic link fails (ELOOP); a FIFO opens without waiting for a writer. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A file opened as the walk met it, and what fstat said of it then. */
export interface OpenedFile {
	handle: FileHandle;
	info: Stats;
}

/**
 * Open the walked file `path` for reading, checked to be the regular file `id`; the error
 * says what it is now otherwise.
 *
 * @example
 * const {handle, info} = await openWalked('site/a.html', {dev: 2049, ino: 1234});
 */
export async function openWalked(path: string, id: FileId): Promise<OpenedFile> {
	let handle: FileHandle;
	try {
		handle = await open(fsPath(path), READ_FLAGS);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error('is a symbolic link now (replaced during the run): left alone');
		throw error;
	}
	const info = await handle.stat();
	const problem = !info.isFile() ? 'is not a regular file now (replaced during the run): left alone' : !sameFile(info, id) ? 'is another file now (replaced during the run): left alone' : undefined;
	if (problem === undefined) return {handle, info};
	await handle.close();
	throw new Error(problem);
}

/**
 * Check, just before it is replaced, that `path` is still the file read (`read`: fstat when
 * opened) and unchanged since: same device, inode, size and modification time.
 *
 * @example
 * await checkUnchanged('site/a.html', info); // throws when another process wrote to it meanwhile
 */
export async function checkUnchanged(path: string, read: Stats): Promise<void> {
	const now = await lstat(fsPath(path)).catch(() => null);
	if (now === null || !now.isFile() || !sameFile(now, read)) throw new Error('was replaced by another process during the run: left alone');
	if (now.size !== read.size || now.mtimeMs !== read.mtimeMs) throw new Error('was changed by another process during the run: left alone (run again to rewrite it)');
}

function sameFile(a: FileId, b: FileId): boolean {
	return a.dev === b.dev && a.ino === b.ino;
}
