/**
 * The output lines of `linkstream extract`: NDJSON, TSV or bare URLs, one Link a line.
 * A formatter is made once per input (its file name is part of every line).
 */
import type {Link} from '../../types.js';
import {printable} from '../inputs/names.js';
import {NdjsonBytes, ndjsonLine, ndjsonPrefix} from './ndjson.js';
import type {LineBytes} from './output.js';
import {type Line, LONG_FIELD, linePieces} from './slices.js';

export type OutputFormat = 'ndjson' | 'tsv' | 'urls';
export const FORMATS: readonly OutputFormat[] = ['ndjson', 'tsv', 'urls'];

/** One output line (with its newline; in pieces for a Link with a long field), or null when the format skips the Link. */
export type LineFormatter = (link: Link) => Line | null;

/**
 * The formatter of one input's Links; `file` undefined for standard input.
 *
 * @example
 * lineFormatter('urls', 'a.html')(link); // 'https://example.com/b.html\n'
 */
export function lineFormatter(format: OutputFormat, file: string | undefined): LineFormatter {
	switch (format) {
		case 'ndjson': {
			const prefix = ndjsonPrefix(file);
			return link => ndjsonLine(prefix, link);
		}
		case 'urls':
			return link => (link.url === null ? null : `${link.url}\n`);
		case 'tsv': {
			const first = tsvField(file ?? '-');
			return link => {
				const url = link.url ?? '';
				const head = `${first}\t${link.line}\t${link.column}\t${link.kind}\t${tsvField(link.element ?? '')}\t${tsvField(link.attribute ?? '')}\t`;
				if (url.length > LONG_FIELD || link.value.length > LONG_FIELD)
					return linePieces([head, {long: url}, '\t', {long: link.value}, `\t${tsvField(context(link))}\n`], tsvField);
				return `${head}${tsvField(url)}\t${tsvField(link.value)}\t${tsvField(context(link))}\n`;
			};
		}
	}
}

/** Add the line of a Link (if the format gives one) to `out`. */
export type LineWriter = (link: Link, out: LineBytes) => void;

/**
 * The writer of one input's lines into bytes: NDJSON written in place ({@link NdjsonBytes};
 * as text, in pieces, when a line does not fit a piece), the other formats as the text of
 * {@link lineFormatter}.
 *
 * @example
 * const write = lineWriter('ndjson', 'a.html');
 * write(link, bytes); // bytes: LineBytes
 */
export function lineWriter(format: OutputFormat, file: string | undefined): LineWriter {
	if (format === 'ndjson') {
		const writer = new NdjsonBytes(file);
		const prefix = ndjsonPrefix(file);
		return (link, out) => {
			if (!out.addWritten(writer, link)) out.add(ndjsonLine(prefix, link));
		};
	}
	const formatter = lineFormatter(format, file);
	return (link, out) => {
		const line = formatter(link);
		if (line !== null) out.add(line);
	};
}

/**
 * One output line (with its newline), or null when the format skips the Link.
 *
 * @example
 * formatLink(link, 'ndjson', 'a.html'); // JSON.stringify({file: 'a.html', ...link}) + '\n'
 */
export function formatLink(link: Link, format: OutputFormat, file: string | undefined): string | null {
	const line = lineFormatter(format, file)(link);
	return line === null || typeof line === 'string' ? line : [...line].join('');
}

/**
 * A TSV field: tab, line breaks and backslash escaped as `\t`, `\n`, `\r`, `\\`, another
 * control character (ESC, BEL, ...) and a byte of a file name that is not UTF-8 as `\xHH`,
 * a format character (U+202E ...) or line separator as `\uHHHH` (names.ts): a value never
 * breaks a line, reorders one, or reaches a terminal as an escape sequence.
 */
const tsvField = printable;

/** TSV's last column: where in an archive (`#index part <message-id>`, or the record's target URI). */
function context(link: Link): string {
	if (link.message !== undefined) {
		const {index, part, messageId} = link.message;
		return [index === undefined ? '' : `#${index}`, part, messageId === undefined ? '' : `<${messageId}>`]
			.filter(Boolean)
			.join(' ');
	}
	return link.record === undefined ? '' : `${link.record.targetUri} ${link.record.source}`;
}
