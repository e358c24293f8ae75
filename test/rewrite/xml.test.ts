/**
 * Rewriting XML (type 'xml'): identity byte for byte at any chunking, rewrite to absolute
 * then re-extract gives the same URLs, new values escaped for where each stands (attribute,
 * element text, CDATA section, HTML escaped in text or CDATA) so that the output stays
 * well-formed (fast-xml-parser's validator) and reads back as the value given; relative
 * mode against the base the output resolves against (xml:base kept).
 */
import {readdirSync, readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import {XMLValidator} from 'fast-xml-parser';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {BASE_HOLDS, type RewriteOptions} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut, randomCuts, rewriteChunks} from './inputs.js';

const FOLDER = new URL('../../fixtures/xml/', import.meta.url);
const RETRIEVAL = 'https://gen.example/a/feed.xml';

for (const name of readdirSync(FOLDER).filter(file => !file.endsWith('.json') && !file.endsWith('.md'))) {
	test(`identity and absolute, whole and split: fixtures/xml/${name}`, t => {
		const bytes = readFileSync(new URL(name, FOLDER));
		const seed =
			process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);
		t.log(`split seed ${seed} (replay with FC_SEED=${seed})`);
		const options: RewriteOptions = {type: 'xml', to: () => undefined, retrievalUrl: RETRIEVAL};
		const absolute = rewriteChunks([bytes], {...options, to: 'absolute'});
		for (let run = 0; run < 5; run++) {
			const cuts = randomCuts(bytes.length, seed + run, 1 + run * 4);
			t.deepEqual(rewriteChunks(cut(bytes, cuts), options), bytes, `identity: cut at ${cuts.join(',')}`);
			t.deepEqual(
				rewriteChunks(cut(bytes, cuts), {...options, to: 'absolute'}),
				absolute,
				`absolute: cut at ${cuts.join(',')}`,
			);
		}
		const before = extractLinks(bytes, {type: 'xml', retrievalUrl: RETRIEVAL}).map(link => link.url);
		t.deepEqual(
			extractLinks(absolute as Buffer, {type: 'xml', retrievalUrl: 'https://elsewhere.example/'}).map(link => link.url),
			before,
		);
	});
}

/** Pieces of feeds that stress the tokenizer, the decoder and the splicer. */
const PIECES = [
	'<feed xmlns="http://www.w3.org/2005/Atom">',
	'<link href="x.html"/>',
	"<link rel='enclosure' href='a b.mp3'/>",
	'<entry xml:base="e/">',
	'</entry>',
	'<content type="html">',
	'</content>',
	'&lt;a href="h.html"&gt;',
	'&lt;base href="/b/"&gt;',
	'<![CDATA[<img src="c.png">]]>',
	'<rss>',
	'<channel>',
	'<link>',
	'</link>',
	'<description>',
	'</description>',
	'<guid>',
	'</guid>',
	'rel/p?q=1',
	'http://x.example/',
	'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
	'<loc>',
	'</loc>',
	'<![CDATA[',
	']]>',
	'<!--',
	'-->',
	'<?xml-stylesheet href="s.xsl"?>',
	'<!DOCTYPE rss SYSTEM "r.dtd">',
	'<svg xmlns="http://www.w3.org/2000/svg">',
	'<style>',
	'</style>',
	'a{b:url(u.png)}',
	'<a xlink:href="l" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
	'<p>',
	'<img src="i.png">',
	'&amp;',
	'&nbsp;',
	'&',
	'&#233;',
	'\r\n',
	'\r',
	'\n',
	' ',
	'"',
	"'",
	'<',
	'>',
	'=',
	'é',
	'😀',
];

const BYTE_PIECES = [[0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xef, 0xbb, 0xbf], [0x80]];

const documentArbitrary = fc
	.array(
		fc.oneof(
			{weight: 8, arbitrary: fc.constantFrom(...PIECES).map(s => Buffer.from(s, 'utf8'))},
			{weight: 1, arbitrary: fc.constantFrom(...BYTE_PIECES).map(b => Buffer.from(b))},
			{weight: 1, arbitrary: fc.string({maxLength: 6}).map(s => Buffer.from(s, 'utf8'))},
		),
		{maxLength: 40},
	)
	.map(parts => Buffer.concat(parts));

test('identity on generated XML at random splits (bytes and text)', t => {
	fc.assert(
		fc.property(
			documentArbitrary,
			fc.array(fc.nat(), {maxLength: 8}),
			fc.constantFrom(...BASE_HOLDS),
			(bytes, cuts, baseHold) => {
				const options: RewriteOptions = {type: 'xml', to: () => undefined, retrievalUrl: RETRIEVAL, baseHold};
				if (!Buffer.from(rewriteChunks(cut(bytes, cuts), options) as Buffer).equals(bytes)) return false;
				const text = bytes.toString('utf8');
				return rewriteChunks(cut(text, cuts), options) === text;
			},
		),
		fcParams(t, 300),
	);
	t.pass();
});

test('generated XML: absolute rewrite is chunk-invariant, and re-extracting it gives the same URLs', t => {
	fc.assert(
		fc.property(documentArbitrary, fc.array(fc.nat(), {maxLength: 8}), (bytes, cuts) => {
			const text = bytes.toString('utf8');
			const options: RewriteOptions = {type: 'xml', to: 'absolute', retrievalUrl: RETRIEVAL};
			const whole = rewriteChunks([text], options) as string;
			if (rewriteChunks(cut(text, cuts), options) !== whole) return false;
			const before = extractLinks(text, {type: 'xml', retrievalUrl: RETRIEVAL}).map(link => link.url);
			const after = extractLinks(whole, {type: 'xml', retrievalUrl: 'https://elsewhere.example/'}).map(
				link => link.url,
			);
			return JSON.stringify(before) === JSON.stringify(after);
		}),
		fcParams(t, 300),
	);
	t.pass();
});

/** A new value with every character that could end its place: quotes, `&`, `<`, `>`, `]]>`. */
const NASTY = 'n.html?a="1"&b=\'2\'&c=<3>&d=]]>';

test('a new value is escaped for where it stands, and the document stays well-formed', t => {
	const xml = `<?xml version="1.0"?>
<rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<link>l.html</link>
<image><url><![CDATA[u.png]]></url></image>
<item><enclosure url="e.mp3"/><source url='s.xml'>s</source>
<description>&lt;a href="d.html"&gt;d&lt;/a&gt; &lt;a href='q.html'&gt;</description>
<content:encoded><![CDATA[<img src="c.png"><a href=b.html>b</a>]]></content:encoded></item>
</channel></rss>`;
	t.true(XMLValidator.validate(xml));
	const out = rewriteLinks(xml, {type: 'xml', to: () => NASTY, retrievalUrl: RETRIEVAL});
	t.true(XMLValidator.validate(out), out);
	const links = extractLinks(out, {type: 'xml', retrievalUrl: RETRIEVAL});
	t.is(links.length, 8);
	for (const link of links) t.is(link.value, NASTY, `${link.element} ${link.attribute ?? ''}: ${link.raw}`);
});

test('absolute: attribute, text, CDATA and escaped HTML, by hand', t => {
	const xml =
		'<rss><channel><link>a?x=1&amp;y=2</link><item><enclosure url="e f.mp3"/><description>&lt;a href="d"&gt;</description></item></channel></rss>';
	t.is(
		rewriteLinks(xml, {type: 'xml', to: 'absolute', retrievalUrl: 'https://r.example/f/feed'}),
		'<rss><channel><link>https://r.example/f/a?x=1&amp;y=2</link><item><enclosure url="https://r.example/f/e%20f.mp3"/><description>&lt;a href="https://r.example/f/d"&gt;</description></item></channel></rss>',
	);
});

test('relative: computed against the base the output resolves against, xml:base kept and itself relativized', t => {
	const xml =
		'<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a.example/blog/"><link href="http://a.example/blog/2005/x.html"/><entry xml:base="http://other.example/"><link href="http://a.example/y.html"/></entry></feed>';
	const out = rewriteLinks(xml, {type: 'xml', to: 'relative', retrievalUrl: 'http://a.example/feed.xml'});
	// blog/ against http://a.example/feed.xml is http://a.example/blog/; 2005/x.html against that, the original.
	// The entry's base is on another origin: kept absolute; ../y.html would climb out of it, so y.html stays absolute.
	t.is(
		out,
		'<feed xmlns="http://www.w3.org/2005/Atom" xml:base="blog/"><link href="2005/x.html"/><entry xml:base="http://other.example/"><link href="http://a.example/y.html"/></entry></feed>',
	);
	t.deepEqual(
		extractLinks(out, {type: 'xml', retrievalUrl: 'http://a.example/feed.xml'}).map(link => link.url),
		extractLinks(xml, {type: 'xml', retrievalUrl: 'http://a.example/feed.xml'}).map(link => link.url),
	);
});

test('relative: escaped HTML and element text under xml:base', t => {
	const xml =
		'<rss xml:base="http://a.example/blog/"><channel><description>&lt;a href="http://a.example/blog/p/x.html"&gt;</description><link>http://a.example/other.html</link></channel></rss>';
	// The base in the output is blog/ against http://a.example/feed.xml: http://a.example/blog/.
	t.is(
		rewriteLinks(xml, {type: 'xml', to: 'relative', retrievalUrl: 'http://a.example/feed.xml'}),
		'<rss xml:base="blog/"><channel><description>&lt;a href="p/x.html"&gt;</description><link>../other.html</link></channel></rss>',
	);
});

test('a URL written across text and a CDATA section: its span takes in the section, rewritten as text', t => {
	const xml = '<rss><channel><link> a?x=1&amp;<![CDATA[y=<2>]]> </link></channel></rss>';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: 'https://r.example/f/feed'});
	t.is(link?.value, 'a?x=1&y=<2>');
	t.is(link?.raw, 'a?x=1&amp;<![CDATA[y=<2>]]>');
	// WHATWG URL: < and > in a query are percent-encoded; & stays and is escaped for XML text.
	t.is(
		rewriteLinks(xml, {type: 'xml', to: 'absolute', retrievalUrl: 'https://r.example/f/feed'}),
		'<rss><channel><link> https://r.example/f/a?x=1&amp;y=%3C2%3E </link></channel></rss>',
	);
});
