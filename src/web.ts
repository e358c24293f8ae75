/**
 * linkstream/web: the same core as the Node entry, as Web Streams, for browsers, Deno,
 * Bun and edge workers. Nothing here (nor anything it imports) uses a Node built-in: bytes
 * are Uint8Array, text is decoded with the platform's TextDecoder. Mail, WARC and the
 * command stay Node-only.
 */
export {parseReference, resolve, relativize, normalize, validate} from './uri/index.js';
export {ExtractStream, extractLinks} from './stream/web/extract.js';
export {RewriteStream, rewriteLinks} from './stream/web/rewrite.js';
export {KEEP_ABSOLUTE} from './rewrite/keep-absolute.js';
export type {RewriteOutput} from './stream/web/rewrite.js';
export {OptionError} from './uri/options.js';
export type * from './public-types.js';
