/**
 * One entry of a site rewrite, on the main thread or a worker thread: read a document,
 * rewrite it, count its links, and write it (in place atomically, or under `--out`), or
 * copy another file, recreate a symbolic link, remove a stale temporary file.
 *
 * Deviation: a document is read whole (site pages are small); the stream API bounds memory
 * for single huge inputs.
 */
import {createWriteStream} from 'node:fs';
import {chmod, mkdir, readlink, symlink, unlink} from 'node:fs/promises';
import {dirname} from 'node:path';
import {pipeline} from 'node:stream/promises';
import {rewriteCounted} from '../stream/node/rewrite.js';
import type {RewriteOptions} from '../types.js';
import {joinRun, replaceFile} from './atomic.js';
import {fsPath} from './names.js';
import type {SiteEntry} from './site-files.js';
import {readAwayKind} from './xml-root.js';
import type {ReadAway} from './xml-root.js';
import {testPause} from './test-pause.js';
import {checkUnchanged, openWalked} from './walked-file.js';

/** What happens to what is read: written back in place, written under `--out`, or nothing (`--dry-run`). */
export type SiteMode = 'in-place' | 'out' | 'dry-run';

export interface SiteTask {
	entry: SiteEntry;
	mode: SiteMode;
	/** `--out`: where the entry goes. */
	out?: string;
	/** Documents: the rewrite options with the file's own URL. */
	options?: RewriteOptions;
	/** The run's control (atomic.ts), shared with a worker thread. */
	control?: SharedArrayBuffer;
}

export interface SiteResult {
	/** A document was read and rewritten. */
	read: boolean;
	/** Its output differs from its input (in place: it was replaced). */
	changed: boolean;
	/** References written differently in the output. */
	rewritten: number;
	/** References written as they were (empty ones not counted). */
	unchanged: number;
	/** References `--to relative` kept absolute (RewriteOptions.keepAbsolute); absent for none. */
	keptAbsolute?: number;
	/** Another file copied, a symbolic link recreated, or a stale temporary file removed. */
	copied: boolean;
	removed: boolean;
	/** Bytes read (the progress bar). */
	bytes: number;
	/** A sitemap, feed or OPML list that `--to relative` made absolute instead (read away from the site). */
	readAway?: ReadAway;
	/** The folder in which a file was replaced (its entries are flushed at the end). */
	renamedIn?: string;
	error?: string;
}

/**
 * Do one task; failures are returned as `error`, never thrown.
 *
 * @example
 * await runSiteTask({entry, mode: 'dry-run', options: {type: 'html', to: 'relative', retrievalUrl: 'https://example.com/docs/'}});
 * // {read: true, changed: true, rewritten: 12, unchanged: 3, copied: false, removed: false, bytes: 5120}
 */
export async function runSiteTask(task: SiteTask): Promise<SiteResult> {
	const result: SiteResult = {read: false, changed: false, rewritten: 0, unchanged: 0, copied: false, removed: false, bytes: 0};
	try {
		const {entry, mode} = task;
		if (task.control !== undefined) joinRun(task.control);
		if (entry.kind === 'document') await rewriteDocument(task, result);
		else if (entry.kind === 'stale') result.removed = mode === 'dry-run' || (await removeStale(entry.path));
		else if (mode === 'out' && task.out !== undefined) result.copied = await copyEntry(entry, task.out);
	} catch (error) {
		result.error = (error as Error).message;
	}
	return result;
}

async function rewriteDocument(task: SiteTask, result: SiteResult): Promise<void> {
	const {entry, mode, options} = task;
	if (options === undefined || entry.kind !== 'document') throw new Error('linkstream: a document task needs rewrite options');
	await testPause('open');
	const {handle, info} = await openWalked(entry);
	const input = await handle.readFile().finally(() => handle.close());
	const rewrite = rewriteCounted(input, readAwayOptions(input, options, result));
	const output = Buffer.from(rewrite.output.buffer, rewrite.output.byteOffset, rewrite.output.byteLength);
	result.read = true;
	result.bytes = input.length;
	const differs = !output.equals(input);
	if (mode === 'in-place' && differs) {
		const beforeRename = async (): Promise<void> => {
			await testPause('rename');
			await checkUnchanged(entry.path, info);
		};
		await replaceFile(entry.path, output, {mode: info.mode & 0o7777, uid: info.uid, gid: info.gid}, beforeRename);
		result.renamedIn = dirname(entry.path);
	} else if (mode === 'out' && task.out !== undefined) {
		await mkdir(fsPath(dirname(task.out)), {recursive: true});
		await replaceFile(task.out, output, {mode: info.mode & 0o7777});
	}
	// Counted once written: a file whose write failed did not change, nor did its links.
	result.changed = differs;
	result.rewritten = rewrite.rewritten;
	result.unchanged = rewrite.unchanged;
	if (rewrite.keptAbsolute > 0) result.keptAbsolute = rewrite.keptAbsolute;
}

/**
 * sitemaps.org: "URLs must be fully qualified"; feeds and OPML lists are read by programs
 * away from the site, where a relative link has no base: in a relative rewrite their links
 * are made absolute instead. Every other XML (SVG, XSLT) is relativized like a page.
 */
function readAwayOptions(input: Uint8Array, options: RewriteOptions, result: SiteResult): RewriteOptions {
	if (options.type !== 'xml' || options.to !== 'relative') return options;
	const kind = readAwayKind(input);
	if (kind === null) return options;
	result.readAway = kind;
	return {...options, to: 'absolute'};
}

async function removeStale(path: string): Promise<boolean> {
	await unlink(fsPath(path));
	return true;
}

/** `--out`: another file byte for byte (with its mode) from what was opened as walked, a symbolic link as a link, a folder. */
async function copyEntry(entry: SiteEntry, out: string): Promise<boolean> {
	if (entry.kind === 'folder') {
		await mkdir(fsPath(out), {recursive: true});
		return false;
	}
	await mkdir(fsPath(dirname(out)), {recursive: true});
	if (entry.kind === 'symlink') {
		const link = await readlink(fsPath(entry.path), {encoding: 'buffer'});
		await unlink(fsPath(out)).catch(() => undefined);
		await symlink(link, fsPath(out));
	} else if (entry.kind === 'other') {
		const {handle, info} = await openWalked(entry);
		try {
			await unlink(fsPath(out)).catch(() => undefined); // a link left there is replaced, never written through
			await pipeline(handle.createReadStream({autoClose: false}), createWriteStream(fsPath(out), {flags: 'wx', mode: info.mode & 0o7777}));
			await chmod(fsPath(out), info.mode & 0o7777); // the umask may have cleared bits
		} finally {
			await handle.close();
		}
	}
	return true;
}
