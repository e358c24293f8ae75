/**
 * Pieces of URLs that property tests join into references and URLs: the delimiters, the
 * percent-encodings and the characters a URL parser escapes or refuses (URL Standard
 * `#fragment-percent-encode-set`, `#query-percent-encode-set`, `#path-percent-encode-set`),
 * and one non-ASCII letter. Each test adds the pieces of its own subject.
 */
export const URL_PUNCTUATION: readonly string[] = [
	'@',
	'?',
	'#',
	'%',
	'%2e',
	'%2E',
	'%41',
	' ',
	'\t',
	'"',
	"'",
	'<',
	'>',
	'`',
	'{',
	'}',
	'|',
	'^',
	'é',
];
