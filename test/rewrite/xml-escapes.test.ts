/**
 * New values written where XML gives them no escape or a different one than HTML: the
 * DOCTYPE system literal (XML 1.0 §2.3 [11]: nothing escaped, the other quote or
 * percent-encoding), the xml-stylesheet PI's href (its references are read as in an
 * attribute value; `?>` never written), and attribute values (§3.3.3: a literal TAB, LF or
 * CR reads as a space, so they are written as character references). Expected outputs
 * worked out by hand from those rules; the property checks the output is well-formed
 * (fast-xml-parser's validator) and reads back as the value written.
 */
import test from 'ava';
import fc from 'fast-check';
import {XMLValidator} from 'fast-xml-parser';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut, rewriteChunks} from './inputs.js';

const RETRIEVAL = 'https://r.example/f/feed.xml';

function rewriteTo(xml: string, value: string): string {
	return rewriteLinks(xml, {type: 'xml', to: () => value, retrievalUrl: RETRIEVAL});
}

function values(xml: string): Array<[string, string]> {
	return extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL}).map((link: Link) => [
		`${link.element ?? ''} ${link.attribute ?? ''}`,
		link.value,
	]);
}

const LITERALS: Array<[string, string, string, string]> = [
	// [title, document, new value, output]
	[
		'a value with the quote in use takes the other quote',
		'<!DOCTYPE rss SYSTEM "r.dtd"><rss/>',
		'it"s.dtd',
		`<!DOCTYPE rss SYSTEM 'it"s.dtd'><rss/>`,
	],
	[
		'the same from single quotes',
		"<!DOCTYPE rss SYSTEM 'r.dtd'><rss/>",
		"it's.dtd",
		`<!DOCTYPE rss SYSTEM "it's.dtd"><rss/>`,
	],
	[
		'both quotes: in double quotes, each " as %22',
		"<!DOCTYPE rss SYSTEM 'r.dtd'><rss/>",
		`a"b'c.dtd`,
		`<!DOCTYPE rss SYSTEM "a%22b'c.dtd"><rss/>`,
	],
	[
		'no escapes exist: & < > as written would be read as such, < > percent-encoded',
		'<!DOCTYPE rss SYSTEM "r.dtd"><rss/>',
		'a&amp;<b>.dtd',
		'<!DOCTYPE rss SYSTEM "a&amp;%3Cb%3E.dtd"><rss/>',
	],
	[
		'PUBLIC: the system literal after the public one',
		'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd"><svg/>',
		'x"y',
		`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" 'x"y'><svg/>`,
	],
];

for (const [title, xml, value, expected] of LITERALS) {
	test(`DOCTYPE system literal: ${title}`, t => {
		const out = rewriteTo(xml, value);
		t.is(out, expected);
		t.true(XMLValidator.validate(out), out);
	});
}

test('DOCTYPE: the quotes are replaced in bytes too, at any split', t => {
	const xml = "<?xml version='1.0'?>\n<!DOCTYPE feed SYSTEM 'é.dtd'>\n<feed/>";
	const expected = Buffer.from(`<?xml version='1.0'?>\n<!DOCTYPE feed SYSTEM "it's é.dtd">\n<feed/>`);
	const bytes = Buffer.from(xml);
	const options = {type: 'xml', to: () => "it's é.dtd", retrievalUrl: RETRIEVAL} as const;
	for (let at = 0; at <= bytes.length; at++)
		t.deepEqual(rewriteChunks(cut(bytes, [at]), options), expected, `cut at ${at}`);
	t.is(rewriteChunks(cut(xml, [30, 31, 42]), options), expected.toString());
});

test('xml-stylesheet href: & < > and the quote as references, so ?> never appears; read back as written', t => {
	const xml = '<?xml-stylesheet type="text/xsl" href="s.xsl"?><rss/>';
	const value = 'a?x=1&y="2"&z=?>\t';
	const out = rewriteTo(xml, `${value}w`);
	t.is(out, '<?xml-stylesheet type="text/xsl" href="a?x=1&amp;y=&quot;2&quot;&amp;z=?&gt;&#9;w"?><rss/>');
	t.true(XMLValidator.validate(out), out);
	t.deepEqual(values(out), [['?xml-stylesheet href', `${value}w`]]);
});

test('attribute values: TAB, LF and CR as character references, the quote in use escaped', t => {
	const xml = `<rss><channel><item><enclosure url="e.mp3"/><source url='s.xml'>s</source></item></channel></rss>`;
	const value = `a\tb\nc\r\nd"e'f&<g>`;
	const out = rewriteTo(xml, value);
	t.is(
		out,
		`<rss><channel><item><enclosure url="a&#9;b&#10;c&#13;&#10;d&quot;e'f&amp;&lt;g&gt;"/><source url='a&#9;b&#10;c&#13;&#10;d"e&apos;f&amp;&lt;g&gt;'>s</source></item></channel></rss>`,
	);
	t.true(XMLValidator.validate(out), out);
	t.deepEqual(values(out), [
		['enclosure url', value],
		['source url', value],
	]);
});

test('attribute values of XHTML and SVG elements in XML, and xml:base, are XML attributes too', t => {
	const xml =
		'<doc xml:base="b/"><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="i.png"/><s:a xmlns:s="http://www.w3.org/2000/svg" href="x"/></doc>';
	const out = rewriteTo(xml, 'p\tq');
	t.is(
		out,
		'<doc xml:base="p&#9;q"><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="p&#9;q"/><s:a xmlns:s="http://www.w3.org/2000/svg" href="p&#9;q"/></doc>',
	);
	t.deepEqual(
		values(out).map(([, value]) => value),
		['p\tq', 'p\tq', 'p\tq'],
	);
});

test('reading: XML 1.0 §3.3.3 attribute-value normalization (literal TAB, LF, CR LF a space each; references kept)', t => {
	const xml = '<rss><channel><item><enclosure url="a&#9;b&#10;c\td\r\ne\nf"/></item></channel></rss>';
	const [link] = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	t.is(link?.value, 'a\tb\nc d e f');
	t.is(link?.raw, 'a&#9;b&#10;c\td\r\ne\nf');
});

test('HTML attributes keep a literal TAB and LF (HTML does not normalize them): unchanged', t => {
	t.is(rewriteLinks('<a href="x">', {type: 'html', to: () => 'a\tb\nc'}), '<a href="a\tb\nc">');
});

/** Characters that need care somewhere: both quotes, & < >, `?>`, `]]>`, TAB LF CR, and plain ones. */
const NASTY_CHARACTERS = ['"', "'", '&', '<', '>', '?', ']', '\t', '\n', '\r', ' ', 'a', '/', 'é', '#', '='];

test('property: any value written in a DOCTYPE, a PI, attributes in both quotes and an XHTML attribute is well-formed and reads back', t => {
	const xml = `<!DOCTYPE rss SYSTEM "r.dtd"><?xml-stylesheet href='s.xsl'?><rss xmlns:h="http://www.w3.org/1999/xhtml"><channel><item><enclosure url="e"/><source url='s'>s</source><h:a href="h">h</h:a></item></channel></rss>`;
	fc.assert(
		fc.property(fc.array(fc.constantFrom(...NASTY_CHARACTERS), {maxLength: 24}), characters => {
			// Leading and trailing white space is trimmed on read (XML 1.0 §2.3 S around a URL).
			const value = `x${characters.join('')}x`;
			const out = rewriteTo(xml, value);
			if (XMLValidator.validate(out) !== true) return false;
			const read = values(out).map(([, written]) => written);
			// The system literal: " percent-encoded when both quotes are in the value; < and > always.
			const literal = value.includes("'") && value.includes('"') ? value.replaceAll('"', '%22') : value;
			const expected = [literal.replaceAll('<', '%3C').replaceAll('>', '%3E'), value, value, value, value];
			return JSON.stringify(read) === JSON.stringify(expected);
		}),
		fcParams(t, 300),
	);
	t.pass();
});

const SPLIT_URLS: Array<[string, string, string]> = [
	// [title, description's inside, output's]. The new value n?a=]]>&b=<c> is escaped as an HTML
	// attribute (& and < as references), then for the XML layer the value starts in.
	[
		'text, then a CDATA section (a new one opens after the value; the old one ends it)',
		'&lt;a href="http://x/<![CDATA[y]]>"&gt;',
		'&lt;a href="n?a=]]&gt;&amp;amp;b=&amp;lt;c&gt;<![CDATA[]]>"&gt;',
	],
	[
		'a CDATA section, then text (the section ends after the value, split at ]]>)',
		'<![CDATA[<a href="http://x/]]>y&amp;z"&gt;',
		'<![CDATA[<a href="n?a=]]]]><![CDATA[>&amp;b=&lt;c>]]>"&gt;',
	],
	[
		'text, CDATA, text, CDATA, text: all taken in, written as text',
		'&lt;a href="a<![CDATA[b]]>c<![CDATA[d]]>e"&gt;',
		'&lt;a href="n?a=]]&gt;&amp;amp;b=&amp;lt;c&gt;"&gt;',
	],
	[
		'two CDATA sections back to back',
		'<![CDATA[<a href="a]]><![CDATA[b">]]>',
		'<![CDATA[<a href="n?a=]]]]><![CDATA[>&amp;b=&lt;c>">]]>',
	],
];

for (const [title, inside, expected] of SPLIT_URLS) {
	test(`escaped HTML, a URL across text and CDATA: ${title}`, t => {
		const xml = `<rss><channel><description>${inside}</description></channel></rss>`;
		const out = rewriteTo(xml, 'n?a=]]>&b=<c>');
		t.is(out, `<rss><channel><description>${expected}</description></channel></rss>`);
		t.true(XMLValidator.validate(out), out);
		t.deepEqual(values(out), [['a href', 'n?a=]]>&b=<c>']]);
	});
}

test('escaped HTML, a URL split by an XML comment: reported, its bytes kept (a rewrite would drop the comment)', t => {
	const xml = '<rss><channel><description>&lt;a href="a<!--c-->b"&gt;</description></channel></rss>';
	t.deepEqual(values(xml), [['a href', 'ab']]);
	t.is(rewriteTo(xml, 'n.html'), xml);
});

test('property: a URL of escaped HTML cut into text and CDATA pieces anywhere is rewritten, well-formed, and reads back', t => {
	const value = 'n?a=]]>&b=<c>"d\'é';
	fc.assert(
		fc.property(
			fc.array(
				fc.tuple(fc.constantFrom('text', 'cdata'), fc.constantFrom('a', 'b/', '?', '=', '&', ']', ']]', '>', 'é')),
				{minLength: 1, maxLength: 8},
			),
			pieces => {
				const written = pieces
					.map(([layer, piece]) =>
						layer === 'cdata'
							? `<![CDATA[${piece.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`
							: piece.replaceAll('&', '&amp;amp;').replaceAll('>', '&gt;'),
					)
					.join('');
				const xml = `<rss><channel><description>&lt;a href="${written}"&gt;</description></channel></rss>`;
				const out = rewriteTo(xml, value);
				return (
					XMLValidator.validate(out) === true && JSON.stringify(values(out)) === JSON.stringify([['a href', value]])
				);
			},
		),
		fcParams(t, 300),
	);
	t.pass();
});

const XHTML_SRCDOC = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><iframe srcdoc="&lt;a href=&quot;x.html&quot;&gt;x&lt;/a&gt;"/><iframe srcdoc='&lt;img src="i.png"&gt;&lt;iframe srcdoc="&amp;lt;a href=z&amp;gt;"&gt;&lt;/iframe&gt;'/></div></content></entry></feed>`;

test('srcdoc of an XHTML iframe in XML, absolute: written inside the attribute, escaped for it', t => {
	const out = rewriteLinks(XHTML_SRCDOC, {type: 'xml', to: 'absolute', retrievalUrl: 'https://r.example/f/feed?a=1'});
	// x.html, i.png and z against https://r.example/f/feed?a=1; each value as written in its HTML,
	// then that HTML escaped for the XML attribute (& as &amp;, " as &quot; in double quotes).
	t.is(
		out,
		XHTML_SRCDOC.replace('&quot;x.html&quot;', '&quot;https://r.example/f/x.html&quot;')
			.replace('"i.png"', '"https://r.example/f/i.png"')
			.replace('href=z&amp;gt;', 'href=https://r.example/f/z&amp;gt;'),
	);
	t.true(XMLValidator.validate(out), out);
});

test('property: any value written into XHTML srcdoc documents in XML (both quotes, nested) is well-formed and reads back', t => {
	fc.assert(
		fc.property(fc.array(fc.constantFrom(...NASTY_CHARACTERS), {maxLength: 16}), characters => {
			const value = `x${characters.join('')}x`;
			const out = rewriteTo(XHTML_SRCDOC, value);
			if (XMLValidator.validate(out) !== true) return false;
			return (
				JSON.stringify(values(out)) ===
				JSON.stringify([
					['a href', value],
					['img src', value],
					['a href', value],
				])
			);
		}),
		fcParams(t, 300),
	);
	t.pass();
});
