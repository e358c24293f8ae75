/**
 * WHATWG resolution without a URL parse for the common case: a base URL that is its own
 * serialization, and a reference whose joined result is certainly one too
 * (`isPlainSerialization`, src/uri/whatwg.ts). Anything else returns null: parse to know.
 *
 * The parts of a base are computed once per base URL; a {@link PlainResolver} keeps them
 * for the last two bases it saw (the document base and the document URL), as explicit
 * state of one document's resolution context, never shared between documents.
 */
import {isPlainSerialization} from '../uri/whatwg.js';

const CharCodes = {
	NumberSign: 0x23, // "#"
	Solidus: 0x2f, // "/"
	Colon: 0x3a, // ":"
	QuestionMark: 0x3f, // "?"
} as const;

/**
 * The prefixes of a plain base URL that a reference replaces the rest of.
 *
 * @example
 * const base = PlainBase.of('https://h.example/a/b?q#f');
 * base?.resolve('c'); // 'https://h.example/a/c'
 * base?.resolve('../c'); // null (dot segments: parse to know)
 */
export class PlainBase {
	readonly url: string;
	/** `https:` */
	private readonly scheme: string;
	/** `https://h.example` (with a port if any): everything before the path. */
	private readonly origin: string;
	/** Up to and including the last `/` of the path. */
	private readonly directory: string;
	/** Everything before the query (or the fragment when there is no query). */
	private readonly beforeQuery: string;
	/** Everything before the fragment. */
	private readonly beforeFragment: string;

	private constructor(url: string, colon: number, pathStart: number, queryStart: number, fragmentStart: number) {
		this.url = url;
		this.scheme = url.slice(0, colon + 1);
		this.origin = url.slice(0, pathStart);
		this.directory = url.slice(0, url.lastIndexOf('/', queryStart - 1) + 1);
		this.beforeQuery = url.slice(0, queryStart);
		this.beforeFragment = url.slice(0, fragmentStart);
	}

	/** The parts of `url`, or null when it is not a plain serialization (an http(s), ws(s) or ftp URL). */
	static of(url: string): PlainBase | null {
		if (!isPlainSerialization(url)) return null;
		const colon = url.indexOf(':');
		// A plain serialization has "//", a host without "/", then a path starting with "/".
		const pathStart = url.indexOf('/', colon + 3);
		let fragmentStart = url.indexOf('#', pathStart);
		if (fragmentStart < 0) fragmentStart = url.length;
		let queryStart = url.indexOf('?', pathStart);
		if (queryStart < 0 || queryStart > fragmentStart) queryStart = fragmentStart;
		return new PlainBase(url, colon, pathStart, queryStart, fragmentStart);
	}

	/**
	 * `new URL(ref, this.url).href` when the joined text is certainly that serialization,
	 * else null. URL Standard "relative state" and its slash, query and fragment branches.
	 */
	resolve(ref: string): string | null {
		const candidate = this.join(ref);
		return candidate !== null && isPlainSerialization(candidate) ? candidate : null;
	}

	private join(ref: string): string | null {
		if (ref.length === 0) return this.beforeFragment;
		const c = ref.charCodeAt(0);
		if (c === CharCodes.Solidus) return ref.charCodeAt(1) === CharCodes.Solidus ? this.scheme + ref : this.origin + ref;
		if (c === CharCodes.QuestionMark) return this.beforeQuery + ref;
		if (c === CharCodes.NumberSign) return this.beforeFragment + ref;
		// A ":" before any "/", "?" or "#" may end a scheme: an absolute URL, plain or parsed.
		for (let i = 1; i < ref.length; i++) {
			const d = ref.charCodeAt(i);
			if (d === CharCodes.Colon) return ref;
			if (d === CharCodes.Solidus || d === CharCodes.QuestionMark || d === CharCodes.NumberSign) break;
		}
		return this.directory + ref;
	}
}

/**
 * {@link PlainBase} parts for the last two base URLs seen, made on first use.
 *
 * @example
 * const resolver = new PlainResolver();
 * resolver.resolve('/x', 'https://h.example/a/b'); // 'https://h.example/x'
 * resolver.resolve('x', 'file:///a'); // null (not a plain base)
 */
export class PlainResolver {
	private first: PlainBase | null = null;
	private firstUrl: string | undefined;
	private second: PlainBase | null = null;
	private secondUrl: string | undefined;

	/** `new URL(ref, base).href` when it needs no parse to know, else null. */
	resolve(ref: string, base: string): string | null {
		if (base === this.firstUrl) return this.first?.resolve(ref) ?? null;
		if (base === this.secondUrl) return this.second?.resolve(ref) ?? null;
		// Keep the most recent first.
		this.second = this.first;
		this.secondUrl = this.firstUrl;
		this.first = PlainBase.of(base);
		this.firstUrl = base;
		return this.first?.resolve(ref) ?? null;
	}
}
