/**
 * Chunk invariance of XML extraction: the Links of a generated document written whole, one
 * unit at a time, and at random splits (inside entities, CDATA markers, tags, escaped HTML)
 * are the same, and every Link's raw text is its span of the input (seeded fast-check).
 */
import test from 'ava';
import fc from 'fast-check';
import {createExtractor} from '../../src/extract/index.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut} from '../rewrite/inputs.js';

const PIECES = [
	'<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a.example/f/">',
	'<entry xml:base="e/">',
	'</entry>',
	'<link rel="enclosure" href="x &amp; y.mp3"/>',
	'<content type="html">',
	'</content>',
	'&lt;a href="h.html"&gt;',
	'&lt;base href="/b/"&gt;',
	'<![CDATA[<img src="c.png">]]>',
	'<id>',
	'</id>',
	'urn:i',
	'<rss>',
	'<channel>',
	'<link>',
	'</link>',
	'<description>',
	'</description>',
	'<image><url>',
	'</url></image>',
	'rel/p?q=1&amp;r=2',
	' ',
	'<loc xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
	'</loc>',
	'<![CDATA[',
	']]>',
	'<!--',
	'-->',
	'&',
	'&#233;',
	'\n',
	'<p>',
	'<a href="u">',
	'<svg xmlns="http://www.w3.org/2000/svg"><style>a{b:url(s.png)}</style></svg>',
];

function extract(chunks: readonly string[]): Link[] {
	const links: Link[] = [];
	const core = createExtractor({type: 'xml', retrievalUrl: 'https://r.example/feed', baseHold: 'head'}, link =>
		links.push(link),
	);
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return links;
}

test('XML extraction is the same whole, one unit at a time and at random splits', t => {
	fc.assert(
		fc.property(
			fc.array(fc.constantFrom(...PIECES), {maxLength: 40}),
			fc.array(fc.nat(), {maxLength: 10}),
			(pieces, cuts) => {
				const input = pieces.join('');
				const whole = extract([input]);
				for (const link of whole) if (input.slice(link.start, link.end) !== link.raw) return false;
				const expected = JSON.stringify(whole);
				return (
					JSON.stringify(extract(cut(input, cuts))) === expected && JSON.stringify(extract([...input])) === expected
				);
			},
		),
		fcParams(t, 300),
	);
	t.pass();
});
