/** `linkstream check`'s own options (check.ts reads them by these names). */
export const CHECK_OPTIONS = {
	site: {type: 'string'},
	external: {type: 'boolean'},
	format: {type: 'string'},
	jobs: {type: 'string', short: 'j'},
	index: {type: 'string'},
	'clean-urls': {type: 'boolean'},
	inert: {type: 'boolean'},
	cache: {type: 'string'},
	'cache-max-age': {type: 'string'},
	timeout: {type: 'string'},
	dialect: {type: 'string'},
} as const;
