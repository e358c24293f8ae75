/**
 * The `linkstream` command: maps arguments to the library's options and runs the
 * subcommand. Exit 0 on success, 1 when some input failed, 2 on usage errors.
 */
import {OptionError} from '../options.js';
import {CommandLineError, packageVersion, parseCommandLine} from './args.js';
import {USAGE, UsageError} from './usage.js';

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
				return (await import('./uri.js')).runUriCommand(command, {dialect: values.dialect, form: values.form, scope: values.scope, positionals: rest}, out, err);
			default:
				throw new UsageError(command === undefined ? 'a command is needed' : `unknown command "${command}" (commands: ${COMMANDS.join(', ')})`);
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

