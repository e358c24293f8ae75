/**
 * A pause for the file-system tests (test/cli/fs-hostile.test.ts), which must change a
 * file at a given moment of a run to check what the command does then: with
 * `LINKSTREAM_TEST_PAUSE=STAGE`, the first time the main thread reaches STAGE it writes
 * `linkstream: paused at STAGE` to standard error and waits for a line on standard input.
 * Unset (always, outside the tests), it costs one comparison.
 */
import {isMainThread} from 'node:worker_threads';

/** Where a run can pause: after the walk before a file is opened, once the first file is opened before it is read (`read`), or (its temporary file written) before the rename that replaces it. */
export type PauseStage = 'open' | 'read' | 'rename';

const ENV = 'LINKSTREAM_TEST_PAUSE';
let paused = false;

/**
 * Pause at `stage` if the environment asks for it (once per run).
 *
 * @example
 * await testPause('rename');
 */
export async function testPause(stage: PauseStage): Promise<void> {
	if (process.env[ENV] !== stage || paused || !isMainThread) return;
	paused = true;
	process.stderr.write(`linkstream: paused at ${stage}\n`);
	await new Promise<void>(resolve => {
		process.stdin.once('data', () => {
			process.stdin.pause();
			resolve();
		});
	});
}
