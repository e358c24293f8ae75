/**
 * `linkstream rewrite`: one file (or standard input) with its references rewritten, to
 * standard output; or, with `--in-place`, `--out DIR` or `--dry-run`, the files and
 * folders of a static site (site.ts).
 */
import {stat} from 'node:fs/promises';
import {basename, resolve as resolvePath} from 'node:path';
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {pathToFileURL} from 'node:url';
import {checkAbsolute, checkDialect, checkForm, optionError} from '../options.js';
import {createRewriteStream} from '../stream/node/rewrite.js';
import {KEEP_ABSOLUTE, KEEP_ABSOLUTE_FORM, keepAbsoluteProblem} from '../rewrite/keep-absolute.js';
import {INPUT_TYPES} from '../types.js';
import type {InputType, RewriteOptions} from '../types.js';
import {inferType, namedInput, NOT_A_FILE} from './inputs/inputs.js';
import type {Input} from './inputs/inputs.js';
import type {Io} from './io.js';
import {printable} from './inputs/names.js';
import {noBaseTap, noBaseWarning} from './output/no-base.js';
import {isGzipPath, openDocument} from './inputs/open-document.js';
import type {OpenedDocument} from './inputs/open-document.js';
import {checkJobs} from './work/pool.js';
import {runSite} from './site.js';
import type {SiteCommand} from './site.js';
import {checkSite, fileUrl} from './inputs/site-files.js';
import {withFileStream} from './inputs/sources.js';
import {testPause} from './work/test-pause.js';
import {CommandLineError} from './arguments/args.js';
import {UsageError} from './arguments/usage.js';

export interface RewriteCommand {
	to?: string | undefined;
	type?: string | undefined;
	baseUrl?: string | undefined;
	documentUrl?: string | undefined;
	scope?: string | undefined;
	/** `--site`: the site's URL prefix, the scope when `--scope` is absent. */
	site?: string | undefined;
	form?: string | undefined;
	encoding?: string | undefined;
	dialect?: string | undefined;
	textLinks?: boolean | undefined;
	/** `--normalize`: with `--to absolute`, references with a scheme in their canonical form too. */
	normalize?: boolean | undefined;
	/** `--keep-absolute LIST`: more references kept absolute by `--to relative` (comma-separated selectors). */
	keepAbsolute?: string | undefined;
	/** `--no-keep-absolute`: none kept absolute but those `--keep-absolute` names. */
	noKeepAbsolute?: boolean | undefined;
	/** `--in-place`: replace each file atomically. */
	inPlace?: boolean | undefined;
	/** `--out DIR`: write the rewritten tree under DIR. */
	out?: string | undefined;
	/** `--dry-run`: write nothing, list what would change. */
	dryRun?: boolean | undefined;
	jobs?: string | undefined;
	positionals: string[];
}

/**
 * Run the command; resolves to the exit status (0, or 1 when the input failed).
 *
 * @example
 * await runRewrite({to: 'absolute', baseUrl: 'https://example.com/', positionals: ['page.html']}, io);
 */
export async function runRewrite(args: RewriteCommand, io: Io): Promise<number> {
	if (args.inPlace === true || args.out !== undefined || args.dryRun === true) return runSite(siteCommand(args), io);
	const options = rewriteOptions(args);
	// No input named and a terminal for standard input: a hint, not a wait for typing that nobody means.
	if (args.positionals.length === 0 && (io.stdin as {isTTY?: boolean}).isTTY === true) {
		throw new UsageError(
			'rewrite needs input: give FILE, or pipe a document in (name "-" to type one on the terminal)',
		);
	}
	const [path = '-'] = args.positionals;
	let file: Input | undefined;
	let note: string | undefined;
	if (path !== '-') {
		const info = await stat(path).catch(() => null);
		if (info === null) return fail(io, path, 'no such file');
		if (info.isDirectory())
			throw new UsageError(
				`rewrite to standard output takes one FILE or "-"; "${path}" is a folder (rewrite folders with --in-place, --out DIR or --dry-run)`,
			);
		if (!info.isFile()) return fail(io, path, NOT_A_FILE);
		const site = args.baseUrl === undefined ? siteUrl(args) : undefined;
		// A single FILE with --site sits at the site's root, as in a folder run.
		if (options.retrievalUrl === undefined) {
			options.retrievalUrl = site === undefined ? pathToFileURL(resolvePath(path)).href : fileUrl(site, basename(path));
			// Made absolute against the file's own place, its links are file: URLs: said once the file is rewritten, so they are not taken for web URLs unawares.
			if (site === undefined && options.to === 'absolute')
				note = `linkstream rewrite: note: no --base-url: relative references resolved against the file's own URL ${options.retrievalUrl} (give its web URL with --base-url URL, or --site URL)`;
		}
		file = await namedInput(path, args.type as InputType | undefined, info);
		await testPause('open');
	}
	try {
		// Standard input without --base-url has no base: count what stays as written for lack of one.
		let tap: ReturnType<typeof noBaseTap> | undefined;
		const warn = (message: string): void => io.err(`linkstream rewrite: ${printable(path)}: warning: ${message}`);
		/** The document as sniffed (a file of unknown extension or standard input that is XML is rewritten as XML). */
		const rewriteTo = ({source, type}: OpenedDocument): Promise<void> => {
			// What a limit leaves as written is said (a start tag past MAX_TOKEN_LENGTH: docs/limits.md).
			const sniffed: RewriteOptions = {...options, type: type as InputType, onWarning: warn};
			tap = sniffed.retrievalUrl === undefined ? noBaseTap(sniffed) : undefined;
			const stream = source as NodeJS.ReadableStream;
			return tap === undefined
				? pipeline(stream, createRewriteStream(sniffed), writeTo(io.stdout))
				: pipeline(stream, tap.stream, createRewriteStream(sniffed), writeTo(io.stdout));
		};
		// Standard input without --type is sniffed as a file of unknown extension is (open-document.ts).
		const stdin: Input =
			args.type === undefined ? {path: '-', type: 'html', sniff: true} : {path: '-', type: options.type};
		await (file === undefined ? rewriteTo(await openDocument(stdin, io.stdin)) : rewriteFile(file, rewriteTo, warn));
		if (note !== undefined) io.err(note);
		const warning = noBaseWarning(tap?.count() ?? 0);
		if (warning !== undefined) io.err(warning);
		return 0;
	} catch (error) {
		return fail(io, path, (error as Error).message);
	}
}

/**
 * A named file to `rewriteTo`, opened pinned (pinned-file.ts): a `.gz` file
 * decompressed as it is read, a file of unknown extension sniffed first (open-document.ts).
 */
function rewriteFile(
	file: Input,
	rewriteTo: (opened: OpenedDocument) => Promise<void>,
	onWarning: (message: string) => void,
): Promise<void> {
	// openDocument gives a stream for a stream.
	return withFileStream(file, undefined, async source => rewriteTo(await openDocument(file, source)), onWarning);
}

function fail(io: Io, path: string, message: string): number {
	io.err(`linkstream rewrite: ${printable(path)}: ${message}`);
	return 1;
}

function rewriteOptions(args: RewriteCommand): RewriteOptions {
	if (args.positionals.length > 1) {
		throw new UsageError(
			'rewrite to standard output takes one FILE or "-"; for several files or folders use --in-place, --out DIR or --dry-run',
		);
	}
	const path = args.positionals[0] ?? '-';
	const options: RewriteOptions = {
		type: checkType(args.type, path),
		to: checkTo(args.to),
		dialect: checkDialect(args.dialect),
		baseHold: 'document',
	};
	if (args.baseUrl !== undefined) options.retrievalUrl = args.baseUrl;
	if (args.documentUrl !== undefined) options.documentUrl = args.documentUrl;
	const scope = args.scope ?? siteUrl(args);
	if (scope !== undefined) options.scope = scope;
	if (args.form !== undefined) options.form = checkForm(args.form);
	if (args.encoding !== undefined) options.encoding = args.encoding;
	if (args.textLinks === true) options.textLinks = true;
	if (checkNormalize(args)) options.normalize = true;
	const keep = checkKeepAbsolute(args);
	if (keep !== undefined) options.keepAbsolute = keep;
	return options;
}

/** The checked command line of a run over files and folders (`--in-place`, `--out`, `--dry-run`). */
function siteCommand(args: RewriteCommand): SiteCommand {
	if (args.inPlace === true && args.out !== undefined)
		throw new UsageError('--in-place and --out DIR exclude each other');
	if (args.out === '') throw optionError('--out', 'a folder', args.out);
	const gzip = args.inPlace === true ? args.positionals.find(isGzipPath) : undefined;
	if (gzip !== undefined)
		throw new UsageError(
			`rewrite does not write compressed files in place: "${gzip}" (rewrite it to standard output, which decompresses it, or decompress it first)`,
		);
	for (const [name, value] of [
		['--base-url', args.baseUrl],
		['--document-url', args.documentUrl],
	] as const) {
		if (value !== undefined)
			throw new UsageError(
				`${name} names one document's URL; over files and folders each file's URL is --site plus its path`,
			);
	}
	const dialect = checkDialect(args.dialect);
	const command: SiteCommand = {
		to: checkTo(args.to),
		mode: args.dryRun === true ? 'dry-run' : args.inPlace === true ? 'in-place' : 'out',
		dialect,
		jobs: checkJobs(args.jobs),
		paths: args.positionals,
	};
	if (args.out !== undefined && args.dryRun !== true) command.out = args.out;
	const site = siteUrl(args);
	if (site !== undefined) command.site = site;
	const scope = checkAbsolute('--scope', args.scope, dialect);
	if (scope !== undefined) command.scope = scope;
	if (args.form !== undefined) command.form = checkForm(args.form);
	if (args.type !== undefined) command.type = checkType(args.type, '-');
	if (args.encoding !== undefined) command.encoding = args.encoding;
	if (args.textLinks === true) command.textLinks = true;
	if (checkNormalize(args)) command.normalize = true;
	const keep = checkKeepAbsolute(args);
	if (keep !== undefined) command.keepAbsolute = keep;
	return command;
}

/**
 * `--keep-absolute LIST` (selectors added to the default KEEP_ABSOLUTE) and
 * `--no-keep-absolute` (the default dropped): the selectors, or undefined for the default.
 */
function checkKeepAbsolute(args: RewriteCommand): readonly string[] | undefined {
	if (args.keepAbsolute === undefined && args.noKeepAbsolute !== true) return undefined;
	const added =
		args.keepAbsolute === undefined
			? []
			: args.keepAbsolute
					.split(',')
					.map(s => s.trim())
					.filter(s => s !== '');
	const problem = keepAbsoluteProblem(added);
	if (problem !== undefined || (args.keepAbsolute !== undefined && added.length === 0))
		throw optionError(
			'--keep-absolute',
			`${KEEP_ABSOLUTE_FORM}, separated by commas (${problem ?? 'none given'})`,
			args.keepAbsolute,
		);
	return args.noKeepAbsolute === true ? added : [...KEEP_ABSOLUTE, ...added];
}

/** `--site URL` as the site's folder URL (a final `/` added), or undefined. */
function siteUrl(args: RewriteCommand): string | undefined {
	return checkSite(args.site, checkDialect(args.dialect));
}

/** `--normalize` only means something with `--to absolute`. */
function checkNormalize(args: RewriteCommand): boolean {
	if (args.normalize !== true) return false;
	if (args.to !== 'absolute')
		throw new UsageError('--normalize rewrites references that already have a scheme, so it needs --to absolute');
	return true;
}

function checkTo(to: string | undefined): 'absolute' | 'relative' {
	if (to === undefined) throw new CommandLineError('rewrite', '--to is required: --to absolute or --to relative');
	if (to !== 'absolute' && to !== 'relative') throw optionError('--to', 'absolute | relative', to);
	return to;
}

function checkType(type: string | undefined, path: string): InputType {
	if (type !== undefined && !(INPUT_TYPES as readonly string[]).includes(type))
		throw optionError('--type', INPUT_TYPES.join(' | '), type);
	if (path === '-') return (type as InputType | undefined) ?? 'html';
	const inferred = inferType(path, type as InputType | undefined);
	if (!(INPUT_TYPES as readonly string[]).includes(inferred)) {
		throw optionError(
			'--type',
			`${INPUT_TYPES.join(' | ')} (rewrite takes documents, not ${inferred} archives)`,
			inferred,
		);
	}
	return inferred as InputType;
}

/** Standard output as a Writable that respects its backpressure and is never ended. */
function writeTo(out: NodeJS.WritableStream): Writable {
	return new Writable({
		write(chunk: Buffer, _encoding, callback) {
			if (out.write(chunk)) callback();
			else out.once('drain', () => callback());
		},
	});
}
