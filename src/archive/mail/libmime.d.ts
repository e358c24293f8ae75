/**
 * The part of libmime's API that src/archive uses (libmime ships no types; `@types/libmime`
 * is not a dependency).
 */
declare module 'libmime' {
	interface Libmime {
		/** RFC 2047: decode the encoded-words in a header value, joining adjacent ones. */
		decodeWords(value: string): string;
	}
	const libmime: Libmime;
	export default libmime;
}
