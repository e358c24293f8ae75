/**
 * warcio writes some of its findings with `console.warn` ("Content-Length Too Small: Record
 * not followed by newline, ..."): on the command's standard error they would come
 * unprefixed, naming no file. While a WARC input is read through {@link withWarcioWarnings},
 * such a line goes to that input's warning report instead (`linkstream extract: PATH:
 * warning: warcio: ...`).
 *
 * warcio's known warning is given to the reader of the input whose parser wrote it, with
 * the file's offset (archive/warc/warnings.ts, the `onWarning` option of extractWarc), even
 * when a worker thread reads several WARC inputs, or ranges of one (`-j N`), at once. Any
 * other line written while WARC inputs are read goes here: to the one input's report, or
 * when several are read to standard error prefixed `linkstream: warning: warcio:`, naming
 * none. (AsyncLocalStorage cost 10–25% of the CPU time of every WARC read, Node 20's promise hooks.)
 * `console.warn` is replaced once, for the life of the process, by a function that passes
 * every call made while no WARC input is read to the original unchanged.
 */
import {format} from 'node:util';

/** The warning reports of the WARC inputs being read on this thread. */
const reading = new Set<(message: string) => void>();
let installed = false;

/**
 * Run `read` (a WARC read) with warcio's `console.warn` lines going to `onWarning`.
 *
 * @example
 * await withWarcioWarnings(() => drain(extractWarc(source)), message => warn(path, message));
 */
export async function withWarcioWarnings<T>(read: () => Promise<T>, onWarning: (message: string) => void): Promise<T> {
	install();
	const report = (message: string): void => onWarning(message); // its own identity, however often the same function is given
	reading.add(report);
	try {
		return await read();
	} finally {
		reading.delete(report);
	}
}

function install(): void {
	if (installed) return;
	installed = true;
	const original = console.warn.bind(console);
	console.warn = (...args: unknown[]): void => {
		if (reading.size === 0) {
			original(...args);
			return;
		}
		const message = `warcio: ${format(...args)}`;
		const [only] = reading;
		if (reading.size === 1 && only !== undefined) only(message);
		else process.stderr.write(`linkstream: warning: ${message}\n`);
	};
}
