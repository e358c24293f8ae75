/**
 * Option checks shared by the URI functions and src/options.ts: every bad option is a
 * TypeError (OptionError) whose message names the option and the expected form. Pure
 * TypeScript, no Node imports.
 */
import {DIALECTS} from '../types.js';
import type {Dialect, RelativeForm} from '../types.js';

const FORMS: readonly RelativeForm[] = ['path-relative', 'root-relative', 'shortest'];

/**
 * A bad option: a TypeError whose message names the option and the expected form; every
 * entry point throws it before reading any input. Exported by both package entries.
 *
 * @example
 * try { extractLinks(page, {type: 'pdf'}); } catch (error) { if (error instanceof OptionError) error.option; } //=> 'type'
 */
export class OptionError extends TypeError {
	override name = 'OptionError';
	readonly option: string;

	constructor(option: string, message: string) {
		super(message);
		this.option = option;
	}
}

/**
 * The error for option `name`, which should have been `expected`.
 *
 * @example
 * optionError('dialect', "one of 'whatwg', 'rfc3986', 'rfc2396'", 'rfc1808').message;
 * // "linkstream: option `dialect` must be one of 'whatwg', 'rfc3986', 'rfc2396'; got \"rfc1808\""
 */
export function optionError(name: string, expected: string, got: unknown): OptionError {
	return new OptionError(name, `linkstream: option \`${name}\` must be ${expected}; got ${describe(got)}`);
}

/** A value as a message shows it: strings quoted and cut at 80 characters. */
export function describe(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
	if (typeof value === 'function') return 'a function';
	return String(value);
}

/**
 * The dialect, defaulting to whatwg.
 *
 * @example
 * checkDialect(undefined); // 'whatwg'
 */
export function checkDialect(dialect: unknown): Dialect {
	if (dialect === undefined) return 'whatwg';
	if (typeof dialect === 'string' && (DIALECTS as readonly string[]).includes(dialect)) return dialect as Dialect;
	throw optionError('dialect', `one of ${DIALECTS.map(d => `'${d}'`).join(', ')}`, dialect);
}

/**
 * The relative form, defaulting to path-relative.
 *
 * @example
 * checkForm('shortest'); // 'shortest'
 */
export function checkForm(form: unknown): RelativeForm {
	if (form === undefined) return 'path-relative';
	if (typeof form === 'string' && (FORMS as readonly string[]).includes(form)) return form as RelativeForm;
	throw optionError('form', `one of ${FORMS.map(f => `'${f}'`).join(', ')}`, form);
}

/**
 * The options object of a URI function: undefined or an object.
 *
 * @example
 * checkOptions({dialect: 'rfc3986'}); // {dialect: 'rfc3986'}
 */
export function checkOptions<T extends object>(options: T | undefined): T | undefined {
	if (options === undefined || (options !== null && typeof options === 'object')) return options;
	throw new OptionError(
		'options',
		`linkstream: options must be an object such as {dialect: 'rfc3986'}; got ${describe(options)}`,
	);
}

/**
 * A string argument (`ref`, `base`, `target`, `uri`).
 *
 * @example
 * checkString('ref', 'a/b'); // 'a/b'
 */
export function checkString(name: string, value: unknown): string {
	if (typeof value === 'string') return value;
	throw new TypeError(`linkstream: \`${name}\` must be a string; got ${describe(value)}`);
}
