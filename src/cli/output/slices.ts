/**
 * Long strings written in slices. One Link can carry a value of millions of units (16 Mi
 * NULs in an href); its line built whole, escaped, flattened and encoded took about 38
 * times the value's size at once. A line past {@link LONG_FIELD} units in one field is
 * made in pieces instead, each field escaped a slice at a time.
 */

/** Units of one field past which its line is made in pieces (and of each slice). */
export const LONG_FIELD = 1 << 16;

/** An output line (with its newline): one string, or its pieces in order. */
export type Line = string | Iterable<string>;

/**
 * `s` in slices of about `size` units, never between the two halves of a surrogate pair
 * (each slice escapes alike whole or cut: escapes look at one character, or one pair).
 *
 * @example
 * [...slices('a'.repeat(5), 2)]; // ['aa', 'aa', 'a']
 * [...slices('a\u{1F600}', 2)]; // ['a', '\u{1F600}']
 */
export function* slices(s: string, size = LONG_FIELD): Generator<string> {
	for (let start = 0; start < s.length; ) {
		let end = Math.min(s.length, start + size);
		const last = s.charCodeAt(end - 1);
		// A high surrogate at the cut: its low half goes with it into the next slice.
		if (end < s.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end--;
		yield s.slice(start, end);
		start = end;
	}
}

/**
 * The pieces of a line made of `fields`: short ones as they are, a long one escaped by
 * `escape` a slice at a time. `escape` must escape each character (or pair) on its own.
 *
 * @example
 * [...linePieces(['a\t', long, '\n'], printable)]; // ['a\t', <slices of printable(long)>, '\n']
 */
export function* linePieces(
	fields: ReadonlyArray<string | {long: string}>,
	escape: (s: string) => string,
): Generator<string> {
	let out = '';
	for (const field of fields) {
		if (typeof field === 'string') {
			out += field;
			continue;
		}
		if (out !== '') yield out;
		out = '';
		for (const slice of slices(field.long)) yield escape(slice);
	}
	if (out !== '') yield out;
}
