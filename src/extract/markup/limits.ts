/** The bounds both tag readers (html/, xml/) hold their source to. */

/** Text runs are processed in parts of about this many characters (cut at whitespace: text-cut.ts). */
export const MAX_TEXT_LENGTH = 1 << 16;
/**
 * Source characters held for one token (a start tag with its attributes, a comment, a
 * doctype). A start tag longer than this is ignored (its Links are lost); other tokens
 * are not needed and are let go.
 */
export const MAX_TOKEN_LENGTH = 1 << 24;

/** The warning for `count` start tags let go as longer than MAX_TOKEN_LENGTH: a loss is said, never silent. */
export function droppedTagsWarning(count: number): string {
	const tags = count === 1 ? '1 start tag' : `${count} start tags`;
	return `${tags} longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: ${count === 1 ? 'its' : 'their'} links were not read`;
}
