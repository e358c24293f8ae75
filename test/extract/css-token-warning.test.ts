/**
 * A CSS string or url() token longer than MAX_CSS_TOKEN is skipped unread (docs/limits.md):
 * a URL in it is lost, as a whole font or image inlined as a `data:` URL of over 4 Mi
 * units is. The loss is told to `onWarning`, once a document, counted over its sheets,
 * style attributes and `<style>` elements; a long string that is no URL is no loss.
 */
import {Readable} from 'node:stream';
import test from 'ava';
import {MAX_CSS_TOKEN} from '../../src/extract/css/extractor.js';
import {createExtractStream, extractLinks, rewriteLinks, type InputType, type Link} from '../../src/index.js';

const BIG = 'A'.repeat(MAX_CSS_TOKEN + (1 << 20)); // 5 Mi units of base64
const FONT = `data:font/woff2;base64,${BIG}`;
const warning = (n: number): string =>
	n === 1
		? '1 CSS URL longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: its link was not read'
		: `${n} CSS URLs longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: their links were not read`;

function extract(input: string, type: InputType): {urls: (string | null)[]; warnings: string[]} {
	const warnings: string[] = [];
	const links = extractLinks(input, {type, retrievalUrl: 'https://example.com/', onWarning: m => warnings.push(m)});
	return {urls: links.map(link => link.url), warnings};
}

test('a sheet: a 5 Mi-unit url() and url("…") are said, the later URL found', t => {
	t.is(MAX_CSS_TOKEN, 4 << 20);
	const sheet = `@font-face{src:url(${FONT})}@font-face{src:url("${FONT}")}a{background:url(b.png)}`;
	const {urls, warnings} = extract(sheet, 'css');
	t.deepEqual(urls, ['https://example.com/b.png']);
	t.deepEqual(warnings, [warning(2)]);
});

test('a sheet: @import "…" past the limit is said; a long string that is no URL is not', t => {
	t.deepEqual(extract(`@import "${BIG}.css";`, 'css').warnings, [warning(1)]);
	const content = extract(`a::before{content:"${BIG}"}a{background:url(b.png)}`, 'css');
	t.deepEqual(content.urls, ['https://example.com/b.png']);
	t.deepEqual(content.warnings, []);
});

test('a 3 Mi-unit data: URL is within the limit: a Link, no warning', t => {
	const {urls, warnings} = extract(`a{background:url(data:image/png;base64,${'A'.repeat(3 << 20)})}`, 'css');
	t.is(urls.length, 1);
	t.true(urls[0]?.startsWith('data:image/png;base64,AAAA'));
	t.deepEqual(warnings, []);
});

test('HTML: a style attribute, a <style> element and a srcdoc document count in one warning', t => {
	const page = `<div style="background:url(${FONT})"></div><style>@font-face{src:url(${FONT})}</style><iframe srcdoc="<p style='background:url(${FONT})'>"></iframe><a href="later">`;
	const {urls, warnings} = extract(page, 'html');
	t.deepEqual(urls, ['https://example.com/later']);
	t.deepEqual(warnings, [warning(3)]);
});

test('XML: an SVG style attribute past the limit is said', t => {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(${FONT})"/></svg>`;
	t.deepEqual(extract(svg, 'xml').warnings, [warning(1)]);
});

test('a stream in 1 MiB chunks tells the same', async t => {
	const warnings: string[] = [];
	const stream = createExtractStream({
		type: 'css',
		retrievalUrl: 'https://example.com/',
		onWarning: m => warnings.push(m),
	});
	const bytes = Buffer.from(`a{background:url(${FONT})}b{background:url(b.png)}`);
	const chunks: Buffer[] = [];
	for (let at = 0; at < bytes.length; at += 1 << 20) chunks.push(bytes.subarray(at, at + (1 << 20)));
	Readable.from(chunks).pipe(stream);
	const links: Link[] = [];
	for await (const link of stream) links.push(link as Link);
	t.deepEqual(
		links.map(link => link.url),
		['https://example.com/b.png'],
	);
	t.deepEqual(warnings, [warning(1)]);
});

test('rewrite: the long URL is left as written, and said so', t => {
	const long = `${'a'.repeat(MAX_CSS_TOKEN + 16)}.png`;
	const told: string[] = [];
	const out = rewriteLinks(`a{background:url(${long})}b{background:url(b.png)}`, {
		type: 'css',
		retrievalUrl: 'https://example.com/',
		to: 'absolute',
		onWarning: m => told.push(m),
	});
	t.true(out === `a{background:url(${long})}b{background:url(https://example.com/b.png)}`, 'only b.png rewritten');
	t.deepEqual(told, [
		'1 CSS URL longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) left as written: its link was not rewritten',
	]);
});
