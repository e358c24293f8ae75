/**
 * warcio's one warning ("Content-Length Too Small: Record not followed by newline, Remainder
 * Length: N, Offset: X", by `console.warn`) names neither its input nor, when the parser
 * reads part of a file or the input after a resynchronisation, the input's own offset. The
 * warning's text asks the parser's reader for its offset just before it is written, in the
 * same synchronous step: so the parser whose reader was asked last is the one warning, even
 * with several inputs read at once on a thread (no async context needed, which cost 10–25%
 * of a WARC read's time). {@link watchWarnings} marks a parser's reader and, the first time,
 * wraps `console.warn` (once per thread) so that such a warning goes to the marked parser's
 * handler; every other call passes to the `console.warn` it wraps, unchanged.
 */
import type {WARCParser} from 'warcio';

/**
 * The handler of the parser whose reader was last asked its offset, kept on the thread's
 * global object: a module loaded twice (tsx loads an archive module anew for each loader)
 * shares it.
 */
const LAST = Symbol.for('linkstream.warcio.lastWarningHandler');
const slot = globalThis as unknown as {[LAST]?: (text: string) => void};

/**
 * Mark `parser`: a warning it writes goes to `onWarning` with its `Offset: X` moved by `shift`
 * (where the parser's input starts in the whole input).
 *
 * @example
 * watchWarnings(parser, 0, text => report(text));
 */
export function watchWarnings(parser: WARCParser, shift: number, onWarning: (text: string) => void): void {
	const reader = (parser as unknown as {_reader: {getRawOffset(): number}})._reader;
	const original = reader.getRawOffset.bind(reader);
	install();
	const handler = (text: string): void => onWarning(shift === 0 ? text : shiftOffset(text, shift));
	reader.getRawOffset = () => {
		slot[LAST] = handler;
		return original();
	};
}

const INSTALLED = Symbol.for('linkstream.warcio.warnInstalled');

function install(): void {
	const flags = globalThis as unknown as {[INSTALLED]?: true};
	if (flags[INSTALLED]) return;
	flags[INSTALLED] = true;
	const wrapped = console.warn;
	console.warn = (...args: unknown[]): void => {
		if (typeof args[0] === 'string' && args.length === 1 && claimWarning(args[0])) return;
		wrapped(...args);
	};
}

/** Hand warcio's warning `text` to the parser that wrote it; false when no marked parser did. */
function claimWarning(text: string): boolean {
	const handler = slot[LAST];
	if (handler === undefined || !text.startsWith('Content-Length Too Small')) return false;
	delete slot[LAST];
	handler(text);
	return true;
}

/**
 * The warning's `Offset: X` plus `shift`.
 *
 * @example
 * shiftOffset('Content-Length Too Small: ..., Offset: 36117', 9182668); // '... Offset: 9218785'
 */
export function shiftOffset(text: string, shift: number): string {
	return text.replace(/(Offset: )(\d+)/, (_, label: string, offset: string) => `${label}${Number(offset) + shift}`);
}
