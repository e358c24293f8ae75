/**
 * XML: an element's text is held for its URL (a sitemap `<loc>`, an Atom `<id>`, Atom 0.3
 * base64 content) up to MAX_ELEMENT_TEXT units (docs/limits.md); a longer one holds no URL
 * and is let go, and the loss is told to `onWarning`, once a document.
 */
import test from 'ava';
import {MAX_ELEMENT_TEXT} from '../../src/extract/xml/element-text.js';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const LONG = `https://example.com/${'a'.repeat(MAX_ELEMENT_TEXT)}`; // 1 Mi units and 20
const sitemap = (...locs: string[]): string =>
	`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map(loc => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;

function extract(input: string): {urls: (string | null)[]; warnings: string[]} {
	const warnings: string[] = [];
	const links = extractLinks(input, {
		type: 'xml',
		retrievalUrl: 'https://example.com/',
		onWarning: m => warnings.push(m),
	});
	return {urls: links.map(link => link.url), warnings};
}

test('a sitemap <loc> over 1 Mi units: not read, said; the next one read', t => {
	t.is(MAX_ELEMENT_TEXT, 1 << 20);
	const {urls, warnings} = extract(sitemap(LONG, 'https://example.com/b', LONG));
	t.deepEqual(urls, ['https://example.com/b']);
	t.deepEqual(warnings, [
		'2 XML element texts longer than 1 Mi UTF-16 units (MAX_ELEMENT_TEXT) ignored: their links were not read',
	]);
});

test('a <loc> of 1 Mi units exactly is read, no warning', t => {
	const loc = `https://example.com/${'a'.repeat(MAX_ELEMENT_TEXT - 20)}`;
	t.is(loc.length, MAX_ELEMENT_TEXT);
	const {urls, warnings} = extract(sitemap(loc));
	t.deepEqual(urls, [loc]);
	t.deepEqual(warnings, []);
});

test('Atom 0.3 base64 content over 1 Mi units is said too', t => {
	const html = Buffer.from(`<a href="/x">x</a>${' '.repeat(MAX_ELEMENT_TEXT)}`).toString('base64');
	const feed = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><content type="text/html" mode="base64">${html}</content></entry></feed>`;
	t.deepEqual(extract(feed).warnings, [
		'1 XML element text longer than 1 Mi UTF-16 units (MAX_ELEMENT_TEXT) ignored: its links were not read',
	]);
});

test('rewrite: the long <loc> left as written, and said so', t => {
	const told: string[] = [];
	const input = sitemap(LONG, '/b');
	const out = rewriteLinks(input, {
		type: 'xml',
		retrievalUrl: 'https://example.com/',
		to: 'absolute',
		onWarning: m => told.push(m),
	});
	t.true(out === sitemap(LONG, 'https://example.com/b'), 'only /b rewritten');
	t.deepEqual(told, [
		'1 XML element text longer than 1 Mi UTF-16 units (MAX_ELEMENT_TEXT) left as written: its links were not rewritten',
	]);
});
