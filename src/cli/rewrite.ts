/**
 * `linkstream rewrite`: one file (or standard input) with its references rewritten,
 * to standard output. Folders and in-place rewriting come with the archives and sites
 * issue.
 */
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import {resolve as resolvePath} from 'node:path';
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {pathToFileURL} from 'node:url';
import {checkDialect, checkForm, optionError} from '../options.js';
import {createRewriteStream} from '../stream/rewrite.js';
import {INPUT_TYPES} from '../types.js';
import type {InputType, RewriteOptions} from '../types.js';
import {inferType} from './inputs.js';
import {UsageError} from './usage.js';

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
	positionals: string[];
}

interface Io {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	err: (line: string) => void;
}

/**
 * Run the command; resolves to the exit status (0, or 1 when the input failed).
 *
 * @example
 * await runRewrite({to: 'absolute', baseUrl: 'https://example.com/', positionals: ['page.html']}, io);
 */
export async function runRewrite(args: RewriteCommand, io: Io): Promise<number> {
	const options = rewriteOptions(args);
	const [path = '-'] = args.positionals;
	if (path !== '-') {
		const info = await stat(path).catch(() => null);
		if (info === null) return fail(io, path, 'no such file');
		if (info.isDirectory()) throw new UsageError(`rewrite takes one file or "-"; "${path}" is a folder (folders and --in-place come later)`);
		options.retrievalUrl ??= pathToFileURL(resolvePath(path)).href;
	}
	try {
		await pipeline(path === '-' ? io.stdin : createReadStream(path), createRewriteStream(options), writeTo(io.stdout));
		return 0;
	} catch (error) {
		return fail(io, path, (error as Error).message);
	}
}

function fail(io: Io, path: string, message: string): number {
	io.err(`linkstream rewrite: ${path}: ${message}`);
	return 1;
}

function rewriteOptions(args: RewriteCommand): RewriteOptions {
	if (args.positionals.length > 1) throw new UsageError('rewrite takes one FILE or "-"');
	if (args.to !== 'absolute' && args.to !== 'relative') throw optionError('--to', 'absolute | relative', args.to);
	const path = args.positionals[0] ?? '-';
	const options: RewriteOptions = {type: checkType(args.type, path), to: args.to, dialect: checkDialect(args.dialect)};
	if (args.baseUrl !== undefined) options.retrievalUrl = args.baseUrl;
	if (args.documentUrl !== undefined) options.documentUrl = args.documentUrl;
	const scope = args.scope ?? args.site;
	if (scope !== undefined) options.scope = scope;
	if (args.form !== undefined) options.form = checkForm(args.form);
	if (args.encoding !== undefined) options.encoding = args.encoding;
	if (args.textLinks === true) options.textLinks = true;
	return options;
}

function checkType(type: string | undefined, path: string): InputType {
	if (type !== undefined && !(INPUT_TYPES as readonly string[]).includes(type)) throw optionError('--type', INPUT_TYPES.join(' | '), type);
	if (path === '-') return (type as InputType | undefined) ?? 'html';
	const inferred = inferType(path, type as InputType | undefined);
	if (!(INPUT_TYPES as readonly string[]).includes(inferred)) {
		throw optionError('--type', `${INPUT_TYPES.join(' | ')} (rewrite takes documents, not ${inferred} archives)`, inferred);
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
