/**
 * linkstream: every URI reference in HTML, CSS and plain text, resolved against the
 * RFC 2396 §5.1 base, extracted or rewritten as a stream.
 */
export {parseReference, resolve, relativize, normalize, validate} from './uri/index.js';
export {extractLinks, createExtractStream} from './stream/node/extract.js';
export type {ExtractTransform, LinkReadable} from './stream/node/extract.js';
export {rewriteLinks, createRewriteStream} from './stream/node/rewrite.js';
export type * from './public-types.js';
export {checkSite} from './check/site.js';
export type {CheckOptions, CheckProblem, CheckRun, CheckSummary, ExternalOptions, Finding} from './check/site.js';
