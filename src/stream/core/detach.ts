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

const CHAR_CODE_AT = String.prototype.charCodeAt;

/**
 * `s` as a string that references no other string: its first character joined to the rest
 * (a "cons" string of two parts), then flattened by reading a character, which copies both
 * parts into one new sequential string and leaves the join pointing at it alone; the young
 * generation's collector then replaces the join by the copy wherever it is referenced. The
 * usual `(' ' + s).slice(1)` kept a sliced string (32 bytes) over a copy one unit longer.
 *
 * @example
 * const page = '<a href="https://example.com/a-long-path">'.repeat(10_000);
 * const kept = detach(page.slice(9, 40)); // 'https://example.com/a-long-path', without `page`
 */
export function detach(s: string): string {
	const known = knownString(s);
	if (known.length < SHARED_MIN_LENGTH) return known;
	const joined = known.slice(0, 1) + known.slice(1);
	CHAR_CODE_AT.call(joined, 0);
	return joined;
}
