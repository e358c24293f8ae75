/**
 * What an XML file of a site is, from its root element and that element's namespace
 * (Namespaces in XML §6.2: a prefix or the default namespace, whatever the prefix): a
 * sitemap or a feed is read by programs away from the site, so a site rewrite keeps its
 * links absolute; any other XML (SVG, XSLT, ...) is rewritten like a page.
 */

/** Files read away from the site: sitemaps (sitemaps.org), feeds (RSS, Atom, RSS 1.0) and OPML subscription lists. */
export type ReadAway = 'sitemap' | 'feed' | 'opml';

/** How far into a file its root element is looked for (a prolog's comments, PIs and DOCTYPE). */
const ROOT_SEARCH_LIMIT = 64 * 1024;

const NS = {
	atom: 'http://www.w3.org/2005/Atom', // RFC 4287 §2
	atom03: 'http://purl.org/atom/ns#', // Atom 0.3
	rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
	rss10: 'http://purl.org/rss/1.0/', // RSS 1.0 §5.2
	rss090: 'http://my.netscape.com/rdf/simple/0.9/', // RSS 0.90
	sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9', // sitemaps.org protocol
	sitemap084: 'http://www.google.com/schemas/sitemap/0.84', // its predecessor, still served
} as const;

/**
 * A namespace as publishers vary it (ASCII case, `https`, a trailing slash, spaces), as the
 * table above spells it when it is one of them: the extractor reads such documents as their
 * vocabulary too (extract/xml/vocabularies.ts knownNamespace).
 */
function namespaceKey(uri: string): string {
	return uri
		.trim()
		.toLowerCase()
		.replace(/^https:/, 'http:')
		.replace(/\/+$/, '');
}

const KNOWN: ReadonlyMap<string, string> = new Map(Object.values(NS).map(uri => [namespaceKey(uri), uri]));

function canonical(uri: string): string {
	return KNOWN.get(namespaceKey(uri)) ?? uri;
}

/** The root element: its local name, its namespace (`''` for none) and the namespaces it declares. */
interface Root {
	local: string;
	namespace: string;
	declared: string[];
}

/**
 * Whether an XML document is a sitemap, a feed or an OPML list, by its root element; null
 * for any other XML or when no root element starts within the first 64 KiB.
 *
 * @example
 * readAwayKind(Buffer.from('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')); //=> 'sitemap'
 * readAwayKind(Buffer.from('<a:feed xmlns:a="http://www.w3.org/2005/Atom">')); //=> 'feed'
 * readAwayKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')); //=> null
 */
export function readAwayKind(bytes: Uint8Array): ReadAway | null {
	const root = rootElement(prologText(bytes));
	if (root === null) return null;
	const {local, namespace, declared} = root;
	if (local === 'rss' && namespace === '') return 'feed'; // RSS 0.91-2.0: no namespace
	// Atom with its namespace left out is read as Atom (by the extractor too: vocabularies.ts rootVocabulary).
	if (local === 'feed' && (namespace === NS.atom || namespace === NS.atom03 || namespace === '')) return 'feed';
	if (local === 'RDF' && namespace === NS.rdf && (declared.includes(NS.rss10) || declared.includes(NS.rss090)))
		return 'feed';
	const sitemap = namespace === NS.sitemap || namespace === NS.sitemap084 || namespace === '';
	if ((local === 'urlset' || local === 'sitemapindex') && sitemap) return 'sitemap';
	if (local === 'opml' && namespace === '') return 'opml'; // OPML 2.0: no namespace
	return null;
}

/** The first bytes as text: UTF-16 by its BOM, else one char per byte (names and URIs of the root are ASCII). */
function prologText(bytes: Uint8Array): string {
	const head = bytes.subarray(0, ROOT_SEARCH_LIMIT);
	// XML 1.0 Appendix F.1: FF FE / FE FF, or '<' as UTF-16 without a BOM.
	if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0x00))
		return new TextDecoder('utf-16le').decode(head);
	if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0x00 && head[1] === 0x3c))
		return new TextDecoder('utf-16be').decode(head);
	return new TextDecoder('latin1').decode(head);
}

/** XML 1.0 §2.8 prolog: XMLDecl? Misc* (doctypedecl Misc*)?, then the root's start tag (§3.1). */
function rootElement(text: string): Root | null {
	let at = 0;
	for (;;) {
		at = skipSpace(text, at);
		if (text.startsWith('<?', at)) at = after(text, '?>', at);
		else if (text.startsWith('<!--', at)) at = after(text, '-->', at);
		else if (text.startsWith('<!', at)) at = afterDoctype(text, at);
		else if (text.charCodeAt(at) === 0xfeff)
			at++; // a BOM decoded as a character
		else if (text.startsWith('ï»¿', at))
			at += 3; // the UTF-8 BOM read one char per byte
		else break;
		if (at < 0) return null;
	}
	return text[at] === '<' ? startTag(text, at + 1) : null;
}

function skipSpace(text: string, at: number): number {
	while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
	return at;
}

function after(text: string, end: string, at: number): number {
	const found = text.indexOf(end, at);
	return found < 0 ? -1 : found + end.length;
}

/** XML 1.0 §2.8 doctypedecl: an internal subset in `[...]` may hold `>` (quoted literals skipped). */
function afterDoctype(text: string, at: number): number {
	let depth = 0;
	for (let i = at + 2; i < text.length; i++) {
		const c = text[i];
		if (c === '"' || c === "'") i = text.indexOf(c, i + 1);
		else if (c === '[') depth++;
		else if (c === ']') depth--;
		else if (c === '>' && depth <= 0) return i + 1;
		if (i < 0) return -1;
	}
	return -1;
}

/** XML 1.0 §3.1 STag: the name, then `name="value"` attributes, collecting namespace declarations. */
function startTag(text: string, at: number): Root | null {
	const name = /^[^\s/>]+/.exec(text.slice(at, at + 256))?.[0];
	if (name === undefined) return null;
	const namespaces = new Map<string, string>();
	const attribute = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
	attribute.lastIndex = at + name.length;
	for (let match = attribute.exec(text); match !== null; match = attribute.exec(text)) {
		const [, key = '', double, single] = match;
		if (key === 'xmlns' || key.startsWith('xmlns:')) namespaces.set(key.slice(6), canonical(double ?? single ?? ''));
	}
	const colon = name.indexOf(':');
	const prefix = colon < 0 ? '' : name.slice(0, colon);
	return {local: name.slice(colon + 1), namespace: namespaces.get(prefix) ?? '', declared: [...namespaces.values()]};
}

/** Root elements that make a document of unknown type XML when it has no XML declaration: feeds, sitemaps, OPML, SVG. */
const XML_ROOTS: ReadonlySet<string> = new Set(['urlset', 'sitemapindex', 'rss', 'feed', 'opml', 'RDF', 'svg']);

/**
 * Whether the first bytes of a document of unknown type (standard input, a file of no known
 * extension) show XML: an XML declaration (XML 1.0 §2.8 XMLDecl), or a root element of a
 * vocabulary linkstream reads (whatever its namespace). An HTML page (`<!DOCTYPE html>`,
 * `<html>`) is not.
 *
 * @example
 * looksLikeXml(Buffer.from('<?xml version="1.0"?><urlset>')); //=> true
 * looksLikeXml(Buffer.from('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')); //=> true
 * looksLikeXml(Buffer.from('<!DOCTYPE html><a href=x>')); //=> false
 */
export function looksLikeXml(bytes: Uint8Array): boolean {
	// MIME Sniffing #rules-for-identifying-an-unknown-mime-type: whitespace bytes before "<?xml" are skipped.
	const text = prologText(bytes).replace(/^(?:\ufeff|ï»¿)?[\t\n\f\r ]*/, '');
	if (/^<\?xml[\s?]/.test(text)) return true;
	const root = rootElement(text);
	return root !== null && XML_ROOTS.has(root.local);
}
