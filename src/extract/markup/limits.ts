/** The bounds both tag readers (html/, xml/) hold their source to. */

/** Text runs are processed in parts of about this many characters (cut at whitespace: text-cut.ts). */
export const MAX_TEXT_LENGTH = 1 << 16;
/**
 * Source characters held for one token (a start tag with its attributes, a comment, a
 * doctype). A start tag longer than this is ignored (its Links are lost); other tokens
 * are not needed and are let go.
 */
export const MAX_TOKEN_LENGTH = 1 << 24;

/** What a document lost to the limits, nested documents' losses summed into it (TagReader). */
export interface Losses {
	/** Start tags let go as longer than MAX_TOKEN_LENGTH. */
	readonly droppedTags?: number | undefined;
	/** iframe srcdoc documents nested deeper than MAX_SRCDOC_DEPTH (html/extractor.ts), not read. */
	readonly deepFrames?: number | undefined;
	/** CSS URLs in tokens longer than MAX_CSS_TOKEN (css/scanner.ts), skipped unread. */
	readonly cutCssTokens?: number | undefined;
	/** XML element texts (a URL, base64 content) longer than MAX_ELEMENT_TEXT (xml/element-text.ts), let go. */
	readonly longTexts?: number | undefined;
}

/**
 * The warnings for a document's losses, one a kind, the counts summed over the document and
 * the documents nested in it (one line a file reads best: the place is the file, and a
 * nested document has no name of its own to give). A rewrite leaves what it did not read as
 * written, and says so.
 */
export function lossWarnings(losses: Losses, rewriting: boolean): string[] {
	const warnings: string[] = [];
	const tags = losses.droppedTags ?? 0;
	if (tags > 0)
		warnings.push(
			`${count(tags, 'start tag')} longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ${rewriting ? 'left as written' : 'ignored'}: ${tags === 1 ? 'its' : 'their'} links were not ${rewriting ? 'rewritten' : 'read'}`,
		);
	const frames = losses.deepFrames ?? 0;
	if (frames > 0)
		warnings.push(
			`${count(frames, 'iframe srcdoc document')} nested more than 8 deep (MAX_SRCDOC_DEPTH) ${rewriting ? 'left as written' : 'not read'}: any links in ${frames === 1 ? 'it' : 'them'} were not ${rewriting ? 'rewritten' : 'read'}`,
		);
	const css = losses.cutCssTokens ?? 0;
	if (css > 0)
		warnings.push(
			`${count(css, 'CSS URL')} longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) ${rewriting ? 'left as written' : 'skipped'}: ${css === 1 ? 'its link was' : 'their links were'} not ${rewriting ? 'rewritten' : 'read'}`,
		);
	const texts = losses.longTexts ?? 0;
	if (texts > 0)
		warnings.push(
			`${count(texts, 'XML element text')} longer than 1 Mi UTF-16 units (MAX_ELEMENT_TEXT) ${rewriting ? 'left as written' : 'ignored'}: ${texts === 1 ? 'its links were' : 'their links were'} not ${rewriting ? 'rewritten' : 'read'}`,
		);
	return warnings;
}

function count(n: number, what: string): string {
	return n === 1 ? `1 ${what}` : `${n} ${what}s`;
}
