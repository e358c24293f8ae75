/**
 * What a file is by its name: a document type by extension, and gzip by its suffix. A leaf
 * module: the inputs, the site walk and the opening of a document all read it.
 */
import type {InputType} from '../../types.js';

/**
 * Markup, XML and style sheets by extension: what `extract` reads as such and what a site
 * rewrite rewrites (feeds, sitemaps, OPML, SVG and XSLT are XML documents).
 */
export const DOCUMENT_TYPE_BY_EXTENSION: Readonly<Record<string, InputType>> = {
	'.html': 'html',
	'.htm': 'html',
	'.shtml': 'html',
	'.xhtml': 'xhtml',
	'.xht': 'xhtml',
	'.xml': 'xml',
	'.rss': 'xml',
	'.atom': 'xml',
	'.rdf': 'xml',
	'.opml': 'xml',
	'.svg': 'xml',
	'.xsl': 'xml',
	'.xslt': 'xml',
	'.css': 'css',
};

/** The suffix of a gzip file (RFC 1952); `page.html.gz` is read as `page.html`. */
export const GZIP_SUFFIX = '.gz';

/**
 * Whether `path` names a gzip file by its suffix.
 *
 * @example
 * isGzipPath('notes.TXT.GZ'); //=> true
 */
export function isGzipPath(path: string): boolean {
	return path.toLowerCase().endsWith(GZIP_SUFFIX);
}
