/**
 * `linkstream extract`: Links of each input as NDJSON, TSV or bare URLs on standard output.
 * Inputs run in order; with `--jobs N` (N > 1) files are extracted on N worker threads and
 * printed in input order, each file's Links together and in document order.
 */
import {stat} from 'node:fs/promises';
import {resolve as resolvePath} from 'node:path';
import {pathToFileURL} from 'node:url';
import {checkAbsolute, checkDialect, optionError} from '../options.js';
import {ARCHIVE_TYPES, INPUT_TYPES} from '../types.js';
import type {ArchiveType, InputType, Link} from '../types.js';
import {LinkFilter, parseKinds} from './filters.js';
import type {FilterOptions} from './filters.js';
import {expandInputs} from './inputs.js';
import type {Input} from './inputs.js';
import {checkJobs, runPool, workerModule} from './pool.js';
import {createProgress} from './progress.js';
import {eachLink} from './sources.js';
import type {RunOptions} from './sources.js';
import type {Task, TaskResult} from './worker.js';

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
	kind?: string | undefined;
	scheme?: string | undefined;
	internal?: boolean | undefined;
	external?: boolean | undefined;
	site?: string | undefined;
	unique?: boolean | undefined;
	noFollowNofollow?: boolean | undefined;
	redactCredentials?: boolean | undefined;
	jobs?: string | undefined;
	positionals: string[];
}

export interface Io {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	err: (line: string) => void;
}

/** Run the command; resolves to the exit status (0, or 1 when some input failed). */
export async function runExtract(args: ExtractCommand, io: Io): Promise<number> {
	const type = checkType(args.type);
	const format = checkFormat(args.format);
	const jobs = checkJobs(args.jobs);
	const options = runOptions(args);
	const filter = new LinkFilter(filterOptions(args));
	let status = 0;
	const fail = (path: string, message: string): void => {
		io.err(`linkstream extract: ${path}: ${message}`);
		status = 1;
	};
	// A warning names what was read otherwise than declared; the Links were given: the status stays.
	const warn = (path: string, message: string): void => io.err(`linkstream extract: ${path}: warning: ${message}`);
	const inputs = await expandInputs(args.positionals, type, fail);
	const sizes = await Promise.all(inputs.map(async input => (input.path === '-' ? 0 : (await stat(input.path)).size)));
	const progress = createProgress(inputs.length, sizes.reduce((a, b) => a + b, 0));
	const print = (input: Input, link: Link): void | Promise<void> => {
		if (!filter.accept(link)) return;
		const line = formatLink(link, format, input.path === '-' ? undefined : input.path);
		if (line !== null && !io.stdout.write(line)) return new Promise(resolve => io.stdout.once('drain', resolve));
	};
	const perInput = (input: Input): RunOptions => withRetrievalUrl(options, input, args.baseUrl);
	try {
		if (jobs > 1 && inputs.filter(input => input.path !== '-').length > 1) {
			await runPool<Input, Task, TaskResult>(workerModule('worker'), inputs, input => ({input, options: perInput(input)}), jobs, async (input, result, index) => {
				filter.nextDocument();
				for (const link of result.links) await print(input, link);
				for (const message of result.warnings) warn(input.path, message);
				for (const message of result.errors) fail(input.path, message);
				progress.advance(sizes[index] ?? 0);
			});
		} else {
			for (const [index, input] of inputs.entries()) {
				filter.nextDocument();
				try {
					const onWarning = (message: string): void => warn(input.path, message);
					await eachLink(input, perInput(input), io.stdin, link => print(input, link), message => fail(input.path, message), onWarning);
				} catch (error) {
					fail(input.path, (error as Error).message);
				}
				progress.advance(sizes[index] ?? 0);
			}
		}
	} finally {
		progress.stop();
	}
	return status;
}

function runOptions(args: ExtractCommand): RunOptions {
	const dialect = checkDialect(args.dialect);
	const options: RunOptions = {dialect};
	const baseUrl = checkAbsolute('--base-url', args.baseUrl, dialect);
	if (baseUrl !== undefined) options.retrievalUrl = baseUrl;
	if (args.encoding !== undefined) options.encoding = args.encoding;
	if (args.textLinks === true) options.textLinks = true;
	if (args.anchorText === true) options.anchorText = true;
	if (args.redactCredentials === true) options.redactCredentials = true;
	if (args.scheme !== undefined) options.schemes = args.scheme.split(',').map(s => s.trim()).filter(s => s !== '');
	return options;
}

/**
 * A document file's own `file:` URL is its retrieval URL (§5.1.3) unless `--base-url` says
 * otherwise. Archives are not: a message's outer base is `thismessage:/` (RFC 2557), a WARC
 * record's its target URI.
 */
function withRetrievalUrl(options: RunOptions, input: Input, baseUrl: string | undefined): RunOptions {
	if (baseUrl !== undefined || input.path === '-' || (ARCHIVE_TYPES as readonly string[]).includes(input.type)) return options;
	return {...options, retrievalUrl: pathToFileURL(resolvePath(input.path)).href};
}

function filterOptions(args: ExtractCommand): FilterOptions {
	const options: FilterOptions = {};
	if (args.kind !== undefined) {
		try {
			options.kinds = parseKinds(args.kind);
		} catch (error) {
			throw optionError('--kind', `a comma-separated list of kinds; ${(error as Error).message}`, args.kind);
		}
	}
	if (args.internal === true && args.external === true) throw optionError('--internal', 'not combined with --external', true);
	if (args.internal === true) options.scope = 'internal';
	if (args.external === true) options.scope = 'external';
	const site = checkAbsolute('--site', args.site, 'whatwg');
	if (site !== undefined) options.site = site;
	if (args.unique === true) options.unique = true;
	if (args.noFollowNofollow === true) options.noFollowNofollow = true;
	return options;
}

const TYPES: readonly string[] = [...INPUT_TYPES, ...ARCHIVE_TYPES];

function checkType(type: string | undefined): InputType | ArchiveType | undefined {
	if (type === undefined || TYPES.includes(type)) return type as InputType | ArchiveType | undefined;
	throw optionError('--type', TYPES.join(' | '), type);
}

function checkFormat(format: string | undefined): OutputFormat {
	if (format === undefined) return 'ndjson';
	if ((FORMATS as readonly string[]).includes(format)) return format as OutputFormat;
	throw optionError('--format', FORMATS.join(' | '), format);
}

/** One output line (with its newline), or null when the format skips the Link. */
export function formatLink(link: Link, format: OutputFormat, file: string | undefined): string | null {
	switch (format) {
		case 'ndjson':
			return `${JSON.stringify(file === undefined ? link : {file, ...link})}\n`;
		case 'urls':
			return link.url === null ? null : `${link.url}\n`;
		case 'tsv':
			return `${[file ?? '-', link.line, link.column, link.kind, link.element ?? '', link.attribute ?? '', link.url ?? '', link.value, context(link)]
				.map(field => String(field).replace(/[\t\n\r\\]/g, escapeTsv))
				.join('\t')}\n`;
	}
}

/** TSV's last column: where in an archive (`#index part <message-id>`, or the record's target URI). */
function context(link: Link): string {
	if (link.message !== undefined) {
		const {index, part, messageId} = link.message;
		return [index === undefined ? '' : `#${index}`, part, messageId === undefined ? '' : `<${messageId}>`].filter(Boolean).join(' ');
	}
	return link.record === undefined ? '' : `${link.record.targetUri} ${link.record.source}`;
}

function escapeTsv(c: string): string {
	return c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\';
}
