/**
 * src/rewrite: splice new values into the original source. Text-level and pure: the
 * stream layer decodes, maps offsets to bytes and encodes.
 */
export {Splicer, type Units} from './splice.js';
export {HeldByteArray, type HeldUnits} from './held.js';
export {Rewriter, type TextEdit} from './rewriter.js';
export {createTarget, type CheckedRewriteOptions, type Reference, type Target} from './targets.js';
export {writeValue, type Fallback, type Neighbours, type WrittenValue} from './write-value.js';
export {escapeAttribute, escapeText, writeUnquotedValue} from './escape-html.js';
export {cssCodePoint, escapeCssString, escapeCssUrl} from './escape-css.js';
export {
	escapeCommaItem,
	escapeListItem,
	escapeRefreshUrl,
	escapeSrcsetUrl,
	escapeTextUrl,
	percentEncodeCodePoint,
} from './escape-url.js';
