/**
 * Atomic file replacement for `linkstream rewrite --in-place` (and `--out`): the new
 * content goes to a temporary file beside the target (same folder, so the same file
 * system), is flushed to disk, and is renamed over the target. rename(2) replaces the
 * directory entry in one step, so a run killed at any moment leaves the target either
 * old or new, never truncated; at worst a temporary file of ours remains, named
 * `.NAME.linkstream-PID-RANDOM.tmp`, which the next run removes (`isStaleTemporary`).
 *
 * Deviation: a target with several hard links is replaced by a new file (the other names
 * keep the old content), as every write-then-rename tool does.
 */
import {randomBytes} from 'node:crypto';
import {open, rename, unlink} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {basename, dirname, join} from 'node:path';

/** `.NAME.linkstream-PID-HEX.tmp`: the temporary files this module creates. */
const TEMPORARY = /^\..+\.linkstream-(\d+)-[\da-f]{8}\.tmp$/;

/** What the replaced file keeps of the original. */
export interface Keep {
	/** Permission bits (`stat.mode & 0o7777`). */
	mode: number;
	/** Owner, kept when it differs from ours and we may set it (as root). */
	uid?: number;
	gid?: number;
}

/**
 * Write `data` to `path` atomically: a temporary file beside it (created exclusively),
 * written, fsync'ed, given `keep.mode`, then renamed over `path`. On failure the
 * temporary file is removed and the error rethrown.
 *
 * @example
 * await replaceFile('dist/index.html', Buffer.from('<a href="a/">a</a>'), {mode: 0o644});
 */
export async function replaceFile(path: string, data: Uint8Array, keep: Keep): Promise<void> {
	const {handle, temporary} = await createTemporary(path, keep.mode);
	try {
		try {
			await handle.writeFile(data);
			await handle.chmod(keep.mode); // the umask may have cleared bits at creation
			await keepOwner(handle, keep);
			await handle.sync();
		} finally {
			await handle.close();
		}
		await rename(temporary, path);
	} catch (error) {
		await unlink(temporary).catch(() => undefined);
		throw error;
	}
}

async function createTemporary(path: string, mode: number): Promise<{handle: FileHandle; temporary: string}> {
	for (let attempt = 0; ; attempt++) {
		const temporary = join(dirname(path), `.${basename(path)}.linkstream-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
		try {
			return {handle: await open(temporary, 'wx', mode), temporary};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 8) throw error;
		}
	}
}

async function keepOwner(handle: FileHandle, keep: Keep): Promise<void> {
	if (keep.uid === undefined || keep.gid === undefined || process.getuid === undefined) return;
	if (keep.uid === process.getuid() && keep.gid === process.getgid?.()) return;
	await handle.chown(keep.uid, keep.gid).catch(() => undefined); // not permitted unless root: the file is ours then
}

/**
 * Whether `name` is a temporary file of ours left by a run that no longer exists (its
 * process id is not running). A process id reused since then only keeps the file.
 *
 * @example
 * isStaleTemporary('.index.html.linkstream-4242-0badf00d.tmp'); // true unless process 4242 runs
 */
export function isStaleTemporary(name: string): boolean {
	const pid = TEMPORARY.exec(name)?.[1];
	if (pid === undefined) return false;
	try {
		process.kill(Number(pid), 0);
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ESRCH';
	}
}

/**
 * Whether `name` has the form of our temporary files (stale or not): never an input.
 *
 * @example
 * isTemporary('.a.css.linkstream-17-00c0ffee.tmp'); // true
 */
export function isTemporary(name: string): boolean {
	return TEMPORARY.test(name);
}

/**
 * Flush a folder's entries (the renames in it) to disk; ignored where folders cannot be
 * opened (Windows).
 *
 * @example
 * await syncFolder('dist/docs');
 */
export async function syncFolder(folder: string): Promise<void> {
	let handle: FileHandle | undefined;
	try {
		handle = await open(folder, 'r');
		await handle.sync();
	} catch {
		// best effort: the renames are atomic either way
	} finally {
		await handle?.close();
	}
}
