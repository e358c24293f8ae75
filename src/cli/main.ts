/**
 * The `linkstream` command: maps arguments to the library's options and runs the
 * subcommand. Exit 0 on success, 1 when some input failed, 2 on usage errors.
 */
import {OptionError} from '../options.js';
import {CommandLineError, packageVersion, parseCommandLine} from './arguments/args.js';
import {USAGE, UsageError} from './arguments/usage.js';

const OPTIONS = {
	type: {type: 'string'},
	'base-url': {type: 'string'},
	to: {type: 'string'},
	'document-url': {type: 'string'},
	encoding: {type: 'string'},
	dialect: {type: 'string'},
	format: {type: 'string'},
	form: {type: 'string'},
	scope: {type: 'string'},
	'text-links': {type: 'boolean'},
	normalize: {type: 'boolean'},
	'anchor-text': {type: 'boolean'},
	kind: {type: 'string'},
	scheme: {type: 'string'},
	internal: {type: 'boolean'},
	external: {type: 'boolean'},
	site: {type: 'string'},
	unique: {type: 'boolean'},
	'no-follow-nofollow': {type: 'boolean'},
	'no-inert': {type: 'boolean'},
	'redact-credentials': {type: 'boolean'},
	jobs: {type: 'string', short: 'j'},
	'in-place': {type: 'boolean'},
	out: {type: 'string'},
	'dry-run': {type: 'boolean'},
	'keep-absolute': {type: 'string'},
	'no-keep-absolute': {type: 'boolean'},
	index: {type: 'string'},
	'clean-urls': {type: 'boolean'},
	inert: {type: 'boolean'},
	cache: {type: 'string'},
	'cache-max-age': {type: 'string'},
	timeout: {type: 'string'},
	help: {type: 'boolean', short: 'h'},
	version: {type: 'boolean', short: 'V'},
} as const;

const COMMANDS = ['extract', 'rewrite', 'resolve', 'relativize', 'check'] as const;

type OptionName = keyof typeof OPTIONS;

/** Each command's own options (`--help` and `--version` go with any): another command's option is a usage error. */
const OWN_OPTIONS: Readonly<Record<(typeof COMMANDS)[number], readonly OptionName[]>> = {
	extract: [
		'type',
		'base-url',
		'encoding',
		'dialect',
		'format',
		'text-links',
		'anchor-text',
		'kind',
		'scheme',
		'internal',
		'external',
		'site',
		'unique',
		'no-follow-nofollow',
		'no-inert',
		'redact-credentials',
		'jobs',
	],
	rewrite: [
		'to',
		'type',
		'base-url',
		'document-url',
		'scope',
		'site',
		'form',
		'encoding',
		'dialect',
		'text-links',
		'normalize',
		'in-place',
		'out',
		'dry-run',
		'jobs',
		'keep-absolute',
		'no-keep-absolute',
	],
	resolve: ['dialect'],
	relativize: ['dialect', 'form', 'scope'],
	check: [
		'site',
		'external',
		'format',
		'jobs',
		'index',
		'clean-urls',
		'inert',
		'cache',
		'cache-max-age',
		'timeout',
		'dialect',
	],
};

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
	return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * PRODUCT.md: each command takes only its own options. The first option given that is not
 * `command`'s is a {@link CommandLineError} naming the command and the commands it belongs to.
 */
function checkOwnOptions(command: (typeof COMMANDS)[number], values: Readonly<Record<string, unknown>>): void {
	const own: readonly string[] = OWN_OPTIONS[command];
	for (const [name, value] of Object.entries(values)) {
		if (value === undefined || own.includes(name)) continue;
		const owners = COMMANDS.filter(other => (OWN_OPTIONS[other] as readonly string[]).includes(name));
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
				return await (await import('./extract.js')).runExtract(
					{
						type: values.type,
						baseUrl: values['base-url'],
						encoding: values.encoding,
						dialect: values.dialect,
						format: values.format,
						textLinks: values['text-links'],
						anchorText: values['anchor-text'],
						kind: values.kind,
						scheme: values.scheme,
						internal: values.internal,
						external: values.external,
						site: values.site,
						unique: values.unique,
						noFollowNofollow: values['no-follow-nofollow'],
						noInert: values['no-inert'],
						redactCredentials: values['redact-credentials'],
						jobs: values.jobs,
						positionals: rest,
					},
					{stdin: process.stdin, stdout: process.stdout, err},
				);
			case 'rewrite':
				return await (await import('./rewrite.js')).runRewrite(
					{
						to: values.to,
						type: values.type,
						baseUrl: values['base-url'],
						documentUrl: values['document-url'],
						scope: values.scope,
						site: values.site,
						form: values.form,
						encoding: values.encoding,
						dialect: values.dialect,
						textLinks: values['text-links'],
						normalize: values.normalize,
						keepAbsolute: values['keep-absolute'],
						noKeepAbsolute: values['no-keep-absolute'],
						inPlace: values['in-place'],
						out: values.out,
						dryRun: values['dry-run'],
						jobs: values.jobs,
						positionals: rest,
					},
					{stdin: process.stdin, stdout: process.stdout, err},
				);
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
