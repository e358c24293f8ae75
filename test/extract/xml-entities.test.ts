/**
 * XML internal general entities (XML 1.0 §4.4, src/extract/xml/entities.ts): declared in
 * the internal subset, expanded where URLs are read, bounded against "billion laughs";
 * external entities never read; a rewrite changes a value holding a reference only as a
 * whole. Expected URLs worked out by hand (XML 1.0 §4.5 replacement text, then RFC 3986).
 */
import test from 'ava';
import fc from 'fast-check';
import {fcParams} from '../helpers/seed.js';
import {EXPANSION_ALLOWANCE, MAX_ENTITY_LENGTH} from '../../src/extract/xml/entities.js';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const RETRIEVAL = 'https://site.example/d/page.svg';

function links(xml: string): Array<[string | undefined, string | null]> {
	return extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL})
		.filter(link => link.element !== '!DOCTYPE')
		.map(link => [link.value, link.url]);
}

const SVG = `<!DOCTYPE svg [<!ENTITY img "https://cdn.example/img/">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="&img;a.png"/></svg>`;

test('an internal entity in an attribute value is expanded, as a browser loads it', t => {
	t.deepEqual(links(SVG), [['https://cdn.example/img/a.png', 'https://cdn.example/img/a.png']]);
});

test('an internal entity in element text (a sitemap loc, an RSS link), and entities within entities (XML 1.0 §4.5)', t => {
	const xml = `<!DOCTYPE urlset [
		<!ENTITY host "https://www.example.com">
		<!-- a comment, and a PI, between declarations -->
		<?pi x?>
		<!ENTITY docs '&host;/docs/'>
		<!ENTITY q "?a=1&#38;#38;b=2">
	]>
	<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&docs;intro.html&q;</loc></url><url><loc> &host; </loc></url></urlset>`;
	t.deepEqual(links(xml), [
		// &#38;#38; in the literal is &#38; in the replacement text, & when included.
		['https://www.example.com/docs/intro.html?a=1&b=2', 'https://www.example.com/docs/intro.html?a=1&b=2'],
		['https://www.example.com', 'https://www.example.com/'],
	]);
});

test('namespaces declared through entities (as Adobe Illustrator writes SVG) are read', t => {
	const xml = `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_svg "http://www.w3.org/2000/svg">
	<!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]><svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;"><image xlink:href="i.png"/><a href="x.html"><text>x</text></a></svg>`;
	t.deepEqual(links(xml), [
		['i.png', 'https://site.example/d/i.png'],
		['x.html', 'https://site.example/d/x.html'],
	]);
});

test('an external entity is never read: its reference stays as written', t => {
	const xml =
		'<!DOCTYPE rss [<!ENTITY ext SYSTEM "file:///etc/passwd"><!ENTITY pub PUBLIC "-//X//EN" "http://evil.example/x">]><rss><channel><link>&ext;</link><link>/&pub;</link></channel></rss>';
	t.deepEqual(links(xml), [
		['&ext;', 'https://site.example/d/&ext;'],
		['/&pub;', 'https://site.example/&pub;'],
	]);
});

test('not expanded: recursion, markup, an undeclared entity inside, after a parameter-entity reference; the first declaration binds', t => {
	const xml = `<!DOCTYPE rss [
		<!ENTITY a "x&b;"><!ENTITY b "&a;y">
		<!ENTITY m "<b>m</b>">
		<!ENTITY u "&nowhere;">
		<!ENTITY first "/one"><!ENTITY first "/two">
		<!ENTITY % pe "<!ENTITY pelate '/late'>">
		%pe;
		<!ENTITY after "/after">
	]><rss><channel><link>/&a;</link><link>/&m;</link><link>/&u;</link><link>&first;</link><link>/&pelate;&after;</link></channel></rss>`;
	t.deepEqual(links(xml), [
		['/&a;', 'https://site.example/&a;'],
		['/&m;', 'https://site.example/&m;'],
		['/&u;', 'https://site.example/&u;'],
		['/one', 'https://site.example/one'],
		['/&pelate;&after;', 'https://site.example/&pelate;&after;'],
	]);
});

test('billion laughs: bounded in time and memory, the reference left as written', t => {
	let subset = '<!ENTITY lol "lol">';
	for (let i = 1; i <= 9; i++) subset += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`;
	const xml = `<!DOCTYPE rss [${subset}]><rss><channel><link>/&lol9;</link><link>/&lol2;</link></channel></rss>`;
	const started = performance.now();
	const found = links(xml);
	t.true(performance.now() - started < 2000);
	t.deepEqual(found, [
		['/&lol9;', 'https://site.example/&lol9;'],
		// lol2 is 300 characters: within MAX_ENTITY_LENGTH.
		[`/${'lol'.repeat(100)}`, `https://site.example/${'lol'.repeat(100)}`],
	]);
});

test('many references to a large entity: the expansion is bounded by the input read plus an allowance', t => {
	const big = 'a'.repeat(MAX_ENTITY_LENGTH - 100);
	const count = 4000;
	const xml = `<!DOCTYPE rss [<!ENTITY big "${big}">]><rss><channel>${'<link>&big;</link>'.repeat(count)}</channel></rss>`;
	const found = links(xml);
	t.is(found.length, count);
	const expanded = found.filter(([value]) => value === big).length;
	// Each expansion adds big.length characters: no more than the allowance and the input length together pay for.
	t.true(expanded <= Math.floor((EXPANSION_ALLOWANCE + xml.length) / big.length));
	t.true(expanded > 100);
	t.deepEqual(found.at(-1), ['&big;', 'https://site.example/d/&big;']);
});

test('rewrite: a value holding a reference is written anew as a whole, never with &amp;img;', t => {
	const out = rewriteLinks(SVG, {
		type: 'xml',
		retrievalUrl: RETRIEVAL,
		to: link => link.url?.replace('cdn.example', 'cdn2.example'),
	});
	t.true(out.includes('xlink:href="https://cdn2.example/img/a.png"'), out);
	t.false(out.includes('&amp;img;'));
	// Nothing to change: the reference stays.
	t.is(rewriteLinks(SVG, {type: 'xml', retrievalUrl: RETRIEVAL, to: () => undefined}), SVG);
});

test('rewrite: a list item or srcset candidate inside an entity is kept as written', t => {
	const xml = `<!DOCTYPE html [<!ENTITY two "a.png 1x, b.png 2x"><!ENTITY loc "urn:x x.xsd">]>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="&loc;"><img srcset="&two;"/><img srcset="&two;, c.png 3x"/></html>`;
	const found = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL}).filter(link => link.element !== '!DOCTYPE');
	t.deepEqual(
		found.map(link => link.url),
		[
			'https://site.example/d/x.xsd',
			'https://site.example/d/a.png',
			'https://site.example/d/b.png',
			'https://site.example/d/a.png',
			'https://site.example/d/b.png',
			'https://site.example/d/c.png',
		],
	);
	const out = rewriteLinks(xml, {
		type: 'xml',
		retrievalUrl: RETRIEVAL,
		to: link => `https://new.example/${link.value}`,
	});
	t.true(out.includes('xsi:schemaLocation="&loc;"'), out);
	t.true(out.includes('<img srcset="&two;"/>'), out);
	// A candidate written outside the entity is rewritten.
	t.true(out.includes('<img srcset="&two;, https://new.example/c.png 3x"/>'), out);
});

test('property: any internal subset, any references: never a throw, every Link from the document', t => {
	const piece = fc.constantFrom(
		'<!ENTITY a "x">',
		'<!ENTITY b "&a;&a;">',
		"<!ENTITY c '&b;/&#38;'>",
		'<!ENTITY % p "q">',
		'%p;',
		'<!ENTITY d SYSTEM "d.xml">',
		'<!--',
		'-->',
		'<?pi ?>',
		'"',
		"'",
		'>',
		']',
		'[',
		'&',
		'&#0;',
		'&#x110000;',
		'<!ENTITY e "<x/>">',
		'<!ELEMENT r ANY>',
		' ',
	);
	const reference = fc.constantFrom('&a;', '&b;', '&c;', '&d;', '&e;', '&p;', '&amp;', '&', 'a', '/');
	fc.assert(
		fc.property(fc.array(piece, {maxLength: 12}), fc.array(reference, {maxLength: 6}), (subset, refs) => {
			const xml = `<!DOCTYPE rss [${subset.join('')}]><rss><channel><link>/${refs.join('')}</link><enclosure url="/${refs.join('')}"/></channel></rss>`;
			const found = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
			return found.every(link => xml.slice(link.start, link.end) === link.raw);
		}),
		fcParams(t, 300),
	);
	t.pass();
});
