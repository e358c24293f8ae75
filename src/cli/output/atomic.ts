/**
 * Atomic file replacement for `linkstream rewrite --in-place` (and `--out`): the new
 * content goes to a temporary file beside the target (same folder, so the same file
 * system), is flushed to disk, and is renamed over the target. rename(2) replaces the
 * directory entry in one step, so a run killed at any moment leaves the target either
 * old or new, never truncated.
 *
 * Temporary files are named `.NAME.linkstream-PID-RANDOM-TAG.tmp`, TAG an HMAC-SHA256 of
 * NAME, PID and RANDOM under a key kept in the user's cache folder
 * (`$XDG_CACHE_HOME/linkstream/temporary-key`, else `~/.cache/...`, mode 0600). The rule:
 * a file is removed only when its TAG proves this tool (with this user's key) made it —
 * on SIGINT or SIGTERM the run's own (its PID), and at the next run those of a run that no
 * longer exists (its PID not running). A user's file named like one, even on purpose by
 * someone without the key, is never removed; where the key cannot be kept (no writable
 * cache folder) a run uses a key of its own and leaves stale files of killed runs alone.
 *
 * On a signal every thread stops creating temporary files (a shared flag), those being
 * created are waited for, then the run's own are removed from the folders it writes in.
 *
 * Deviation: a target with several hard links is replaced by a new file (the other names
 * keep the old content), as every write-then-rename tool does.
 */
import {createHmac, randomBytes} from 'node:crypto';
import {mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync} from 'node:fs';
import {open, rename, unlink} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {homedir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {decodeName, fsPath} from '../inputs/names.js';

/** `.NAME.linkstream-PID-RANDOM-TAG.tmp`: the temporary files this module creates (and the tagless form of earlier versions). */
const TEMPORARY = /^\.(.+)\.linkstream-(\d+)-([\da-f]{8})(?:-([\da-f]{16}))?\.tmp$/;

/** Hex digits of the HMAC in a name: 64 bits, not guessed by chance. */
const TAG_DIGITS = 16;

/** Exit statuses after a signal: 128 + its number, as shells report them. */
const SIGNAL_STATUS = {SIGINT: 130, SIGTERM: 143} as const;

/** Slots of the run's control, shared by its threads: a signal came; temporary files being created now. */
const STOPPING = 0;
const CREATING = 1;
/** How long a signal waits for temporary files being created to exist, before it looks for them. */
const SETTLE_MS = 2000;

/** The run's control (one per process, handed to worker threads by {@link joinRun}). */
let control = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/**
 * The run's control, for a worker thread to {@link joinRun}.
 *
 * @example
 * const task = {entry, mode, control: runControl()};
 */
export function runControl(): SharedArrayBuffer {
	return control.buffer as SharedArrayBuffer;
}

/**
 * Share the control of the run this thread works for: after a signal it creates no more temporary files.
 *
 * @example
 * joinRun(task.control);
 */
export function joinRun(buffer: SharedArrayBuffer): void {
	if (buffer !== control.buffer) control = new Int32Array(buffer);
}

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
 * written, fsync'ed, given `keep.mode`, then (once `beforeRename` resolves) renamed over
 * `path`. On failure the temporary file is removed and the error rethrown.
 *
 * @example
 * await replaceFile('dist/index.html', Buffer.from('<a href="a/">a</a>'), {mode: 0o644});
 */
export async function replaceFile(
	path: string,
	data: Uint8Array,
	keep: Keep,
	beforeRename: () => Promise<void> = async () => undefined,
): Promise<void> {
	const replacement = await openReplacement(path, keep);
	try {
		await replacement.handle.writeFile(data);
	} catch (error) {
		await replacement.abort();
		throw error;
	}
	await replacement.commit(beforeRename);
}

/** A temporary file being written to replace a file ({@link openReplacement}). */
export interface Replacement {
	/** The temporary file, open for writing. */
	handle: FileHandle;
	/** Its path. */
	temporary: string;
	/** Give it `keep`'s mode and owner, flush it, close it, and (once `beforeRename` resolves) rename it over the file; on failure, remove it. */
	commit(beforeRename?: () => Promise<void>): Promise<void>;
	/** Close and remove it. */
	abort(): Promise<void>;
}

/**
 * Start replacing `path`: a temporary file beside it, created exclusively, to be written
 * (in pieces, as a stream rewrite makes them) then committed or aborted. `opened` checks
 * what was created before anything is written (rejecting removes it).
 *
 * @example
 * const replacement = await openReplacement('dist/index.html', {mode: 0o644});
 * await replacement.handle.write(piece);
 * await replacement.commit();
 */
export async function openReplacement(
	path: string,
	keep: Keep,
	opened?: (temporary: string, handle: FileHandle) => Promise<void>,
): Promise<Replacement> {
	const {handle, temporary} = await createTemporary(path, keep.mode);
	let closed = false;
	const close = async (): Promise<void> => {
		if (closed) return;
		closed = true;
		await handle.close();
	};
	const abort = async (): Promise<void> => {
		await close().catch(() => undefined);
		await unlink(fsPath(temporary)).catch(() => undefined);
	};
	try {
		await opened?.(temporary, handle);
	} catch (error) {
		await abort();
		throw error;
	}
	return {
		handle,
		temporary,
		abort,
		commit: async (beforeRename = async () => undefined) => {
			try {
				try {
					await handle.chmod(keep.mode); // the umask may have cleared bits at creation
					await keepOwner(handle, keep);
					await handle.sync();
				} finally {
					await close();
				}
				await beforeRename();
				await rename(fsPath(temporary), fsPath(path));
			} catch (error) {
				await unlink(fsPath(temporary)).catch(() => undefined);
				throw error;
			}
		},
	};
}

async function createTemporary(path: string, mode: number): Promise<{handle: FileHandle; temporary: string}> {
	Atomics.add(control, CREATING, 1); // before looking at STOPPING: a signal waits for this creation
	try {
		for (let attempt = 0; ; attempt++) {
			if (Atomics.load(control, STOPPING) !== 0) throw new Error('interrupted: not written');
			const temporary = join(dirname(path), temporaryName(basename(path), process.pid, randomBytes(4).toString('hex')));
			try {
				return {handle: await open(fsPath(temporary), 'wx', mode), temporary};
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 8) throw error;
			}
		}
	} finally {
		Atomics.sub(control, CREATING, 1);
	}
}

/**
 * The name of a temporary file for the file `name`, made by process `pid` (RANDOM: 8 hex digits).
 *
 * @example
 * temporaryName('index.html', 4242, '0badf00d'); // '.index.html.linkstream-4242-0badf00d-<16 hex digits>.tmp'
 */
export function temporaryName(name: string, pid: number, random: string): string {
	return `.${name}.linkstream-${pid}-${random}-${tag(name, pid, random)}.tmp`;
}

function tag(name: string, pid: number, random: string): string {
	return createHmac('sha256', temporaryKey()).update(`${name}\0${pid}\0${random}`).digest('hex').slice(0, TAG_DIGITS);
}

let key: Buffer | undefined;

/** This user's key (created the first time), or one of this process when it cannot be kept. */
function temporaryKey(): Buffer {
	if (key !== undefined) return key;
	const folder = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'linkstream');
	const file = join(folder, 'temporary-key');
	try {
		key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
		if (key.length >= 32) return key;
	} catch {
		// not there yet: made below
	}
	key = randomBytes(32);
	try {
		mkdirSync(folder, {recursive: true, mode: 0o700});
		writeFileSync(file, key.toString('hex'), {flag: 'wx', mode: 0o600});
	} catch {
		try {
			key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'); // another run made it meanwhile
		} catch {
			// no cache folder: this run's key, its files removed by itself only
		}
	}
	return key;
}

/** Whether `name` is a temporary file made with this user's key, and its PID. */
function provenPid(name: string): number | undefined {
	const match = TEMPORARY.exec(name);
	if (match?.[4] === undefined) return undefined;
	const pid = Number(match[2]);
	return tag(match[1]!, pid, match[3]!) === match[4] ? pid : undefined;
}

async function keepOwner(handle: FileHandle, keep: Keep): Promise<void> {
	if (keep.uid === undefined || keep.gid === undefined || process.getuid === undefined) return;
	if (keep.uid === process.getuid() && keep.gid === process.getgid?.()) return;
	await handle.chown(keep.uid, keep.gid).catch(() => undefined); // not permitted unless root: the file is ours then
}

/**
 * Whether `name` is a temporary file of ours (its tag proves it) left by a run that no
 * longer exists (its process id is not running). A process id reused since then only keeps the file.
 *
 * @example
 * isStaleTemporary('.index.html.linkstream-4242-0badf00d-<tag>.tmp'); // true unless process 4242 runs
 */
export function isStaleTemporary(name: string): boolean {
	const pid = provenPid(name);
	if (pid === undefined) return false;
	try {
		process.kill(pid, 0);
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ESRCH';
	}
}

/**
 * On SIGINT or SIGTERM, remove this process's temporary files from `folders` (those where
 * the run writes; its worker threads' files too, as their names carry its PID), then exit
 * with 130 or 143. Returns the function that removes the handlers.
 *
 * @example
 * const done = removeOnSignal(['dist', 'dist/docs']);
 * await run();
 * done();
 */
export function removeOnSignal(folders: ReadonlySet<string>): () => void {
	const handler = (signal: keyof typeof SIGNAL_STATUS): void => {
		Atomics.store(control, STOPPING, 1); // no thread creates another temporary file
		const deadline = Date.now() + SETTLE_MS;
		const finish = (): void => {
			if (Atomics.load(control, CREATING) > 0 && Date.now() < deadline) return void setTimeout(finish, 1);
			for (const folder of folders) removeOwn(folder);
			process.exit(SIGNAL_STATUS[signal]);
		};
		finish();
	};
	const signals = Object.keys(SIGNAL_STATUS) as Array<keyof typeof SIGNAL_STATUS>;
	for (const signal of signals) process.on(signal, handler);
	return () => {
		for (const signal of signals) process.off(signal, handler);
	};
}

/**
 * Remove this process's temporary files for the file `path` (left by a worker thread that
 * died while writing it; no other task writes that file meanwhile).
 *
 * @example
 * removeOwnTemporaries('site/index.html'); // '.index.html.linkstream-<our pid>-…tmp' removed
 */
export function removeOwnTemporaries(path: string): void {
	removeOwn(dirname(path), basename(path));
}

/** Remove this process's temporary files in `folder` (only those for the file `of`, when given). */
function removeOwn(folder: string, of?: string): void {
	let names: Buffer[];
	try {
		names = readdirSync(fsPath(folder), {encoding: 'buffer'});
	} catch {
		return;
	}
	for (const bytes of names) {
		const name = decodeName(bytes);
		if (provenPid(name) === process.pid && (of === undefined || TEMPORARY.exec(name)?.[1] === of)) {
			try {
				unlinkSync(fsPath(join(folder, name)));
			} catch {
				// renamed meanwhile by a worker thread: the target is whole
			}
		}
	}
}

/**
 * Whether `name` has the form of our temporary files (stale or not): never an input.
 *
 * @example
 * isTemporary('.a.css.linkstream-17-00c0ffee-0123456789abcdef.tmp'); // true
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
		handle = await open(fsPath(folder), 'r');
		await handle.sync();
	} catch {
		// best effort: the renames are atomic either way
	} finally {
		await handle?.close();
	}
}
