/**
 * linkstream: every URI reference in HTML, XHTML, CSS, XML (RSS and Atom feeds, sitemaps,
 * SVG, OPML), plain text, mail and news (mbox, .eml, MHTML, news articles) and WARC web
 * archives, resolved against the RFC 2396 §5.1 base, extracted or rewritten as a stream.
 * Mail, news and WARC are read by the command (`linkstream extract`); their readers are
 * internal (docs/api.md says why). Bad options throw an `OptionError` naming the option.
 */
export {parseReference, resolve, relativize, normalize, validate} from './uri/index.js';
export {extractLinks, createExtractStream} from './stream/node/extract.js';
export type {ExtractTransform, LinkReadable} from './stream/node/extract.js';
export {rewriteLinks, createRewriteStream} from './stream/node/rewrite.js';
export {OptionError} from './uri/options.js';
export {KEEP_ABSOLUTE} from './rewrite/keep-absolute.js';
export type * from './public-types.js';
export {checkSite} from './check/site.js';
export type {CheckOptions, CheckProblem, CheckRun, CheckSummary, ExternalOptions, Finding} from './check/site.js';
