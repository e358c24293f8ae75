/**
 * What each reference becomes: `to: 'absolute'`, `to: 'relative'`, or a user function.
 * A target answers with the new value, or undefined to keep the source as written.
 *
 * Relative mode writes each reference relative to the base it will be resolved against
 * in the output (html-url-attributes.md §4):
 * - a reference the input resolved against a BASE element (`baseSource: 'document'`):
 *   the base that BASE element gives in the output. The BASE href is itself a reference
 *   against the document URL, rewritten by the same rules, so the output base is known
 *   from how its href is written (an absolute href: the same base; relativized: the same
 *   base again, by relativize's guarantee; an empty href kept as written: the output
 *   document URL). The BASE Link may come after the Links it governs (they were held
 *   until it was seen), so each batch is prepared before any of its Links is answered.
 *   With `baseHold: 'head'`, Links released before a late BASE (after body content)
 *   were resolved against the fallback base and are written relative to the output
 *   document, where a browser would resolve them against that BASE: hold to the end
 *   (`'document'`, the default of `rewriteLinks`) to keep their meaning;
 * - otherwise the output document's URL: `documentUrl`, defaulting to the §5.1 fallback
 *   base of the input (`encapsulatingBase`, else `retrievalUrl`, else `defaultBase`).
 * A reference resolved against a `codebase` (object classid, archive) is relative to the
 * codebase resolved against that base. Kept as written: same-document (`''`, `#frag`) and
 * empty references, opaque targets (`mailto:`, `data:`, `javascript:` ...), unresolvable
 * ones (`url: null`), `itemtype` (absolute only), plain-text URLs outside `<URL:...>`
 * (RFC 2396 Appendix E: only there is a relative reference recognised). A target outside
 * `scope` (or on another origin) keeps its source when that still resolves to the same
 * URL in the output, else it is written absolute: the meaning never changes.
 *
 * Absolute mode writes `link.url` for every reference that has no scheme (relative
 * references, network-path `//host` ones included) except same-document and empty ones
 * and unresolvable ones. A reference that already has a scheme (RFC 3986 §4.3
 * absolute-URI) keeps its bytes: the URL parser's serialization (`http://x` ->
 * `http://x/`, an IDN host in punycode, case, dot segments) is a change the reader sees
 * and no relative pass undoes. With `normalize: true` such references are written as
 * `link.url` too, except opaque targets and plain-text URLs (their serialization, e.g. a
 * percent-encoded host, may no longer be recognised as a URL in running text); and so
 * are those with credentials under `redactCredentials`, whose url has none.
 *
 * Under an RFC dialect, what either mode writes is made safe for a browser
 * (browser-safe.ts): it leads a WHATWG parser to the same host as the reference it
 * replaces.
 *
 * Neither mode rewrites an event with `syntax: 'none'` (nothing is written there: an
 * absent form action, a robots directive); the user function is not called for them.
 */
import {fallbackBase} from '../extract/base.js';
import type {ReferenceEvent} from '../extract/event.js';
import type {Dialect, Link, RewriteOptions} from '../types.js';
import {createRelativizer, isAbsolute, parseReference, resolve} from '../uri/index.js';
import {browserSafe} from './browser-safe.js';
import {keepAbsolute, type KeepAbsolute} from './keep-absolute.js';

/** Rewrite options after checking: the dialect is known. */
export type CheckedRewriteOptions = RewriteOptions & {dialect: Dialect};

/** One Link as the sink gave it. */
export interface Reference {
	link: Link;
	event: ReferenceEvent;
}

export interface Target {
	/** Look at a batch of References before any of them is answered; absent when a Link can be answered as it comes. */
	prepare?(batch: readonly Reference[]): void;
	/** The new value for a Link, or undefined to keep the source as written. */
	value(link: Link, event: ReferenceEvent): string | undefined;
	/** Relative mode: the references kept absolute so far (RewriteOptions.keepAbsolute). */
	readonly keptAbsolute?: number;
}

/**
 * The target for `options.to`.
 *
 * @example
 * const target = createTarget({type: 'html', to: 'absolute', dialect: 'whatwg'});
 * target.value(link, event); // link.url, or undefined
 */
export function createTarget(options: CheckedRewriteOptions): Target {
	const {to} = options;
	if (to === 'absolute') {
		// A reference that must stay absolute is written absolute even when it points to the document itself ('' or '#x'): relative mode writes it so.
		const keep = keepAbsolute(options.keepAbsolute);
		// redactCredentials: a reference written with credentials is written as its url, without them.
		const normalize = options.normalize === true;
		const redact = options.redactCredentials === true;
		const absolute = (link: Link, event: ReferenceEvent): string | undefined =>
			keep !== undefined && isSelfKept(link, event, keep)
				? (link.url as string)
				: absoluteValue(link, event, normalize, redact);
		if (options.dialect === 'whatwg') return {value: absolute};
		return {
			value(link, event) {
				const base = link.base ?? undefined;
				return browserSafe(absolute(link, event), sourceOf(link, event), base, base);
			},
		};
	}
	if (to === 'relative') return new RelativeTarget(options);
	return {
		prepare: () => undefined,
		value(link, event) {
			if (event.syntax === 'none') return undefined;
			const value = to(link);
			return value === null || value === undefined || value === link.value ? undefined : value;
		},
	};
}

/** A reference to be kept absolute that is written as a same-document or empty reference: its URL is written instead. */
function isSelfKept(link: Link, event: ReferenceEvent, keep: KeepAbsolute): boolean {
	return (
		(link.sameDocument === true || link.value === '') &&
		event.syntax !== 'none' &&
		event.against !== 'absolute' &&
		link.url !== null &&
		!isOpaque(link.url) &&
		keep(link, event)
	);
}

/** References kept as written by both modes. */
function isKept(link: Link, event: ReferenceEvent): boolean {
	return (
		event.syntax === 'none' ||
		event.against === 'absolute' ||
		link.url === null ||
		link.sameDocument === true ||
		link.value === '' ||
		isOpaque(link.url)
	);
}

function absoluteValue(link: Link, event: ReferenceEvent, normalize: boolean, redact: boolean): string | undefined {
	// A value written as its URL first: the commonest case, which nothing else need be asked of.
	if (link.url === link.value || isKept(link, event)) return undefined;
	if (
		isAbsolute(link.value) &&
		(!normalize || event.syntax === 'text') &&
		!(redact && parseReference(link.value).userinfo !== undefined)
	)
		return undefined;
	return link.url ?? undefined;
}

/** The reference as the input has it, as a browser reads it (what was resolved, for text's `www.` completions). */
function sourceOf(link: Link, event: ReferenceEvent): string {
	return event.reference ?? link.value;
}

/** An absolute URI whose scheme is not followed by `/` (RFC 2396 §3 opaque_part): mailto:, data:, javascript: ... */
function isOpaque(url: string | null): boolean {
	if (url === null) return true;
	const colon = url.indexOf(':');
	return colon > 0 && url.charCodeAt(colon + 1) !== 0x2f; /* "/" */
}

/** Relativizers kept (one per distinct output base). */
const MAX_RELATIVIZERS = 64;

class RelativeTarget implements Target {
	private readonly dialect: Dialect;
	private readonly options: CheckedRewriteOptions;
	/** Where the output document lives: the base of every reference not under a BASE element. */
	private readonly documentUrl: string | undefined;
	/** A BASE element's base in the input -> the base it gives in the output. */
	private readonly outputBases = new Map<string, string>();
	private readonly relativizers = new Map<string, (target: string) => string>();
	private readonly keep: KeepAbsolute | undefined;
	keptAbsolute = 0;

	constructor(options: CheckedRewriteOptions) {
		this.options = options;
		this.keep = keepAbsolute(options.keepAbsolute);
		this.dialect = options.dialect;
		this.documentUrl = options.documentUrl ?? fallbackBase(options)?.url;
	}

	prepare(batch: readonly Reference[]): void {
		for (const {link, event} of batch) {
			if (link.kind !== 'base' || link.url === null || this.outputBases.has(link.url)) continue;
			const base = this.outputBase(link);
			if (base === undefined) continue;
			const written = this.value(link, event) ?? link.value;
			const output = this.resolve(written, base);
			if (output !== null) this.outputBases.set(link.url, output);
		}
	}

	value(link: Link, event: ReferenceEvent): string | undefined {
		// RFC 2396 Appendix E: in plain text only `<URL:...>` makes a relative reference.
		if (event.syntax === 'text' && link.delimiter !== '<URL:>') return undefined;
		if (event.syntax === 'none' || event.against === 'absolute') return undefined;
		if (this.keep !== undefined && link.url !== null && !isOpaque(link.url) && this.keep(link, event))
			return this.absoluteValue(link, event);
		if (link.sameDocument === true || link.value === '') return undefined;
		let base = this.outputBase(link);
		if (base !== undefined && event.codebase !== undefined) base = this.resolve(event.codebase, base) ?? undefined;
		if (base === undefined) return undefined;
		// Unresolvable and opaque references are kept; under an RFC dialect a browser may still read them as relative.
		const written = isKept(link, event) ? undefined : this.relativeValue(link, event, base);
		if (this.dialect === 'whatwg') return written;
		const inputBase =
			link.base === null || event.codebase === undefined ? link.base : this.resolve(event.codebase, link.base);
		return browserSafe(written, sourceOf(link, event), inputBase ?? undefined, base);
	}

	/**
	 * A reference kept absolute: its source when that already has a scheme (as absolute
	 * mode keeps it), else its URL, a link to the page itself included.
	 */
	private absoluteValue(link: Link, event: ReferenceEvent): string | undefined {
		this.keptAbsolute++;
		const written = isAbsolute(link.value) ? undefined : (link.url as string);
		if (this.dialect === 'whatwg') return written;
		const base = link.base ?? undefined;
		return browserSafe(written, sourceOf(link, event), base, base);
	}

	/** The reference relative to `base` (where it will be resolved in the output), or undefined to keep the source. */
	private relativeValue(link: Link, event: ReferenceEvent, base: string): string | undefined {
		const url = link.url as string;
		let relative: string | undefined;
		try {
			relative = this.relativizer(base)?.(url);
		} catch {
			relative = undefined; // not absolute in this dialect: leave it to the check below
		}
		if (relative !== undefined && !isAbsolute(relative)) return relative;
		// Out of scope or another origin: the source may keep its meaning as it is.
		const source = sourceOf(link, event);
		// WHATWG: a source written as its own URL starts as a serialization does (a scheme, and `//` after a special one),
		// so the URL parser reads no base for it (`#scheme-state`): it resolves to `url` against any base, no parse needed.
		if (source === url && this.dialect === 'whatwg') return undefined;
		return this.resolve(source, base) === url ? undefined : url;
	}

	/** The base `link` will be resolved against in the output. */
	private outputBase(link: Link): string | undefined {
		if (link.baseSource === 'document' && link.base !== null) return this.outputBases.get(link.base) ?? link.base;
		return this.documentUrl;
	}

	private relativizer(base: string): ((target: string) => string) | undefined {
		let relativizer = this.relativizers.get(base);
		if (relativizer === undefined) {
			try {
				const {form, scope} = this.options;
				relativizer = createRelativizer(base, {
					dialect: this.dialect,
					...(form === undefined ? {} : {form}),
					...(scope === undefined ? {} : {scope}),
				});
			} catch {
				return undefined; // a base that is not absolute: nothing is relative to it
			}
			// Bases are few (the document's, a BASE, object codebases); bound the cache anyway.
			if (this.relativizers.size >= MAX_RELATIVIZERS) this.relativizers.clear();
			this.relativizers.set(base, relativizer);
		}
		return relativizer;
	}

	private resolve(reference: string, base: string): string | null {
		try {
			return resolve(reference, base, {dialect: this.dialect});
		} catch {
			return null;
		}
	}
}
