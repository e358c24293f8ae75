/**
 * Standard output that cannot take the command's output: closed when the command started
 * (`linkstream extract … >&-`), or failing on write (`>/dev/full`). Either ends the run
 * with one line on standard error and status 1, never silently or with a stack trace.
 * A closed one fails only a run whose product goes there (see {@link refuseClosedOutput}).
 */
import {fstatSync, readFileSync, statSync} from 'node:fs';

/** `O_ACCMODE` and `O_RDWR` (Linux, asm-generic/fcntl.h). */
const ACCESS_MODE = 0o3;
const READ_WRITE = 0o2;

/** The line a run whose product goes to a closed standard output ends with (status 1). */
export const CLOSED_OUTPUT = 'linkstream: standard output is closed; redirect it to a file or to /dev/null';

/**
 * Whether standard output was closed when the process started. Node puts `/dev/null`,
 * opened read-write, in place of a closed descriptor 1; a shell's `>/dev/null` opens it
 * write-only. Linux only (`/proc/self/fdinfo`); elsewhere false.
 *
 * Deviation: a parent that starts the command with its standard output on `/dev/null`
 * opened read-write looks the same, and nothing tells the two apart: Node's `stdio:
 * 'ignore'` (libuv opens `/dev/null` O_RDWR for descriptors 1 and 2), Python's
 * `subprocess.DEVNULL` (one O_RDWR descriptor), a shell's `1<>/dev/null`. Their
 * `/proc/self/fdinfo/1` is the same to the byte (`pos`, `flags` 02100002, `mnt_id`, `ino`;
 * checked on Linux 6.18, Node 20.20, Python 3.11), fd 1 keeps no trace of who opened it,
 * and descriptors 0 and 2 may be anything in either case. So only a run whose product goes
 * to standard output consults this ({@link refuseClosedOutput}); there such a parent gets
 * status 1 (it discards what it asked for; `stdio: ['pipe', fs.openSync('/dev/null', 'w'),
 * 'pipe']` or `>/dev/null` gives status 0).
 *
 * @example
 * if (standardOutputClosed()) err(CLOSED_OUTPUT);
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
 * For a run whose product goes to standard output (`extract`, `rewrite` of a file or `-`,
 * `resolve`, `relativize`), once its arguments are checked (a usage error stays status 2):
 * whether standard output is closed, said in one line through `err`; the run then ends
 * with status 1 before it reads anything. Runs whose product goes elsewhere (`rewrite
 * --in-place`, `--out DIR`, `--dry-run`, whose summary is on standard error) and `--help`,
 * `--version` never ask, so a parent that discards their standard output gets status 0.
 *
 * @example
 * if (refuseClosedOutput(io.err)) return 1;
 */
export function refuseClosedOutput(err: (line: string) => void): boolean {
	if (!standardOutputClosed()) return false;
	err(CLOSED_OUTPUT);
	return true;
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
