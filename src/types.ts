/**
 * Public types of linkstream, as fixed by the product contract (PRODUCT.md).
 * Every module shares these; none of them depends on Node.
 */

/** Which rules resolve and relativize: RFC 2396, RFC 3986, or the WHATWG URL Standard (default). */
export type Dialect = 'whatwg' | 'rfc3986' | 'rfc2396';

/** The dialects, for validating options. */
export const DIALECTS: readonly Dialect[] = ['whatwg', 'rfc3986', 'rfc2396'];

/**
 * RFC 2396 §4.3 / Appendix B decomposition of a URI reference.
 * `undefined` = the separator is absent; `''` = present but empty (RFC 2396 §5.2 note).
 * `path` is never undefined.
 */
export interface UriReference {
	scheme?: string;
	authority?: string;
	userinfo?: string;
	host?: string;
	port?: string;
	path: string;
	query?: string;
	fragment?: string;
}

export type RelativeForm = 'path-relative' | 'root-relative' | 'shortest';

export interface ResolveOptions {
	/** Default `'whatwg'`. */
	dialect?: Dialect;
}

export interface RelativizeOptions {
	/** Default `'whatwg'`. */
	dialect?: Dialect;
	/** Default `'path-relative'`. */
	form?: RelativeForm;
	/** Only targets that start with this absolute prefix are relativized; others are returned unchanged. */
	scope?: string;
}

export interface NormalizeOptions {
	/** Default `'whatwg'`. */
	dialect?: Dialect;
}

export interface ValidateOptions {
	/** Default `'rfc3986'` rules for `rfc3986` and `whatwg`; `rfc2396` checks the 1998 grammar. */
	dialect?: Dialect;
}

/** One problem found by `validate`: a half-open span of the input and a reason. */
export interface Problem {
	/** Machine-readable reason, e.g. `'invalid-percent-escape'`. */
	code: string;
	/** Human-readable explanation citing the rule. */
	message: string;
	start: number;
	end: number;
}

export type InputType = 'html' | 'xhtml' | 'css' | 'text';

export const INPUT_TYPES: readonly InputType[] = ['html', 'xhtml', 'css', 'text'];

export type LinkKind = 'navigation' | 'resource' | 'form' | 'citation' | 'base' | 'metadata' | 'text';

/** RFC 2396 §5.1 layers: 5.1.1 document, 5.1.2 encapsulating entity, 5.1.3 retrieval URI, 5.1.4 default. */
export type BaseSource = 'document' | 'encapsulating' | 'retrieval' | 'default';

export type LinkError = 'no-base' | 'invalid-url' | 'invalid-base';

/** Options for text scanning of bare domains and e-mail addresses (off by default). */
export interface FuzzyOptions {
	domains?: boolean;
	emails?: boolean;
}

export interface ExtractOptions {
	type: InputType;
	/** RFC 2396 §5.1.3: the URI used to retrieve the document (the last one after redirects). */
	retrievalUrl?: string;
	/** RFC 2396 §5.1.2: base of the enclosing entity (message, multipart, archive). */
	encapsulatingBase?: string;
	/** RFC 2396 §5.1.4: application default. */
	defaultBase?: string;
	/** Default `'whatwg'`. */
	dialect?: Dialect;
	/** Bytes only: the transport's charset (HTTP Content-Type). BOM > encoding > meta prescan > utf-8. */
	encoding?: string;
	/** html: also find plain-text URLs in text nodes (default false). */
	textLinks?: boolean;
	/** html: record anchor text on a/area links (default false). */
	anchorText?: boolean;
	/** text (and html text nodes): bare domains / e-mail addresses (default off). */
	fuzzy?: FuzzyOptions;
}

export interface Link {
	/** Absolute form; null when it cannot be resolved (see `error`). */
	url: string | null;
	/** The reference as its context yields it (entity-decoded, whitespace-stripped, CSS escapes decoded). */
	value: string;
	/** The exact source text: `input.slice(start, end)`. */
	raw: string;
	/** The base it was resolved against. */
	base: string | null;
	/** Which RFC 2396 §5.1 layer gave the base. */
	baseSource: BaseSource | null;
	kind: LinkKind;
	element?: string;
	attribute?: string;
	/** a/area/link rel tokens, lower-cased. */
	rel?: string[];
	/** Anchor text, first 128 characters, with the `anchorText` option. */
	text?: string;
	/** Half-open span of `raw` in the decoded input, in UTF-16 code units. */
	start: number;
	end: number;
	/** 1-based line and column of `start`. */
	line: number;
	column: number;
	/** `''` or `'#frag'` reference. */
	sameDocument?: true;
	error?: LinkError;
	/** text: the delimiter that enclosed the reference (`'<>'`, `'<URL:>'`, `'""'`, or `'none'`). */
	delimiter?: string;
}

export type RewriteTarget = 'absolute' | 'relative' | ((link: Link) => string | null | undefined);

export interface RewriteOptions extends ExtractOptions {
	to: RewriteTarget;
	/** Where the output will live (relative mode); default `retrievalUrl`. */
	documentUrl?: string;
	/** Relative mode: only targets under this prefix are relativized. */
	scope?: string;
	form?: RelativeForm;
}
