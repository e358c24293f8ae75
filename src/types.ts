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

export type InputType = 'html' | 'xhtml' | 'xml' | 'css' | 'text';

export const INPUT_TYPES: readonly InputType[] = ['html', 'xhtml', 'xml', 'css', 'text'];

/** Containers of documents, read by src/archive (command line `--type`). */
export type ArchiveType = 'mbox' | 'eml' | 'news' | 'warc';

export const ARCHIVE_TYPES: readonly ArchiveType[] = ['mbox', 'eml', 'news', 'warc'];

export type LinkKind = 'navigation' | 'resource' | 'form' | 'citation' | 'base' | 'metadata' | 'text';

/** RFC 2396 §5.1 layers: 5.1.1 document, 5.1.2 encapsulating entity, 5.1.3 retrieval URI, 5.1.4 default. */
export type BaseSource = 'document' | 'encapsulating' | 'retrieval' | 'default';

/** Why `url` is null; `too-many`: the references of one start tag past MAX_TAG_REFERENCES, reported as one Link (docs/limits.md). */
export type LinkError = 'no-base' | 'invalid-url' | 'invalid-base' | 'too-many';

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
	/** Remove `user:password@` from emitted `url`s (default false). `value` and `raw` stay as written. */
	redactCredentials?: boolean;
	/** Emit only Links whose resolved URL has one of these schemes (e.g. `['http', 'https']`); others are dropped. */
	schemes?: readonly string[];
	/**
	 * html (and HTML escaped in xml): how long references wait for a BASE element, which
	 * governs every URL of the document wherever it is. `'document'` (default of `extractLinks` and `rewriteLinks`):
	 * to the end of the document, at most 32,768 references and 8 Mi characters of input;
	 * `'head'` (default of the streams): until body content starts, at most 1,024
	 * references and 1 Mi characters. Past the bounds a later BASE governs only the
	 * references after it.
	 */
	baseHold?: BaseHold;
	/**
	 * Told, once at the end of a document, of a loss the limits allow (docs/limits.md): a
	 * start tag longer than 16 Mi UTF-16 units is ignored and its Links are not read.
	 */
	onWarning?: (message: string) => void;
}

/** How long references wait for a BASE element (ExtractOptions.baseHold). */
export type BaseHold = 'head' | 'document';

export const BASE_HOLDS: readonly BaseHold[] = ['head', 'document'];

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
	/** html: inside a `<template>`: a browser never follows it until script clones the template. */
	inert?: true;
	error?: LinkError;
	/** text: the delimiter that enclosed the reference (`'<>'`, `'<URL:>'`, `'""'`, or `'none'`). */
	delimiter?: string;
	/** Mail and news archives: the message and MIME part the Link was found in. */
	message?: MessageContext;
	/** Crawler archives (WARC): the record the Link was found in. */
	record?: RecordContext;
	/** html: the iframe `srcdoc` document the Link was found in (absent: the document itself). */
	frame?: FrameContext;
	/** xml: the element whose text held the HTML document the Link was found in (escaped, in CDATA, or base64). */
	embed?: EmbedContext;
}

/** The XML element whose text held an HTML document (Atom `type="html"`, RSS `description`, `content:encoded`). */
export interface EmbedContext {
	/** The element's name as written, prefix included (`content`, `content:encoded`). */
	element: string;
	/** Its namespace URI (`''`: none, as RSS 2.0's elements). */
	namespace: string;
	/** Offset of its start tag's `<` in the decoded input. */
	start: number;
	/** How the HTML is written: as XML text (escaped, or in CDATA sections), or base64 (Atom 0.3 `mode="base64"`). */
	encoding: 'text' | 'base64';
}

/** The iframe `srcdoc` document a Link was found in. */
export interface FrameContext {
	element: 'iframe';
	attribute: 'srcdoc';
	/** Half-open span of the srcdoc attribute's value (between its quotes) in the decoded input. */
	start: number;
	end: number;
	/** 1: a srcdoc of the document itself; 2: a srcdoc inside a srcdoc; ... */
	depth: number;
}

/** Where in a mail or news archive a Link was found. */
export interface MessageContext {
	/** 0-based index of the message in an mbox (absent for a single .eml or article). */
	index?: number;
	/** The Message-ID header, without angle brackets, when present. */
	messageId?: string;
	/** MIME part path: `'1'` for a single part, `'1.2'` for the second part of the first multipart, ... */
	part: string;
	/** The part's Content-Type (type/subtype, lower-cased). */
	contentType: string;
	/** The part's Content-ID without angle brackets, when present. */
	contentId?: string;
	/** For `cid:` references: the part path of the part with that Content-ID, when it exists. */
	cidPart?: string;
	/**
	 * The part path of the part whose resolved Content-Location equals this Link's URL
	 * (fragment ignored): an internal reference of an MHTML message (RFC 2557 §8.2).
	 */
	locationPart?: string;
}

/** Where in a WARC file a Link was found. */
export interface RecordContext {
	/** WARC-Target-URI (angle brackets from the WARC/1.0 grammar removed). */
	targetUri: string;
	/** WARC-Record-ID. */
	recordId: string;
	/** WARC-Date. */
	date: string;
	/** WARC-Type: response, revisit, resource, ... */
	type: string;
	/** HTTP status code of a response or revisit record, when present. */
	status?: number;
	/** Where in the record: the HTTP header (`'header:location'`, `'header:link'`, `'header:refresh'`) or `'body'`. */
	source: string;
}

export type RewriteTarget = 'absolute' | 'relative' | ((link: Link) => string | null | undefined);

export interface RewriteOptions extends ExtractOptions {
	to: RewriteTarget;
	/** Where the output will live (relative mode); default `retrievalUrl`. */
	documentUrl?: string;
	/** Relative mode: only targets under this prefix are relativized. */
	scope?: string;
	form?: RelativeForm;
	/**
	 * Absolute mode: also write references that already have a scheme in their canonical
	 * form, `link.url` (default false: a reference with a scheme keeps its bytes).
	 */
	normalize?: boolean;
	/**
	 * Relative mode: references written (or made) absolute, never relative, because programs
	 * read them away from the page: selectors such as `'rel=canonical'`,
	 * `'rel=alternate[hreflang]'`, `'meta=og:image'`, `'meta=og:video*'`, `'link@href'`,
	 * `'a[rel=me]'`. Default `KEEP_ABSOLUTE` (canonical, hreflang alternates, rel=me, Open
	 * Graph and Twitter card URLs); `[]` relativizes them all. Where one of them points to the
	 * document itself it is written as its URL, never `''`, in both modes.
	 */
	keepAbsolute?: readonly string[];
}
