/** `linkstream extract`: Links of each input as NDJSON, TSV or bare URLs on standard output. */
import {createReadStream} from 'node:fs';
import {resolve as resolvePath} from 'node:path';
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {pathToFileURL} from 'node:url';
import {checkDialect, optionError} from '../options.js';
import {createExtractStream} from '../stream/extract.js';
import {INPUT_TYPES} from '../types.js';
import type {ExtractOptions, InputType, Link} from '../types.js';
import {expandInputs} from './inputs.js';
import type {Input} from './inputs.js';

export type OutputFormat = 'ndjson' | 'tsv' | 'urls';
const FORMATS: readonly OutputFormat[] = ['ndjson', 'tsv', 'urls'];

export interface ExtractCommand {
	type?: string | undefined;
	baseUrl?: string | undefined;
	encoding?: string | undefined;
	dialect?: string | undefined;
	format?: string | undefined;
	textLinks?: boolean | undefined;
	anchorText?: boolean | undefined;
	positionals: string[];
}

interface Io {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	err: (line: string) => void;
}

/** Run the command; resolves to the exit status (0, or 1 when some input failed). */
export async function runExtract(args: ExtractCommand, io: Io): Promise<number> {
	const type = checkType(args.type);
	const format = checkFormat(args.format);
	const dialect = checkDialect(args.dialect);
	let status = 0;
	const fail = (path: string, message: string): void => {
		io.err(`linkstream extract: ${path}: ${message}`);
		status = 1;
	};
	const inputs = await expandInputs(args.positionals, type, fail);
	for (const input of inputs) {
		const options: ExtractOptions = {type: input.type, dialect, ...optional(args, input)};
		try {
			await pipeline(
				input.path === '-' ? io.stdin : createReadStream(input.path),
				createExtractStream(options),
				formatter(format, input, io.stdout),
			);
		} catch (error) {
			fail(input.path, (error as Error).message);
		}
	}
	return status;
}

function optional(args: ExtractCommand, input: Input): Partial<ExtractOptions> {
	const options: Partial<ExtractOptions> = {};
	const retrievalUrl = args.baseUrl ?? (input.path === '-' ? undefined : pathToFileURL(resolvePath(input.path)).href);
	if (retrievalUrl !== undefined) options.retrievalUrl = retrievalUrl;
	if (args.encoding !== undefined) options.encoding = args.encoding;
	if (args.textLinks === true) options.textLinks = true;
	if (args.anchorText === true) options.anchorText = true;
	return options;
}

function checkType(type: string | undefined): InputType | undefined {
	if (type === undefined || (INPUT_TYPES as readonly string[]).includes(type)) return type as InputType | undefined;
	throw optionError('--type', INPUT_TYPES.join(' | '), type);
}

function checkFormat(format: string | undefined): OutputFormat {
	if (format === undefined) return 'ndjson';
	if ((FORMATS as readonly string[]).includes(format)) return format as OutputFormat;
	throw optionError('--format', FORMATS.join(' | '), format);
}

/** A Writable (object mode) that prints each Link in the chosen format, respecting backpressure. */
function formatter(format: OutputFormat, input: Input, out: NodeJS.WritableStream): Writable {
	const file = input.path === '-' ? undefined : input.path;
	return new Writable({
		objectMode: true,
		write(link: Link, _encoding, callback) {
			const line = formatLink(link, format, file);
			if (line === null || out.write(line)) callback();
			else out.once('drain', () => callback());
		},
	});
}

/** One output line (with its newline), or null when the format skips the Link. */
export function formatLink(link: Link, format: OutputFormat, file: string | undefined): string | null {
	switch (format) {
		case 'ndjson':
			return `${JSON.stringify(file === undefined ? link : {file, ...link})}\n`;
		case 'urls':
			return link.url === null ? null : `${link.url}\n`;
		case 'tsv':
			return `${[file ?? '-', link.line, link.column, link.kind, link.element ?? '', link.attribute ?? '', link.url ?? '', link.value]
				.map(field => String(field).replace(/[\t\n\r\\]/g, escapeTsv))
				.join('\t')}\n`;
	}
}

function escapeTsv(c: string): string {
	return c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\';
}
