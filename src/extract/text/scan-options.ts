/**
 * The options of the plain-text scan, and their compiled form. A leaf module: the scanner
 * (scan.ts) and the bracketed-reference check (classify.ts) both read them.
 */
import type {FuzzyOptions} from '../../types.js';
import {DEFAULT_OPAQUE_SCHEMES} from './schemes.js';

export interface TextScanOptions {
	/** Bare domains (`example.com/x`) and e-mail addresses (`a@example.com`); both off by default. */
	fuzzy?: FuzzyOptions;
	/** More opaque schemes (without `//`) to recognise, besides `OPAQUE_SCHEMES`. */
	schemes?: readonly string[];
}

/** `TextScanOptions`, resolved once. */
export interface CompiledTextScanOptions {
	domains: boolean;
	emails: boolean;
	schemes: ReadonlySet<string>;
}

/**
 * Resolve `TextScanOptions` once (for callers that scan many texts, e.g. HTML text nodes).
 *
 * @example
 * scanSegment(text, 0, text.length, true, compileTextScanOptions({fuzzy: {emails: true}}), matches);
 */
export function compileTextScanOptions(options: TextScanOptions = {}): CompiledTextScanOptions {
	const schemes =
		options.schemes === undefined || options.schemes.length === 0
			? DEFAULT_OPAQUE_SCHEMES
			: new Set([...DEFAULT_OPAQUE_SCHEMES, ...options.schemes.map(scheme => scheme.toLowerCase())]);
	return {domains: options.fuzzy?.domains === true, emails: options.fuzzy?.emails === true, schemes};
}
