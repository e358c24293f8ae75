/**
 * Standard output that cannot take the command's output: closed when the command started
 * (`linkstream extract … >&-`), or failing on write (`>/dev/full`). Either ends the run
 * with one line on standard error and status 1, never silently or with a stack trace.
 */
import {fstatSync, readFileSync, statSync} from 'node:fs';

/** `O_ACCMODE` and `O_RDWR` (Linux, asm-generic/fcntl.h). */
const ACCESS_MODE = 0o3;
const READ_WRITE = 0o2;

/**
 * Whether standard output was closed when the process started. Node puts `/dev/null`,
 * opened read-write, in place of a closed descriptor 1; a shell's `>/dev/null` opens it
 * write-only. Linux only (`/proc/self/fdinfo`); elsewhere false.
 *
 * Deviation: a parent that starts the command with its standard output set to "ignore"
 * (Node's `stdio: 'ignore'`, which opens `/dev/null` read-write too) looks the same.
 *
 * @example
 * if (standardOutputClosed()) err('linkstream: standard output is closed');
 */
export function standardOutputClosed(): boolean {
	try {
		const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'))?.[1];
		if (flags === undefined || (Number.parseInt(flags, 8) & ACCESS_MODE) !== READ_WRITE) return false;
		const out = fstatSync(1);
		return out.isCharacterDevice() && out.rdev === statSync('/dev/null').rdev;
	} catch {
		return false;
	}
}

/**
 * The one line saying standard output failed (`ENOSPC: no space left on device, write`
 * becomes `linkstream: cannot write to standard output: no space left on device (ENOSPC)`).
 *
 * @example
 * process.stdout.on('error', error => { process.stderr.write(writeFailure(error)); process.exit(1); });
 */
export function writeFailure(error: NodeJS.ErrnoException): string {
	const reason = error.code === undefined ? error.message : error.message.replace(new RegExp(`^${error.code}: (.*?)(?:, \\w+)?$`), `$1 (${error.code})`);
	return `linkstream: cannot write to standard output: ${reason}\n`;
}
