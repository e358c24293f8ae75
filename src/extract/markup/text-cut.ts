/**
 * Where a long text run is cut (both hosts read text longer than MAX_TEXT_LENGTH in parts):
 * just after its last ASCII whitespace, so that no URL and no character reference (which
 * holds none) is split. ASCII whitespace is HTML's (TAB, LF, FF, CR, SPACE:
 * `#space-characters`); it holds XML's white space (XML 1.0 §2.3 S: SPACE, TAB, CR, LF), so
 * a run whose lines end in CR alone is cut at one in XML too.
 */
import {isAsciiWhitespace} from '../srcset.js';

/** Units {@link afterLastWhitespace} looks back one by one before it scans natively. */
const LOOK_BACK = 256;

/**
 * ASCII whitespace followed only by non-whitespace to the end. One native forward scan in
 * linear time (each lookahead stops at the next whitespace); a char-code loop back over a
 * whitespace-free 64K text, or five `lastIndexOf` scans, cost more than the tokenizer's pass.
 */
const LAST_WHITESPACE = /[\t\n\f\r ](?=[^\t\n\f\r ]*$)/;

/**
 * Offset just after the last ASCII whitespace of `s` (0: none). Most text has some near its end.
 *
 * @example
 * afterLastWhitespace('a b\rc'); // 4
 */
export function afterLastWhitespace(s: string): number {
	const near = Math.max(0, s.length - LOOK_BACK);
	for (let i = s.length; i > near; i--) if (isAsciiWhitespace(s.charCodeAt(i - 1))) return i;
	return near === 0 ? 0 : s.slice(0, near).search(LAST_WHITESPACE) + 1;
}
