/**
 * RFC 3986 §5.2.2, §5.2.3, §5.2.4 and §5.3 transcribed literally, as a test oracle. Deliberately
 * naïve and slow: it shares nothing with src/uri, parses with Appendix B's regular expression, and
 * follows the pseudo-code line by line (the RFC's words are quoted beside each line).
 */

/** RFC 3986 Appendix B. */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** The five components; `undefined` is "not defined" in the RFC's pseudo-code. */
export interface Components {
	scheme: string | undefined;
	authority: string | undefined;
	path: string;
	query: string | undefined;
	fragment: string | undefined;
}

/** Appendix B: "scheme = $2, authority = $4, path = $5, query = $7, fragment = $9". */
export function parse(reference: string): Components {
	const m = APPENDIX_B.exec(reference)!;
	return {scheme: m[2], authority: m[4], path: m[5]!, query: m[7], fragment: m[9]};
}

/** §5.2.2 Transform References, with a strict parser. */
export function transform(R: Components, Base: Components): Components {
	const T: Components = {scheme: undefined, authority: undefined, path: '', query: undefined, fragment: undefined};
	if (R.scheme !== undefined) {
		// if defined(R.scheme) then
		T.scheme = R.scheme; //          T.scheme    = R.scheme;
		T.authority = R.authority; //    T.authority = R.authority;
		T.path = remove_dot_segments(R.path); // T.path = remove_dot_segments(R.path);
		T.query = R.query; //            T.query     = R.query;
	} else {
		if (R.authority !== undefined) {
			// if defined(R.authority) then
			T.authority = R.authority;
			T.path = remove_dot_segments(R.path);
			T.query = R.query;
		} else {
			if (R.path === '') {
				//     if (R.path == "") then
				T.path = Base.path; //     T.path = Base.path;
				if (R.query !== undefined) {
					// if defined(R.query) then
					T.query = R.query;
				} else {
					T.query = Base.query;
				}
			} else {
				if (R.path.startsWith('/')) {
					// if (R.path starts-with "/") then
					T.path = remove_dot_segments(R.path);
				} else {
					T.path = merge(Base, R.path); // T.path = merge(Base.path, R.path);
					T.path = remove_dot_segments(T.path);
				}
				T.query = R.query;
			}
			T.authority = Base.authority;
		}
		T.scheme = Base.scheme;
	}
	T.fragment = R.fragment;
	return T;
}

/** §5.2.3 Merge Paths. */
export function merge(Base: Components, referencePath: string): string {
	// "If the base URI has a defined authority component and an empty path, then return a string
	// consisting of "/" concatenated with the reference's path;"
	if (Base.authority !== undefined && Base.path === '') return '/' + referencePath;
	// "otherwise, return a string consisting of the reference's path component appended to all but
	// the last segment of the base URI's path (i.e., excluding any characters after the right-most
	// "/" in the base URI path, or excluding the entire base URI path if it does not contain any "/"
	// characters)."
	const rightMost = Base.path.lastIndexOf('/');
	const allButLast = rightMost === -1 ? '' : Base.path.slice(0, rightMost + 1);
	return allButLast + referencePath;
}

/** §5.2.4 Remove Dot Segments. */
export function remove_dot_segments(path: string): string {
	// 1. "The input buffer is initialized with the now-appended path components and the output
	// buffer is initialized to the empty string."
	let input = path;
	let output = '';
	// 2. "While the input buffer is not empty, loop as follows:"
	while (input !== '') {
		if (input.startsWith('../')) {
			input = input.slice(3); // A. "../" prefix removed
		} else if (input.startsWith('./')) {
			input = input.slice(2); // A. "./" prefix removed
		} else if (input.startsWith('/./')) {
			input = '/' + input.slice(3); // B. "/./" replaced with "/"
		} else if (input === '/.') {
			input = '/'; // B. "/." (a complete segment) replaced with "/"
		} else if (input.startsWith('/../') || input === '/..') {
			// C. replaced with "/", and "the last segment and its preceding "/" (if any)" removed from the output
			input = '/' + input.slice(input === '/..' ? 3 : 4);
			const lastSlash = output.lastIndexOf('/');
			output = lastSlash === -1 ? '' : output.slice(0, lastSlash);
		} else if (input === '.' || input === '..') {
			input = ''; // D.
		} else {
			// E. "move the first path segment in the input buffer to the end of the output buffer,
			// including the initial "/" character (if any) and any subsequent characters up to, but not
			// including, the next "/" character or the end of the input buffer."
			const segment = /^\/?[^/]*/.exec(input)![0];
			output += segment;
			input = input.slice(segment.length);
		}
	}
	// 3. "Finally, the output buffer is returned as the result of remove_dot_segments."
	return output;
}

/** §5.3 Component Recomposition. */
export function recompose(T: Components): string {
	let result = '';
	if (T.scheme !== undefined) result += T.scheme + ':';
	if (T.authority !== undefined) result += '//' + T.authority;
	result += T.path;
	if (T.query !== undefined) result += '?' + T.query;
	if (T.fragment !== undefined) result += '#' + T.fragment;
	return result;
}

/** §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
export function isScheme(s: string): boolean {
	return /^[A-Za-z][A-Za-z0-9+.-]*$/.test(s);
}

/** §5.2 end to end: parse both, transform, recompose. The base must be absolute (§5.2.1). */
export function resolveLiterally(reference: string, base: string): string {
	return recompose(transform(parse(reference), parse(base)));
}
