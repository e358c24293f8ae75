/**
 * RewriteOptions.keepAbsolute: in relative mode, the URLs read away from the page stay (or
 * become) absolute. Expected values written by hand: RFC 6596 §3 (canonical), ogp.me (og:
 * URL properties), the Twitter card tags; a selector names a rel token, a meta name, an
 * element and attribute.
 */
import test from 'ava';
import {extractLinks, KEEP_ABSOLUTE, rewriteLinks} from '../../src/index.js';
import {KEEP_ABSOLUTE as WEB_KEEP_ABSOLUTE} from '../../src/web.js';
import type {RewriteOptions} from '../../src/types.js';

const page = 'https://example.com/blog/post/';
const relative = (input: string, options: Partial<RewriteOptions> = {}): string =>
	rewriteLinks(input, {type: 'html', to: 'relative', retrievalUrl: page, ...options});

test('by default: canonical, hreflang alternates, rel=me, og: and twitter: URLs stay absolute; a link to the page itself is not ""', t => {
	t.is(
		relative(
			`<link rel=canonical href="${page}"><link rel="alternate" hreflang="fr" href="https://example.com/fr/blog/post/"><link rel=me href="https://example.com/about/"><meta property="og:url" content="${page}"><meta property="og:video:secure_url" content="https://example.com/v.mp4"><meta property="og:audio" content="https://example.com/a.mp3"><meta name="twitter:image:src" content="https://example.com/i.png"><meta property="twitter:url" content="${page}"><meta name="twitter:player:stream" content="https://example.com/s">`,
		),
		`<link rel=canonical href="${page}"><link rel="alternate" hreflang="fr" href="https://example.com/fr/blog/post/"><link rel=me href="https://example.com/about/"><meta property="og:url" content="${page}"><meta property="og:video:secure_url" content="https://example.com/v.mp4"><meta property="og:audio" content="https://example.com/a.mp3"><meta name="twitter:image:src" content="https://example.com/i.png"><meta property="twitter:url" content="${page}"><meta name="twitter:player:stream" content="https://example.com/s">`,
	);
});

test('others are relativized as before: an alternate without hreflang, a feed, an anchor to the page itself, og:title', t => {
	t.is(
		relative(
			`<link rel=alternate type=application/rss+xml href="https://example.com/blog/index.xml"><a href="${page}">me</a><meta property="og:type" content="https://example.com/t">`,
		),
		'<link rel=alternate type=application/rss+xml href="../index.xml"><a href="">me</a><meta property="og:type" content="https://example.com/t">',
	);
});

test('a relative one is made absolute, same-document and empty ones included; rel and names in any case', t => {
	t.is(
		relative(
			'<LINK REL="Canonical" HREF=""><meta PROPERTY="OG:Image" content="../img/a.png"><link rel=canonical href="#x">',
		),
		'<LINK REL="Canonical" HREF="https://example.com/blog/post/"><meta PROPERTY="OG:Image" content="https://example.com/blog/img/a.png"><link rel=canonical href="https://example.com/blog/post/#x">',
	);
});

test('absolute mode: a kept one written "" or "#x" becomes its URL too (what relative mode writes); other same-document references stay', t => {
	t.is(
		rewriteLinks('<link rel=canonical href=""><meta property="og:url" content="#top"><a href="">a</a>', {
			type: 'html',
			to: 'absolute',
			retrievalUrl: page,
		}),
		`<link rel=canonical href="${page}"><meta property="og:url" content="${page}#top"><a href="">a</a>`,
	);
});

test('keepAbsolute: [] relativizes all; selectors name more by rel, ELEMENT@ATTRIBUTE, element with [rel=], meta prefix', t => {
	const input = `<link rel=canonical href="${page}"><link rel=author href="https://example.com/me/"><img src="https://example.com/i.png"><a rel="me nofollow" href="https://example.com/m/">m</a><meta name="msapplication-config" content="https://example.com/c.xml">`;
	t.is(
		relative(input, {keepAbsolute: []}),
		'<link rel=canonical href=""><link rel=author href="../../me/"><img src="../../i.png"><a rel="me nofollow" href="../../m/">m</a><meta name="msapplication-config" content="../../c.xml">',
	);
	t.is(
		relative(input, {keepAbsolute: ['rel=author', 'img@src', 'a[rel=me]', 'meta=msapplication-*']}),
		`<link rel=canonical href=""><link rel=author href="https://example.com/me/"><img src="https://example.com/i.png"><a rel="me nofollow" href="https://example.com/m/">m</a><meta name="msapplication-config" content="https://example.com/c.xml">`,
	);
	t.is(
		relative(`<a rel=me href="https://example.com/m/">m</a><link rel=me href="https://example.com/m/">`, {
			keepAbsolute: ['link[rel=me]'],
		}),
		'<a rel=me href="../../m/">m</a><link rel=me href="https://example.com/m/">',
	);
});

test('the default list is exported (Node and Web entries), and a bad selector is a TypeError naming keepAbsolute', t => {
	t.true(KEEP_ABSOLUTE.includes('rel=canonical'));
	t.is(WEB_KEEP_ABSOLUTE, KEEP_ABSOLUTE);
	for (const bad of [['og:image'], 'rel=canonical', ['rel=canonical]'], [3]] as unknown[]) {
		const error = t.throws(() => relative('<a href=x>', {keepAbsolute: bad as string[]}));
		t.regex(error.message, /keepAbsolute/);
	}
});

test('twitter:url content is a URL (metadata), as twitter:image is', t => {
	const [link] = extractLinks('<meta name="twitter:url" content="/p/">', {type: 'html', retrievalUrl: page});
	t.is(link?.url, 'https://example.com/p/');
	t.is(link?.kind, 'metadata');
});

test('a selector list changed between two rewrites is read again (the same array passed twice)', t => {
	const selectors = ['rel=canonical'];
	const input = `<link rel=canonical href="${page}x"><link rel=me href="${page}y">`;
	t.is(relative(input, {keepAbsolute: selectors}), `<link rel=canonical href="${page}x"><link rel=me href="y">`);
	selectors[0] = 'rel=me';
	t.is(relative(input, {keepAbsolute: selectors}), `<link rel=canonical href="x"><link rel=me href="${page}y">`);
});
