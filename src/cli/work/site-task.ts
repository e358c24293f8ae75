/**
 * One entry of a site rewrite, on the main thread or a worker thread: read a document,
 * rewrite it, count its links, and write it (in place atomically, or under `--out`), or
 * copy another file, recreate a symbolic link, remove a stale temporary file.
 *
 * A document is streamed, as `rewrite FILE` streams it: read a megabyte at a time up to the
 * size it had when opened, its output written as it comes (memory bounded by what the rewrite
 * holds for a late BASE, whatever the file's size).
 */
import type {Stats} from 'node:fs';
import {mkdir, open, readlink, symlink, unlink} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {dirname} from 'node:path';
import {countedRewriter} from '../../stream/node/rewrite.js';
import type {RewriteOptions} from '../../types.js';
import {joinRun, openReplacement} from '../output/atomic.js';
import {fsPath} from '../inputs/names.js';
import {checkOutOpened, outFolders} from '../output/out-tree.js';
import type {OutPlace} from '../output/out-tree.js';
import type {SiteEntry} from '../inputs/site-files.js';
import {readAwayKind} from '../inputs/xml-root.js';
import type {ReadAway} from '../inputs/xml-root.js';
import {testPause} from './test-pause.js';
import {checkUnchanged, grewMessage, openPinned} from '../inputs/pinned-file.js';

/** What happens to what is read: written back in place, written under `--out`, or nothing (`--dry-run`). */
export type SiteMode = 'in-place' | 'out' | 'dry-run';

export interface SiteTask {
	entry: SiteEntry;
	mode: SiteMode;
	/** `--out`: where the entry goes. */
	out?: string;
	/** `--out`: the output folder and the entry's path under it (nothing is written through a symbolic link inside it: out-tree.ts). */
	place?: OutPlace;
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
	/** Said of the file, which was done (it grew while read; a limit left part of it as written). */
	warnings?: string[];
}

/** A task's result before it does anything (and of one that could not be done). */
export function nothingDone(): SiteResult {
	return {read: false, changed: false, rewritten: 0, unchanged: 0, copied: false, removed: false, bytes: 0};
}

/**
 * Do one task; failures are returned as `error`, never thrown.
 *
 * @example
 * await runSiteTask({entry, mode: 'dry-run', options: {type: 'html', to: 'relative', retrievalUrl: 'https://example.com/docs/'}});
 * // {read: true, changed: true, rewritten: 12, unchanged: 3, copied: false, removed: false, bytes: 5120}
 */
export async function runSiteTask(task: SiteTask): Promise<SiteResult> {
	const result = nothingDone();
	try {
		const {entry, mode} = task;
		if (task.control !== undefined) joinRun(task.control);
		if (entry.kind === 'document') await rewriteDocument(task, result);
		else if (entry.kind === 'stale') result.removed = mode === 'dry-run' || (await removeStale(entry.path));
		else if (mode === 'out' && task.out !== undefined)
			result.copied = await copyEntry(entry, task.out, task.place, result);
	} catch (error) {
		result.error = (error as Error).message;
	}
	return result;
}

async function rewriteDocument(task: SiteTask, result: SiteResult): Promise<void> {
	const {entry, mode, options} = task;
	if (options === undefined || entry.kind !== 'document')
		throw new Error('linkstream: a document task needs rewrite options');
	await testPause('open');
	const {handle, info} = await openPinned(entry);
	await testPause('read');
	let sink: OutputSink | undefined;
	try {
		// A file is read up to the size it had when opened: one that keeps growing would never end.
		const size = info.size;
		// What a limit left as written is said (RewriteOptions.onWarning: a function stays on this thread).
		const warnings: string[] = [];
		const rewriter = countedRewriter({
			...readAwayOptions(await head(handle, size), options, result),
			onWarning: message => {
				warnings.push(message);
			},
		});
		const compare = new Comparison();
		// --out writes every file; in place, only a file that changes: its temporary file is made at the first difference.
		const writes = mode === 'out' && task.out !== undefined ? await outputSink(task, task.out, info) : undefined;
		sink = writes;
		const put = async (pieces: Uint8Array[]): Promise<void> => {
			for (const piece of pieces) {
				const before = compare.matched;
				if (!compare.output(piece) && mode === 'in-place' && sink === undefined) {
					sink = await outputSink(task, entry.path, info);
					await copyPrefix(handle, before, sink);
				}
				await sink?.add(piece);
			}
		};
		if (size > 0) {
			for await (const chunk of handle.createReadStream({
				start: 0,
				end: size - 1,
				highWaterMark: READ_BYTES,
				autoClose: false,
			}) as AsyncIterable<Buffer>) {
				for (let at = 0; at < chunk.length; at += STEP_BYTES) {
					const step = chunk.subarray(at, at + STEP_BYTES);
					compare.input(step);
					await put(rewriter.write(step));
				}
			}
		}
		await put(rewriter.end());
		const differs = compare.differs();
		result.read = true;
		result.bytes = size;
		if ((await handle.stat()).size > size) warnings.push(grewMessage(size));
		if (warnings.length > 0) result.warnings = warnings;
		if (mode === 'in-place' && sink !== undefined) {
			const beforeRename = async (): Promise<void> => {
				await testPause('rename');
				await checkUnchanged(entry.path, info);
			};
			const done = sink;
			sink = undefined;
			await done.commit(beforeRename);
			result.renamedIn = dirname(entry.path);
		} else if (sink !== undefined) {
			const done = sink;
			sink = undefined;
			await done.commit();
		}
		// Counted once written: a file whose write failed did not change, nor did its links.
		result.changed = differs;
		result.rewritten = rewriter.counts.rewritten;
		result.unchanged = rewriter.counts.unchanged;
		if (rewriter.counts.keptAbsolute > 0) result.keptAbsolute = rewriter.counts.keptAbsolute;
	} finally {
		await sink?.abort();
		await handle.close();
	}
}

/** Bytes read from a document at once; the rewrite takes STEP_BYTES of them at a time, so what one write lets go stays bounded. */
const READ_BYTES = 1 << 20;
const STEP_BYTES = 1 << 16;
/** Output gathered before it is written (one writev). */
const WRITE_BYTES = 1 << 20;

/** The first bytes of a document (its XML root element is looked for there). */
async function head(handle: FileHandle, size: number): Promise<Uint8Array> {
	const bytes = Buffer.alloc(Math.min(size, HEAD_BYTES));
	let filled = 0;
	while (filled < bytes.length) {
		const {bytesRead} = await handle.read(bytes, filled, bytes.length - filled, filled);
		if (bytesRead === 0) break;
		filled += bytesRead;
	}
	return bytes.subarray(0, filled);
}

const HEAD_BYTES = 64 * 1024;

/**
 * Whether the output equals the input, found as both stream: the input not yet matched by
 * output is kept (what the rewrite holds, no more) and let go at the first difference.
 */
class Comparison {
	/** Output bytes found equal to the input so far. */
	matched = 0;
	private readonly pending: Uint8Array[] = [];
	private offset = 0;
	private different = false;

	input(chunk: Uint8Array): void {
		if (!this.different) this.pending.push(chunk);
	}

	/** Take a piece of output; false once the output differs from the input. */
	output(piece: Uint8Array): boolean {
		if (this.different) return false;
		for (let at = 0; at < piece.length; ) {
			const first = this.pending[0];
			if (first === undefined) return this.differ();
			const length = Math.min(first.length - this.offset, piece.length - at);
			if (Buffer.compare(piece.subarray(at, at + length), first.subarray(this.offset, this.offset + length)) !== 0)
				return this.differ();
			at += length;
			this.offset += length;
			if (this.offset === first.length) {
				this.pending.shift();
				this.offset = 0;
			}
		}
		this.matched += piece.length;
		return true;
	}

	/** At the end: whether the output differs (input left unmatched is a difference too). */
	differs(): boolean {
		return this.different || this.pending.length > 0;
	}

	private differ(): false {
		this.different = true;
		this.pending.length = 0;
		return false;
	}
}

/** Where a document's output goes, in pieces gathered to WRITE_BYTES: a temporary file, renamed over the target at `commit`. */
interface OutputSink {
	add(piece: Uint8Array): Promise<void>;
	commit(beforeRename?: () => Promise<void>): Promise<void>;
	abort(): Promise<void>;
}

async function outputSink(task: SiteTask, target: string, info: Stats): Promise<OutputSink> {
	const keep =
		task.mode === 'in-place' ? {mode: info.mode & 0o7777, uid: info.uid, gid: info.gid} : {mode: info.mode & 0o7777};
	const place = task.place;
	if (place !== undefined) await outFolders(place);
	const replacement = await openReplacement(
		target,
		keep,
		place === undefined ? undefined : (temporary, opened) => checkOutOpened(place, temporary, opened),
	);
	let gathered: Uint8Array[] = [];
	let bytes = 0;
	const flush = async (): Promise<void> => {
		if (gathered.length === 0) return;
		const pieces = gathered;
		gathered = [];
		bytes = 0;
		await writeAll(replacement.handle, pieces);
	};
	return {
		add: async piece => {
			if (piece.length === 0) return;
			gathered.push(piece);
			bytes += piece.length;
			if (bytes >= WRITE_BYTES) await flush();
		},
		commit: async beforeRename => {
			try {
				await flush();
			} catch (error) {
				await replacement.abort();
				throw error;
			}
			await replacement.commit(beforeRename);
		},
		abort: () => replacement.abort(),
	};
}

/** The input's first `length` bytes, equal to the output so far, written to a sink made at the first difference. */
async function copyPrefix(handle: FileHandle, length: number, sink: OutputSink): Promise<void> {
	for (let at = 0; at < length; ) {
		const block = Buffer.allocUnsafe(Math.min(WRITE_BYTES, length - at));
		let filled = 0;
		while (filled < block.length) {
			const {bytesRead} = await handle.read(block, filled, block.length - filled, at + filled);
			if (bytesRead === 0) throw new Error('was truncated by another process during the run: left alone');
			filled += bytesRead;
		}
		await sink.add(block);
		at += block.length;
	}
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

/**
 * `--out`: another file byte for byte (with its mode) from what was opened pinned, a
 * symbolic link as a link, a folder; never through a symbolic link inside the output folder
 * (out-tree.ts).
 */
async function copyEntry(
	entry: SiteEntry,
	out: string,
	place: OutPlace | undefined,
	result: SiteResult,
): Promise<boolean> {
	if (entry.kind === 'folder') {
		if (place === undefined) await mkdir(fsPath(out), {recursive: true});
		else await outFolders(place, true);
		return false;
	}
	if (place === undefined) await mkdir(fsPath(dirname(out)), {recursive: true});
	else await outFolders(place);
	if (entry.kind === 'symlink') {
		const link = await readlink(fsPath(entry.path), {encoding: 'buffer'});
		await unlink(fsPath(out)).catch(() => undefined);
		await symlink(link, fsPath(out));
	} else if (entry.kind === 'other') {
		const {handle, info} = await openPinned(entry);
		try {
			await unlink(fsPath(out)).catch(() => undefined); // a link left there is replaced, never written through
			const written = await open(fsPath(out), 'wx', info.mode & 0o7777);
			try {
				if (place !== undefined) await checkOutOpened(place, out, written);
				// Up to the size it had when opened: a file that keeps growing would never end.
				const end = info.size - 1;
				if (end >= 0)
					for await (const chunk of handle.createReadStream({
						autoClose: false,
						start: 0,
						end,
						highWaterMark: READ_BYTES,
					}) as AsyncIterable<Buffer>)
						await written.writeFile(chunk);
				await written.chmod(info.mode & 0o7777); // the umask may have cleared bits
				if ((await handle.stat()).size > info.size) result.warnings = [grewMessage(info.size)];
			} catch (error) {
				await unlink(fsPath(out)).catch(() => undefined);
				throw error;
			} finally {
				await written.close();
			}
		} finally {
			await handle.close();
		}
	}
	return true;
}

/** Write the pieces in order (writev(2) may write fewer bytes than asked: the rest follows). */
async function writeAll(handle: FileHandle, pieces: Uint8Array[]): Promise<void> {
	const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
	const {bytesWritten} = await handle.writev(pieces);
	if (bytesWritten < total) await handle.writeFile(Buffer.concat(pieces).subarray(bytesWritten));
}
