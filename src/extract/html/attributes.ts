/**
 * Where URLs live in HTML: element × attribute → how the value is read, what kind of
 * link it is, and what it resolves against. Data only; every row is a row of
 * reference/html-url-attributes.md (§1 conforming, §1.1 link rel, §1.2 meta content,
 * §2 SVG/MathML, §3 obsolete and non-standard).
 *
 * Names are lower-case as written in the source (SVG `feImage` is `feimage`,
 * XLink's attribute is `xlink:href`).
 */
import {knownString} from '../../known-string.js';
import type {LinkKind} from '../../types.js';
import type {Against} from '../event.js';

/** How an attribute value holds its URL(s). */
export type AttributeSyntax =
	| 'url' // the whole value, ASCII whitespace stripped (§5.3)
	| 'list-item' // whitespace-separated URLs (ping, archive, profile, itemtype)
	| 'comma-item' // comma-separated URLs (applet archive)
	| 'srcset' // srcset candidates (§5.5)
	| 'css' // CSS declarations (style attribute, SVG presentation attributes)
	| 'doc'; // an HTML document (iframe srcdoc)

/** Rows whose meaning depends on other attributes of the same element (or its ancestors). */
export type AttributeCondition =
	| 'link-rel' // link href: kind from the rel token set (§1.1)
	| 'input-image' // input src: only when type=image
	| 'submit-button' // formaction: submit buttons only; empty → the document URL
	| 'form-action' // form action: absent or empty → the document URL
	| 'codebase' // resolved against the element's own codebase (object, applet; §3)
	| 'param-value' // param value: only for URL-valued names, against the plugin's codebase
	| 'meta-content' // meta content: refresh, URL-valued properties, robots (§1.2)
	| 'unless-href'; // xlink:href: ignored when href is present (SVG 2)

export interface AttributeRule {
	syntax: AttributeSyntax;
	kind: LinkKind;
	against: Against;
	when?: AttributeCondition;
}

/** The namespaces the HTML parser puts elements in. */
export type Namespace = 'html' | 'svg' | 'math';

type Row = readonly [
	elements: string,
	attributes: string,
	syntax: AttributeSyntax,
	kind: LinkKind,
	against?: Against,
	when?: AttributeCondition,
];

/** `*` = any element of the namespace. */
const HTML_ROWS: readonly Row[] = [
	// §1 conforming HTML
	['a area', 'href', 'url', 'navigation'],
	['a area', 'ping', 'list-item', 'metadata'],
	['a img script', 'attributionsrc', 'list-item', 'metadata'],
	['base', 'href', 'url', 'base', 'document'],
	['link', 'href', 'url', 'navigation', 'base', 'link-rel'],
	['link', 'imagesrcset', 'srcset', 'resource'],
	['img audio video source track embed iframe script', 'src', 'url', 'resource'],
	['img source', 'srcset', 'srcset', 'resource'],
	['iframe', 'srcdoc', 'doc', 'resource'],
	['object', 'data', 'url', 'resource', 'base'], // HTML: data ignores codebase (browsers; HTML 4.01 used it)
	['video', 'poster', 'url', 'resource'],
	['input', 'src', 'url', 'resource', 'base', 'input-image'],
	['form', 'action', 'url', 'form', 'base', 'form-action'],
	['button input', 'formaction', 'url', 'form', 'base', 'submit-button'],
	['blockquote q del ins', 'cite', 'url', 'citation'],
	['meta', 'content', 'url', 'navigation', 'base', 'meta-content'],
	['*', 'itemid', 'url', 'metadata'],
	['*', 'itemtype', 'list-item', 'metadata', 'absolute'],
	['*', 'style', 'css', 'resource'],
	// §3 obsolete and non-standard
	['body table thead tbody tfoot tr td th', 'background', 'url', 'resource'],
	['img', 'lowsrc dynsrc', 'url', 'resource'],
	['img iframe frame', 'longdesc', 'url', 'navigation'],
	['frame bgsound layer ilayer fig overlay xml', 'src', 'url', 'resource'],
	['head', 'profile', 'list-item', 'metadata'],
	['html', 'manifest', 'url', 'resource', 'document'],
	['object', 'codebase', 'url', 'metadata'],
	['object', 'classid', 'url', 'resource', 'base', 'codebase'],
	['object', 'archive', 'list-item', 'resource', 'base', 'codebase'],
	['applet', 'codebase', 'url', 'resource'],
	['applet', 'code object', 'url', 'resource', 'base', 'codebase'],
	['applet', 'archive', 'comma-item', 'resource', 'base', 'codebase'],
	['param', 'value', 'url', 'resource', 'base', 'param-value'],
	['embed', 'pluginspage', 'url', 'navigation'],
	['embed', 'pluginurl code', 'url', 'resource'],
	['isindex', 'action', 'url', 'form'],
	['menuitem command', 'icon', 'url', 'resource'],
	['*', 'datasrc', 'url', 'resource'],
	// §3 lazy-load conventions (not HTML; Heritrix and Common Crawl read some)
	['*', 'data-src data-original data-lazy-src data-bg data-href', 'url', 'resource'],
	['*', 'data-srcset data-original-set', 'srcset', 'resource'],
];

const SVG_ROWS: readonly Row[] = [
	['a', 'href', 'url', 'navigation'],
	['a', 'xlink:href', 'url', 'navigation', 'base', 'unless-href'],
	['a', 'ping', 'list-item', 'metadata'],
	[
		'image feimage use script pattern lineargradient radialgradient filter textpath mpath tref',
		'href',
		'url',
		'resource',
	],
	[
		'image feimage use script pattern lineargradient radialgradient filter textpath mpath tref font-face-uri color-profile cursor altglyph glyphref',
		'xlink:href',
		'url',
		'resource',
		'base',
		'unless-href',
	],
	['*', 'style fill stroke clip-path mask filter marker-start marker-mid marker-end cursor', 'css', 'resource'],
];

const MATH_ROWS: readonly Row[] = [
	['*', 'href', 'url', 'navigation'],
	['*', 'xlink:href', 'url', 'navigation', 'base', 'unless-href'],
	['mglyph', 'src', 'url', 'resource'],
	['*', 'style', 'css', 'resource'],
];

/** Attributes read only to decide about others (conditions above). */
// hreflang: not a condition of extraction, but a rewrite keeps language alternates absolute (RewriteOptions.keepAbsolute).
const CONDITION_ATTRIBUTES = ['type', 'rel', 'name', 'property', 'http-equiv', 'shadowrootmode', 'hreflang'];

type RuleTable = Map<string, Map<string, AttributeRule>>;

function buildTable(rows: readonly Row[]): RuleTable {
	const table: RuleTable = new Map();
	for (const [elements, attributes, syntax, kind, against = 'base', when] of rows) {
		const rule: AttributeRule = when === undefined ? {syntax, kind, against} : {syntax, kind, against, when};
		for (const element of elements.split(' ')) {
			let byAttribute = table.get(element);
			if (byAttribute === undefined) table.set(element, (byAttribute = new Map()));
			for (const attribute of attributes.split(' ')) byAttribute.set(attribute, rule);
		}
	}
	return table;
}

const TABLES: Readonly<Record<Namespace, RuleTable>> = {
	html: buildTable(HTML_ROWS),
	svg: buildTable(SVG_ROWS),
	math: buildTable(MATH_ROWS),
};

/**
 * The rule for `attribute` on `element` in `namespace`, or undefined when it holds no URL.
 * Both names lower-case.
 *
 * @example
 * attributeRule('html', 'img', 'srcset'); // {syntax: 'srcset', kind: 'resource', against: 'base'}
 * attributeRule('html', 'img', 'usemap'); // undefined (a hash-name reference, never a URL)
 */
export function attributeRule(namespace: Namespace, element: string, attribute: string): AttributeRule | undefined {
	return elementRules(namespace, element).get(attribute);
}

/**
 * The rules of every attribute of `element` in `namespace` (its own rows, then the `*` rows
 * it has no row of its own for), by attribute name: found once per start tag, so each of
 * its attributes costs one lookup.
 *
 * @example
 * elementRules('html', 'img').get('src'); // {syntax: 'url', kind: 'resource', against: 'base'}
 * elementRules('html', 'custom-element').get('style'); // the `*` row: {syntax: 'css', ...}
 */
export function elementRules(namespace: Namespace, element: string): ReadonlyMap<string, AttributeRule> {
	const rows = BY_ELEMENT[namespace];
	return rows.byElement.get(element) ?? rows.anyElement;
}

/** A table by element: each element's rules merged with the `*` rows (and those alone for any other element). */
interface ElementRows {
	byElement: Map<string, Map<string, AttributeRule>>;
	anyElement: Map<string, AttributeRule>;
}

function byElement(table: RuleTable): ElementRows {
	const anyElement = table.get('*') ?? new Map<string, AttributeRule>();
	const rows: ElementRows = {byElement: new Map(), anyElement};
	for (const [element, attributes] of table)
		if (element !== '*') rows.byElement.set(element, new Map([...anyElement, ...attributes]));
	return rows;
}

const BY_ELEMENT: Readonly<Record<Namespace, ElementRows>> = {
	html: byElement(TABLES.html),
	svg: byElement(TABLES.svg),
	math: byElement(TABLES.math),
};

/** Every attribute name the extractor looks at: URL-bearing ones and those conditions read. */
const INTERESTING: ReadonlySet<string> = new Set([
	...CONDITION_ATTRIBUTES,
	...[...Object.values(TABLES)].flatMap(table => [...table.values()].flatMap(byAttribute => [...byAttribute.keys()])),
]);

/**
 * A cheap pre-filter for a set of lower-case ASCII names: by length and first letter (case
 * folded), without slicing the name out of the source. Never false for a name in the set.
 *
 * @example
 * const filter = new NameFilter(['href', 'src']);
 * filter.mayHave('<a HREF=x>', 3, 7); // true
 * filter.mayHave('<a class=x>', 3, 8); // false
 */
export class NameFilter {
	/** Bit (first letter − "a") of FIRST_LETTERS[length] is set for some name in the set. */
	private readonly masks: number[] = [];

	constructor(names: Iterable<string>) {
		for (const name of names)
			this.masks[name.length] = (this.masks[name.length] ?? 0) | (1 << (name.charCodeAt(0) - 0x61));
	}

	/** Whether `source[start, end)` may be one of the names. */
	mayHave(source: string, start: number, end: number): boolean {
		const mask = this.masks[end - start];
		if (mask === undefined) return false;
		const letter = (knownString(source).charCodeAt(start) | 0x20) - 0x61;
		return letter >= 0 && letter < 26 && (mask & (1 << letter)) !== 0;
	}
}

/** Names up to this long go in a {@link NameTable}. */
const MAX_TABLE_NAME = 31;

/**
 * A set of lower-case ASCII names matched in the source by char codes (ASCII letters case
 * folded), without slicing or lower-casing: a match returns the set's own string.
 *
 * @example
 * const table = new NameTable(['href', 'src']);
 * table.find('<a HREF=x>', 3, 7); // 'href'
 * table.find('<a hreff=x>', 3, 8); // undefined
 */
export class NameTable {
	/**
	 * By shape, `length << 5 | (first unit & 31)` (both cases of an ASCII letter share one): the
	 * name of that shape added first, which most lookups compare alone, and the others of the
	 * same shape, if any (arrays made whole: no holes, no growth to dictionary elements).
	 */
	private readonly byShape: Array<string | undefined> = Array.from({length: SHAPES}, () => undefined);
	private readonly others: Array<string[] | undefined> = Array.from({length: SHAPES}, () => undefined);

	constructor(names: Iterable<string>) {
		for (const name of names) {
			if (name.length === 0 || name.length > MAX_TABLE_NAME)
				throw new RangeError(`NameTable: "${name}" is empty or too long`);
			const shape = (name.length << 5) | (name.charCodeAt(0) & 31);
			if (this.byShape[shape] === undefined) this.byShape[shape] = name;
			else if (this.byShape[shape] !== name) (this.others[shape] ??= []).push(name);
		}
	}

	/** The name in the set equal to `source[start, end)` with ASCII letters lower-cased, if any. */
	find(text: string, start: number, end: number): string | undefined {
		const length = end - start;
		if (length > MAX_TABLE_NAME) return undefined;
		// An empty name reads NaN: shape 0, which no name has.
		const shape = (length << 5) | (text.charCodeAt(start) & 31);
		const name = this.byShape[shape];
		if (name === undefined) return undefined;
		if (sameName(name, text, start, length)) return name;
		const others = this.others[shape];
		if (others === undefined) return undefined;
		for (let k = 0; k < others.length; k++) if (sameName(others[k]!, text, start, length)) return others[k];
		return undefined;
	}
}

/** Shapes of names up to {@link MAX_TABLE_NAME} long (see NameTable). */
const SHAPES = (MAX_TABLE_NAME + 1) << 5;

/** Whether `text[start, start + length)` is `name` (lower-case, as long) with ASCII upper alpha lower-cased (`#tag-name-state`). */
function sameName(name: string, text: string, start: number, length: number): boolean {
	for (let i = 0; i < length; i++) {
		const c = text.charCodeAt(start + i);
		const n = name.charCodeAt(i);
		if (c !== n && (c < 0x41 /* A */ || c > 0x5a /* Z */ || (c | 0x20) !== n)) return false;
	}
	return true;
}

/** Every element name of the tables above (HTML, SVG, MathML; not `*`). */
export function tableElements(): Iterable<string> {
	return new Set(Object.values(TABLES).flatMap(table => [...table.keys()].filter(name => name !== '*')));
}

/** Every attribute name the extractor reads (for a {@link NameFilter} or {@link NameTable}). */
export function interestingAttributes(): Iterable<string> {
	return INTERESTING;
}

// §1.1 link rel values. Tokens not listed are navigation.
const RESOURCE_RELS: ReadonlySet<string> = new Set([
	'stylesheet',
	'icon',
	'apple-touch-icon',
	'apple-touch-icon-precomposed',
	'apple-touch-startup-image',
	'mask-icon',
	'manifest',
	'preload',
	'modulepreload',
	'prefetch',
	'prerender',
	'compression-dictionary',
]);
const METADATA_RELS: ReadonlySet<string> = new Set([
	'dns-prefetch',
	'preconnect',
	'pingback',
	'webmention',
	'hub',
	'self',
	'micropub',
	'authorization_endpoint',
	'token_endpoint',
	'edituri',
	'edit',
	'p3pv1',
	'expect',
]);
/** Tokens that only qualify another (`shortcut icon`): no kind of their own. */
const MODIFIER_RELS: ReadonlySet<string> = new Set(['shortcut']);

/**
 * Link kind of `<link rel>` from its lower-cased tokens (§1.1): any fetched-resource token
 * makes a resource; else any navigation (or unknown) token a navigation; else metadata.
 *
 * @example
 * linkRelKind(['alternate', 'stylesheet']); // 'resource'
 * linkRelKind(['preconnect']); // 'metadata'
 */
export function linkRelKind(tokens: readonly string[]): LinkKind {
	let navigation = tokens.length === 0;
	for (const token of tokens) {
		if (RESOURCE_RELS.has(token)) return 'resource';
		if (!METADATA_RELS.has(token) && !MODIFIER_RELS.has(token) && !token.startsWith('openid')) navigation = true;
	}
	return navigation ? 'navigation' : 'metadata';
}

/** §1.2: meta `property`/`name` values whose `content` is one URL (kind metadata). */
export const URL_META_NAMES: ReadonlySet<string> = new Set([
	'og:image',
	'og:image:url',
	'og:image:secure_url',
	'og:url',
	'og:video',
	'og:video:url',
	'og:video:secure_url',
	'og:audio',
	'og:audio:url',
	'og:audio:secure_url',
	'twitter:image',
	'twitter:image:src',
	'twitter:url',
	'twitter:player',
	'twitter:player:stream',
	'al:web:url',
	'msapplication-tileimage',
	'msapplication-config',
	'msapplication-square70x70logo',
	'msapplication-square150x150logo',
	'msapplication-wide310x150logo',
	'msapplication-square310x310logo',
]);

/** §1.2: meta names whose content is `key=value;…` with `polling-uri…=URL` entries. */
export const POLLING_META_NAMES: ReadonlySet<string> = new Set(['msapplication-badge', 'msapplication-notification']);

/** §3: param names whose value is a URL (plugin convention), lower-case. */
export const URL_PARAM_NAMES: ReadonlySet<string> = new Set(['movie', 'src', 'url', 'filename', 'dataurl']);
