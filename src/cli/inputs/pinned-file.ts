/**
 * Pinned files: a file the walk found or the command line named is pinned then to its
 * device and inode (file-id.ts), and opened later only if it is still that file, in a tree
 * others may write to while the command runs (as root, a swapped file could expose or
 * overwrite any file). The path is opened without following a final symbolic link
 * (O_NOFOLLOW; O_NONBLOCK so a FIFO put there cannot block), and what was opened is checked
 * (fstat) to be a regular file with the device and inode pinned: a file replaced since (by a
 * link to a folder outside the tree too) is not that file. Every read of `rewrite` and `extract` goes through here: whole, as a
 * stream (a range of it too), or on a worker thread. Before an in-place rename the path is
 * checked again: still that file, with the size and modification time it had when read,
 * else someone else changed it and it is left alone.
 *
 * Deviation: between the last check and rename(2) a window of a few system calls remains;
 * POSIX offers no rename that checks the target it replaces.
 */
import {
	close,
	closeSync,
	constants,
	fstat,
	fstatSync,
	open as openFd,
	openSync,
	read as readFd,
	readSync,
} from 'node:fs';
import type {Stats} from 'node:fs';
import {Readable} from 'node:stream';
import {lstat, open, realpath} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {promisify} from 'node:util';
import {fsPath} from './names.js';
import type {FileId} from './file-id.js';
import {testPause} from '../work/test-pause.js';

/** Read only; a final symbolic link fails (ELOOP); a FIFO opens without waiting for a writer. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

const SYMLINK_NOW = 'is a symbolic link now (replaced during the run): left alone';
const NOT_A_FILE_NOW = 'is not a regular file now (replaced during the run): left alone';
const ANOTHER_FILE_NOW = 'is another file now (replaced during the run): left alone';

/**
 * A pinned file: its path, its device and inode (absent: it is only checked to be a
 * regular file), and for a symbolic link named on the command line its target, resolved
 * then ({@link pinnedPath}) and opened in its place.
 */
export interface PinnedFile {
	path: string;
	id?: FileId;
	target?: string;
}

/** A pinned file opened, and what fstat said of it then. */
export interface OpenedFile {
	handle: FileHandle;
	info: Stats;
}

/** Bytes `[start, end)` of a file, read `highWaterMark` bytes at a time. */
export interface StreamRange {
	highWaterMark: number;
	start?: number;
	end?: number;
}

/**
 * Open the pinned `file` for reading, checked to be the regular file it was; the error says
 * what it is now otherwise.
 *
 * @example
 * const {handle, info} = await openPinned({path: 'site/a.html', id: {dev: 2049, ino: 1234}});
 */
export async function openPinned(file: PinnedFile): Promise<OpenedFile> {
	const handle = await open(fsPath(file.target ?? file.path), READ_FLAGS).catch(openFailure);
	const info = await handle.stat();
	try {
		checkPinned(info, file.id);
	} catch (error) {
		await handle.close();
		throw error;
	}
	return {handle, info};
}

/**
 * The bytes of the pinned `file`, read whole once it is checked. Callback `fs` calls made
 * promises: `fs/promises` took twice the main thread's time per file (a FileHandle, its
 * `readFile` in several awaited steps).
 *
 * @example
 * const bytes = await readPinned({path: 'site/a.html', id});
 */
export async function readPinned(file: PinnedFile): Promise<Buffer> {
	const fd = await openPromise(fsPath(file.target ?? file.path), READ_FLAGS).catch(openFailure);
	try {
		const info = await fstatPromise(fd);
		checkPinned(info, file.id);
		await testPause('read');
		const bytes = Buffer.allocUnsafe(info.size);
		let filled = 0;
		while (filled < bytes.length) {
			const read = await readAtPromise(fd, bytes, filled, bytes.length - filled, filled);
			if (read === 0) break;
			filled += read;
		}
		return sized(bytes.subarray(0, filled), (await readAtPromise(fd, Buffer.alloc(1), 0, 1, filled)) > 0);
	} finally {
		await closePromise(fd);
	}
}

/**
 * {@link readPinned} without leaving the thread (a worker thread has nothing else to do meanwhile).
 *
 * @example
 * const bytes = readPinnedSync({path: 'site/a.html', id});
 */
export function readPinnedSync(file: PinnedFile): Buffer {
	let fd: number;
	try {
		fd = openSync(fsPath(file.target ?? file.path), READ_FLAGS);
	} catch (error) {
		return openFailure(error);
	}
	try {
		const info = fstatSync(fd);
		checkPinned(info, file.id);
		const bytes = Buffer.allocUnsafe(info.size);
		let filled = 0;
		while (filled < bytes.length) {
			const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
			if (read === 0) break;
			filled += read;
		}
		return sized(bytes.subarray(0, filled), readSync(fd, Buffer.alloc(1), 0, 1, filled) > 0);
	} finally {
		closeSync(fd);
	}
}

/**
 * Bytes read whole, or a whole file streamed, that found the file longer than when it was
 * opened: it was read up to that size (a file that keeps growing would never end).
 *
 * @example
 * if (grewWhileRead(bytes)) warn(path, GREW_WHILE_READ);
 */
export function grewWhileRead(read: Buffer | Readable): boolean {
	return GREW.has(read);
}

/** What is said of a file that grew while it was read. */
export function grewMessage(size: number): string {
	return `grew while it was read: read up to its size when opened (${size} bytes)`;
}

const GREW = new WeakSet<object>();

function sized(bytes: Buffer, grew: boolean): Buffer {
	if (grew) GREW.add(bytes);
	return bytes;
}

/**
 * The pinned `file` (or its bytes `[start, end)`) as a stream, once it is checked; the file is
 * closed at the stream's end, or when it is destroyed.
 *
 * @example
 * const stream = await pinnedStream({path: 'crawl.warc', id}, {highWaterMark: 1 << 20, start: 0, end: 1 << 18});
 */
export async function pinnedStream(file: PinnedFile, range: StreamRange): Promise<Readable> {
	const {handle, info} = await openPinned(file);
	await testPause('read');
	// `end` is inclusive in createReadStream. A whole file: up to its size now, however it grows meanwhile.
	const end = range.end ?? info.size;
	if (end <= (range.start ?? 0)) {
		// Nothing to read (an empty file): createReadStream cannot say so (its `end` is at least `start`).
		const grew = range.end === undefined && info.size < (await handle.stat()).size;
		await handle.close();
		const empty = Readable.from([]);
		if (grew) GREW.add(empty);
		return empty;
	}
	const stream = handle.createReadStream({
		highWaterMark: range.highWaterMark,
		...(range.start === undefined ? {} : {start: range.start}),
		end: end - 1,
	});
	if (range.end === undefined) {
		// Asked at the end of the stream, before the file is closed.
		stream.once('end', () => {
			try {
				if (fstatSync(handle.fd).size > info.size) GREW.add(stream);
			} catch {
				// closed already: nothing to say
			}
		});
	}
	return stream;
}

/**
 * The path a file named on the command line is pinned by: a named symbolic link stands for
 * its target, resolved now (then opened without following a link, as any pinned file is).
 *
 * @example
 * await pinnedPath('latest.html'); // '/srv/site/2026/index.html' when latest.html is a link to it
 */
export async function pinnedPath(path: string): Promise<string> {
	return (await lstat(path)).isSymbolicLink() ? realpath(path) : path;
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
	if (now === null || !now.isFile() || !sameFile(now, read))
		throw new Error('was replaced by another process during the run: left alone');
	if (now.size !== read.size || now.mtimeMs !== read.mtimeMs)
		throw new Error('was changed by another process during the run: left alone (run again to rewrite it)');
}

/** Throw, saying what it is now, unless what was opened (`info`, fstat) is the regular file `id`. */
function checkPinned(info: Stats, id: FileId | undefined): void {
	if (!info.isFile()) throw new Error(NOT_A_FILE_NOW);
	if (id !== undefined && !sameFile(info, id)) throw new Error(ANOTHER_FILE_NOW);
}

/** An open(2) failure rethrown; a final symbolic link (ELOOP under O_NOFOLLOW) named as one. */
function openFailure(error: unknown): never {
	throw (error as NodeJS.ErrnoException).code === 'ELOOP' ? new Error(SYMLINK_NOW) : error;
}

function sameFile(a: FileId, b: FileId): boolean {
	return a.dev === b.dev && a.ino === b.ino;
}

const openPromise = promisify(openFd);
const fstatPromise: (fd: number) => Promise<Stats> = promisify(fstat);
/** Read up to `length` bytes into `buffer` at `offset`, from the file's byte `position`: the count read. */
function readAtPromise(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
	return new Promise((resolve, reject) =>
		readFd(fd, buffer, offset, length, position, (error, read) => (error ? reject(error) : resolve(read))),
	);
}
const closePromise = promisify(close);
