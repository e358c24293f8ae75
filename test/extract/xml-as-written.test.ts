/**
 * Feeds, sitemaps and OPML as publishers write them, a little off the letter of their
 * specifications: namespace variants, vocabularies without their namespace, undeclared
 * well-known prefixes, and the legacy elements Universal Feed Parser reads as URLs
 * (its documentation's "Which values are URIs" and "Comes from" lists). Expected URLs
 * resolved by hand against https://r.example/f/feed.
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';
import {xmlRowTests} from '../helpers/xml-rows.js';
import type {XmlRow} from '../helpers/xml-rows.js';

const RETRIEVAL = 'https://r.example/f/feed';

type Row = XmlRow;

const SITEMAP_NAMESPACES = [
	'http://www.sitemaps.org/schemas/sitemap/0.9/',
	'https://www.sitemaps.org/schemas/sitemap/0.9',
	'HTTP://WWW.SITEMAPS.ORG/schemas/sitemap/0.9',
	'  http://www.sitemaps.org/schemas/sitemap/0.9\n',
	'https://www.sitemaps.org/schemas/sitemap/0.9//',
];

const ROWS: Row[] = [
	...SITEMAP_NAMESPACES.map(
		(ns): Row => [
			`sitemap namespace written ${JSON.stringify(ns)}`,
			`<urlset xmlns="${ns}"><url><loc>a.html</loc></url></urlset>`,
			[['navigation', 'loc', '', 'https://r.example/f/a.html']],
		],
	),
	[
		'sitemap with no namespace',
		'<urlset><url><loc>a.html</loc></url></urlset>',
		[['navigation', 'loc', '', 'https://r.example/f/a.html']],
	],
	[
		'sitemap index with no namespace',
		'<sitemapindex><sitemap><loc>s1.xml</loc></sitemap></sitemapindex>',
		[['navigation', 'loc', '', 'https://r.example/f/s1.xml']],
	],
	[
		'a sitemap namespace under a prefix, https',
		'<s:urlset xmlns:s="https://www.sitemaps.org/schemas/sitemap/0.9"><s:url><s:loc>a</s:loc></s:url></s:urlset>',
		[['navigation', 's:loc', '', 'https://r.example/f/a']],
	],
	[
		'Atom with https',
		'<feed xmlns="https://www.w3.org/2005/Atom"><link href="p"/></feed>',
		[['navigation', 'link', 'href', 'https://r.example/f/p']],
	],
	[
		'Atom with no namespace',
		'<feed><link href="p"/><icon>i.png</icon></feed>',
		[
			['navigation', 'link', 'href', 'https://r.example/f/p'],
			['resource', 'icon', '', 'https://r.example/f/i.png'],
		],
	],
	[
		'RSS 1.0 with no default namespace, rdf: undeclared',
		'<rdf:RDF><channel rdf:about="http://r.example/"><link>home</link></channel></rdf:RDF>',
		[
			['metadata', 'channel', 'rdf:about', 'http://r.example/'],
			['navigation', 'link', '', 'https://r.example/f/home'],
		],
	],
	[
		'the iTunes namespace in its historical case',
		'<rss xmlns:itunes="http://www.itunes.com/DTDs/PodCast-1.0.dtd"><channel><itunes:image href="a.jpg"/></channel></rss>',
		[['resource', 'itunes:image', 'href', 'https://r.example/f/a.jpg']],
	],
	[
		'undeclared well-known prefixes',
		`<rss><channel><atom:link rel="next" href="?page=2"/><itunes:image href="art.jpg"/><item><content:encoded>&lt;a href="c"&gt;</content:encoded>
		<media:thumbnail url="t.jpg"/><wfw:commentRss>cr</wfw:commentRss><feedburner:origLink>o</feedburner:origLink></item></channel></rss>`,
		[
			['navigation', 'atom:link', 'href', 'https://r.example/f/feed?page=2'],
			['resource', 'itunes:image', 'href', 'https://r.example/f/art.jpg'],
			['navigation', 'a', 'href', 'https://r.example/f/c'],
			['resource', 'media:thumbnail', 'url', 'https://r.example/f/t.jpg'],
			['navigation', 'wfw:commentRss', '', 'https://r.example/f/cr'],
			['navigation', 'feedburner:origLink', '', 'https://r.example/f/o'],
		],
	],
	[
		'a declared prefix wins over the usual one',
		'<rss xmlns:media="urn:own"><channel><media:thumbnail url="t.jpg"/></channel></rss>',
		[],
	],
	['an undeclared unknown prefix is not guessed at', '<rss><channel><own:image href="a.jpg"/></channel></rss>', []],
	[
		'guid: isPermalink in any case; an absolute URL is a Link, a number, a UUID, a urn an identifier',
		`<rss><channel><item><guid isPermalink="false">http://r.example/x</guid><guid ISPERMALINK="False">http://r.example/y</guid>
		<guid>23246627</guid><guid>0d8e6d38-5b8e-4e34-a2b6-4cc3d1c0e0a1</guid><guid>urn:uuid:0d8e6d38-5b8e-4e34-a2b6-4cc3d1c0e0a1</guid><guid>https://r.example/p/1</guid></item></channel></rss>`,
		[
			['metadata', 'guid', '', null],
			['metadata', 'guid', '', null],
			['metadata', 'guid', '', 'urn:uuid:0d8e6d38-5b8e-4e34-a2b6-4cc3d1c0e0a1'],
			['navigation', 'guid', '', 'https://r.example/p/1'],
		],
	],
	// Universal Feed Parser's legacy synonyms and modules, each a row of vocabularies.ts.
	[
		'Atom person url and homepage beside uri',
		'<feed xmlns="http://www.w3.org/2005/Atom"><author><uri>u</uri><url>l</url><homepage>h</homepage></author></feed>',
		[
			['navigation', 'uri', '', 'https://r.example/f/u'],
			['navigation', 'url', '', 'https://r.example/f/l'],
			['navigation', 'homepage', '', 'https://r.example/f/h'],
		],
	],
	[
		'Atom 0.3 info and tagline, mode="escaped" with no type; mode="xml" is not HTML',
		`<feed xmlns="http://purl.org/atom/ns#"><info mode="escaped">&lt;a href="i"&gt;</info><tagline mode="escaped">&lt;img src="t.png"&gt;</tagline>
		<title mode="xml">&lt;a href="no"&gt;</title><summary type="text/plain" mode="escaped">&lt;a href="no"&gt;</summary></feed>`,
		[
			['navigation', 'a', 'href', 'https://r.example/f/i'],
			['resource', 'img', 'src', 'https://r.example/f/t.png'],
		],
	],
	[
		'Atom 0.3 link with its URL as text',
		'<feed xmlns="http://purl.org/atom/ns#"><entry><link>post.html</link></entry></feed>',
		[['navigation', 'link', '', 'https://r.example/f/post.html']],
	],
	[
		'inline XHTML body in an RSS item, without its namespace',
		'<rss><channel><item><body><p><a href="b.html">b</a><img src="b.png"/></p></body></item></channel></rss>',
		[
			['navigation', 'a', 'href', 'https://r.example/f/b.html'],
			['resource', 'img', 'src', 'https://r.example/f/b.png'],
		],
	],
	[
		'RSS fullitem: escaped HTML',
		'<rss><channel><item><fullitem>&lt;a href="f"&gt;</fullitem></item></channel></rss>',
		[['navigation', 'a', 'href', 'https://r.example/f/f']],
	],
	[
		'Userland creativeCommons:license and redirect/newLocation',
		`<rss xmlns:creativeCommons="http://backend.userland.com/creativeCommonsRssModule"><channel>
		<creativeCommons:license>http://www.creativecommons.org/licenses/by-nd/1.0</creativeCommons:license>
		<redirect><newLocation>../moved.xml</newLocation></redirect><newLocation>not-here</newLocation></channel></rss>`,
		[
			['navigation', 'creativeCommons:license', '', 'http://www.creativecommons.org/licenses/by-nd/1.0'],
			['navigation', 'newLocation', '', 'https://r.example/moved.xml'],
		],
	],
	[
		'FeedBurner browserFriendly: HTML',
		'<rss xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel><feedburner:browserFriendly>&lt;a href="sub"&gt;</feedburner:browserFriendly></channel></rss>',
		[['navigation', 'a', 'href', 'https://r.example/f/sub']],
	],
	[
		'Podlove Simple Chapters: href and image',
		'<rss xmlns:psc="http://podlove.org/simple-chapters"><channel><item><psc:chapters version="1.2"><psc:chapter start="00:00:00.000" title="Intro" href="ch/1" image="ch/1.jpg"/></psc:chapters></item></channel></rss>',
		[
			['navigation', 'psc:chapter', 'href', 'https://r.example/f/ch/1'],
			['resource', 'psc:chapter', 'image', 'https://r.example/f/ch/1.jpg'],
		],
	],
	[
		'OPML without its opml element: outlines under body',
		'<body><outline xmlUrl="a.xml"/></body>',
		[['navigation', 'outline', 'xmlUrl', 'https://r.example/f/a.xml']],
	],
	[
		'OPML outlines with no root around them',
		'<outline text="x" htmlUrl="h.html"><outline url="u.opml"/></outline>',
		[
			['navigation', 'outline', 'htmlUrl', 'https://r.example/f/h.html'],
			['navigation', 'outline', 'url', 'https://r.example/f/u.opml'],
		],
	],
	['an unknown root is still not guessed at', '<catalog><loc>x</loc><outline xmlUrl="y"/></catalog>', []],
];

xmlRowTests('as written', ROWS, RETRIEVAL);

/** Universal Feed Parser's namespace list: the other names RSS and pre-0.3 Atom were published under. */
const ALIAS_ROWS: Row[] = [
	[
		'RSS 2.0 under http://backend.userland.com/rss',
		'<rss xmlns="http://backend.userland.com/rss"><channel><link>l</link></channel></rss>',
		[['navigation', 'link', '', 'https://r.example/f/l']],
	],
	[
		'RSS 2.0 under http://blogs.law.harvard.edu/tech/rss',
		'<rss xmlns="http://blogs.law.harvard.edu/tech/rss"><channel><item><enclosure url="e.mp3"/></item></channel></rss>',
		[['resource', 'enclosure', 'url', 'https://r.example/f/e.mp3']],
	],
	[
		'RSS 0.91 module namespace',
		'<rss xmlns:r="http://purl.org/rss/1.0/modules/rss091#"><channel><r:docs>d</r:docs></channel></rss>',
		[['navigation', 'r:docs', '', 'https://r.example/f/d']],
	],
	[
		'Atom before 0.3 (Pie, Echo): read as Atom 0.3',
		'<feed xmlns="http://purl.org/pie/"><link rel="alternate" href="p"/></feed><!-- --><x:feed xmlns:x="http://purl.org/echo/"><x:link href="e"/></x:feed>',
		[
			['navigation', 'link', 'href', 'https://r.example/f/p'],
			['navigation', 'x:link', 'href', 'https://r.example/f/e'],
		],
	],
];

xmlRowTests('as written', ALIAS_ROWS, RETRIEVAL);

test('a URL in CDATA sections, the last cut off by the end of the input: its raw is its span (no "]]>" counted)', t => {
	const xml = '<urlset><url><loc><![CDATA[https://r.example/a]]><![CDATA[/b';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	if (link === undefined) return t.fail('no Link');
	t.is(link.value, 'https://r.example/a/b');
	t.is(link.raw, '<![CDATA[https://r.example/a]]><![CDATA[/b');
	t.is(xml.slice(link.start, link.end), link.raw);
});
