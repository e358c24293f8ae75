/**
 * A file's identity: the device and inode it is pinned to when the walk finds it (or the
 * command line names it). What is opened later must be that file (pinned-file.ts), and a
 * file found twice (a hard link, a folder named twice) is read once. A leaf module: the inputs, the site walk and the
 * readers all use it.
 */

/** A pinned file's device and inode: what is opened later must be this file. */
export interface FileId {
	dev: number;
	ino: number;
}

/** Why a FIFO, a socket or a device named on the command line is not read. */
export const NOT_A_FILE = 'not a regular file (FIFOs, sockets and devices are not read; give standard input as "-")';

/**
 * Whether the file `info` describes is found for the first time in `seen` (its device and inode).
 *
 * @example
 * firstTime(seen, await stat('a.html')); // true, then false for a hard link to it
 */
export function firstTime(seen: Set<string>, info: FileId): boolean {
	const key = `${info.dev}:${info.ino}`;
	if (seen.has(key)) return false;
	seen.add(key);
	return true;
}
