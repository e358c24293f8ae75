/**
 * xml:base (W3C XML Base 2nd ed. §4.2; RFC 3986 §5.1.1, §5.2): on any element, relative
 * to the parent's base, `""` resolving to the parent's base without its fragment, below it
 * the §5.1 fallback layers; escaped HTML resolves against the base in scope at its element,
 * under its own BASE element. Every expected URL is worked out by hand.
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';

const ATOM = 'xmlns="http://www.w3.org/2005/Atom"';

interface Row {
	title: string;
	xml: string;
	retrievalUrl?: string;
	/** [value, url, baseSource] of each Link, in order. */
	links: Array<[string, string | null, string | null]>;
}

const ROWS: Row[] = [
	{
		title: 'nested bases, each relative to its parent; the parent base again after the child ends',
		xml: `<feed ${ATOM} xml:base="http://a.example/x/"><entry xml:base="y/"><link href="z"/></entry><link href="w"/></feed>`,
		links: [
			['http://a.example/x/', 'http://a.example/x/', null],
			['y/', 'http://a.example/x/y/', 'document'],
			['z', 'http://a.example/x/y/z', 'document'],
			['w', 'http://a.example/x/w', 'document'],
		],
	},
	{
		title: 'a relative base on the root resolves against the retrieval URL',
		xml: `<feed ${ATOM} xml:base="sub/"><link href="../up.html"/></feed>`,
		retrievalUrl: 'https://r.example/dir/feed.xml',
		links: [
			['sub/', 'https://r.example/dir/sub/', 'retrieval'],
			// ../ from /dir/sub/ climbs to /dir/.
			['../up.html', 'https://r.example/dir/up.html', 'document'],
		],
	},
	{
		title: 'xml:base="" is the parent base without its fragment (RFC 3986 §5.2.2: empty reference)',
		xml: `<feed ${ATOM} xml:base="http://a.example/p/q.xml#f"><entry xml:base=""><link href="z"/></entry></feed>`,
		links: [
			['http://a.example/p/q.xml#f', 'http://a.example/p/q.xml#f', null],
			['', 'http://a.example/p/q.xml', 'document'],
			['z', 'http://a.example/p/z', 'document'],
		],
	},
	{
		title: 'the base of an element applies to its own attributes (XML Base §3)',
		xml: `<feed ${ATOM}><link xml:base="http://b.example/d/" href="e"/><link href="e"/></feed>`,
		retrievalUrl: 'https://r.example/feed',
		links: [
			['http://b.example/d/', 'http://b.example/d/', 'retrieval'],
			['e', 'http://b.example/d/e', 'document'],
			['e', 'https://r.example/e', 'retrieval'],
		],
	},
	{
		title: 'a base on the content element governs its escaped HTML (RFC 4287 §2)',
		xml: `<feed ${ATOM} xml:base="http://a.example/blog/"><entry><content type="html" xml:base="2005/">&lt;a href="post.html"&gt;p&lt;/a&gt;</content></entry></feed>`,
		links: [
			['http://a.example/blog/', 'http://a.example/blog/', null],
			['2005/', 'http://a.example/blog/2005/', 'document'],
			['post.html', 'http://a.example/blog/2005/post.html', 'document'],
		],
	},
	{
		title: 'a BASE element inside escaped HTML resolves against the xml:base and rules the HTML',
		xml: `<feed ${ATOM}><content type="html" xml:base="http://a.example/c/">&lt;a href="x"&gt;&lt;base href="/h/"&gt;</content><link href="y"/></feed>`,
		retrievalUrl: 'https://r.example/feed',
		links: [
			['http://a.example/c/', 'http://a.example/c/', 'retrieval'],
			// HTML: the first BASE with href rules every URL of the document, those before it too.
			['x', 'http://a.example/h/x', 'document'],
			['/h/', 'http://a.example/h/', 'document'],
			['y', 'https://r.example/y', 'retrieval'],
		],
	},
	{
		title: 'RSS without xml:base: the retrieval URL, for escaped HTML too',
		xml: '<rss><channel><item><link>/a</link><description>&lt;img src="i.png"&gt;</description></item></channel></rss>',
		retrievalUrl: 'https://r.example/news/feed.rss',
		links: [
			['/a', 'https://r.example/a', 'retrieval'],
			['i.png', 'https://r.example/news/i.png', 'retrieval'],
		],
	},
	{
		title: 'xml:base on RSS elements (any element, any vocabulary)',
		xml: '<rss xml:base="http://a.example/r/"><channel><item xml:base="i/"><link>l</link></item></channel></rss>',
		links: [
			['http://a.example/r/', 'http://a.example/r/', null],
			['i/', 'http://a.example/r/i/', 'document'],
			['l', 'http://a.example/r/i/l', 'document'],
		],
	},
	{
		title: 'a relative base with no fallback base: no-base, and so are the references below it',
		xml: `<feed ${ATOM} xml:base="rel/"><link href="x"/></feed>`,
		links: [
			['rel/', null, null],
			['x', null, null],
		],
	},
	{
		title: 'an unknown element between carries its base down',
		xml: `<feed ${ATOM}><x:wrap xmlns:x="urn:x" xml:base="http://w.example/k/"><link href="l"/></x:wrap></feed>`,
		links: [
			['http://w.example/k/', 'http://w.example/k/', null],
			['l', 'http://w.example/k/l', 'document'],
		],
	},
];

for (const row of ROWS) {
	test(`xml:base: ${row.title}`, t => {
		const links = extractLinks(row.xml, {
			type: 'xml',
			...(row.retrievalUrl === undefined ? {} : {retrievalUrl: row.retrievalUrl}),
		});
		t.deepEqual(
			links.map(link => [link.value, link.url, link.baseSource]),
			row.links,
		);
	});
}

test('xml:base: each xml:base is a Link of kind base', t => {
	const links = extractLinks(`<feed ${ATOM} xml:base="http://a.example/"><entry xml:base="e/"/></feed>`, {type: 'xml'});
	t.deepEqual(
		links.map(link => [link.kind, link.element, link.attribute, link.raw]),
		[
			['base', 'feed', 'xml:base', 'http://a.example/'],
			['base', 'entry', 'xml:base', 'e/'],
		],
	);
});
