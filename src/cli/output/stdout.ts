/**
 * Standard output that fails on write (`>/dev/full`: ENOSPC; a descriptor opened read-only:
 * EBADF; a device error: EIO) ends the run with one line on standard error and status 1,
 * never silently or with a stack trace. A reader that stops early (EPIPE) ends it quietly
 * with status 0 (bin.ts).
 *
 * Standard output on `/dev/null` is success, however it was opened: a shell's `>/dev/null`
 * (write-only), Node's `stdio: 'ignore'` and Python's `subprocess.DEVNULL` (read-write), a
 * shell's `1<>/dev/null`. A parent that runs the command for its exit status discards the
 * output on purpose.
 *
 * Deviation: standard output closed by the shell (`linkstream extract … >&-`) is not
 * detected. Node puts `/dev/null`, opened read-write, in place of a closed descriptor 1
 * before any of our code runs, and nothing then tells it from `stdio: 'ignore'` (the two
 * `/proc/self/fdinfo/1` are the same to the byte: `flags` 02100002, `mnt_id`, `ino`; Linux
 * 6.18, Node 20.20, Python 3.11), so such a run exits 0 with its output discarded. Refusing
 * it would refuse every parent that discards the output on purpose, which is the common case.
 */

/**
 * The one line saying standard output failed (`ENOSPC: no space left on device, write`
 * becomes `linkstream: cannot write to standard output: no space left on device (ENOSPC)`).
 *
 * @example
 * process.stdout.on('error', error => { process.stderr.write(writeFailure(error)); process.exit(1); });
 */
export function writeFailure(error: NodeJS.ErrnoException): string {
	const reason =
		error.code === undefined
			? error.message
			: error.message.replace(new RegExp(`^${error.code}: (.*?)(?:, \\w+)?$`), `$1 (${error.code})`);
	return `linkstream: cannot write to standard output: ${reason}\n`;
}
