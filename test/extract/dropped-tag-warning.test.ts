/**
 * A start tag longer than MAX_TOKEN_LENGTH is let go (docs/limits.md): its Links are not
 * read, but the loss is told to `onWarning`, once a document, never silent; the Links after
 * it are read as usual.
 */
import {Readable} from 'node:stream';
import test from 'ava';
import {MAX_TOKEN_LENGTH} from '../../src/extract/markup/limits.js';
import {createExtractStream, extractLinks, rewriteLinks, type Link} from '../../src/index.js';

const LONG = 'x'.repeat(MAX_TOKEN_LENGTH + (1 << 20)); // 17 Mi units
const ONE = '1 start tag longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: its links were not read';

function extract(input: string, type: 'html' | 'xml'): {urls: (string | null)[]; warnings: string[]} {
	const warnings: string[] = [];
	const links = extractLinks(input, {type, retrievalUrl: 'https://example.com/', onWarning: m => warnings.push(m)});
	return {urls: links.map(link => link.url), warnings};
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
	const told: string[] = [];
	const out = rewriteLinks(page, {
		type: 'html',
		retrievalUrl: 'https://example.com/',
		to: 'absolute',
		onWarning: m => told.push(m),
	});
	t.true(out.endsWith('<a href="https://example.com/later">'));
	t.deepEqual(told, [ONE]);
});

test('onWarning must be a function: the error names it', t => {
	const error = t.throws(() => extractLinks('', {type: 'html', onWarning: 'yes' as never}));
	t.regex(error?.message ?? '', /onWarning/);
});
