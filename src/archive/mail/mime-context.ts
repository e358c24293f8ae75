/**
 * What a MIME node inherits and adds: its base URI (RFC 2557 §5, RFC 2110), its resolved
 * Content-Location, its Content-ID, and its IMAP-style part path (RFC 3501 §6.4.5).
 *
 * Base of a node, outermost first (RFC 2396 §5.1.2 applies recursively):
 *   1. the message: the retrieval URL if given (§5.1.3), else `thismessage:/` (RFC 2557 §5(e));
 *   2. each enclosing node from the message root down, then the node itself: its
 *      `Content-Base` (RFC 2110 §4.2) resolved against the base so far, then its
 *      `Content-Location` (RFC 2557 §4.2) resolved against that.
 * So the nearest Content-Location wins, and a relative one resolves against the enclosing
 * one (RFC 2557 §5(b)–(d)). Deviation: a relative Content-Location is a base too once
 * resolved (the "effective URI" reading): RFC 2557 §5(b) names only absolute ones, but
 * then `<img src="images/x.png">` in a part at `pages/index.html` would miss the part
 * at `pages/images/x.png` that its writer meant. The HTML BASE element (§5(a)) is the
 * HTML core's business and beats all of these.
 * Encapsulated messages (message/rfc822) inherit the base of the part holding them.
 */
import type {SplitterChunk} from '@zone-eu/mailsplit';
import libmime from 'libmime';
import type {BaseLayer} from '../../extract/base.js';
import type {Dialect} from '../../types.js';
import {resolve} from '../../uri/index.js';

/** A MIME node as mailsplit's Splitter emits it. */
export type MimeNode = Extract<SplitterChunk, {type: 'node'}>;

export interface NodeContext {
	/** The base the node's content resolves against (before any BASE element). */
	base: BaseLayer;
	/** The node's Content-Location resolved against the enclosing base (RFC 2557 §8.2(a)). */
	location?: string;
}

/**
 * The outermost layer: the message's retrieval URL, else `thismessage:/` (RFC 2557 §5(e)).
 *
 * @example
 * messageBase(undefined); //=> {url: 'thismessage:/', source: 'encapsulating'}
 */
export function messageBase(retrievalUrl: string | undefined): BaseLayer {
	return retrievalUrl === undefined
		? {url: 'thismessage:/', source: 'encapsulating'}
		: {url: retrievalUrl, source: 'retrieval'};
}

/**
 * The context of `node` inside `parent` (see the module comment).
 *
 * @example
 * // Content-Base: "http://www.example.com/archive/" on the root, then a part with
 * // Content-Location: pages/index.html
 * // -> base http://www.example.com/archive/pages/index.html
 */
export function nodeContext(node: MimeNode, parent: NodeContext, dialect: Dialect): NodeContext {
	let base = parent.base;
	const contentBase = headerUri(node, 'content-base');
	const baseUrl = contentBase === undefined ? null : tryResolve(contentBase, base.url, dialect);
	// RFC 2110 §4.2: Content-Base gives the base for the part (and resolves its Content-Location).
	if (baseUrl !== null) base = {url: baseUrl, source: 'encapsulating'};
	const contentLocation = headerUri(node, 'content-location');
	const location = contentLocation === undefined ? null : tryResolve(contentLocation, base.url, dialect);
	if (location === null) return {base};
	// RFC 2557 §4.2/§5: the part's own Content-Location is the base of its content.
	return {base: {url: location, source: 'encapsulating'}, location};
}

function tryResolve(reference: string, base: string, dialect: Dialect): string | null {
	try {
		return resolve(reference, base, {dialect});
	} catch {
		return null;
	}
}

/**
 * A URI-valued header field of `node` (the first one): unfolded, 8-bit UTF-8 decoded,
 * RFC 2047 encoded-words decoded (RFC 2557 §4.4.1), white space removed (RFC 2557 §4.4.1,
 * RFC 3986 Appendix C), then surrounding quotes (RFC 2110 quoted-string) or angle brackets
 * removed. Undefined when absent or empty.
 *
 * @example
 * // Content-Location: =?us-ascii?q?http=3A=2F=2Fexample=2Ecom=2F?=
 * //  =?us-ascii?q?img=2Epng?=
 * headerUri(node, 'content-location'); //=> 'http://example.com/img.png'
 */
export function headerUri(node: MimeNode, name: string): string | undefined {
	const value = headerValue(node, name);
	if (value === undefined) return undefined;
	let uri = decodeWords(value).replace(/\s+/g, '');
	if (uri.length >= 2 && ((uri.startsWith('"') && uri.endsWith('"')) || (uri.startsWith('<') && uri.endsWith('>')))) {
		uri = uri.slice(1, -1);
	}
	return uri === '' ? undefined : uri;
}

/**
 * The raw value of the first `name` field, unfolded, 8-bit bytes read as UTF-8 when valid.
 *
 * @example
 * // Subject: a\r\n b
 * headerValue(node, 'subject'); //=> 'a b'
 */
export function headerValue(node: MimeNode, name: string): string | undefined {
	if (node.headers === false) return undefined;
	const line = node.headers.get(name)[0];
	if (line === undefined) return undefined;
	const colon = line.indexOf(':');
	// RFC 5322 §2.2.3: unfolding removes the CRLF before folding white space.
	const value = line
		.slice(colon + 1)
		.replace(/\r?\n(?=[ \t])/g, '')
		.trim();
	return utf8(value);
}

/**
 * A parameter of the first `name` field (RFC 2045 §5.1; RFC 2231 continuations joined),
 * undefined when absent.
 *
 * @example
 * // Content-Type: multipart/mixed; boundary="=_abc"
 * headerParameter(node, 'content-type', 'boundary'); //=> '=_abc'
 */
export function headerParameter(node: MimeNode, name: string, parameter: string): string | undefined {
	const value = headerValue(node, name);
	if (value === undefined) return undefined;
	try {
		return libmime.parseHeaderValue(value).params[parameter.toLowerCase()];
	} catch {
		return undefined;
	}
}

/** mailsplit keeps header bytes as a binary string: RFC 6532 raw UTF-8 is re-read as UTF-8. */
function utf8(binary: string): string {
	if (!/[\u0080-\u00ff]/.test(binary)) return binary;
	const decoded = Buffer.from(binary, 'latin1').toString('utf8');
	return decoded.includes('\uFFFD') ? binary : decoded;
}

function decodeWords(value: string): string {
	try {
		return libmime.decodeWords(value);
	} catch {
		// An encoded-word in an unknown charset: keep the value as written.
		return value;
	}
}

/**
 * The Content-ID without angle brackets or white space (RFC 2045 §7, RFC 2392 §2).
 *
 * @example
 * // Content-ID: <logo@example.org>
 * contentId(node); //=> 'logo@example.org'
 */
export function contentId(node: MimeNode): string | undefined {
	const value = headerValue(node, 'content-id')?.replace(/\s+/g, '');
	if (value === undefined) return undefined;
	const id = value.startsWith('<') && value.endsWith('>') ? value.slice(1, -1) : value;
	return id === '' ? undefined : id;
}

/**
 * The Message-ID without angle brackets (RFC 5322 §3.6.4).
 *
 * @example
 * // Message-ID: <a1@example.org>
 * messageId(node); //=> 'a1@example.org'
 */
export function messageId(node: MimeNode): string | undefined {
	const value = headerValue(node, 'message-id')?.trim();
	if (value === undefined) return undefined;
	const match = /<([^>]*)>/.exec(value);
	const id = match === null ? value : match[1]!;
	return id === '' ? undefined : id;
}

/**
 * IMAP section path (RFC 3501 §6.4.5) of a node: `'1'` for the body of a single-part
 * message, `'2'` for the second part of a multipart, `'2.1'` for the body of a
 * single-part message/rfc822 at part 2, `''` for the root multipart itself.
 *
 * @example
 * partPath({partNr: ['TEXT'], multipart: false}); //=> '1'
 * partPath({partNr: [3, 2], multipart: false}); //=> '3.2'
 */
export function partPath(node: Pick<MimeNode, 'partNr' | 'multipart'>): string {
	const items = node.partNr === false ? [] : [...node.partNr];
	if (items.at(-1) === 'TEXT') {
		items.pop();
		if (node.multipart === false) items.push(1);
	}
	return items.join('.');
}

/**
 * Whether `node` starts a message: the root, or the content of a message/rfc822 part
 * mailsplit parsed in place.
 *
 * @example
 * isMessageRoot(rootNode); //=> true
 */
export function isMessageRoot(node: MimeNode): boolean {
	if (node.root) return true;
	const parent = node.parentNode;
	return parent !== false && parent.rfc822 && parent.messageNode === true;
}
