/**
 * The command line parsed with Node's `parseArgs`, its mistakes said in the command's own
 * words: `linkstream extract: unknown option --frobnicate (see linkstream --help)` rather
 * than Node's message about `'-- "--frobnicate"'`.
 */
import {readFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import type {ParseArgsConfig} from 'node:util';
import {UsageError} from './usage.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** What `parseArgs` gives for a strict parse with positionals over `T`. */
export type CommandLine<T extends Options> = ReturnType<
	typeof parseArgs<{args: string[]; options: T; allowPositionals: true; strict: true}>
>;

/** The option values a strict parse over `T` gives (a parse over a larger table gives these too). */
export type OptionValues<T extends Options> = CommandLine<T>['values'];

/**
 * A mistake in how an option is written, said for the command it was given to.
 *
 * @example
 * new CommandLineError('extract', 'unknown option --frobnicate').line;
 * //=> 'linkstream extract: unknown option --frobnicate (see linkstream --help)'
 */
export class CommandLineError extends UsageError {
	override name = 'CommandLineError';
	/** The whole line for standard error. */
	readonly line: string;

	constructor(command: string | undefined, message: string) {
		super(message);
		this.line = `linkstream${command === undefined ? '' : ` ${command}`}: ${message} (see linkstream --help)`;
	}
}

/**
 * `argv` parsed strictly against `options`. An option the table lacks, or a string option
 * without its value, throws a {@link CommandLineError} naming the command (the first
 * positional) and the option as written.
 *
 * @example
 * parseCommandLine(['extract', '--frobnicate'], {help: {type: 'boolean'}});
 * // throws CommandLineError: linkstream extract: unknown option --frobnicate (see linkstream --help)
 */
export function parseCommandLine<T extends Options>(argv: readonly string[], options: T): CommandLine<T> {
	// A lenient pass first: it reads every token, so the command and the faulty option are known.
	const {tokens} = parseArgs({args: [...argv], options, allowPositionals: true, strict: false, tokens: true});
	const command = tokens.find(token => token.kind === 'positional')?.value;
	for (const token of tokens) {
		if (token.kind !== 'option') continue;
		const option = options[token.name];
		if (option === undefined) throw new CommandLineError(command, `unknown option ${token.rawName}`);
		if (option.type === 'string' && token.value === undefined)
			throw new CommandLineError(command, `option ${token.rawName} needs a value`);
		if (option.type === 'boolean' && token.value !== undefined)
			throw new CommandLineError(command, `option ${token.rawName} takes no value`);
	}
	try {
		return parseArgs({args: [...argv], options, allowPositionals: true, strict: true});
	} catch (error) {
		throw new CommandLineError(command, (error as Error).message);
	}
}

/**
 * The package's version, from its package.json (three folders up from src/cli/arguments and dist/cli/arguments alike).
 *
 * @example
 * packageVersion(); //=> '0.1.0'
 */
export function packageVersion(): string {
	const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
		version?: unknown;
	};
	return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}
