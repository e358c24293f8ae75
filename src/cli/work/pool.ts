/**
 * Worker threads for the commands' `--jobs N` (piscina), behind one call, {@link runPool}:
 * items go out in order, results come back in the same order, with a bounded number (and
 * weight) of items in flight so finished but unhandled results stay bounded; the main thread
 * may take tasks too, and a task whose thread failed under it is done again alone.
 */
import {availableParallelism} from 'node:os';
import type {Piscina as PiscinaPool} from 'piscina';
import type {TransferListItem} from 'node:worker_threads';
import {optionError} from '../../options.js';
import {hooks} from './hooks.js';

/**
 * A worker thread's heap, old generation, in MB. Each thread's garbage grows with its heap
 * limit (V8 lets a heap grow up to four times what it keeps live before a full collection,
 * less under a low limit): link-dense files at -j 2 peaked at 293 MB without a limit and
 * 210 MB with this one (bench/hostile.ts). A task that needs more ends its thread with
 * ERR_WORKER_OUT_OF_MEMORY (and the tasks that shared it with it); the pool starts a new
 * thread, and the command does each of those tasks again alone on a thread of its own under
 * the same limit ({@link RedoThread}), naming as failed one that runs out of memory again.
 */
export const THREAD_OLD_SPACE_MB = 256;
/**
 * A worker thread's young generation, in MB (V8's default on 64 bits: 48). A busy thread
 * fills it whatever its input. At 8, nine threads on link-dense files took 25 MB less than
 * at 16, but -j 2 over them took 14 s instead of 12 (10.4 s without limits, at 294 MB
 * rather than 200); on the HTML corpus all three took the same time. At 48, `-j 2` over
 * 1,032 pages collected the thread's young generation 54 times instead of 93, but took no
 * less time (1.05 of 16, paired runs on a busy 2-core machine) and peaked 14 MB higher.
 */
export const THREAD_YOUNG_SPACE_MB = 16;

/**
 * A worker thread's heap limits, decided on the main thread when a pool starts and given to
 * it: tests may set a smaller old generation (hooks.ts, to make a thread run out of memory).
 */
function threadHeap(): {maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number} {
	const test = hooks.threadHeapMb;
	return {
		maxOldGenerationSizeMb: test !== undefined && Number.isInteger(test) && test > 0 ? test : THREAD_OLD_SPACE_MB,
		maxYoungGenerationSizeMb: THREAD_YOUNG_SPACE_MB,
	};
}

/**
 * What to say of a task whose worker thread failed under it: ran out of memory, died, or
 * could not take or give back the task (a task reports its input's own errors in its result).
 *
 * @example
 * threadFailure(Object.assign(new Error('...'), {code: 'ERR_WORKER_OUT_OF_MEMORY'})); // 'its worker thread ran out of memory (256 MB a thread)'
 */
export function threadFailure(error: unknown): string {
	const {code, message} = (error ?? {}) as NodeJS.ErrnoException;
	if (code === 'ERR_WORKER_OUT_OF_MEMORY')
		return `its worker thread ran out of memory (${threadHeap().maxOldGenerationSizeMb} MB a thread)`;
	return `its worker thread failed (${code ?? message ?? String(error)})`;
}

/**
 * The URL of a worker module (`name` without extension) beside this one, or beside the
 * module `beside` (its `import.meta.url`): `.ts` when the command runs from source, `.js`
 * when compiled.
 *
 * @example
 * workerModule('worker'); // 'file:///.../src/cli/work/worker.ts' under tsx
 * workerModule('worker', import.meta.url); // the worker beside the calling module
 */
export function workerModule(name: string, beside = import.meta.url): string {
	const extension = beside.endsWith('.ts') ? '.ts' : '.js';
	return new URL(`./${name}${extension}`, beside).href;
}

/** Items in flight bounded by the sum of their weights (bytes), besides their count; one at least. */
export interface InFlightLimit<Item> {
	weight: (item: Item) => number;
	max: number;
}

/** How an item's start runs a task: on a worker thread (or here), or again alone on a thread of its own. */
export interface Threads<Task, Result> {
	/**
	 * Run a task on a worker thread, or with `here` on this thread when every thread has its
	 * fill; with no threads, run it `here`. `transfer`: what in it moves to a thread (a MessagePort).
	 */
	run(task: Task, transfer?: readonly TransferListItem[]): Promise<Result>;
	/**
	 * Run a task again alone on a worker thread kept for this, once the tasks redone before
	 * it are done ({@link RedoThread}): for a task whose thread failed under it.
	 */
	redo(task: Task, transfer?: readonly TransferListItem[]): Promise<Result>;
}

/** What {@link runPool} runs, and on what. */
export interface PoolRun<Item, Task, Result, Started> {
	/** The items, in order; they may come as they are found (an async iterable): each is taken when there is room for it. */
	items: Iterable<Item> | AsyncIterable<Item>;
	/** Start an item's work (`threads.run` runs a task); what it gives is handed to `onResult` in the item's turn. */
	start: (item: Item, threads: Threads<Task, Result>) => Promise<Started>;
	/** Called in item order, one at a time: the next item waits for the one before to be handled. */
	onResult: (item: Item, started: Started, index: number) => Promise<void> | void;
	/** Items started and not yet handled, at most (finished but unhandled results stay bounded). */
	inFlight: number;
	/** With it, the items in flight weigh at most `limit.max` together (one at least). */
	limit?: InFlightLimit<Item>;
	/** Worker threads (0, the default: none, every task runs `here`). */
	threads?: number;
	/** The worker module (see {@link workerModule}): its default export runs a task. Needed with threads. */
	worker?: string;
	/** Tasks each thread takes at once (default 1; more for tasks that wait on I/O). */
	perThread?: number;
	/**
	 * This thread's way to run a task: with threads, it takes the oldest waiting task when every
	 * thread has its fill (at most HERE_AT_ONCE at a time); without, every task.
	 */
	here?: (task: Task) => Promise<Result>;
}

/**
 * Run `start(item, threads)` for the items with at most `inFlight` started and not yet
 * handled, and hand what each gives to `onResult` in item order. With `threads`, a pool of
 * that many threads of the module `worker` is started first (they load their modules
 * meanwhile) and closed at the end, with the thread kept for redone tasks if one was needed.
 *
 * @example
 * await runPool({
 * 	items: files,
 * 	start: (file, threads) => threads.run({file}),
 * 	onResult: (file, result) => print(result),
 * 	inFlight: 2 * 4 * 2,
 * 	threads: 4,
 * 	worker: workerModule('worker'),
 * 	perThread: 2,
 * });
 */
export async function runPool<Item, Task, Result, Started>(run: PoolRun<Item, Task, Result, Started>): Promise<void> {
	const {threads = 0, worker, perThread = 1, here} = run;
	if (threads > 0 && worker === undefined) throw new Error('runPool: threads without a worker module');
	const pool = threads > 0 ? await openPool<Task, Result>(worker!, threads, perThread) : undefined;
	const redo = worker === undefined ? undefined : new RedoThread<Task, Result>(worker);
	const shared =
		pool !== undefined && here !== undefined ? new SharedTasks(pool, threads * perThread, here) : undefined;
	const runner: Threads<Task, Result> = {
		run: (task, transfer) => {
			if (shared !== undefined) return shared.run(task, transfer);
			if (pool !== undefined) return pool.run(task, transfer);
			if (here !== undefined) return here(task);
			return Promise.reject(new Error('runPool: no threads and no way to run a task here'));
		},
		redo: (task, transfer) =>
			redo === undefined
				? Promise.reject(new Error('runPool: no worker module to redo a task on'))
				: redo.run(task, transfer),
	};
	try {
		await inOrder(run, item => run.start(item, runner));
	} finally {
		await pool?.close();
		await redo?.close();
	}
}

/** A started pool of worker threads (see {@link openPool}). */
interface Pool<Task, Result> {
	/** Run a task; `transfer`: what in it moves to the thread (a MessagePort). */
	run(task: Task, transfer?: readonly TransferListItem[]): Promise<Result>;
	close(): Promise<void>;
}

/**
 * Start `jobs` threads of the module `filename` now (they load their modules meanwhile),
 * each taking up to `perThread` tasks at once. More than one task per thread means tasks
 * that wait on I/O, so a thread must not block between tasks: piscina's default `atomics:
 * 'sync'` waits in Atomics.wait once a task is done, and the thread's other tasks' file
 * reads and writes then wait for the next message.

 */
async function openPool<Task, Result>(filename: string, jobs: number, perThread: number): Promise<Pool<Task, Result>> {
	// All threads from the start, kept until the end: a thread started per task would load the modules each time.
	const {Piscina} = await import('piscina');
	const pool: PiscinaPool<Task, Result> = new Piscina<Task, Result>({
		filename,
		maxThreads: jobs,
		minThreads: jobs,
		idleTimeout: 60_000,
		concurrentTasksPerWorker: perThread,
		resourceLimits: threadHeap(),
		...(perThread > 1 ? {atomics: 'disabled' as const} : {}),
	});
	// Each thread's own standard output and error are piped into the process's, a 'close'
	// listener on each per thread (worker_threads): past 10 threads, not a leak to warn of.
	const streams = [process.stdout, process.stderr];
	for (const stream of streams) stream.setMaxListeners(stream.getMaxListeners() + jobs);
	return {
		run: (task, transfer) => pool.run(task, transfer === undefined ? {} : {transferList: transfer as never}),
		close: async () => {
			await pool.destroy();
			for (const stream of streams) stream.setMaxListeners(stream.getMaxListeners() - jobs);
		},
	};
}

/**
 * Start `start(item)` for the items with at most `inFlight` running, and hand the results
 * to `onResult` in item order (finished but unhandled results stay bounded by `inFlight`);
 * each item is taken when there is room for it.
 */
async function inOrder<Item, Started>(
	{
		items,
		onResult,
		inFlight,
		limit,
	}: Pick<PoolRun<Item, never, never, Started>, 'items' | 'onResult' | 'inFlight' | 'limit'>,
	start: (item: Item) => Promise<Started>,
): Promise<void> {
	const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
	const pending: Array<{item: Item; result: Promise<Started>; weight: number}> = [];
	let held = 0;
	let next: IteratorResult<Item> | undefined;
	/** Start items while fewer than `inFlight` are held and (with `limit`) their weight allows; one at least. */
	const fill = async (): Promise<void> => {
		while (pending.length < inFlight) {
			next ??= await iterator.next();
			if (next.done === true) return;
			const weight = limit?.weight(next.value) ?? 0;
			if (limit !== undefined && pending.length > 0 && held + weight > limit.max) return;
			const item = next.value;
			next = undefined;
			held += weight;
			const result = start(item);
			result.catch(() => undefined); // a rejection is seen when its turn comes, not as unhandled before
			pending.push({item, result, weight});
		}
	};
	await fill();
	for (let index = 0; pending.length > 0; index++) {
		const {item, result, weight} = pending.shift()!;
		const value = await result;
		await fill();
		await onResult(item, value, index);
		// An item weighs until it is handled: a result may be streamed while it is.
		held -= weight;
		await fill();
	}
}

/**
 * The most `--jobs` allowed. Each thread costs its own heap (about 10 MB before work) and
 * its share of the bytes in flight; past the cores it only adds memory (`-j 256` took 4 GB on
 * 2 cores), and 16 threads keep a run within its memory budget.
 */
export const MAX_JOBS = 16;

/**
 * `--jobs N`: a whole number from 1 to {@link MAX_JOBS} (more is a usage error); default the
 * number of cores, at most MAX_JOBS.
 *
 * @example
 * checkJobs('2'); // 2
 * checkJobs('256'); // throws OptionError: --jobs: expected a whole number from 1 to 16 ...
 */
export function checkJobs(jobs: string | undefined): number {
	if (jobs === undefined) return Math.min(availableParallelism(), MAX_JOBS);
	const n = Number(jobs);
	if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS)
		throw optionError('--jobs', `a whole number from 1 to ${MAX_JOBS} (the maximum)`, jobs);
	return n;
}

/** Tasks this thread runs at once beside a pool's threads (see {@link SharedTasks}). */
const HERE_AT_ONCE = 2;

/**
 * Tasks shared between a pool's threads and this thread: the threads are kept full
 * (`perThread` tasks each), and this thread takes the oldest waiting task only when it has
 * nothing else to do (at most HERE_AT_ONCE at a time), so it never holds up a thread that
 * could start one.
 */
class SharedTasks<Task, Result> {
	private readonly pool: Pool<Task, Result>;
	private readonly capacity: number;
	private readonly local: (task: Task) => Promise<Result>;
	private readonly queue: Array<{
		task: Task;
		transfer: readonly TransferListItem[] | undefined;
		resolve: (result: Result) => void;
		reject: (error: unknown) => void;
	}> = [];
	private inPool = 0;
	private inLocal = 0;
	private scheduled = false;

	constructor(pool: Pool<Task, Result>, capacity: number, local: (task: Task) => Promise<Result>) {
		this.pool = pool;
		this.capacity = capacity;
		this.local = local;
	}

	/** Run a task here or on a thread; `transfer` moves to the thread if it goes to one. */
	run(task: Task, transfer?: readonly TransferListItem[]): Promise<Result> {
		return new Promise((resolve, reject) => {
			this.queue.push({task, transfer, resolve, reject});
			this.pump();
		});
	}

	private pump(): void {
		while (this.queue.length > 0 && this.inPool < this.capacity) {
			const job = this.queue.shift()!;
			this.inPool++;
			this.pool.run(job.task, job.transfer).then(
				result => this.settle(job.resolve, result, 'pool'),
				(error: unknown) => this.settle(job.reject, error, 'pool'),
			);
		}
		// This thread's turn comes after pending I/O and messages (a thread's result, its next task).
		if (this.queue.length > 0 && this.inLocal < HERE_AT_ONCE && !this.scheduled) {
			this.scheduled = true;
			setImmediate(() => {
				this.scheduled = false;
				this.pump();
				const job = this.inLocal < HERE_AT_ONCE ? this.queue.shift() : undefined;
				if (job === undefined) return;
				this.inLocal++;
				this.local(job.task).then(
					result => this.settle(job.resolve, result, 'local'),
					(error: unknown) => this.settle(job.reject, error, 'local'),
				);
			});
		}
	}

	private settle<T>(settle: (value: T) => void, value: T, where: 'pool' | 'local'): void {
		if (where === 'pool') this.inPool--;
		else this.inLocal--;
		settle(value);
		this.pump();
	}
}

/**
 * Tasks whose worker thread failed under them (ran out of memory), done again one at a time,
 * each alone on a worker thread kept for this (started at the first, with the same heap
 * limits as the pool's): never on the main thread, whose heap has no such bound (a page
 * redone there took 4.3 GB and aborted the run). V8 does not say which of the tasks sharing
 * a thread ran it out of memory, so each is done again alone; one that fails alone too is
 * beyond the bound.
 */
class RedoThread<Task, Result> {
	private readonly filename: string;
	private pool: Promise<Pool<Task, Result>> | undefined;
	private turn: Promise<unknown> = Promise.resolve();

	constructor(filename: string) {
		this.filename = filename;
	}

	/** Run `task` once the tasks given before are done (`transfer`: what moves to the thread). */
	run(task: Task, transfer?: readonly TransferListItem[]): Promise<Result> {
		const result = this.turn.then(async () => {
			this.pool ??= openPool<Task, Result>(this.filename, 1, 1);
			return (await this.pool).run(task, transfer);
		});
		this.turn = result.catch(() => undefined);
		return result;
	}

	async close(): Promise<void> {
		if (this.pool !== undefined) await (await this.pool).close();
	}
}
