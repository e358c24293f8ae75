/**
 * Malformed and hostile XML: never a throw, read on, extract
 * what is there; memory bounded for a huge text node and deep nesting.
 */
import test from 'ava';
import {createExtractor} from '../../src/extract/index.js';
import {MAX_ELEMENT_TEXT} from '../../src/extract/xml/element-text.js';
import {MAX_TAG_REFERENCES} from '../../src/extract/html/tag-cap.js';
import {XmlExtractor} from '../../src/extract/xml/extractor.js';
import {extractLinks, rewriteLinks, type Link} from '../../src/index.js';

const RETRIEVAL = 'https://h.example/f/feed';

function urls(input: string | Uint8Array): Array<string | null> {
	return extractLinks(input, {type: 'xml', retrievalUrl: RETRIEVAL}).map(link => link.url);
}

test('a bare & is text, in element text and in escaped HTML', t => {
	t.deepEqual(
		urls('<rss><channel><link>/a?x=1&y=2</link><description>&lt;a href="/b?u=1&v=2"&gt;</description></channel></rss>'),
		['https://h.example/a?x=1&y=2', 'https://h.example/b?u=1&v=2'],
	);
});

test('an undeclared entity is left as written and reading goes on', t => {
	t.deepEqual(
		urls(
			'<rss><channel><title>A&nbsp;&foo;B</title><link>/x&bogus;y</link><item><link>/z</link></item></channel></rss>',
		),
		[
			// "&bogus;" is no entity: its characters stay, "&" and ";" as written (WHATWG URL keeps them in the path).
			'https://h.example/x&bogus;y',
			'https://h.example/z',
		],
	);
});

test("a cut-off file: the Links read so far, the open element's text included", t => {
	t.deepEqual(urls('<rss><channel><link>/a</link><item><enclosure url="/e.mp3"/><link>/cut'), [
		'https://h.example/a',
		'https://h.example/e.mp3',
		'https://h.example/cut',
	]);
	t.deepEqual(urls('<feed xmlns="http://www.w3.org/2005/Atom"><link href="/a"/><link href="/b'), [
		'https://h.example/a',
	]);
});

test('stray bytes become U+FFFD; the Links around them are read', t => {
	const bytes = Buffer.concat([
		Buffer.from('<rss><channel><link>/a</link><title>'),
		Buffer.from([0xff, 0xc3, 0x28, 0x80]),
		Buffer.from('</title><link>/b</link></channel></rss>'),
	]);
	t.deepEqual(urls(bytes), ['https://h.example/a', 'https://h.example/b']);
	t.deepEqual(Buffer.from(rewriteLinks(bytes, {type: 'xml', to: () => undefined, retrievalUrl: RETRIEVAL})), bytes);
});

test('stray end tags and unclosed elements close nothing they should not', t => {
	t.deepEqual(urls('<rss></link><channel></image></channel><item><link>/a</link></rss><link>/b</link>'), [
		'https://h.example/a',
		'https://h.example/b',
	]);
});

/** Write `parts` in 64 KiB chunks, returning the Links and the most source held at once. */
function stream(parts: Iterable<string>): {links: Link[]; held: number} {
	const links: Link[] = [];
	const core = new XmlExtractor({type: 'xml', retrievalUrl: RETRIEVAL}, link => links.push(link));
	let held = 0;
	for (const part of parts) {
		core.write(part);
		held = Math.max(held, core.heldLength);
	}
	core.end();
	return {links, held};
}

function* repeat(head: string, body: string, times: number, tail: string): Generator<string> {
	yield head;
	for (let i = 0; i < times; i++) yield body;
	yield tail;
}

const CHUNK = 'x'.repeat(1 << 16);

test('a huge text node in an element that holds no URL: nothing held', t => {
	const {links, held} = stream(
		repeat('<rss><channel><title>', CHUNK, 200, '</title><link>/after</link></channel></rss>'),
	);
	t.deepEqual(
		links.map(link => link.url),
		['https://h.example/after'],
	);
	t.true(held <= 2 * CHUNK.length, `held ${held}`);
});

test('a huge URL element: held up to MAX_ELEMENT_TEXT, then let go', t => {
	const {links, held} = stream(
		repeat('<rss><channel><link>', CHUNK, 200, '</link><link>/after</link></channel></rss>'),
	);
	t.deepEqual(
		links.map(link => link.url),
		['https://h.example/after'],
	);
	t.true(held <= MAX_ELEMENT_TEXT + 2 * CHUNK.length, `held ${held}`);
});

test('a huge escaped HTML description: bounded, its Links found', t => {
	const body = `${'&lt;p&gt;words '.repeat(4000)}&lt;a href="/in"&gt;`;
	const {links, held} = stream(
		repeat('<rss><channel><item><description>', body, 300, '</description><link>/after</link></item></channel></rss>'),
	);
	t.is(links.length, 301);
	t.is(links.at(-2)?.url, 'https://h.example/in');
	t.true(held <= 4 * (1 << 20), `held ${held}`);
});

test('deep nesting: no stack overflow, bounded, Links before and after read', t => {
	const depth = 200_000;
	const {links, held} = stream(
		repeat(
			'<rss><channel><link>/before</link>',
			'<x>',
			depth,
			`${'</x>'.repeat(depth)}<link>/after</link></channel></rss>`,
		),
	);
	t.deepEqual(
		links.map(link => link.url),
		['https://h.example/before', 'https://h.example/after'],
	);
	t.true(held <= 1 << 20, `held ${held}`);
});

test('hostile input never throws through the core', t => {
	const inputs = [
		'<',
		'<![CDATA[',
		'<!DOCTYPE',
		'<?xml-stylesheet href="',
		'<a xml:base="::::">',
		'<a xmlns:p="" p:href="x"/>',
		'<p:q/>',
		'&#xFFFFFFFF;',
		'<link>\u0000</link>',
		']]>',
	];
	for (const input of inputs) {
		t.notThrows(() => {
			const core = createExtractor({type: 'xml', retrievalUrl: RETRIEVAL}, () => undefined);
			core.write(input);
			core.end();
		}, input);
	}
});

test('a processing instruction inside escaped HTML, a URL element or after the prolog: Links in document order', t => {
	const xml =
		'<rss><channel><description>&lt;base href="/b/"&gt;<?xml-stylesheet href="s.xsl"?>&lt;a href="a"&gt;</description><link>/l<?xml-stylesheet href="t.xsl"?></link><?xml-stylesheet href="u.xsl"?></channel></rss>';
	const links = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	// In HTML a `<?...>` is a bogus comment; a PI inside <link> spoils its URL; xml-stylesheet counts in the prolog only.
	t.deepEqual(
		links.map(link => link.url),
		['https://h.example/b/', 'https://h.example/b/a'],
	);
	t.deepEqual(
		links.map(link => link.start),
		[...links.map(link => link.start)].sort((a, b) => a - b),
	);
	t.is(rewriteLinks(xml, {type: 'xml', to: () => undefined, retrievalUrl: RETRIEVAL}), xml);
});

test('one XHTML start tag in XML reports at most MAX_TAG_REFERENCES Links, as in HTML: its srcset and srcdoc included, the rest one too-many Link kept by a rewrite', t => {
	const candidates = Array.from({length: MAX_TAG_REFERENCES + 500}, (_, i) => `i${i}.png ${i + 1}w`).join(', ');
	const anchors = Array.from({length: MAX_TAG_REFERENCES + 500}, (_, i) => `&lt;a href=a${i}&gt;`).join('');
	const xml = `<h:p xmlns:h="http://www.w3.org/1999/xhtml"><h:img srcset="${candidates}"/><h:iframe srcdoc="${anchors}"/><h:a href="after"/></h:p>`;
	const links = extractLinks(xml, {type: 'xml', retrievalUrl: RETRIEVAL});
	const iframeAt = xml.indexOf('<h:iframe');
	const afterAt = xml.indexOf('<h:a ');
	const tags = {
		img: links.filter(link => link.start < iframeAt),
		iframe: links.filter(link => link.start > iframeAt && link.start < afterAt),
	};
	for (const [element, tag] of Object.entries(tags)) {
		t.is(tag.length, MAX_TAG_REFERENCES + 1, element);
		const overflow = tag.at(-1);
		t.is(overflow?.error, 'too-many');
		t.is(overflow?.url, null);
	}
	t.is(links.at(-1)?.url, 'https://h.example/f/after');
	// The overflow's bytes are kept; the admitted ones are rewritten.
	const out = rewriteLinks(xml, {type: 'xml', to: 'absolute', retrievalUrl: RETRIEVAL});
	t.true(out.includes('https://h.example/f/i0.png 1w'));
	t.true(
		out.includes(`i${MAX_TAG_REFERENCES + 499}.png`) &&
			!out.includes(`https://h.example/f/i${MAX_TAG_REFERENCES + 499}.png`),
	);
	t.true(out.includes(`&lt;a href=a${MAX_TAG_REFERENCES + 499}&gt;`));
});

test('a long text run whose lines end in CR alone is cut at a CR, as in HTML: a character reference split between writes is read whole', t => {
	// Over MAX_TEXT_LENGTH (64K) of escaped HTML with no SPACE, TAB or LF, only CR; the write ends inside `&lt;`.
	const head = `<rss><channel><description>${'&lt;p&gt;x\r'.repeat(8000)}&l`;
	const tail = 't;a href="/in"&gt;</description></channel></rss>';
	const links: Link[] = [];
	const core = createExtractor({type: 'xml', retrievalUrl: RETRIEVAL}, link => links.push(link));
	core.write(head);
	core.write(tail);
	core.end();
	// `&lt;a href="/in"&gt;` is an HTML `<a href="/in">`: one Link, resolved against the feed.
	t.deepEqual(
		links.map(link => link.url),
		['https://h.example/in'],
	);
});
