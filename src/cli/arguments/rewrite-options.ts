/** `linkstream rewrite`'s own options, and the command line they make for `runRewrite` (rewrite.ts). */
import type {OptionValues} from './args.js';

export const REWRITE_OPTIONS = {
	to: {type: 'string'},
	type: {type: 'string'},
	'base-url': {type: 'string'},
	'document-url': {type: 'string'},
	scope: {type: 'string'},
	site: {type: 'string'},
	form: {type: 'string'},
	encoding: {type: 'string'},
	dialect: {type: 'string'},
	'text-links': {type: 'boolean'},
	normalize: {type: 'boolean'},
	'in-place': {type: 'boolean'},
	out: {type: 'string'},
	'dry-run': {type: 'boolean'},
	jobs: {type: 'string', short: 'j'},
	'keep-absolute': {type: 'string'},
	'no-keep-absolute': {type: 'boolean'},
} as const;

/**
 * The options given to `rewrite`, named as `runRewrite` takes them.
 *
 * @example
 * rewriteArguments({to: 'absolute', 'in-place': true}, ['site/']); // {to: 'absolute', inPlace: true, ..., positionals: ['site/']}
 */
export function rewriteArguments(values: OptionValues<typeof REWRITE_OPTIONS>, positionals: string[]) {
	return {
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
		positionals,
	};
}
