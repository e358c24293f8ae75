/**
 * warcio writes some of its findings with `console.warn` ("Content-Length Too Small: Record
 * not followed by newline, ..."): on the command's standard error they would come
 * unprefixed, naming no file. While a WARC input is read through {@link withWarcioWarnings},
 * such a line goes to that input's warning report instead (`linkstream extract: PATH:
 * warning: ...`). Several inputs may be read at once on one thread: each one's handler is
 * found through its async context (AsyncLocalStorage), not a global swapped back and forth.
 *
 * Deviation: `console.warn` is replaced once, for the life of the process, by a function
 * that passes every call made outside such a read to the original unchanged.
 */
import {AsyncLocalStorage} from 'node:async_hooks';
import {format} from 'node:util';

const reading = new AsyncLocalStorage<(message: string) => void>();
let installed = false;

/**
 * Run `read` (an archive read) with warcio's `console.warn` lines going to `onWarning`.
 *
 * @example
 * await withWarcioWarnings(() => drain(extractWarc(source)), message => warn(path, message));
 */
export function withWarcioWarnings<T>(read: () => Promise<T>, onWarning: (message: string) => void): Promise<T> {
	if (!installed) {
		installed = true;
		const original = console.warn.bind(console);
		console.warn = (...args: unknown[]): void => {
			const report = reading.getStore();
			if (report === undefined) original(...args);
			else report(`warcio: ${format(...args)}`);
		};
	}
	return reading.run(onWarning, read);
}
