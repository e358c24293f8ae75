/**
 * src/uri: the RFC core of linkstream. Pure functions, no Node imports; the `whatwg`
 * dialect delegates to the global `URL`.
 */
export {isAbsolute, parseReference, recompose} from './parse.js';
export {removeDotSegments} from './dot-segments.js';
export {absolutize, mergePaths, resolve, transformReference} from './resolve.js';
export {createRelativizer, relativize} from './relativize.js';
export {normalize} from './normalize.js';
export {validate} from './validate.js';
export {escapeComponent, normalizeEscapes, unescapeUnreserved, type UriComponent} from './percent.js';
