/**
 * Test seams of the command, set by the tests' own entry (test/helpers/cli-entry.ts) before
 * it runs the command, never read from the environment: the shipped command (bin.ts) sets
 * none, so no exported variable can make it pause or change its threads' heap. A worker
 * thread has its own copy of this module, left at the defaults: what a thread must know
 * (its heap) is decided on the main thread and given to the pool.
 */

/** Where a run can pause: after the walk before a file is opened, once the first file is opened before it is read (`read`), or (its temporary file written) before the rename that replaces it. */
export type PauseStage = 'open' | 'read' | 'rename';

export interface Hooks {
	/** Pause the main thread the first time it reaches this stage (src/cli/work/test-pause.ts); none by default. */
	pause: PauseStage | undefined;
	/** A worker thread's old generation in MB instead of pool.ts THREAD_OLD_SPACE_MB (to make a thread run out of memory); none by default. */
	threadHeapMb: number | undefined;
}

/** The seams in force: no pause, the production heap limits, unless a test entry set them. */
export const hooks: Hooks = {pause: undefined, threadHeapMb: undefined};
