/**
 * Where URLs live in XML vocabularies: namespace × element × attribute (or the element's
 * text) → how the value is read and what kind of link it is. Data only, like the HTML
 * attribute table (html/attributes.ts): adding a vocabulary is adding rows.
 *
 * Elements are known by namespace URI, whatever the prefix. Vocabularies without a
 * namespace (RSS 0.9x/2.0, OPML) are known by their root element (`rss`, `opml`), which
 * names a pseudo-namespace for the unprefixed elements of the document
 * ({@link rootVocabulary}); unprefixed elements under any other root are not guessed at.
 * XHTML and SVG elements are read with the HTML attribute table (html/attributes.ts).
 */
import type {LinkKind} from '../../types.js';

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
	| 'permalink' // RSS guid: unless isPermaLink="false"
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
type Row = readonly [namespaces: string, elements: string, places: string, syntax: XmlSyntax, kind: LinkKind, when?: XmlCondition];

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
	[NS.atom, 'generator', 'uri', 'url', 'navigation'],
	[NS.atom, 'id', TEXT, 'url', 'metadata'],
	[NS.atom, 'category', 'scheme', 'url', 'metadata'],
	[NS.atom, 'content summary title subtitle rights', TEXT, 'html', 'navigation', 'text-construct'],
	// RFC 4685 §3: in-reply-to
	[NS.thread, 'in-reply-to', 'href', 'url', 'navigation'],
	// Atom 0.3
	[NS.atom03, 'link', 'href', 'url', 'navigation', 'atom-rel'],
	[NS.atom03, 'url', TEXT, 'url', 'navigation'],
	[NS.atom03, 'generator', 'url', 'url', 'navigation'],
	[NS.atom03, 'id', TEXT, 'url', 'metadata'],
	[NS.atom03, 'content summary title tagline copyright', TEXT, 'html', 'navigation', 'text-construct'],
	// RSS 2.0 (and 0.91/0.92)
	[RSS, 'link docs comments', TEXT, 'url', 'navigation'],
	[RSS, 'image/url', TEXT, 'url', 'resource'],
	// RSS 2.0: textInput's link is "the URL of the CGI script that processes text input requests".
	[RSS, 'textInput/link', TEXT, 'url', 'form'],
	[RSS, 'guid', TEXT, 'url', 'navigation', 'permalink'],
	[RSS, 'enclosure', 'url', 'url', 'resource'],
	[RSS, 'source', 'url', 'url', 'navigation'],
	[RSS, 'description', TEXT, 'html', 'navigation'],
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
	return lookup(namespace, `${parent}/${local}`, place) ?? lookup(namespace, local, place) ?? lookup(namespace, ANY, place) ?? lookup(ANY, ANY, place);
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

/** Roots that give their unprefixed elements a vocabulary (RSS 0.91–2.0, OPML 1.0/2.0). */
const ROOT_VOCABULARIES: Readonly<Record<string, string>> = {rss: NS.rss, opml: NS.opml};

/**
 * The pseudo-namespace of unprefixed, namespace-less elements under a root element named
 * `root` (no namespace): RSS or OPML; `''` for any other root.
 *
 * @example
 * rootVocabulary('rss'); // '#rss'
 * rootVocabulary('urlset'); // '' (a sitemap without its namespace is not guessed at)
 */
export function rootVocabulary(root: string): string {
	return ROOT_VOCABULARIES[root] ?? '';
}
