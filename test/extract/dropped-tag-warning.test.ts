/**
 * A start tag longer than MAX_TOKEN_LENGTH is let go (docs/limits.md): its Links are not
 * read, but the loss is told to `onWarning`, once a document, never silent; the Links after
 * it are read as usual. Nothing is held of it past the limit (the source, the bytes a rewrite
 * holds).
 */
import {Readable} from 'node:stream';
import test from 'ava';
import {MAX_SRCDOC_DEPTH} from '../../src/extract/html/extractor.js';
import {createExtractor, type Extractor} from '../../src/extract/index.js';
import {MAX_TOKEN_LENGTH} from '../../src/extract/markup/limits.js';
import {createExtractStream, extractLinks, rewriteLinks, type Link} from '../../src/index.js';
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

const LONG = 'x'.repeat(MAX_TOKEN_LENGTH + (1 << 20)); // 17 Mi units
const ONE = '1 start tag longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: its links were not read';
// A rewrite writes the tag out as it came: the warning says so.
const ONE_REWRITE =
	'1 start tag longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) left as written: its links were not rewritten';

function extract(input: string, type: 'html' | 'xml'): {urls: (string | null)[]; warnings: string[]} {
	const warnings: string[] = [];
	const links = extractLinks(input, {type, retrievalUrl: 'https://example.com/', onWarning: m => warnings.push(m)});
	return {urls: links.map(link => link.url), warnings};
}

/** An HTML page made absolute, and what the rewrite told. */
function rewrite(page: string): {out: string; told: string[]} {
	const told: string[] = [];
	const out = rewriteLinks(page, {
		type: 'html',
		retrievalUrl: 'https://example.com/',
		to: 'absolute',
		onWarning: m => told.push(m),
	});
	return {out, told};
}

test('HTML: a 17 Mi-unit start tag holding an href: one warning, the later link found', t => {
	const page = `<p><a href="/lost" title="${LONG}">lost</a> <a href="/later">later</a></p>`;
	const {urls, warnings} = extract(page, 'html');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [ONE]);
});

test('HTML: a start tag whose name alone is 17 Mi units: one warning', t => {
	const {urls, warnings} = extract(`<a${LONG} href="/lost"><a href="/later">`, 'html');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [ONE]);
});

test('HTML: two long tags are counted in one warning; a long comment is no lost tag', t => {
	const page = `<img src="/a" alt="${LONG}"><!--${LONG}--><img src="/b" alt="${LONG}"><img src="/c">`;
	const {urls, warnings} = extract(page, 'html');
	t.deepEqual(urls, ['https://example.com/c']);
	t.deepEqual(warnings, [
		'2 start tags longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: their links were not read',
	]);
});

test('XML: a 17 Mi-unit Atom link element: one warning, the later link found', t => {
	const feed = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="/lost" title="${LONG}"/><link href="/later"/></feed>`;
	const {urls, warnings} = extract(feed, 'xml');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [ONE]);
});

test('no warning for a page with no tag past the limit, nor for a long text or comment', t => {
	t.deepEqual(extract(`<a href="/a" title="${'x'.repeat(1 << 20)}">`, 'html').warnings, []);
	t.deepEqual(extract(`<!--${LONG}--><p>${LONG}</p><a href="/a">`, 'html').warnings, []);
});

test('the stream and the rewrite tell the same', async t => {
	const page = `<a href="/lost" title="${LONG}"></a><a href="/later">`;
	const warnings: string[] = [];
	const stream = createExtractStream({
		type: 'html',
		retrievalUrl: 'https://example.com/',
		onWarning: m => warnings.push(m),
	});
	const links: Link[] = [];
	// In 1 MiB chunks, as the command reads (a single chunk is held whole while it is read).
	const bytes = Buffer.from(page);
	const chunks: Buffer[] = [];
	for (let at = 0; at < bytes.length; at += 1 << 20) chunks.push(bytes.subarray(at, at + (1 << 20)));
	Readable.from(chunks).pipe(stream);
	for await (const link of stream) links.push(link as Link);
	t.deepEqual(
		links.map(link => link.url),
		['https://example.com/later'],
	);
	t.deepEqual(warnings, [ONE]);
	const {out, told} = rewrite(page);
	t.true(out.endsWith('<a href="https://example.com/later">'));
	t.deepEqual(told, [ONE_REWRITE]);
});

test('onWarning must be a function: the error names it', t => {
	const error = t.throws(() => extractLinks('', {type: 'html', onWarning: 'yes' as never}));
	t.regex(error?.message ?? '', /onWarning/);
});

/** HTML escaped in an RSS description (the text a feed reader unescapes and renders as HTML). */
function rss(description: string): string {
	return `<rss version="2.0"><channel><item><description>${description}</description></item></channel></rss>`;
}

test("XML: a 17 Mi-unit start tag in escaped HTML is the feed's loss: one warning, the later link found", t => {
	const feed = rss(`&lt;a href="/lost" title="${LONG}"&gt;lost&lt;/a&gt; &lt;a href="/later"&gt;later&lt;/a&gt;`);
	const {urls, warnings} = extract(feed, 'xml');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [ONE]);
});

test('XML: a long tag of the feed and one in its escaped HTML are counted in one warning', t => {
	const feed = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="/a" title="${LONG}"/><entry><content type="html">&lt;img src="/b" alt="${LONG}"&gt;&lt;img src="/c"&gt;</content></entry></feed>`;
	const {urls, warnings} = extract(feed, 'xml');
	t.deepEqual(urls, ['https://example.com/c']);
	t.deepEqual(warnings, [
		'2 start tags longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: their links were not read',
	]);
});

test('HTML: a 17 Mi-unit tag in a srcdoc makes the iframe tag itself too long: it is the one tag said', t => {
	// A srcdoc value is read from its iframe's start tag, and decoding never lengthens it: a tag
	// inside can only pass MAX_TOKEN_LENGTH if the iframe's own tag does, which is let go first.
	const page = `<iframe src="/frame" srcdoc="<a href=&quot;/lost&quot; title=${LONG}>"></iframe><a href="/later">`;
	const {urls, warnings} = extract(page, 'html');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [ONE]);
});

/** `inner` as the document of `levels` iframes, each in the srcdoc of the one before. */
function nested(inner: string, levels: number): string {
	let html = inner;
	for (let level = 0; level < levels; level++)
		html = `<iframe srcdoc="${html.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"></iframe>`;
	return html;
}

const DEEP = (n: number, done: 'not read' | 'left as written', what: 'read' | 'rewritten'): string =>
	`${n === 1 ? '1 iframe srcdoc document' : `${n} iframe srcdoc documents`} nested more than 8 deep (MAX_SRCDOC_DEPTH) ${done}: any links in ${n === 1 ? 'it' : 'them'} were not ${what}`;

test('HTML: srcdoc documents past MAX_SRCDOC_DEPTH are not read, and said so', t => {
	t.is(MAX_SRCDOC_DEPTH, 8);
	// Eight levels deep: read.
	const eight = extract(`${nested('<a href="/deep">', 8)}<a href="/later">`, 'html');
	t.deepEqual(eight.urls, ['https://example.com/deep', 'https://example.com/later']);
	t.deepEqual(eight.warnings, []);
	// Nine: the ninth is not read; two such documents make one warning.
	const nine = extract(`${nested('<a href="/deep">', 9)}<a href="/later">`, 'html');
	t.deepEqual(nine.urls, ['https://example.com/later']);
	t.deepEqual(nine.warnings, [DEEP(1, 'not read', 'read')]);
	const two = extract(nested(`<iframe srcdoc="<a href=/x>"></iframe><iframe srcdoc=""></iframe>`, 8), 'html');
	t.deepEqual(two.urls, []);
	t.deepEqual(two.warnings, [DEEP(2, 'not read', 'read')]);
});

test('XML: a too-deep srcdoc in escaped HTML and in XHTML content is said too', t => {
	const feed = rss(nested('<a href="/deep">', 9).replaceAll('&', '&amp;').replaceAll('<', '&lt;'));
	t.deepEqual(extract(feed, 'xml').warnings, [DEEP(1, 'not read', 'read')]);
	// The outermost iframe is XHTML (an XML attribute: `<` escaped too), the eight inside it HTML.
	const inner = nested('<a href="/deep">', 8)
		.replaceAll('&', '&amp;')
		.replaceAll('"', '&quot;')
		.replaceAll('<', '&lt;');
	const xhtml = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><iframe srcdoc="${inner}"/></div></content></entry></feed>`;
	t.deepEqual(extract(xhtml, 'xml').warnings, [DEEP(1, 'not read', 'read')]);
});

test('rewrite: a too-deep srcdoc is left as written, and said so', t => {
	const {out, told} = rewrite(`${nested('<a href="deep">', 9)}<a href="later">`);
	t.is(out, `${nested('<a href="deep">', 9)}<a href="https://example.com/later">`);
	t.deepEqual(told, [DEEP(1, 'left as written', 'rewritten')]);
});

test('past MAX_TOKEN_LENGTH a token is let go whole: the source and the rewrite hold next to nothing while it goes on', t => {
	// A giant start tag, comment and escaped tag read on for 4 Mi units past the limit: nothing reads
	// them any more, so what is held is the last write at most (it was the last 16 Mi units).
	const piece = 'a'.repeat(1 << 20);
	const shapes = [
		['html', '<p>x</p><img title="', '"><a href="after">'],
		['html', '<p>x</p><!--', '--><a href="after">'],
		[
			'xml',
			'<rss><channel><item><description>&lt;img title=&quot;',
			'&quot;&gt;&lt;a href=&quot;after&quot;&gt;</description></item></channel></rss>',
		],
	] as const;
	for (const [type, head, tail] of shapes) {
		const links: Link[] = [];
		// Both cores say how much source they hold (HtmlExtractor, XmlExtractor: heldLength).
		const core = createExtractor({type, retrievalUrl: 'https://example.com/'}, link =>
			links.push(link),
		) as Extractor & {
			heldLength: number;
		};
		const pipeline = new RewritePipeline(
			checkRewriteOptions({type, retrievalUrl: 'https://example.com/', to: 'absolute'}),
			nodeCodecs,
		);
		let output = 0;
		const write = (text: string): void => {
			core.write(text);
			for (const out of pipeline.write(Buffer.from(text))) output += out.length;
		};
		write(head);
		for (let i = 0; i < (MAX_TOKEN_LENGTH >> 20) + 4; i++) write(piece);
		t.true(core.heldLength <= 2 * piece.length, `${type} ${head}: ${core.heldLength} units held`);
		t.true(pipeline.held <= 2 * piece.length, `${type} ${head}: ${pipeline.held} bytes held by the rewrite`);
		write(tail);
		core.end();
		for (const out of pipeline.end()) output += out.length;
		t.deepEqual(
			links.map(link => link.url),
			['https://example.com/after'],
		);
		t.is(
			output,
			head.length + ((MAX_TOKEN_LENGTH >> 20) + 4) * piece.length + tail.length + 'https://example.com/'.length,
		);
	}
});
