/** `linkstream resolve` and `linkstream relativize`: one result per line. */
import {checkDialect, checkForm} from '../options.js';
import {relativize, resolve} from '../uri/index.js';
import {UsageError} from './arguments/usage.js';

export interface UriCommand {
	dialect?: string | undefined;
	form?: string | undefined;
	scope?: string | undefined;
	positionals: string[];
}

/** Lines of output; a reference that cannot be resolved is reported and makes the exit code 1. */
export function runUriCommand(
	command: 'resolve' | 'relativize',
	args: UriCommand,
	out: (line: string) => void,
	err: (line: string) => void,
): number {
	const [base, ...refs] = args.positionals;
	if (base === undefined || refs.length === 0) {
		throw new UsageError(
			`linkstream ${command} needs a BASE and at least one ${command === 'resolve' ? 'REF' : 'TARGET'}`,
		);
	}
	const dialect = checkDialect(args.dialect);
	let status = 0;
	for (const ref of refs) {
		try {
			if (command === 'resolve') out(resolve(ref, base, {dialect}));
			else
				out(
					relativize(ref, base, {
						dialect,
						form: checkForm(args.form),
						...(args.scope === undefined ? {} : {scope: args.scope}),
					}),
				);
		} catch (error) {
			err(`linkstream ${command}: ${(error as Error).message}`);
			status = 1;
		}
	}
	return status;
}
