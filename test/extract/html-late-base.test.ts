/**
 * Issue 13: a BASE after body content governs every URL of the document (HTML
 * #document-base-url: the first base element with href in tree order), the `baseHold`
 * policies and their bounds, `<image>` start tags, nested forms, and the `frame` of Links
 * inside iframe srcdoc documents. Expected URLs resolved by hand (and in Chromium for the
 * pages of fixtures/html/late-base-*.html, image-tag.html, nested-form.html, srcdoc-*.html).
 */
import test from 'ava';
import {DOCUMENT_HOLD_CHARS, DOCUMENT_HOLD_EVENTS, HOLD_LIMIT_CHARS} from '../../src/extract/html/base.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import {createExtractStream, extractLinks} from '../../src/index.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import type {Link} from '../../src/types.js';
import {collect, links, PAGE_URL, rows, splitAt} from './html-collect.js';

const ISSUE_EXAMPLE = '<a href="first.html">a</a><div><p><base href="https://mirror.example/archive/"></p></div>';

test("baseHold 'document': a BASE after body content governs the links before it", t => {
	t.deepEqual(rows(ISSUE_EXAMPLE, {baseHold: 'document'}), [
		'a href https://mirror.example/archive/first.html',
		'base href https://mirror.example/archive/',
	]);
	t.like(links(ISSUE_EXAMPLE, {baseHold: 'document'})[0], {
		base: 'https://mirror.example/archive/',
		baseSource: 'document',
	});
	// The head policy (the streams' default) releases the link when body content starts.
	t.deepEqual(rows(ISSUE_EXAMPLE), [
		'a href https://site.example/dir/first.html',
		'base href https://mirror.example/archive/',
	]);
});

test("baseHold 'document': </head>, text, a table and </html> do not settle the base; a second BASE stays ignored", t => {
	const doc =
		'<head><link href=l.css></head><p>text</p><a href=a><table><tr><td><base href="/t/"></table></html><base href="/no/"><a href=b>';
	t.deepEqual(rows(doc, {baseHold: 'document'}), [
		'link href https://site.example/t/l.css',
		'a href https://site.example/t/a',
		'base href https://site.example/t/',
		'base href https://site.example/no/',
		'a href https://site.example/t/b',
	]);
});

test("baseHold 'document': no BASE at all gives the fallback base, released at the end", t => {
	const released: Link[] = [];
	const core = new HtmlExtractor({type: 'html', retrievalUrl: PAGE_URL, baseHold: 'document'}, link =>
		released.push(link),
	);
	core.write('<body><a href=x>x</a><p>more text</p>');
	t.is(released.length, 0, 'held: a BASE may still come');
	core.end();
	t.like(released[0], {url: 'https://site.example/dir/x', baseSource: 'retrieval'});
});

test("baseHold 'document': inert BASEs (template, svg) still do not count", t => {
	t.deepEqual(
		rows('<a href=x><template><base href="/t/"></template><svg><base href="/s/"/></svg>', {baseHold: 'document'})[0],
		'a href https://site.example/dir/x',
	);
});

test(`baseHold 'document' bound: past ${DOCUMENT_HOLD_EVENTS} held references the base settles with the fallback`, t => {
	const doc = `${'<a href=a>'.repeat(DOCUMENT_HOLD_EVENTS + 1)}<base href="/late/"><a href=b>`;
	const found = links(doc, {baseHold: 'document'});
	t.is(found[0]?.url, 'https://site.example/dir/a');
	t.is(found[DOCUMENT_HOLD_EVENTS]?.url, 'https://site.example/dir/a');
	t.is(found.at(-1)?.url, 'https://site.example/late/b', 'the late BASE governs what follows it');
	// Within the bound the same BASE governs all of them.
	t.is(
		links(`${'<a href=a>'.repeat(2000)}<base href="/late/">`, {baseHold: 'document'})[0]?.url,
		'https://site.example/late/a',
	);
});

test(`baseHold 'document' bound: a reference past ${DOCUMENT_HOLD_CHARS} characters settles the base; memory is let go before the end`, t => {
	const released: Link[] = [];
	const core = new HtmlExtractor({type: 'html', retrievalUrl: PAGE_URL, baseHold: 'document'}, link =>
		released.push(link),
	);
	core.write('<a href=x>x</a><img alt="');
	core.write('a'.repeat(DOCUMENT_HOLD_CHARS));
	t.is(released.length, 0, 'an open tag that starts before the bound may still hold a BASE-like reference');
	core.write('">');
	t.is(released.length, 1, 'released once no reference can start before the bound');
	core.write('<base href="/late/"><a href=y>');
	core.end();
	t.deepEqual(
		released.map(link => link.url),
		['https://site.example/dir/x', 'https://site.example/late/', 'https://site.example/late/y'],
	);
});

test('the character bound is counted on event offsets: the same Links for any split around it', t => {
	// A BASE tag that starts before HOLD_LIMIT_CHARS, its href value after it.
	const head = '<head><link href=l.css><script>';
	const filler = ' '.repeat(HOLD_LIMIT_CHARS - head.length - '</script>'.length - 3);
	const doc = `${head}${filler}</script><base        href="/b/"><link href=m.css>`;
	const whole = collect(doc).links.map(link => link.url);
	t.deepEqual(
		whole,
		['https://site.example/dir/l.css', 'https://site.example/b/', 'https://site.example/b/m.css'],
		'the href starts past the bound: the base settled first',
	);
	for (const at of [HOLD_LIMIT_CHARS - 2, HOLD_LIMIT_CHARS, HOLD_LIMIT_CHARS + 1, HOLD_LIMIT_CHARS + 6]) {
		t.deepEqual(
			collect(doc, {}, splitAt(doc, [at])).links.map(link => link.url),
			whole,
			`split at ${at}`,
		);
	}
});

test('one-shot calls hold to the end by default; streams keep the head policy unless asked', async t => {
	const options = {type: 'html', retrievalUrl: PAGE_URL} as const;
	t.is(extractLinks(ISSUE_EXAMPLE, options)[0]?.url, 'https://mirror.example/archive/first.html');
	t.is(extractLinks(ISSUE_EXAMPLE, {...options, baseHold: 'head'})[0]?.url, 'https://site.example/dir/first.html');
	const streamed = async (extra: object): Promise<Link[]> => {
		const stream = createExtractStream({...options, ...extra});
		const out: Link[] = [];
		stream.on('data', (link: Link) => out.push(link));
		for (const piece of splitAt(ISSUE_EXAMPLE, [5, 30, 60])) stream.write(piece);
		stream.end();
		await new Promise(resolve => stream.on('end', resolve));
		return out;
	};
	t.is((await streamed({}))[0]?.url, 'https://site.example/dir/first.html');
	t.deepEqual(await streamed({baseHold: 'document'}), extractLinks(ISSUE_EXAMPLE, options));
});

test('baseHold is validated with a clear error', t => {
	t.throws(() => extractLinks('', {type: 'html', baseHold: 'body' as never}), {
		message: /option `baseHold` must be 'head' or 'document'; got "body"/,
	});
	t.throws(() => createExtractStream({type: 'html', baseHold: true as never}), {message: /`baseHold`/});
});

test('iframe srcdoc: its own late BASE governs its links; a parent BASE after the iframe does not', t => {
	const frame =
		'<iframe srcdoc="&lt;a href=a&gt;&lt;p&gt;t&lt;/p&gt;&lt;base href=https://frame.example/f/&gt;"></iframe>';
	for (const baseHold of ['head', 'document'] as const) {
		t.deepEqual(
			rows(frame, {baseHold}),
			['a href https://frame.example/f/a', 'base href https://frame.example/f/'],
			baseHold,
		);
	}
	// HTML: the srcdoc document's fallback base is the parent's document base when the iframe is inserted.
	const parent = '<a href=o><iframe srcdoc="&lt;a href=i&gt;"></iframe><base href="/late/">';
	t.deepEqual(rows(parent, {baseHold: 'document'}), [
		'a href https://site.example/late/o',
		'a href https://site.example/dir/i',
		'base href https://site.example/late/',
	]);
});

test('Links inside an iframe srcdoc name their frame: the srcdoc value span, and the depth', t => {
	const doc =
		'<a href=o><iframe srcdoc="<a href=x><iframe srcdoc=&quot;<a href=y>&quot;></iframe>"></iframe><a href=p>';
	const found = links(doc);
	t.deepEqual(
		found.map(link => [link.value, link.frame]),
		[
			['o', undefined],
			['x', {element: 'iframe', attribute: 'srcdoc', start: 26, end: 83, depth: 1}],
			['y', {element: 'iframe', attribute: 'srcdoc', start: 57, end: 67, depth: 2}],
			['p', undefined],
		],
	);
	// The spans are the srcdoc values as written (between their quotes), in the outer input.
	t.is(doc.slice(26, 83), '<a href=x><iframe srcdoc=&quot;<a href=y>&quot;></iframe>');
	t.is(doc.slice(57, 67), '<a href=y>');
	t.false('frame' in (found[0] as object), 'absent, not undefined, outside srcdoc');
});

test('<image> start tags are img elements in HTML content, not in SVG nor XHTML', t => {
	t.deepEqual(rows('<image src=a.png srcset="b.png 2x" lowsrc=c.png><IMAGE SRC=d.png>'), [
		'img src https://site.example/dir/a.png',
		'img srcset https://site.example/dir/b.png',
		'img lowsrc https://site.example/dir/c.png',
		'img src https://site.example/dir/d.png',
	]);
	t.like(links('<image src=a.png>')[0], {kind: 'resource', element: 'img'});
	t.deepEqual(rows('<svg><image href=s.png /></svg><math><mi><image src=m.png></mi></math>'), [
		'image href https://site.example/dir/s.png',
		'img src https://site.example/dir/m.png',
	]);
	t.deepEqual(
		rows('<svg xmlns="http://www.w3.org/2000/svg"><image href="s.png"/></svg><image src="x.png"/>', {type: 'xhtml'}),
		['image href https://site.example/dir/s.png'],
	);
});

test('a form start tag inside an open form is dropped: no Link for any of its attributes', t => {
	t.deepEqual(
		rows('<form action=o><form action=i style="background:url(bg.png)"><button formaction=b></form><form action=next>'),
		[
			'form action https://site.example/dir/o',
			'button formaction https://site.example/dir/b',
			'form action https://site.example/dir/next',
		],
	);
	// Without action: no document-URL Link for the dropped one either.
	t.deepEqual(rows('<form><form></form>'), ['form action https://site.example/dir/page.html']);
	// A form in a table is inserted (popped at once) and keeps the pointer set until </form>.
	t.deepEqual(rows('<table><form action=t><tr><td></td></tr></table><form action=dropped></form><form action=after>'), [
		'form action https://site.example/dir/t',
		'form action https://site.example/dir/after',
	]);
	// Inside template the pointer is neither read nor set.
	t.deepEqual(rows('<form action=o><template><form action=in-template></form></template><form action=dropped>'), [
		'form action https://site.example/dir/o',
		'form action https://site.example/dir/in-template',
	]);
	// In SVG, `form` is no HTML form; in XHTML nothing is dropped.
	t.deepEqual(rows('<form action=o><form action=x></form>', {type: 'xhtml'}), [
		'form action https://site.example/dir/o',
		'form action https://site.example/dir/x',
	]);
});

test('reference events are made by a constructor: no allocation site for V8 to pretenure after a long hold', t => {
	// V8 pretenures an object literal's allocation site once most of its objects outlive a
	// young-generation collection, as the 32,768 references of a document-wide hold do; every
	// later event then went straight to the old generation (a 16 MB srcdoc: 170 MB of dead
	// events before each full collection). Objects made by a constructor have no such site.
	const events: ReferenceEvent[] = [];
	const core = new HtmlExtractor({type: 'html', retrievalUrl: 'https://example.com/'}, (_link, event) =>
		events.push(event),
	);
	core.write('<a href="a.html"><iframe srcdoc="<a href=b.html>"></iframe><p style="background: url(c.png)">');
	core.end();
	t.deepEqual(
		events.map(event => event.value),
		['a.html', 'b.html', 'c.png'],
	);
	for (const event of events) t.not(Object.getPrototypeOf(event), Object.prototype);
});
