/**
 * The `linkstream` command: maps arguments to the library's options and runs the
 * subcommand. Exit 0 on success, 1 when some input failed, 2 on usage errors.
 */
import {OptionError} from '../options.js';
import {CommandLineError, packageVersion, parseCommandLine} from './arguments/args.js';
import type {Options} from './arguments/args.js';
import {CHECK_OPTIONS} from './arguments/check-options.js';
import {EXTRACT_OPTIONS, extractArguments} from './arguments/extract-options.js';
import {REWRITE_OPTIONS, rewriteArguments} from './arguments/rewrite-options.js';
import {RELATIVIZE_OPTIONS, RESOLVE_OPTIONS} from './arguments/uri-options.js';
import {USAGE, UsageError} from './arguments/usage.js';

const COMMANDS = ['extract', 'rewrite', 'resolve', 'relativize', 'check'] as const;

/** Each command's own options (`--help` and `--version` go with any): another command's option is a usage error. */
const OWN_OPTIONS = {
	extract: EXTRACT_OPTIONS,
	rewrite: REWRITE_OPTIONS,
	resolve: RESOLVE_OPTIONS,
	relativize: RELATIVIZE_OPTIONS,
	check: CHECK_OPTIONS,
} as const satisfies Readonly<Record<(typeof COMMANDS)[number], Options>>;

/** Every command's options in one table (an option two commands share has one meaning). */
const OPTIONS = {
	...EXTRACT_OPTIONS,
	...REWRITE_OPTIONS,
	...CHECK_OPTIONS,
	...RESOLVE_OPTIONS,
	...RELATIVIZE_OPTIONS,
	help: {type: 'boolean', short: 'h'},
	version: {type: 'boolean', short: 'V'},
} as const;

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
	return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * PRODUCT.md: each command takes only its own options. The first option given that is not
 * `command`'s is a {@link CommandLineError} naming the command and the commands it belongs to.
 */
function checkOwnOptions(command: (typeof COMMANDS)[number], values: Readonly<Record<string, unknown>>): void {
	for (const [name, value] of Object.entries(values)) {
		if (value === undefined || Object.hasOwn(OWN_OPTIONS[command], name)) continue;
		const owners = COMMANDS.filter(other => Object.hasOwn(OWN_OPTIONS[other], name));
		throw new CommandLineError(command, `--${name} is an option of ${listed(owners)}, not of ${command}`);
	}
}

/** Run the command line `argv` (without node and script); resolves to the exit status. */
export async function main(argv: readonly string[]): Promise<number> {
	const out = (line: string): void => void process.stdout.write(`${line}\n`);
	const err = (line: string): void => void process.stderr.write(`${line}\n`);
	try {
		const {values, positionals} = parseCommandLine(argv, OPTIONS);
		const [command, ...rest] = positionals;
		if (values.help === true) {
			out(USAGE);
			return 0;
		}
		if (values.version === true) {
			out(`linkstream ${packageVersion()}`);
			return 0;
		}
		if ((COMMANDS as readonly (string | undefined)[]).includes(command))
			checkOwnOptions(command as (typeof COMMANDS)[number], values);
		switch (command) {
			// Each command's modules load when it runs (the archive readers and the rewriter are not needed to extract HTML).
			case 'extract':
				return await (await import('./extract.js')).runExtract(extractArguments(values, rest), {
					stdin: process.stdin,
					stdout: process.stdout,
					err,
				});
			case 'rewrite':
				return await (await import('./rewrite.js')).runRewrite(rewriteArguments(values, rest), {
					stdin: process.stdin,
					stdout: process.stdout,
					err,
				});
			case 'check':
				return await (await import('./check.js')).runCheck(values, rest, {stdout: process.stdout, err});
			case 'resolve':
			case 'relativize':
				return (await import('./uri.js')).runUriCommand(
					command,
					{dialect: values.dialect, form: values.form, scope: values.scope, positionals: rest},
					out,
					err,
				);
			default:
				throw new UsageError(
					command === undefined
						? 'a command is needed'
						: `unknown command "${command}" (commands: ${COMMANDS.join(', ')})`,
				);
		}
	} catch (error) {
		if (error instanceof CommandLineError) {
			err(error.line);
			return 2;
		}
		if (error instanceof UsageError || error instanceof OptionError) {
			err(`linkstream: ${(error as Error).message.replace(/^linkstream: /, '')}`);
			err('Run "linkstream --help" for usage.');
			return 2;
		}
		err(`linkstream: ${(error as Error).stack ?? String(error)}`);
		return 1;
	}
}
