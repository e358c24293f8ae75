/**
 * The vocabulary rows (src/extract/xml/vocabularies.ts), each in a small document: known by
 * namespace URI whatever the prefix, default namespaces too; unknown vocabularies are not
 * guessed at. Expected URLs resolved by hand against https://r.example/f/feed.
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';
import {xmlRowTests} from '../helpers/xml-rows.js';
import type {XmlRow} from '../helpers/xml-rows.js';

const RETRIEVAL = 'https://r.example/f/feed';

type Row = XmlRow;

const ROWS: Row[] = [
	[
		'Atom with a prefix other than atom, and every Atom URL place',
		`<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:icon>i.png</a:icon><a:logo>l.png</a:logo>
		<a:category term="t" scheme="s/"/><a:entry><a:content src="c.html" type="text/html"/><a:link href="p"/>
		<a:author><a:uri>me</a:uri></a:author></a:entry></a:feed>`,
		[
			['resource', 'a:icon', '', 'https://r.example/f/i.png'],
			['resource', 'a:logo', '', 'https://r.example/f/l.png'],
			['metadata', 'a:category', 'scheme', 'https://r.example/f/s/'],
			['resource', 'a:content', 'src', 'https://r.example/f/c.html'],
			['navigation', 'a:link', 'href', 'https://r.example/f/p'],
			['navigation', 'a:uri', '', 'https://r.example/f/me'],
		],
	],
	[
		'threading in-reply-to (RFC 4685), Atom link inside RSS',
		`<rss xmlns:thr="http://purl.org/syndication/thread/1.0" xmlns:at="http://www.w3.org/2005/Atom"><channel>
		<at:link rel="self" href="/feed"/><item><thr:in-reply-to ref="tag:x" href="orig.html"/></item></channel></rss>`,
		[
			['metadata', 'at:link', 'href', 'https://r.example/feed'],
			['navigation', 'thr:in-reply-to', 'href', 'https://r.example/f/orig.html'],
		],
	],
	[
		'RSS 2.0 extensions: wfw, iTunes, Media RSS',
		`<rss xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
		xmlns:m="http://search.yahoo.com/mrss/"><channel><itunes:image href="art.jpg"/><itunes:new-feed-url>new.xml</itunes:new-feed-url>
		<item><wfw:comment>c/post</wfw:comment><wfw:commentRss>c/rss</wfw:commentRss>
		<m:content url="v.mp4"><m:thumbnail url="t.jpg"/><m:player url="play.html"/></m:content></item></channel></rss>`,
		[
			['resource', 'itunes:image', 'href', 'https://r.example/f/art.jpg'],
			['navigation', 'itunes:new-feed-url', '', 'https://r.example/f/new.xml'],
			['form', 'wfw:comment', '', 'https://r.example/f/c/post'],
			['navigation', 'wfw:commentRss', '', 'https://r.example/f/c/rss'],
			['resource', 'm:content', 'url', 'https://r.example/f/v.mp4'],
			['resource', 'm:thumbnail', 'url', 'https://r.example/f/t.jpg'],
			['navigation', 'm:player', 'url', 'https://r.example/f/play.html'],
		],
	],
	[
		'RSS url only inside image; textInput link a form; guid unless isPermaLink="false", a Link only when absolute',
		'<rss><channel><url>no.png</url><image><url>yes.png</url></image><textInput><link>/search</link></textInput><item><guid isPermaLink="true">g1</guid><guid isPermaLink="false">g2</guid><guid>http://r.example/p/1</guid></item></channel></rss>',
		[
			['resource', 'url', '', 'https://r.example/f/yes.png'],
			['form', 'link', '', 'https://r.example/search'],
			// Relative: an identifier, not resolved against the feed's URL.
			['metadata', 'guid', '', null],
			['navigation', 'guid', '', 'http://r.example/p/1'],
		],
	],
	[
		'FeedBurner origLink and origEnclosureLink, any prefix, element text against the xml:base in scope',
		`<rss xmlns:fb="http://rssnamespace.org/feedburner/ext/1.0"><channel><item xml:base="/2024/">
		<link>http://feeds.example/~r/x</link><enclosure url="http://feeds.example/~r/e.mp3"/>
		<fb:origLink> post.html </fb:origLink><fb:origEnclosureLink>e.mp3</fb:origEnclosureLink></item></channel></rss>`,
		[
			['base', 'item', 'xml:base', 'https://r.example/2024/'],
			['navigation', 'link', '', 'http://feeds.example/~r/x'],
			['resource', 'enclosure', 'url', 'http://feeds.example/~r/e.mp3'],
			['navigation', 'fb:origLink', '', 'https://r.example/2024/post.html'],
			['resource', 'fb:origEnclosureLink', '', 'https://r.example/2024/e.mp3'],
		],
	],
	[
		'FeedBurner origLink in an Atom entry (default namespace Atom, feedburner prefixed)',
		`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0">
		<entry><feedburner:origLink>../p/1</feedburner:origLink></entry></feed>`,
		[['navigation', 'feedburner:origLink', '', 'https://r.example/p/1']],
	],
	[
		'unprefixed elements under an unknown root are not guessed at',
		'<catalog><link>x</link><loc>y</loc><url>z</url></catalog>',
		[],
	],
	[
		'a sitemap element outside the sitemap namespace is not one',
		'<index xmlns="http://example.com/own"><url><loc>x</loc></url></index>',
		[],
	],
	[
		'anywhere: XLink, XInclude, xsi:schemaLocation (its second tokens), xsi:noNamespaceSchemaLocation',
		`<doc xmlns:k="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude"
		xmlns:s="http://www.w3.org/2001/XMLSchema-instance" s:schemaLocation="urn:a a.xsd  urn:b b.xsd">
		<ref k:href="r.xml"/><xi:include href="part.xml"/><n s:noNamespaceSchemaLocation="n.xsd"/></doc>`,
		[
			['metadata', 'doc', 's:schemaLocation', 'https://r.example/f/a.xsd'],
			['metadata', 'doc', 's:schemaLocation', 'https://r.example/f/b.xsd'],
			['navigation', 'ref', 'k:href', 'https://r.example/f/r.xml'],
			['resource', 'xi:include', 'href', 'https://r.example/f/part.xml'],
			['metadata', 'n', 's:noNamespaceSchemaLocation', 'https://r.example/f/n.xsd'],
		],
	],
	[
		'XHTML elements in any XML: the HTML attribute table',
		'<doc><h:p xmlns:h="http://www.w3.org/1999/xhtml"><h:img src="i.png" srcset="a.png 1x, b.png 2x"/><h:a href="a.html">a</h:a></h:p></doc>',
		[
			['resource', 'img', 'src', 'https://r.example/f/i.png'],
			['resource', 'img', 'srcset', 'https://r.example/f/a.png'],
			['resource', 'img', 'srcset', 'https://r.example/f/b.png'],
			['navigation', 'a', 'href', 'https://r.example/f/a.html'],
		],
	],
	[
		'Atom type="text" and type="xhtml" hold no escaped HTML; type="html" does',
		`<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">&lt;a href="t"&gt;</title>
		<summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="x">x</a></div></summary>
		<rights type="html">&lt;a href="h"&gt;</rights></feed>`,
		[
			['navigation', 'a', 'href', 'https://r.example/f/x'],
			['navigation', 'a', 'href', 'https://r.example/f/h'],
		],
	],
	[
		'Atom 0.3: link, url, escaped content, base64 content',
		`<feed xmlns="http://purl.org/atom/ns#" version="0.3"><link rel="alternate" href="/"/><author><url>me</url></author>
		<content type="text/html" mode="escaped">&lt;a href="e"&gt;</content>
		<content type="text/html" mode="base64">PGltZyBzcmM9ImIucG5nIj4=</content></feed>`,
		[
			['navigation', 'link', 'href', 'https://r.example/'],
			['navigation', 'url', '', 'https://r.example/f/me'],
			['navigation', 'a', 'href', 'https://r.example/f/e'],
			// PGltZyBzcmM9ImIucG5nIj4= is base64 for <img src="b.png">
			['resource', 'img', 'src', 'https://r.example/f/b.png'],
		],
	],
	[
		'RSS description and content:encoded in CDATA, with a content prefix of its own',
		`<rss xmlns:ce="http://purl.org/rss/1.0/modules/content/"><channel><item>
		<description><![CDATA[<a href="d">d</a>]]></description><ce:encoded><![CDATA[<img src="e.png">]]></ce:encoded></item></channel></rss>`,
		[
			['navigation', 'a', 'href', 'https://r.example/f/d'],
			['resource', 'img', 'src', 'https://r.example/f/e.png'],
		],
	],
];

xmlRowTests('vocabulary', ROWS, RETRIEVAL);

test('an iframe srcdoc inside escaped HTML: its frame moves to the XML source too', t => {
	const xml =
		'<rss><channel><description>&lt;iframe srcdoc="&amp;lt;a href=x&amp;gt;"&gt;</description></channel></rss>';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	if (link?.frame === undefined) return t.fail('no frame');
	// The srcdoc value as written in the XML: between the (escaped-HTML) quotes.
	t.is(xml.slice(link.frame.start, link.frame.end), '&amp;lt;a href=x&amp;gt;');
	t.is(xml.slice(link.start, link.end), 'x');
	t.is(link.url, 'https://r.example/f/x');
});

test('escaped HTML: Links name the element they came from, spans on the text as written', t => {
	const xml =
		'<rss><channel><item><description>x &lt;a href="a?b=1&amp;amp;c=2"&gt;</description></item></channel></rss>';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	if (link === undefined) return t.fail('no Link');
	t.is(link.value, 'a?b=1&c=2');
	t.is(link.raw, 'a?b=1&amp;amp;c=2');
	t.is(xml.slice(link.start, link.end), link.raw);
	t.deepEqual(link.embed, {element: 'description', namespace: '', start: 20, encoding: 'text'});
});

test('base64 content: the Links span the element text', t => {
	const xml =
		'<feed xmlns="http://purl.org/atom/ns#"><content type="text/html" mode="base64"> PGEgaHJlZj0ieCI+ </content></feed>';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	// PGEgaHJlZj0ieCI+ is base64 for <a href="x">
	t.is(link?.url, 'https://r.example/f/x');
	t.is(link?.raw, 'PGEgaHJlZj0ieCI+');
	t.is(link?.embed?.encoding, 'base64');
});
