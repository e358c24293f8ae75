/** The WHATWG dialect's access to the global `URL`. */

/**
 * `new URL(input, base)`, or null on failure.
 * Deviation: not `URL.canParse`, which on Node 20 starts answering false for some
 * non-ASCII hosts (`http://é`) after a few thousand calls while `new URL` succeeds.
 */
export function parseUrl(input: string, base?: string): URL | null {
	try {
		return base === undefined ? new URL(input) : new URL(input, base);
	} catch {
		return null;
	}
}
