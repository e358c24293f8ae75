/** The part of url-regex-safe (no bundled types) that bench/text.ts uses. */
declare module 'url-regex-safe' {
	interface UrlRegexSafeOptions {
		exact?: boolean;
		strict?: boolean;
		auth?: boolean;
		localhost?: boolean;
		parens?: boolean;
		apostrophes?: boolean;
		trailingPeriod?: boolean;
		ipv4?: boolean;
		ipv6?: boolean;
		tlds?: string[];
		returnString?: boolean;
	}
	export default function urlRegexSafe(options?: UrlRegexSafeOptions): RegExp;
}
