/**
 * Media types shared by the archive readers (WARC records, MIME parts): which essences
 * name an XML document for the XML extractor.
 */

/** RFC 7303 §4.1-§4.2: the two generic XML media types. */
const XML_ESSENCES: ReadonlySet<string> = new Set(['text/xml', 'application/xml']);

/** RFC 6839 §4.1 / RFC 7303 §4.2: the structured syntax suffix of every XML-based type. */
const XML_SUFFIX = '+xml';

/** Read as XHTML by the HTML extractor, not as generic XML (XHTML's own attribute table). */
const XHTML_ESSENCE = 'application/xhtml+xml';

/**
 * Whether a media type essence (`type/subtype`, lower-case) is XML: `text/xml`,
 * `application/xml`, and any `*\/*+xml` (`application/rss+xml`, `application/atom+xml`,
 * `image/svg+xml`, ...), except `application/xhtml+xml`, which stays XHTML.
 *
 * @example
 * isXmlMediaType('application/rss+xml'); //=> true
 * isXmlMediaType('image/svg+xml'); //=> true
 * isXmlMediaType('application/xhtml+xml'); //=> false
 * isXmlMediaType('text/html'); //=> false
 */
export function isXmlMediaType(essence: string): boolean {
	if (essence === XHTML_ESSENCE) return false;
	return XML_ESSENCES.has(essence) || (essence.endsWith(XML_SUFFIX) && essence.indexOf('/') > 0);
}
