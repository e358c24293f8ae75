/**
 * Links that do not keep the input alive.
 *
 * A Link's `raw` and `value` are slices of the decoded text the scanner held (64 KiB or
 * more per chunk), and `url` is often the base joined to such a slice. V8 makes these
 * "sliced" and "cons" strings that point into their parent: a consumer that keeps one
 * Link per chunk (a crawler's frontier, a de-duplicating Set) would keep every chunk, i.e.
 * the whole input. Measured: keeping every 100th Link of 20 MB of HTML kept all 20 MB.
 *
 * So a pipeline whose sink keeps Links gives the cores {@link detach} as `own`
 * (CoreOptions): each string a Link hands out is copied into a string of its own once,
 * as the Link is made (the value shares the raw text's copy when equal; the URL is
 * resolved from the copies; the outer base URLs are copied once per document). Done there
 * rather than on the finished Link: Links differ in shape (optional fields), and reading
 * and writing them back cost a megamorphic access per field, ~7% of HTML extraction.
 */
import {knownString} from '../../known-string.js';

/**
 * Below this length V8 never shares: a slice is copied and a concatenation is flat
 * (V8 SlicedString::kMinLength and ConsString::kMinLength are both 13).
 */
const SHARED_MIN_LENGTH = 13;

/**
 * `s` as a string that references no other string: a concatenation with one character
 * (a cons string) is flattened into a new sequential string by `slice`, and the result
 * points only into that copy.
 *
 * @example
 * const page = '<a href="https://example.com/a-long-path">'.repeat(10_000);
 * const kept = detach(page.slice(9, 40)); // 'https://example.com/a-long-path', without `page`
 */
export function detach(s: string): string {
	const known = knownString(s);
	return known.length < SHARED_MIN_LENGTH ? known : ` ${known}`.slice(1);
}
