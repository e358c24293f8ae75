/** `linkstream extract`'s own options, and the command line they make for `runExtract` (extract.ts). */
import type {OptionValues} from './args.js';

export const EXTRACT_OPTIONS = {
	type: {type: 'string'},
	'base-url': {type: 'string'},
	encoding: {type: 'string'},
	dialect: {type: 'string'},
	format: {type: 'string'},
	'text-links': {type: 'boolean'},
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
} as const;

/**
 * The options given to `extract`, named as `runExtract` takes them.
 *
 * @example
 * extractArguments({format: 'urls'}, ['site/']); // {format: 'urls', ..., positionals: ['site/']}
 */
export function extractArguments(values: OptionValues<typeof EXTRACT_OPTIONS>, positionals: string[]) {
	return {
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
		positionals,
	};
}
