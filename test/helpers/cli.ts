/** Run the linkstream command from source (no build needed) and capture its output. */
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
	status: number | null;
	stdout: string;
	stderr: string;
}

export function runCli(args: readonly string[], input?: string | Buffer): CliResult {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
		cwd: root,
		input,
		encoding: 'utf8',
		timeout: 60_000,
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}
