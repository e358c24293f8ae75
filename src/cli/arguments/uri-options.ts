/** `linkstream resolve`'s and `linkstream relativize`'s own options (uri.ts). */
export const RESOLVE_OPTIONS = {
	dialect: {type: 'string'},
} as const;

export const RELATIVIZE_OPTIONS = {
	dialect: {type: 'string'},
	form: {type: 'string'},
	scope: {type: 'string'},
} as const;
