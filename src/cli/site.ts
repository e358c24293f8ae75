/**
 * `linkstream rewrite --in-place | --out DIR | --dry-run PATH...`: every HTML, XML and CSS
 * file of a static site rewritten, each at its own URL (the site URL plus its path under the
 * folder; a directory index is the folder's URL), every other file left as it is (copied
 * byte for byte with `--out`); `--to relative` makes sitemaps and feeds absolute instead
 * (site-task.ts). Files are rewritten on `--jobs` worker threads; results,
 * errors and `--dry-run` lines come in walk order; a summary ends the run on standard error.
 */
import {mkdir, realpath, stat} from 'node:fs/promises';
import {dirname, join, resolve as resolvePath, sep} from 'node:path';
import type {Dialect, InputType, RelativeForm, RewriteOptions} from '../types.js';
import {removeOnSignal, removeOwnTemporaries, runControl, syncFolder} from './output/atomic.js';
import type {Io} from './io.js';
import {decodeName, fileUrlOf, fsPath, printable} from './inputs/names.js';
import {runPool, threadFailure, workerModule} from './work/pool.js';
import type {Threads} from './work/pool.js';
import {createProgress} from './output/progress.js';
import {fileUrl, siteEntries} from './inputs/site-files.js';
import type {SiteEntry} from './inputs/site-files.js';
import {nothingDone, runSiteTask} from './work/site-task.js';
import type {SiteMode, SiteResult, SiteTask} from './work/site-task.js';
import {UsageError} from './arguments/usage.js';

/** Files in progress at once on each thread (their reads, writes and fsyncs wait on the disk; each is held whole meanwhile). */
const FILES_PER_THREAD = 16;

/**
 * What the files in progress or waiting for their turn may hold, all threads together: each
 * weighs SITE_FILE_WEIGHT times its size, so the files in flight are bounded by bytes, not
 * only by count (16 files per thread of a 400 MB folder took 1.9 GB). One file at least.
 */
export const SITE_IN_FLIGHT_BYTES = 64 << 20;

/**
 * A file in flight is streamed (site-task.ts), but while it is rewritten the references
 * waiting for a late BASE are held with their output (DOCUMENT_HOLD_EVENTS, DOCUMENT_HOLD_CHARS):
 * an 8.8 MB page of 420,000 links took 160 MB above Node's own, some 18 times its size.
 * Weighed twice its size, eight such pages at -j 2 peaked at 2.4 GB (bench/hostile.ts). A
 * larger file weighs more than the bound and runs alone; what it holds stays bounded.
 */
const SITE_FILE_WEIGHT = 16;

/** The checked command line of a site rewrite. */
export interface SiteCommand {
	to: 'absolute' | 'relative';
	mode: SiteMode;
	/** `--out DIR` (mode `out`). */
	out?: string;
	/** The site's folder URL (`siteFolder`): each file's URL is this plus its path. */
	site?: string;
	/** Relative mode: only targets under this prefix (default: the site URL). */
	scope?: string;
	form?: RelativeForm;
	type?: InputType;
	encoding?: string;
	dialect: Dialect;
	textLinks?: boolean;
	/** `--normalize` (absolute mode). */
	normalize?: boolean;
	/** `--keep-absolute`, `--no-keep-absolute`: the selectors (default KEEP_ABSOLUTE). */
	keepAbsolute?: readonly string[];
	jobs: number;
	paths: readonly string[];
}

/** A site run reads no standard input. */
export type SiteIo = Omit<Io, 'stdin'>;

interface Totals {
	read: number;
	changed: number;
	rewritten: number;
	unchanged: number;
	copied: number;
	removed: number;
	/** Sitemaps, feeds and OPML lists made absolute by `--to relative`. */
	readAway: number;
	/** References `--to relative` kept absolute (canonical, og:image ...: RewriteOptions.keepAbsolute). */
	keptAbsolute: number;
	errors: number;
}

/**
 * Run a site rewrite; resolves to the exit status (0, or 1 when some file failed).
 *
 * @example
 * await runSite({to: 'relative', mode: 'in-place', site: 'https://example.com/docs/', dialect: 'whatwg', jobs: 2, paths: ['dist']}, io);
 */
export async function runSite(command: SiteCommand, io: SiteIo): Promise<number> {
	if (command.paths.length === 0) throw new UsageError('rewrite needs a FILE or FOLDER to rewrite');
	if (command.paths.includes('-'))
		throw new UsageError(
			'standard input ("-") is rewritten to standard output only, without --in-place, --out or --dry-run',
		);
	if (command.mode === 'out') await checkOutFolder(command.out ?? '', command.paths);
	const totals: Totals = {
		read: 0,
		changed: 0,
		rewritten: 0,
		unchanged: 0,
		copied: 0,
		removed: 0,
		readAway: 0,
		keptAbsolute: 0,
		errors: 0,
	};
	const fail = (path: string, message: string): void => {
		totals.errors++;
		io.err(`linkstream rewrite: ${printable(path)}: ${message}`);
	};
	const tasks = await siteTasks(
		command,
		await siteEntries(command.paths, command.type, fail, command.mode !== 'out', (path, message) =>
			io.err(`linkstream rewrite: ${printable(path)}: warning: ${message}`),
		),
		fail,
	);
	const sizes = await documentSizes(tasks);
	const progress = createProgress(
		tasks.length,
		[...sizes.values()].reduce((sum, size) => sum + size, 0),
	);
	const renamed = new Set<string>();
	const onResult = async (task: SiteTask, result: SiteResult): Promise<void> => {
		add(totals, result);
		if (result.renamedIn !== undefined) renamed.add(result.renamedIn);
		for (const warning of result.warnings ?? [])
			io.err(`linkstream rewrite: ${printable(task.entry.path)}: warning: ${warning}`);
		if (result.error !== undefined) fail(task.entry.path, result.error);
		else if (command.mode === 'dry-run' && result.changed)
			await writeLine(
				io.stdout,
				`${printable(task.entry.path)}: ${plural(result.rewritten, 'link')}${readAwayNote(result)}\n`,
			);
		progress.advance(result.bytes);
	};
	const limit = {weight: (task: SiteTask) => SITE_FILE_WEIGHT * (sizes.get(task) ?? 0), max: SITE_IN_FLIGHT_BYTES};
	const stopRemoving = removeOnSignal(new Set(tasks.map(writtenIn).filter(folder => folder !== undefined)));
	try {
		// A few files at a time per thread, so one file's fsync overlaps the next one's rewrite.
		// A thread costs some 20 MB before any work: no more threads than files.
		const threads = command.jobs > 1 && tasks.length > 1 ? Math.min(command.jobs, tasks.length) : 0;
		// A file whose thread ran out of memory is done again alone on a thread of its own under the same
		// heap limit, its dead thread's temporary file removed first; failing again, it is named and left as it was.
		const again = async (task: SiteTask, failure: string, pool: Threads<SiteTask, SiteResult>): Promise<SiteResult> => {
			io.err(
				`linkstream rewrite: ${printable(task.entry.path)}: warning: ${failure}: rewritten again alone on another thread`,
			);
			const clean = (): void => {
				if (writtenIn(task) !== undefined) removeOwnTemporaries(task.out ?? task.entry.path);
			};
			clean();
			try {
				return await pool.redo(task);
			} catch (error) {
				clean();
				const left = command.mode === 'out' ? 'not written' : 'left as it was';
				return {...nothingDone(), error: `${threadFailure(error)} again, alone on a thread: ${left}`};
			}
		};
		await runPool<SiteTask, SiteTask, SiteResult, SiteResult>({
			items: tasks,
			start:
				threads > 0
					? (task, pool) => pool.run(task).catch((error: unknown) => again(task, threadFailure(error), pool))
					: runSiteTask,
			onResult,
			inFlight: threads > 0 ? 2 * threads * FILES_PER_THREAD : FILES_PER_THREAD,
			limit,
			threads,
			worker: workerModule('site-worker'),
			perThread: FILES_PER_THREAD,
		});
	} finally {
		progress.stop();
		stopRemoving();
	}
	for (const folder of renamed) await syncFolder(folder);
	io.err(summary(totals, command.mode));
	return totals.errors > 0 ? 1 : 0;
}

/** The folder where a task writes temporary files, if it writes. */
function writtenIn(task: SiteTask): string | undefined {
	if (task.out !== undefined) return dirname(task.out);
	return task.mode === 'in-place' && task.entry.kind === 'document' ? dirname(task.entry.path) : undefined;
}

/** `--out DIR` may not be an input folder or inside one: the output would be walked as input next time, or overwrite it. */
async function checkOutFolder(out: string, paths: readonly string[]): Promise<void> {
	const target = await realTarget(out);
	for (const path of paths) {
		const info = await stat(path).catch(() => null);
		if (info === null || !info.isDirectory()) continue;
		const folder = await realpath(path);
		if (target === folder || target.startsWith(folder.endsWith(sep) ? folder : folder + sep)) {
			throw new UsageError(
				`--out "${out}" is ${target === folder ? 'the input folder' : 'inside the input folder'} "${path}"; choose a folder outside it, or use --in-place`,
			);
		}
	}
}

/** The real path `path` has or will have: its nearest existing ancestor resolved, plus the rest. */
async function realTarget(path: string): Promise<string> {
	const absolute = resolvePath(path);
	const rest: string[] = [];
	for (let at = absolute; ; ) {
		const real = await realpath(at).catch(() => null);
		if (real !== null) return join(real, ...rest.reverse());
		const parent = resolvePath(at, '..');
		if (parent === at) return absolute;
		rest.push(at.slice(parent.length).replace(/^[\\/]/, ''));
		at = parent;
	}
}

/** The tasks of a run: documents (with their URL), and per mode other files, links, folders, stale temporaries. */
async function siteTasks(
	command: SiteCommand,
	entries: readonly SiteEntry[],
	fail: (path: string, message: string) => void,
): Promise<SiteTask[]> {
	const tasks: SiteTask[] = [];
	const {mode, out} = command;
	if (mode === 'out' && out !== undefined) await mkdir(out, {recursive: true});
	// The output folder's real path, once: nothing under it is written through a symbolic link (out-tree.ts).
	const realRoot =
		mode === 'out' && out !== undefined ? decodeName(await realpath(fsPath(out), {encoding: 'buffer'})) : undefined;
	const written = new Set<string>();
	for (const entry of entries) {
		if (entry.kind !== 'document' && entry.kind !== 'stale' && mode !== 'out') continue;
		if (entry.kind === 'stale' && mode === 'out') continue;
		const task: SiteTask = {entry, mode, control: runControl()};
		if (entry.kind === 'document') task.options = documentOptions(command, entry);
		if (mode === 'out' && out !== undefined) {
			const target = join(out, ...entry.relative.split('/'));
			if (resolvePath(target) === resolvePath(entry.path)) {
				fail(entry.path, 'the output would overwrite the input (use --in-place)');
				continue;
			}
			if (written.has(target)) {
				fail(entry.path, `another input already goes to ${target}`);
				continue;
			}
			written.add(target);
			task.out = target;
			if (realRoot !== undefined) task.place = {root: out, realRoot, relative: entry.relative};
		}
		tasks.push(task);
	}
	return tasks;
}

/** A document's own URL (`--site` plus its path, else its `file:` URL) is both its retrieval URL and where the output lives. */
function documentOptions(command: SiteCommand, entry: SiteEntry & {kind: 'document'}): RewriteOptions {
	const url = command.site === undefined ? fileUrlOf(entry.path) : fileUrl(command.site, entry.relative);
	const options: RewriteOptions = {
		type: entry.type,
		to: command.to,
		dialect: command.dialect,
		retrievalUrl: url,
		documentUrl: url,
	};
	const scope = command.scope ?? command.site;
	if (scope !== undefined) options.scope = scope;
	if (command.form !== undefined) options.form = command.form;
	if (command.encoding !== undefined) options.encoding = command.encoding;
	if (command.textLinks === true) options.textLinks = true;
	if (command.normalize === true) options.normalize = true;
	if (command.keepAbsolute !== undefined) options.keepAbsolute = command.keepAbsolute;
	return options;
}

/** Each document's size, the weight of its task in flight (an unreadable one: 0, its task reports it). */
async function documentSizes(tasks: readonly SiteTask[]): Promise<Map<SiteTask, number>> {
	const sizes = new Map<SiteTask, number>();
	for (const task of tasks)
		if (task.entry.kind === 'document')
			sizes.set(task, (await stat(fsPath(task.entry.path)).catch(() => null))?.size ?? 0);
	return sizes;
}

function add(totals: Totals, result: SiteResult): void {
	if (result.read) totals.read++;
	if (result.changed) totals.changed++;
	if (result.copied) totals.copied++;
	if (result.removed) totals.removed++;
	if (result.readAway !== undefined) totals.readAway++;
	totals.rewritten += result.rewritten;
	totals.unchanged += result.unchanged;
	totals.keptAbsolute += result.keptAbsolute ?? 0;
}

function summary(totals: Totals, mode: SiteMode): string {
	const dry = mode === 'dry-run';
	const parts = [
		`${plural(totals.read, 'file')} read`,
		`${totals.changed} ${dry ? 'would change' : 'changed'}`,
		`${plural(totals.rewritten, 'link')} ${dry ? 'would be rewritten' : 'rewritten'}`,
		`${totals.unchanged} left unchanged`,
	];
	// Said when there are any, as the sitemaps and feeds made absolute are.
	if (totals.keptAbsolute > 0) parts.push(`${totals.keptAbsolute} kept absolute`);
	if (totals.readAway > 0)
		parts.push(
			`${plural(totals.readAway, 'sitemap or feed', 'sitemaps and feeds')} absolute, not relative (read away from the site)`,
		);
	if (mode === 'out') parts.push(`${plural(totals.copied, 'other file')} copied`);
	if (totals.removed > 0)
		parts.push(`${plural(totals.removed, 'stale temporary file')} ${dry ? 'would be removed' : 'removed'}`);
	parts.push(plural(totals.errors, 'error'));
	return `linkstream rewrite${dry ? ' --dry-run' : ''}: ${parts.join(', ')}${dry ? ' (nothing written)' : ''}`;
}

function plural(n: number, noun: string, nouns = `${noun}s`): string {
	return `${n} ${n === 1 ? noun : nouns}`;
}

/** A dry-run line's note for a sitemap or feed that `--to relative` makes absolute. */
function readAwayNote(result: SiteResult): string {
	return result.readAway === undefined
		? ''
		: ` (${result.readAway === 'opml' ? 'OPML list' : result.readAway}: made absolute)`;
}

function writeLine(stream: NodeJS.WritableStream, line: string): Promise<void> | void {
	if (!stream.write(line)) return new Promise(resolve => stream.once('drain', resolve));
}
