/**
 * `checkSite`: every broken reference of a built site, found the way a browser resolves it
 * and looked up the way a static server serves it.
 *
 * The folder is walked once (site-map.ts: every file and folder is a possible target); its
 * documents (HTML, XHTML, CSS, SVG and other XML, feeds, sitemaps) are read in walk order,
 * `jobs` at once (src/cli/work/pool.ts: the worker pool `extract -j` uses), each read once: its
 * references and the names its fragments can target come from the same pass (read.ts).
 *
 * Order and memory: a document's findings come when its turn in walk order comes, except
 * a missing fragment in a document later in walk order, which comes when that document is
 * read, and external findings, which come when their URL's answer does. Held meanwhile:
 * one entry per file and folder, the fragment names of the documents read, references
 * waiting for a later document's names, and one answer per external URL; never a
 * document's text.
 */
import {stat} from 'node:fs/promises';
import {basename, dirname, resolve as resolvePath} from 'node:path';
import {pathToFileURL} from 'node:url';
import {checkDialect, optionError} from '../options.js';
import {escapeComponent} from '../uri/index.js';
import {segmentOctets} from '../cli/inputs/names.js';
import {runPool, workerModule} from '../cli/work/pool.js';
import {siteFolder} from '../cli/inputs/site-files.js';
import type {Dialect, InputType} from '../types.js';
import {ExternalChecker} from './external.js';
import {fragmentFound, hasFragments} from './fragment.js';
import {readDocument, type ReadResult, type ReadTask, type Reference} from './read.js';
import {SiteMap, type SiteFile} from './site-map.js';
import type {CheckOptions, CheckProblem, CheckSummary, Finding} from './types.js';

export type {CheckOptions, CheckProblem, CheckSummary, ExternalOptions, Finding} from './types.js';

/** Documents read ahead of the one whose references are being looked up (one job). */
const READ_AHEAD = 8;
/** Tasks each worker thread holds at once. */
const TASKS_PER_THREAD = 4;
/** Findings made but not yet taken by the caller: past this the reading waits. */
const QUEUED_FINDINGS = 1024;

/** A run of `checkSite`: its findings as an async iterable, and once they are all given, its summary. */
export interface CheckRun extends AsyncIterable<Finding> {
	/** Complete once the iteration has ended. */
	readonly summary: CheckSummary;
}

/**
 * Check the site in the folder `root` (or, a file named, that file, its folder being the
 * site): each broken reference is a {@link Finding}.
 *
 * @example
 * const run = checkSite('dist', {site: 'https://example.com/'});
 * for await (const finding of run) console.log(finding.file, finding.line, finding.url, finding.problem);
 * console.log(run.summary); // {files: 120, failed: 0, checked: 5400, broken: 2, skipped: 800}
 */
export function checkSite(root: string, options: CheckOptions = {}): CheckRun {
	const summary: CheckSummary = {files: 0, failed: 0, checked: 0, broken: 0, skipped: 0};
	const settings = checkOptions(options);
	return {
		summary,
		[Symbol.asyncIterator]: () => findings(root, settings, options, summary)[Symbol.asyncIterator](),
	};
}

interface Settings {
	dialect: Dialect;
	site: string | undefined;
	indexFiles: readonly string[];
	cleanUrls: boolean;
	inert: boolean;
	jobs: number;
}

function checkOptions(options: CheckOptions): Settings {
	if (options === null || typeof options !== 'object')
		throw optionError('options', 'an object such as {site: "https://example.com/"}', options);
	const dialect = checkDialect(options.dialect);
	let site: string | undefined;
	if (options.site !== undefined) {
		site = typeof options.site === 'string' ? (siteFolder(options.site, dialect) ?? undefined) : undefined;
		if (site === undefined)
			throw optionError(
				'site',
				'an absolute URL of a folder such as "https://example.com/docs/" (no query or fragment)',
				options.site,
			);
	}
	const indexFiles = options.indexFiles ?? ['index.html'];
	if (
		!Array.isArray(indexFiles) ||
		indexFiles.length === 0 ||
		!indexFiles.every(name => typeof name === 'string' && name !== '' && !name.includes('/'))
	) {
		throw optionError('indexFiles', 'a list of file names such as ["index.html"]', indexFiles);
	}
	if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
		throw optionError('onWarning', 'a function', options.onWarning);
	const jobs = options.jobs ?? 1;
	if (!Number.isInteger(jobs) || jobs < 1 || jobs > 16) throw optionError('jobs', 'a whole number from 1 to 16', jobs);
	return {dialect, site, indexFiles, cleanUrls: options.cleanUrls === true, inert: options.inert === true, jobs};
}

/** The URL a file is served at: the site folder plus its path, each segment escaped as a literal name; an index file is its folder's URL. */
function servedUrl(folder: string, relative: string, indexFiles: readonly string[]): string {
	const segments = relative.split('/');
	if (indexFiles.includes(segments.at(-1)!)) segments[segments.length - 1] = '';
	return folder + segments.map(segment => escapeComponent(segmentOctets(segment), 'segment')).join('/');
}

/** A reference waiting for the names of a document later in walk order. */
interface Waiting {
	file: string;
	reference: Reference;
}

async function* findings(
	root: string,
	settings: Settings,
	options: CheckOptions,
	summary: CheckSummary,
): AsyncGenerator<Finding> {
	const queue = new FindingQueue();
	const work = run(root, settings, options, summary, queue).then(
		() => queue.close(),
		(error: unknown) => queue.close(error),
	);
	try {
		yield* queue;
	} finally {
		queue.abandon();
		await work;
	}
}

async function run(
	root: string,
	settings: Settings,
	options: CheckOptions,
	summary: CheckSummary,
	queue: FindingQueue,
): Promise<void> {
	const info = await stat(root);
	const folder = info.isDirectory() ? root : dirname(root);
	const only = info.isDirectory() ? options.only : [basename(root)];
	const site = settings.site ?? `${pathToFileURL(resolvePath(folder)).href.replace(/\/$/, '')}/`;
	const map = new SiteMap(settings.indexFiles, settings.cleanUrls);
	// The whole walk first: every file is a target before any reference is looked up.
	const documents: Array<SiteFile & {type: InputType}> = [];
	/** Documents not to read (files named: the others of their folder), as fragment targets. */
	const others = new Map<string, SiteFile & {type: InputType}>();
	const wanted = only === undefined ? undefined : new Set(only);
	for await (const file of map.walk(folder)) {
		if (file.type === undefined) continue;
		if (wanted === undefined || wanted.has(file.relative)) documents.push(file as SiteFile & {type: InputType});
		else others.set(file.relative, file as SiteFile & {type: InputType});
	}
	const sizes = await Promise.all(documents.map(async file => (await stat(file.path).catch(() => null))?.size ?? 0));
	options.onStart?.(
		documents.length,
		sizes.reduce((a, b) => a + b, 0),
	);
	const external =
		options.external === undefined || options.external === false
			? undefined
			: new ExternalChecker(options.external === true ? {} : options.external);
	await external?.open();
	const task = (file: SiteFile & {type: InputType}): ReadTask => ({
		path: file.path,
		relative: file.relative,
		id: file.id,
		type: file.type,
		url: servedUrl(site, file.relative, settings.indexFiles),
		site,
		dialect: settings.dialect,
		external: external !== undefined,
		inert: settings.inert,
	});
	/** Fragment names of each document read, by its path under the root. */
	const names = new Map<string, ReadonlySet<string>>();
	const types = new Map([...documents, ...others.values()].map(file => [file.relative, file.type]));
	/** References into a document not read yet, by its path. */
	const waiting = new Map<string, Waiting[]>();
	const externals: Array<Promise<void>> = [];
	const report = (file: string, reference: Reference, problem: CheckProblem, extra?: Partial<Finding>): void => {
		summary.broken++;
		queue.push({file, ...reference.link, problem, ...extra});
	};
	const lookUp = (file: SiteFile, reference: Reference): void => {
		summary.checked++;
		if (reference.invalid === true) {
			report(file.path, reference, 'invalid-url');
			return;
		}
		if (reference.external === true) {
			const url = reference.link.url!;
			externals.push(
				external!.check(url.replace(/#.*$/s, '')).then(verdict => {
					if (verdict !== null) report(file.path, reference, verdict.problem, verdict.extra);
				}),
			);
			return;
		}
		const served = map.serve(reference.path!);
		if ('problem' in served) {
			report(file.path, reference, served.problem);
			return;
		}
		if (reference.fragment === undefined) return;
		const type = types.get(served.file);
		if (!hasFragments(type)) return; // not a document (an image, a PDF), or one not read: the file's existence is all
		const known = names.get(served.file);
		if (known === undefined) {
			const list = waiting.get(served.file) ?? [];
			list.push({file: file.path, reference});
			waiting.set(served.file, list);
		} else if (!fragmentFound(reference.fragment, type!, known)) report(file.path, reference, 'missing-fragment');
	};
	const onResult = async (index: number, result: ReadResult): Promise<void> => {
		const file = documents[index]!;
		for (const error of result.errors) options.onError?.(file.path, error);
		for (const warning of result.warnings) options.onWarning?.(file.path, warning);
		if (result.errors.length > 0) summary.failed++;
		else summary.files++;
		summary.skipped += result.skipped;
		if (hasFragments(file.type)) {
			const own = new Set(result.names);
			names.set(file.relative, own);
			// References read earlier, into this document.
			for (const {file: from, reference} of waiting.get(file.relative) ?? []) {
				if (!fragmentFound(reference.fragment!, file.type, own)) report(from, reference, 'missing-fragment');
			}
			waiting.delete(file.relative);
		}
		for (const reference of result.references) lookUp(file, reference);
		options.onFile?.(file.path, sizes[index] ?? 0);
		await queue.ready();
	};
	const indexes = documents.map((_, index) => index);
	try {
		// The main thread is one of the jobs: it reads a document when every worker thread has its fill.
		const threads = settings.jobs > 1 && documents.length > 1 ? Math.min(settings.jobs - 1, documents.length) : 0;
		await runPool<number, ReadTask, ReadResult, ReadResult>({
			items: indexes,
			start: (index, pool) => pool.run(task(documents[index]!)),
			onResult,
			inFlight: threads > 0 ? 2 * settings.jobs * TASKS_PER_THREAD : READ_AHEAD,
			threads,
			worker: workerModule('worker', import.meta.url),
			perThread: TASKS_PER_THREAD,
			here: readDocument,
		});
		// Files named: the documents their fragments point into, read for their names only.
		for (const [target, list] of waiting) {
			const file = others.get(target);
			if (file === undefined) continue; // a document that could not be read: its fragments are not checked
			const own = new Set((await readDocument(task(file))).names);
			for (const {file: from, reference} of list)
				if (!fragmentFound(reference.fragment!, file.type, own)) report(from, reference, 'missing-fragment');
			await queue.ready();
		}
		waiting.clear();
		await Promise.all(externals);
	} finally {
		await external?.close();
	}
}

/** Findings between the run that makes them and the caller that takes them, at most QUEUED_FINDINGS waiting. */
class FindingQueue implements AsyncIterable<Finding> {
	private readonly items: Finding[] = [];
	private closed = false;
	private failure: unknown;
	private abandoned = false;
	private wake: (() => void) | undefined;
	private room: (() => void) | undefined;

	push(finding: Finding): void {
		if (this.abandoned) return;
		this.items.push(finding);
		this.signal();
	}

	/** Undefined while there is room; else a promise of room. */
	ready(): Promise<void> | undefined {
		if (this.items.length < QUEUED_FINDINGS || this.abandoned) return undefined;
		return new Promise(resolve => {
			this.room = resolve;
		});
	}

	close(error?: unknown): void {
		this.closed = true;
		this.failure = error;
		this.signal();
	}

	/** The caller stopped iterating: drop what comes. */
	abandon(): void {
		this.abandoned = true;
		this.items.length = 0;
		this.room?.();
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<Finding> {
		for (;;) {
			if (this.items.length > 0) {
				const batch = this.items.splice(0);
				const room = this.room;
				this.room = undefined;
				room?.();
				yield* batch;
				continue;
			}
			if (this.closed) {
				if (this.failure !== undefined) throw this.failure;
				return;
			}
			await new Promise<void>(resolve => {
				this.wake = resolve;
			});
		}
	}

	private signal(): void {
		const wake = this.wake;
		this.wake = undefined;
		wake?.();
	}
}
