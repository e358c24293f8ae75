/**
 * Run the command from source paused at a stage of its run (src/cli/work/test-pause.ts), through
 * the tests' entry (cli-entry.ts, which sets the pause), so a test can change the file system
 * at that moment and see what the command does then.
 */
import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A run still going after this long is stuck (ava's own timeout is 2 minutes). */
const HANG_MS = 90_000;

export interface PausedExit {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export interface Paused {
	/** Resolves once the run has paused at the stage. */
	paused: Promise<void>;
	resume(): void;
	signal(name: NodeJS.Signals): void;
	exit: Promise<PausedExit>;
}

/**
 * Start the command paused at `stage` (the tests' entry, `--pause stage`).
 *
 * @example
 * const run = runPaused('open', ['extract', 'site']);
 * await run.paused; // change files here
 * run.resume();
 * const {code, stdout, stderr} = await run.exit;
 */
export function runPaused(stage: 'open' | 'read' | 'rename', args: readonly string[]): Paused {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'test/helpers/cli-entry.ts', '--pause', stage, '--', ...args],
		{cwd: repo, stdio: ['pipe', 'pipe', 'pipe']},
	);
	let stdout = '';
	let stderr = '';
	let onPause: () => void = () => undefined;
	const paused = new Promise<void>(resolve => (onPause = resolve));
	child.stderr.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
		if (stderr.includes(`linkstream: paused at ${stage}\n`)) onPause();
	});
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	// A run that hangs (blocked on a FIFO) is killed rather than left behind the test: it then fails on its signal.
	const guard = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
	guard.unref();
	const exit = new Promise<PausedExit>(resolve =>
		child.once('close', (code, signal) => {
			clearTimeout(guard);
			resolve({code, signal, stdout, stderr});
		}),
	);
	// A run that ends without pausing (no pause in it) must not leave the test waiting.
	const pausedOrExited = Promise.race([
		paused,
		exit.then(({stderr: text}) => Promise.reject(new Error(`the run ended without pausing at ${stage}: ${text}`))),
	]);
	return {paused: pausedOrExited, resume: () => child.stdin.end('\n'), signal: name => child.kill(name), exit};
}
