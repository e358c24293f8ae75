/**
 * The tests' entry to the command: sets the command's test seams (src/cli/work/hooks.ts), then runs
 * the shipped entry (src/cli/bin.ts) unchanged. The seams come as options before `--`, the
 * command's own arguments after it:
 *
 *   node --import tsx test/helpers/cli-entry.ts [--pause STAGE] [--thread-heap-mb N] -- extract site/
 *
 * `--pause STAGE`: stop the first time the main thread reaches STAGE (open, read, rename),
 * write `linkstream: paused at STAGE` to standard error and wait for a line on standard input.
 * `--thread-heap-mb N`: each worker thread's old generation, N MB.
 */
import {hooks} from '../../src/cli/work/hooks.js';
import type {PauseStage} from '../../src/cli/work/hooks.js';

const STAGES: readonly PauseStage[] = ['open', 'read', 'rename'];

function fail(message: string): never {
	process.stderr.write(`cli-entry: ${message}\n`);
	process.exit(2);
}

const end = process.argv.indexOf('--', 2);
if (end === -1) fail("expected the seams, then -- and the command's arguments");
const seams = process.argv.slice(2, end);
for (let i = 0; i < seams.length; i += 2) {
	const [name, value] = [seams[i], seams[i + 1]];
	if (value === undefined) fail(`${name}: expected a value`);
	if (name === '--pause') {
		if (!STAGES.includes(value as PauseStage)) fail(`--pause: expected one of ${STAGES.join(', ')}, got ${value}`);
		hooks.pause = value as PauseStage;
	} else if (name === '--thread-heap-mb') {
		const mb = Number(value);
		if (!Number.isInteger(mb) || mb < 1) fail(`--thread-heap-mb: expected a whole number of MB, got ${value}`);
		hooks.threadHeapMb = mb;
	} else fail(`unknown seam ${name}`);
}
// The command reads its arguments from process.argv (bin.ts): leave only its own.
process.argv.splice(2, end - 1);
await import('../../src/cli/bin.js');
