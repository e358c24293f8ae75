/**
 * Where URLs live in XML vocabularies: namespace × element × attribute (or the element's
 * text) → how the value is read and what kind of link it is. Data only, like the HTML
 * attribute table (html/attributes.ts): adding a vocabulary is adding rows.
 *
 * Elements are known by namespace URI, whatever the prefix. Vocabularies without a
 * namespace (RSS 0.9x/2.0, OPML) are known by their root element (`rss`, `opml`), which
 * names a pseudo-namespace for the unprefixed elements of the document
 * ({@link rootVocabulary}); so are sitemaps, Atom and RSS 1.0 written without their
 * namespace. Unprefixed elements under any other root are not guessed at. Namespaces are
 * compared as publishers vary them ({@link knownNamespace}), and well-known prefixes left
 * undeclared are read as theirs ({@link wellKnownPrefix}).
 * XHTML and SVG elements are read with the HTML attribute table (html/attributes.ts).
 */
import type {LinkKind} from '../../types.js';
import {trimAscii} from '../html/lists.js';

/** Namespace URIs (each spec's own). */
export const NS = {
	xml: 'http://www.w3.org/XML/1998/namespace', // XML Names §3: the `xml` prefix
	atom: 'http://www.w3.org/2005/Atom', // RFC 4287 §2
	atom03: 'http://purl.org/atom/ns#', // Atom 0.3 (draft-ietf-atompub-format-03)
	thread: 'http://purl.org/syndication/thread/1.0', // RFC 4685
	rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
	rss090: 'http://my.netscape.com/rdf/simple/0.9/',
	rss2Userland: 'http://backend.userland.com/rss2', // RSS 2.0 as some feeds declare it (no namespace per the spec)
	rss10: 'http://purl.org/rss/1.0/',
	content: 'http://purl.org/rss/1.0/modules/content/',
	wfw: 'http://wellformedweb.org/CommentAPI/',
	itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
	media: 'http://search.yahoo.com/mrss/',
	feedburner: 'http://rssnamespace.org/feedburner/ext/1.0', // FeedBurner's feed extensions
	creativeCommons: 'http://backend.userland.com/creativeCommonsRssModule', // Userland's RSS 2.0 module
	podlove: 'http://podlove.org/simple-chapters', // Podlove Simple Chapters
	dc: 'http://purl.org/dc/elements/1.1/',
	sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
	sitemap084: 'http://www.google.com/schemas/sitemap/0.84',
	sitemapImage: 'http://www.google.com/schemas/sitemap-image/1.1',
	sitemapVideo: 'http://www.google.com/schemas/sitemap-video/1.1',
	xhtml: 'http://www.w3.org/1999/xhtml',
	svg: 'http://www.w3.org/2000/svg',
	mathml: 'http://www.w3.org/1998/Math/MathML',
	xlink: 'http://www.w3.org/1999/xlink',
	xinclude: 'http://www.w3.org/2001/XInclude',
	xsi: 'http://www.w3.org/2001/XMLSchema-instance',
	/** Pseudo-namespaces of unprefixed elements under an `rss` or `opml` root. */
	rss: '#rss',
	opml: '#opml',
} as const;

/**
 * What holds the URL:
 * - `url`: an attribute value, or the element's trimmed text (`#text`);
 * - `list-item`: one of the whitespace-separated tokens of an attribute;
 * - `schema-location`: every second token of `xsi:schemaLocation` (namespace, location pairs);
 * - `html`: the element's text is an HTML document, escaped or in CDATA.
 */
export type XmlSyntax = 'url' | 'list-item' | 'schema-location' | 'html';

/** Rows that apply only in some places or forms. */
export type XmlCondition =
	| 'permalink' // RSS guid: unless isPermaLink="false"; a navigation Link only when written as an absolute URL (`scheme://`), else an identifier (metadata)
	| 'atom-rel' // Atom link: kind and Link.rel from rel (default alternate)
	| 'text-construct'; // Atom text construct: HTML when type="html" (1.0), type="text/html" (0.3; mode="base64": decoded first)

export interface XmlRule {
	syntax: XmlSyntax;
	kind: LinkKind;
	when?: XmlCondition;
}

/**
 * Namespaces, elements and places are space-separated lists. An element `parent/local`
 * applies only inside a parent of that local name (of any namespace), before `local`'s own
 * row. A place is `#text` (the element's text), an unprefixed attribute's name, or
 * `{namespace}local`.
 */
type Row = readonly [
	namespaces: string,
	elements: string,
	places: string,
	syntax: XmlSyntax,
	kind: LinkKind,
	when?: XmlCondition,
];

const RSS = `${NS.rss} ${NS.rss2Userland}`;

export const TEXT = '#text';

/** Any element of any namespace (attributes in a namespace of their own). */
export const ANY = '*';

const ROWS: readonly Row[] = [
	// RFC 4287 Atom 1.0: §4.2.7 link, §4.1.3 content@src, §4.2.5 icon, §4.2.8 logo,
	// §3.2.2 uri, §4.2.4 generator@uri, §4.2.6 id, §4.2.2 category@scheme
	[NS.atom, 'link', 'href', 'url', 'navigation', 'atom-rel'],
	[NS.atom, 'content', 'src', 'url', 'resource'],
	[NS.atom, 'icon logo', TEXT, 'url', 'resource'],
	[NS.atom, 'uri', TEXT, 'url', 'navigation'],
	// Person constructs as feeds write them: `url` (Atom 0.3's name) and `homepage` beside `uri`
	// (Universal Feed Parser reads all three as the person's href).
	[NS.atom, 'url homepage', TEXT, 'url', 'navigation'],
	[NS.atom, 'generator', 'uri', 'url', 'navigation'],
	[NS.atom, 'id', TEXT, 'url', 'metadata'],
	[NS.atom, 'category', 'scheme', 'url', 'metadata'],
	[NS.atom, 'content summary title subtitle rights', TEXT, 'html', 'navigation', 'text-construct'],
	// RFC 4685 §3: in-reply-to
	[NS.thread, 'in-reply-to', 'href', 'url', 'navigation'],
	// Atom 0.3
	[NS.atom03, 'link', 'href', 'url', 'navigation', 'atom-rel'],
	// Atom 0.3 link with its URL written as text (as RSS does), which Universal Feed Parser reads too.
	[NS.atom03, 'link', TEXT, 'url', 'navigation'],
	[NS.atom03, 'url homepage uri', TEXT, 'url', 'navigation'],
	[NS.atom03, 'generator', 'url', 'url', 'navigation'],
	[NS.atom03, 'id', TEXT, 'url', 'metadata'],
	// Atom 0.3 §3.1 content constructs; `info` (§4.8) describes the feed format.
	[NS.atom03, 'content summary title tagline copyright info', TEXT, 'html', 'navigation', 'text-construct'],
	// RSS 2.0 (and 0.91/0.92)
	[RSS, 'link docs comments', TEXT, 'url', 'navigation'],
	[RSS, 'image/url', TEXT, 'url', 'resource'],
	// RSS 2.0: textInput's link is "the URL of the CGI script that processes text input requests".
	[RSS, 'textInput/link', TEXT, 'url', 'form'],
	[RSS, 'guid', TEXT, 'url', 'navigation', 'permalink'],
	[RSS, 'enclosure', 'url', 'url', 'resource'],
	[RSS, 'source', 'url', 'url', 'navigation'],
	[RSS, 'description', TEXT, 'html', 'navigation'],
	// Legacy RSS item content (Universal Feed Parser's entry content): `fullitem` escaped HTML;
	// `body` is inline XHTML (start-tag.ts reads it and its descendants as XHTML).
	[RSS, 'fullitem', TEXT, 'html', 'navigation'],
	// Userland: a feed that moved says where (`<redirect><newLocation>`).
	[RSS, 'redirect/newLocation', TEXT, 'url', 'navigation'],
	[NS.creativeCommons, 'license', TEXT, 'url', 'navigation'],
	[NS.content, 'encoded', TEXT, 'html', 'navigation'],
	[NS.wfw, 'comment', TEXT, 'url', 'form'],
	[NS.wfw, 'commentRss', TEXT, 'url', 'navigation'],
	[NS.itunes, 'image', 'href', 'url', 'resource'],
	[NS.itunes, 'new-feed-url', TEXT, 'url', 'navigation'],
	[NS.media, 'content thumbnail', 'url', 'url', 'resource'],
	[NS.media, 'player', 'url', 'url', 'navigation'],
	// FeedBurner: the item's own link and enclosure URL before FeedBurner's redirect replaced them.
	[NS.feedburner, 'origLink', TEXT, 'url', 'navigation'],
	[NS.feedburner, 'origEnclosureLink', TEXT, 'url', 'resource'],
	// FeedBurner's note for people who open the feed in a browser: HTML (Universal Feed Parser's feed.info).
	[NS.feedburner, 'browserFriendly', TEXT, 'html', 'navigation'],
	// Podlove Simple Chapters 1.2: a chapter's link and image.
	[NS.podlove, 'chapter', 'href', 'url', 'navigation'],
	[NS.podlove, 'chapter', 'image', 'url', 'resource'],
	// RSS 1.0 and 0.90 (RDF)
	[NS.rss10, 'link', TEXT, 'url', 'navigation'],
	[NS.rss10, 'url', TEXT, 'url', 'resource'],
	[NS.rss10, 'textinput/link', TEXT, 'url', 'form'],
	[NS.rss10, 'description', TEXT, 'html', 'navigation'],
	[NS.rss090, 'link', TEXT, 'url', 'navigation'],
	[NS.rss090, 'url', TEXT, 'url', 'resource'],
	[NS.rdf, 'li', 'resource', 'url', 'metadata'],
	[ANY, ANY, `{${NS.rdf}}about {${NS.rdf}}resource`, 'url', 'metadata'],
	// sitemaps.org 0.9 (and Google's 0.84), with Google's image and video extensions
	[NS.sitemap, 'loc', TEXT, 'url', 'navigation'],
	[NS.sitemap084, 'loc', TEXT, 'url', 'navigation'],
	[NS.sitemapImage, 'loc', TEXT, 'url', 'resource'],
	[NS.sitemapVideo, 'content_loc thumbnail_loc player_loc', TEXT, 'url', 'resource'],
	// OPML 2.0
	[NS.opml, 'outline', 'xmlUrl htmlUrl url', 'url', 'navigation'],
	[NS.opml, 'docs', TEXT, 'url', 'navigation'],
	// Anywhere: XLink, XInclude, XML Schema instance
	[ANY, ANY, `{${NS.xlink}}href`, 'url', 'navigation'],
	[NS.xinclude, 'include', 'href', 'url', 'resource'],
	[ANY, ANY, `{${NS.xsi}}schemaLocation`, 'schema-location', 'metadata'],
	[ANY, ANY, `{${NS.xsi}}noNamespaceSchemaLocation`, 'url', 'metadata'],
];

/** namespace → element → place → rule (`*` for any). */
type Table = Map<string, Map<string, Map<string, XmlRule>>>;

function buildTable(rows: readonly Row[]): Table {
	const table: Table = new Map();
	for (const [namespaces, elements, places, syntax, kind, when] of rows) {
		const rule: XmlRule = when === undefined ? {syntax, kind} : {syntax, kind, when};
		for (const namespace of namespaces.split(' ')) {
			let byElement = table.get(namespace);
			if (byElement === undefined) table.set(namespace, (byElement = new Map()));
			for (const element of elements.split(' ')) addPlaces(byElement, element, places, rule);
		}
	}
	return table;
}

function addPlaces(byElement: Map<string, Map<string, XmlRule>>, element: string, places: string, rule: XmlRule): void {
	let byPlace = byElement.get(element);
	if (byPlace === undefined) byElement.set(element, (byPlace = new Map()));
	for (const place of places.split(' ')) byPlace.set(place, rule);
}

const TABLE = buildTable(ROWS);

/**
 * The rule for `place` (`#text`, an unprefixed attribute's name, or `{namespace}local`)
 * of element `local` in `namespace` inside a parent named `parent`; undefined when it holds
 * no URL.
 *
 * @example
 * xmlRule(NS.atom, 'link', 'href', 'feed'); // {syntax: 'url', kind: 'navigation', when: 'atom-rel'}
 * xmlRule(NS.sitemap, 'loc', TEXT, 'url'); // {syntax: 'url', kind: 'navigation'}
 * xmlRule(NS.rss, 'url', TEXT, 'channel'); // undefined: RSS has a url only in image
 */
export function xmlRule(namespace: string, local: string, place: string, parent = ''): XmlRule | undefined {
	return (
		lookup(namespace, `${parent}/${local}`, place) ??
		lookup(namespace, local, place) ??
		lookup(namespace, ANY, place) ??
		lookup(ANY, ANY, place)
	);
}

function lookup(namespace: string, local: string, place: string): XmlRule | undefined {
	return TABLE.get(namespace)?.get(local)?.get(place);
}

/**
 * The rule for the text of an element of `namespace` named `local` inside `parent`, if its
 * text holds a URL or HTML.
 *
 * @example
 * textRule(NS.rss, 'link', 'textInput'); // {syntax: 'url', kind: 'form'}
 * textRule(NS.content, 'encoded', 'item'); // {syntax: 'html', kind: 'navigation'}
 */
export function textRule(namespace: string, local: string, parent = ''): XmlRule | undefined {
	return lookup(namespace, `${parent}/${local}`, TEXT) ?? lookup(namespace, local, TEXT);
}

/**
 * Roots that give their unprefixed, namespace-less elements a vocabulary: RSS 0.91–2.0 and
 * OPML have no namespace; the others do, and are read as theirs when a publisher left the
 * namespace out (search engines read such sitemaps). A document that starts at `body` or
 * `outline` is OPML whose `<opml>` (and `<head>`) are missing.
 */
const ROOT_VOCABULARIES: Readonly<Record<string, string>> = {
	rss: NS.rss,
	opml: NS.opml,
	body: NS.opml,
	outline: NS.opml,
	urlset: NS.sitemap,
	sitemapindex: NS.sitemap,
	feed: NS.atom,
	'rdf:RDF': NS.rss10,
};

/**
 * The namespace (or pseudo-namespace) of unprefixed, namespace-less elements under a root
 * element named `root` (as written); `''` for any other root.
 *
 * @example
 * rootVocabulary('rss'); // '#rss'
 * rootVocabulary('urlset'); // 'http://www.sitemaps.org/schemas/sitemap/0.9'
 * rootVocabulary('catalog'); // ''
 */
export function rootVocabulary(root: string): string {
	return Object.hasOwn(ROOT_VOCABULARIES, root) ? (ROOT_VOCABULARIES[root] ?? '') : '';
}

/**
 * Prefixes feeds use without declaring them (a namespace-unaware writer copied the
 * elements): read as their usual namespaces. A declared prefix always wins.
 */
const WELL_KNOWN_PREFIXES: ReadonlyMap<string, string> = new Map([
	['atom', NS.atom],
	['atom10', NS.atom],
	['atom03', NS.atom03],
	['content', NS.content],
	['media', NS.media],
	['itunes', NS.itunes],
	['dc', NS.dc],
	['wfw', NS.wfw],
	['thr', NS.thread],
	['feedburner', NS.feedburner],
	['creativeCommons', NS.creativeCommons],
	['psc', NS.podlove],
	['rdf', NS.rdf],
	['xlink', NS.xlink],
	['xhtml', NS.xhtml],
	['xsi', NS.xsi],
	['image', NS.sitemapImage],
	['video', NS.sitemapVideo],
]);

/**
 * The namespace an undeclared prefix stands for, if it is a well-known one.
 *
 * @example
 * wellKnownPrefix('itunes'); // 'http://www.itunes.com/dtds/podcast-1.0.dtd'
 * wellKnownPrefix('x'); // undefined
 */
export function wellKnownPrefix(prefix: string): string | undefined {
	return WELL_KNOWN_PREFIXES.get(prefix);
}

/**
 * A namespace URI as publishers vary it: ASCII case, `https` for `http`, a trailing slash
 * (or none), surrounding spaces. The comparison key of an http(s) URI.
 */
function namespaceKey(uri: string): string {
	let key = uri.toLowerCase().replace(/^https:/, 'http:');
	while (key.endsWith('/')) key = key.slice(0, -1);
	return key;
}

/**
 * Other names feeds were published under, read as the vocabulary they name (Universal Feed
 * Parser's namespace list): RSS 2.0 and 0.91 "namespaces" (RSS has none), and the names of
 * Atom before 0.3 (Echo, Pie), read as Atom 0.3.
 */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
	['http://backend.userland.com/rss', NS.rss],
	['http://blogs.law.harvard.edu/tech/rss', NS.rss],
	['http://purl.org/rss/1.0/modules/rss091#', NS.rss],
	['http://purl.org/echo/', NS.atom03],
	['http://purl.org/pie/', NS.atom03],
	['http://example.com/newformat#', NS.atom03],
	['http://example.com/necho', NS.atom03],
	['uri/of/echo/namespace#', NS.atom03],
];

/** Comparison key → the namespace as this table spells it. */
const KNOWN_NAMESPACES: ReadonlyMap<string, string> = new Map([
	...Object.values(NS)
		.filter(uri => uri.startsWith('http'))
		.map((uri): [string, string] => [namespaceKey(uri), uri]),
	...ALIASES.map(([alias, uri]): [string, string] => [namespaceKey(alias), uri]),
]);

/**
 * The namespace URI a declaration gives (XML Names §3, trimmed of spaces), as this table
 * spells it when it differs from a known one only by ASCII case, `https` for `http`, or a
 * trailing slash (`http://www.sitemaps.org/schemas/sitemap/0.9/`, the iTunes namespace's
 * historical `…/DTDs/Podcast-1.0.dtd`, Atom with `https`), or is one of the other names
 * feeds were published under ({@link ALIASES}); any other URI as given.
 *
 * @example
 * knownNamespace(' https://www.sitemaps.org/schemas/sitemap/0.9/ '); // 'http://www.sitemaps.org/schemas/sitemap/0.9'
 * knownNamespace('urn:example'); // 'urn:example'
 */
export function knownNamespace(uri: string): string {
	const trimmed = trimAscii(uri);
	return KNOWN_NAMESPACES.get(/^https?:/i.test(trimmed) ? namespaceKey(trimmed) : trimmed) ?? trimmed;
}

/** Every namespace (and pseudo-namespace) of the tables but `xml`'s own. */
const VOCABULARY_NAMESPACES: ReadonlySet<string> = new Set(Object.values(NS).filter(uri => uri !== NS.xml));

/**
 * Whether elements of `namespace` belong to a vocabulary this table knows.
 *
 * @example
 * isKnownVocabulary('http://www.w3.org/2000/svg'); // true
 * isKnownVocabulary(''); // false
 */
export function isKnownVocabulary(namespace: string): boolean {
	return VOCABULARY_NAMESPACES.has(namespace);
}
