/**
 * Which references stay absolute in relative mode (RewriteOptions.keepAbsolute): those
 * that programs read away from the page, where a relative URL has no base or is not
 * allowed.
 * - `rel=canonical`: RFC 6596 §3 ("absolute IRIs are RECOMMENDED"); search engines read
 *   it away from the page.
 * - `rel=alternate` with `hreflang`: the language alternates search engines read, which
 *   their documentation asks fully qualified.
 * - `rel=me`: read by other sites (IndieWeb, Mastodon verification) to compare URLs.
 * - Open Graph URL properties (ogp.me "og:url", "og:image" ...: "URL" values are read by
 *   the sharing site's crawler, not a browser) and the Twitter card's URL properties.
 *
 * A selector names such references; the grammar (documented in the command's help):
 *   selector  = head *condition
 *   head      = "rel=" token      ; a/area/link whose rel has this token
 *             / "meta=" name ["*"] ; meta content named by property (or name); "*": a prefix
 *             / element ["@" attribute] / "*"
 *   condition = "[rel=" token "]" / "[hreflang]"
 * Names are ASCII case-insensitive, as HTML's element, attribute and rel names are.
 */
import type {ReferenceEvent} from '../extract/event.js';
import type {Link} from '../types.js';

/** The default of RewriteOptions.keepAbsolute. */
export const KEEP_ABSOLUTE: readonly string[] = [
	'rel=canonical',
	'rel=alternate[hreflang]',
	'rel=me',
	'meta=og:url',
	'meta=og:image',
	'meta=og:image:url',
	'meta=og:image:secure_url',
	'meta=og:video*',
	'meta=og:audio*',
	'meta=twitter:image*',
	'meta=twitter:url',
	'meta=twitter:player*',
];

interface Selector {
	element?: string;
	attribute?: string;
	rel?: string[];
	meta?: string;
	metaPrefix?: boolean;
	hreflang?: boolean;
}

/** A predicate over (Link, event): whether the reference is kept absolute. */
export type KeepAbsolute = (link: Link, event: ReferenceEvent) => boolean;

const NAME = '[a-z0-9][a-z0-9:_.-]*';
/** An element name as the table has it (no prefix: `og:image` alone is a mistaken meta name, not an element). */
const ELEMENT = '[a-z][a-z0-9-]*';
const HEAD = new RegExp(`^(?:rel=(${NAME})|meta=(${NAME})(\\*)?|(\\*|${ELEMENT})(?:@(${NAME}))?)`, 'i');
const CONDITION = new RegExp(`^\\[(?:rel=(${NAME})|(hreflang))\\]`, 'i');

/**
 * One selector parsed, or an Error whose message says what is wrong.
 *
 * @example
 * parseSelector('rel=alternate[hreflang]'); // {rel: ['alternate'], hreflang: true}
 */
function parseSelector(text: string): Selector | Error {
	const head = HEAD.exec(text);
	if (head === null) return new Error(`"${text}" is not one`);
	const selector: Selector = {};
	const [, rel, meta, prefix, element, attribute] = head;
	if (rel !== undefined) selector.rel = [rel.toLowerCase()];
	if (meta !== undefined) {
		selector.meta = meta.toLowerCase();
		if (prefix !== undefined) selector.metaPrefix = true;
	}
	if (element !== undefined && element !== '*') selector.element = element.toLowerCase();
	if (attribute !== undefined) selector.attribute = attribute.toLowerCase();
	let rest = text.slice(head[0].length);
	while (rest !== '') {
		const condition = CONDITION.exec(rest);
		if (condition === null) return new Error(`in "${text}", "${rest}" is not a condition`);
		if (condition[1] !== undefined) (selector.rel ??= []).push(condition[1].toLowerCase());
		else selector.hreflang = true;
		rest = rest.slice(condition[0].length);
	}
	return selector;
}

/** What a keepAbsolute option must be, for error messages. */
export const KEEP_ABSOLUTE_FORM =
	'a list of selectors: rel=TOKEN, meta=NAME (NAME* for a prefix), ELEMENT or ELEMENT@ATTRIBUTE, each optionally followed by [rel=TOKEN] or [hreflang]';

/**
 * Check a keepAbsolute option: undefined, or an array of selectors. Returns what is wrong
 * with it, or undefined when it is valid.
 *
 * @example
 * keepAbsoluteProblem(['rel=canonical', 'og:image']); //=> '"og:image" is not one'
 */
export function keepAbsoluteProblem(value: unknown): string | undefined {
	if (value === undefined) return undefined;
	if (!Array.isArray(value)) return 'not an array';
	for (const item of value) {
		if (typeof item !== 'string') return `${typeof item} is not a selector string`;
		const selector = parseSelector(item.trim());
		if (selector instanceof Error) return selector.message;
	}
	return undefined;
}

/**
 * The predicate for `selectors` (default {@link KEEP_ABSOLUTE}); they must be valid
 * ({@link keepAbsoluteProblem}). Undefined when none is given (`[]`).
 *
 * @example
 * const keep = keepAbsolute(['rel=canonical']);
 * keep?.(link, event); // true for <link rel=canonical href=...>
 */
export function keepAbsolute(selectors: readonly string[] = KEEP_ABSOLUTE): KeepAbsolute | undefined {
	const parsed = parsedSelectors(selectors);
	if (parsed.length === 0) return undefined;
	// The default names only rel tokens and meta names: most references (no rel, not a meta) are let go at once.
	const byRelOrMeta = parsed.every(
		selector =>
			selector.element === undefined &&
			selector.attribute === undefined &&
			(selector.rel !== undefined || selector.meta !== undefined),
	);
	if (byRelOrMeta)
		return (link, event) =>
			(link.rel !== undefined || event.metaName !== undefined) &&
			parsed.some(selector => matches(selector, link, event));
	return (link, event) => parsed.some(selector => matches(selector, link, event));
}

/** The selectors last parsed, with their texts: a document after another with the same list (the default, a site's pages) parses none again. */
let lastParsed: {texts: readonly string[]; selectors: readonly Selector[]} | undefined;

function parsedSelectors(selectors: readonly string[]): readonly Selector[] {
	// Compared by text, not by array: a caller may change an array it passes again (KEEP_ABSOLUTE is exported).
	const last = lastParsed;
	if (last !== undefined && last.texts.length === selectors.length && last.texts.every((t, i) => t === selectors[i]))
		return last.selectors;
	const parsed = selectors.map(text => parseSelector(text.trim())).filter((s): s is Selector => !(s instanceof Error));
	lastParsed = {texts: [...selectors], selectors: parsed};
	return parsed;
}

function matches(selector: Selector, link: Link, event: ReferenceEvent): boolean {
	if (selector.element !== undefined && link.element !== selector.element) return false;
	if (selector.attribute !== undefined && link.attribute !== selector.attribute) return false;
	if (selector.rel !== undefined && !selector.rel.every(token => link.rel?.includes(token) === true)) return false;
	if (selector.hreflang === true && event.hreflang !== true) return false;
	if (selector.meta !== undefined) {
		const name = event.metaName;
		if (name === undefined || !(selector.metaPrefix === true ? name.startsWith(selector.meta) : name === selector.meta))
			return false;
	}
	return true;
}
