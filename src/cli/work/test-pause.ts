/**
 * A pause for the file-system tests (test/cli/fs-hostile.test.ts), which must change a
 * file at a given moment of a run to check what the command does then: with
 * `hooks.pause = STAGE` (set by the tests' entry, test/helpers/cli-entry.ts; never from the
 * environment), the first time the main thread reaches STAGE it writes
 * `linkstream: paused at STAGE` to standard error and waits for a line on standard input.
 * Unset (always, in the shipped command), it costs one comparison.
 */
import {isMainThread} from 'node:worker_threads';
import {hooks} from './hooks.js';
import type {PauseStage} from './hooks.js';

export type {PauseStage} from './hooks.js';

let paused = false;

/**
 * Pause at `stage` if the tests' entry asked for it (once per run).
 *
 * @example
 * await testPause('rename');
 */
export async function testPause(stage: PauseStage): Promise<void> {
	if (hooks.pause !== stage || paused || !isMainThread) return;
	paused = true;
	process.stderr.write(`linkstream: paused at ${stage}\n`);
	await new Promise<void>(resolve => {
		process.stdin.once('data', () => {
			process.stdin.pause();
			resolve();
		});
	});
}
