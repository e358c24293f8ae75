/**
 * The part of libmime's API that src/archive uses (libmime ships no types; `@types/libmime`
 * is not a dependency).
 */
declare module 'libmime' {
	interface Libmime {
		/** RFC 2047: decode the encoded-words in a header value, joining adjacent ones. */
		decodeWords(value: string): string;
		/** A structured value (`text/plain; charset=utf-8`): the value and its parameters (names lower-cased). */
		parseHeaderValue(value: string): {value: string; params: Record<string, string>};
	}
	const libmime: Libmime;
	export default libmime;
}
