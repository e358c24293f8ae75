/**
 * Option checking for the public API: every bad option is a TypeError that names the
 * option and the expected form. Pure TypeScript; the absolute-URL check uses src/uri.
 */
import {BASE_HOLDS, INPUT_TYPES} from './types.js';
import type {Dialect, ExtractOptions, FuzzyOptions, RewriteOptions} from './types.js';
import {KEEP_ABSOLUTE_FORM, keepAbsoluteProblem} from './rewrite/keep-absolute.js';
import {absolutize} from './uri/index.js';
import {checkDialect, checkForm, describe, OptionError, optionError} from './uri/options.js';

export {OptionError, checkDialect, checkForm, optionError} from './uri/options.js';

/** An absolute URI (RFC 3986 §4.3 absolute-URI) or undefined. */
export function checkAbsolute(name: string, value: unknown, dialect: Dialect): string | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || absolutize(value, {dialect}) === null) {
		throw optionError(name, 'an absolute URI such as "https://example.com/page.html"', value);
	}
	return value;
}

function checkBoolean(name: string, value: unknown): void {
	if (value !== undefined && typeof value !== 'boolean') throw optionError(name, 'true or false', value);
}

/** Every option extraction takes (ExtractOptions), as the check for unknown names reads them. */
const EXTRACT_NAMES = [
	'type',
	'retrievalUrl',
	'encapsulatingBase',
	'defaultBase',
	'dialect',
	'encoding',
	'textLinks',
	'anchorText',
	'fuzzy',
	'redactCredentials',
	'schemes',
	'baseHold',
	'onWarning',
] as const satisfies ReadonlyArray<keyof ExtractOptions>;
/** Every option rewriting takes besides extraction's (RewriteOptions). */
const REWRITE_NAMES = [
	'to',
	'documentUrl',
	'scope',
	'form',
	'normalize',
	'keepAbsolute',
] as const satisfies ReadonlyArray<Exclude<keyof RewriteOptions, keyof ExtractOptions>>;
/**
 * What the package's own layers add to the options on their way to the cores
 * (CoreOptions in src/extract/base.ts): accepted, never listed in an error.
 */
const INTERNAL_NAMES = ['own', 'encodeQuery', 'onFragmentTarget', 'releaseStep'];
const FUZZY_NAMES = ['domains', 'emails'] as const satisfies ReadonlyArray<keyof FuzzyOptions>;

// Compile-time: a name added to ExtractOptions or RewriteOptions must be added to the lists above.
type Unlisted =
	| Exclude<keyof ExtractOptions, (typeof EXTRACT_NAMES)[number]>
	| Exclude<keyof RewriteOptions, keyof ExtractOptions | (typeof REWRITE_NAMES)[number]>;
const EVERY_NAME_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
void EVERY_NAME_LISTED;

const EXTRACT_KNOWN: ReadonlySet<string> = new Set([...EXTRACT_NAMES, ...INTERNAL_NAMES]);
const REWRITE_KNOWN: ReadonlySet<string> = new Set([...EXTRACT_KNOWN, ...REWRITE_NAMES]);

/**
 * An own enumerable option whose name the call does not take is an error, never ignored: a
 * misspelt `baseUrl` (for `retrievalUrl`) would otherwise resolve nothing, silently. Keys
 * whose value is undefined count too (a spread of another object's options shows them).
 */
function checkNames(o: object, what: string, known: ReadonlySet<string>, listed: readonly string[], prefix = ''): void {
	for (const name of Object.keys(o)) {
		if (known.has(name)) continue;
		throw new OptionError(
			prefix + name,
			`linkstream: \`${prefix}${name}\` is not ${what}; they are ${listed.map(n => prefix + n).join(', ')}`,
		);
	}
}

/** Validate extraction options; returns them with the dialect filled in. */
export function checkExtractOptions(options: unknown): ExtractOptions & {dialect: Dialect} {
	const checked = checkExtractValues(options);
	checkNames(options as object, 'an extraction option', EXTRACT_KNOWN, EXTRACT_NAMES);
	return checked;
}

/** The values of extraction's options (not their names: rewriting takes more). */
function checkExtractValues(options: unknown): ExtractOptions & {dialect: Dialect} {
	if (options === null || typeof options !== 'object') {
		throw new OptionError(
			'options',
			`linkstream: options must be an object such as {type: 'html'}; got ${describe(options)}`,
		);
	}
	const o = options as ExtractOptions;
	if (!(INPUT_TYPES as readonly unknown[]).includes(o.type)) {
		throw optionError('type', `one of ${INPUT_TYPES.map(t => `'${t}'`).join(', ')}`, o.type);
	}
	const dialect = checkDialect(o.dialect);
	checkAbsolute('retrievalUrl', o.retrievalUrl, dialect);
	checkAbsolute('encapsulatingBase', o.encapsulatingBase, dialect);
	checkAbsolute('defaultBase', o.defaultBase, dialect);
	if (o.encoding !== undefined && (typeof o.encoding !== 'string' || o.encoding.trim() === '')) {
		throw optionError('encoding', 'a WHATWG encoding label such as "utf-8" or "windows-1252"', o.encoding);
	}
	checkBoolean('textLinks', o.textLinks);
	checkBoolean('anchorText', o.anchorText);
	if (o.fuzzy !== undefined) {
		if (o.fuzzy === null || typeof o.fuzzy !== 'object')
			throw optionError('fuzzy', 'an object {domains?, emails?}', o.fuzzy);
		checkNames(o.fuzzy, 'a fuzzy option', new Set(FUZZY_NAMES), FUZZY_NAMES, 'fuzzy.');
		checkBoolean('fuzzy.domains', o.fuzzy.domains);
		checkBoolean('fuzzy.emails', o.fuzzy.emails);
	}
	checkBoolean('redactCredentials', o.redactCredentials);
	if (o.schemes !== undefined && (!Array.isArray(o.schemes) || !o.schemes.every(isScheme))) {
		throw optionError('schemes', "an array of URI schemes such as ['http', 'https']", o.schemes);
	}
	if (o.baseHold !== undefined && !BASE_HOLDS.includes(o.baseHold)) {
		throw optionError('baseHold', BASE_HOLDS.map(h => `'${h}'`).join(' or '), o.baseHold);
	}
	if (o.onWarning !== undefined && typeof o.onWarning !== 'function') {
		throw optionError('onWarning', 'a function', o.onWarning);
	}
	return withDialect(o, dialect);
}

/**
 * A copy of `o` with `dialect` set. Not `{...o, dialect}`: V8 (Node 20) gives the copy of a
 * spread that adds a property a new map each call, some ten times the cost (0.5 µs) of a
 * copy then a store, per document; the names are checked on the caller's object, where an
 * own `__proto__` key is still seen (Object.assign would set the copy's prototype with it).
 */
function withDialect<T extends object>(o: T, dialect: Dialect): T & {dialect: Dialect} {
	const checked = Object.assign({}, o) as T & {dialect: Dialect};
	checked.dialect = dialect;
	return checked;
}

/** RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
function isScheme(value: unknown): boolean {
	return typeof value === 'string' && /^[a-z][a-z\d+.-]*$/i.test(value);
}

/** Validate rewrite options. */
export function checkRewriteOptions(options: unknown): RewriteOptions & {dialect: Dialect} {
	const o = checkExtractValues(options) as RewriteOptions & {dialect: Dialect};
	checkNames(options as object, 'a rewrite option', REWRITE_KNOWN, [...EXTRACT_NAMES, ...REWRITE_NAMES]);
	if (o.to !== 'absolute' && o.to !== 'relative' && typeof o.to !== 'function') {
		throw optionError('to', "'absolute', 'relative' or a function (link) => string | null | undefined", o.to);
	}
	checkAbsolute('documentUrl', o.documentUrl, o.dialect);
	checkAbsolute('scope', o.scope, o.dialect);
	if (o.form !== undefined) checkForm(o.form);
	checkBoolean('normalize', o.normalize);
	const keep = keepAbsoluteProblem(o.keepAbsolute);
	if (keep !== undefined) throw optionError('keepAbsolute', `${KEEP_ABSOLUTE_FORM} (${keep})`, o.keepAbsolute);
	// Only absolute mode writes references that already have a scheme.
	if (o.normalize === true && o.to !== 'absolute')
		throw optionError('normalize', "true only with to: 'absolute' (false or absent otherwise)", o.normalize);
	return o;
}
