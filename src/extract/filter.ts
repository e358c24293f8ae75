/**
 * Output filters a crawler asks for: keep only chosen schemes, and drop credentials from
 * emitted URLs (RFC 3986 §3.2.1 deprecates `user:password` in URIs; §7.5 warns of it).
 */
import type {ExtractOptions} from '../types.js';
import type {LinkSink} from './core.js';

/** `sink` behind the `schemes` and `redactCredentials` options, or `sink` itself when neither is set. */
export function filterLinks(options: Pick<ExtractOptions, 'schemes' | 'redactCredentials'>, sink: LinkSink): LinkSink {
	const schemes =
		options.schemes === undefined ? undefined : new Set(options.schemes.map(scheme => `${scheme.toLowerCase()}:`));
	const redact = options.redactCredentials === true;
	if (schemes === undefined && !redact) return sink;
	return (link, event) => {
		if (schemes !== undefined && (link.url === null || !schemes.has(schemeOf(link.url)))) return;
		sink(redact && link.url !== null ? {...link, url: withoutCredentials(link.url)} : link, event);
	};
}

function schemeOf(url: string): string {
	return url.slice(0, url.indexOf(':') + 1).toLowerCase();
}

/**
 * `url` without its userinfo (`scheme://user:pw@host` -> `scheme://host`).
 *
 * @example
 * withoutCredentials('https://user:secret@example.com/a'); // 'https://example.com/a'
 */
export function withoutCredentials(url: string): string {
	const authority = url.indexOf('//');
	if (authority === -1 || authority !== url.indexOf(':') + 1) return url;
	let end = authority + 2;
	while (end < url.length && !'/?#'.includes(url.charAt(end))) end++;
	const at = url.lastIndexOf('@', end - 1);
	return at < authority ? url : url.slice(0, authority + 2) + url.slice(at + 1);
}
