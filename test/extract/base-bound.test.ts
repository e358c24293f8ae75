/**
 * Output amplification: a base is copied into every reference resolved against it, so
 * what a base contributes to a URL (and to a Link's `base`) is bounded by MAX_BASE_LENGTH
 * (extract/base.ts). Past it a reference that needs the base is an error Link (`url: null`,
 * `error: 'invalid-base'`, raw kept) and a rewrite leaves it as written; a reference that
 * stands alone (it has a scheme, or `//` after a special one) resolves as before. Expected
 * URLs worked out by hand from RFC 3986 §5.2 / the URL Standard's `#scheme-state`.
 */
import test from 'ava';
import {MAX_BASE_LENGTH} from '../../src/extract/base.js';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const LONG = 'A'.repeat(200_000);

test('a late BASE over the bound: the references held for it are error Links, not 200 KB URLs', t => {
	const page = '<a href="x">'.repeat(300) + `<base href="http://h.example/${LONG}/">`;
	const links = extractLinks(page, {type: 'html', retrievalUrl: 'https://site.example/d/p.html'});
	t.is(links.length, 301);
	for (const link of links.slice(0, 300)) {
		t.like(link, {url: null, error: 'invalid-base', raw: 'x', value: 'x', base: null, baseSource: 'document'});
	}
	// The BASE's own href is its own text (proportional to the input): reported as written.
	t.is(links[300]!.url, `http://h.example/${LONG}/`);
	t.is(links[300]!.base, 'https://site.example/d/p.html');
});

test('under the bound a base resolves as before; the bound counts what the base gives the URL', t => {
	const folder = `https://h.example/${'f'.repeat(MAX_BASE_LENGTH - 40)}/`;
	const [a] = extractLinks('<a href="x">', {type: 'html', retrievalUrl: `${folder}p.html`});
	t.like(a, {url: `${folder}x`, base: `${folder}p.html`});
	t.is(a!.error, undefined);
	// A long query in the base: path and query references drop it (their URL is short); `#` references keep it.
	const query = `?${'q'.repeat(10_000)}`;
	const links = extractLinks('<a href="x"><a href="/y"><a href="//o.example/z"><a href="?v"><a href="#f">', {
		type: 'html',
		retrievalUrl: `https://h.example/d/p.html${query}`,
	});
	t.deepEqual(
		links.map(l => [l.url, l.error ?? null, l.base]),
		[
			['https://h.example/d/x', null, null],
			['https://h.example/y', null, null],
			['https://o.example/z', null, null],
			['https://h.example/d/p.html?v', null, null],
			[null, 'invalid-base', null],
		],
	);
});

test('against a base over the bound, a reference that stands alone still resolves (a data: URL, another scheme, a network path)', t => {
	const data = `data:text/plain,${'d'.repeat(100_000)}`;
	const base = `http://h.example/${LONG}/`;
	const links = extractLinks(
		`<a href="${data}"><a href="https://o.example/a"><a href="mailto:m@o.example"><a href="http:x"><a href="http://o.example/b">`,
		{type: 'html', retrievalUrl: base},
	);
	t.deepEqual(
		links.map(l => [l.url, l.error ?? null]),
		[
			[data, null],
			['https://o.example/a', null],
			['mailto:m@o.example', null],
			// URL Standard #scheme-state: `http:x` against an http: base is relative.
			[null, 'invalid-base'],
			['http://o.example/b', null],
		],
	);
	// rfc3986: a reference with a scheme is absolute (§5.2.2).
	t.is(extractLinks('<a href="http:x">', {type: 'html', retrievalUrl: base, dialect: 'rfc3986'})[0]!.url, 'http:x');
});

test('rewrite leaves a reference against a base over the bound as written (1 MB BASE and 3,000 links)', t => {
	const page = `<base href="http://h/${'A'.repeat(1 << 20)}/">` + '<a href="x">'.repeat(3000);
	const out = rewriteLinks(page, {type: 'html', to: 'absolute', retrievalUrl: 'https://site.example/'});
	t.is(out, page);
});

test('nested xml:base: the base grows with depth, the output stays proportional to the input', t => {
	const level = `<a xml:base="${'x'.repeat(48)}/" href="y">`;
	const depth = 1000;
	const doc = `<html xmlns="http://www.w3.org/1999/xhtml" xml:base="http://h.example/">${level.repeat(depth)}${'</a>'.repeat(depth)}</html>`;
	const links = extractLinks(doc, {type: 'xml'});
	const hrefs = links.filter(l => l.attribute === 'href');
	t.is(hrefs.length, depth);
	// The first levels resolve: http://h.example/ + 49 units a level.
	t.is(hrefs[0]!.url, `http://h.example/${'x'.repeat(48)}/y`);
	t.is(hrefs[1]!.url, `http://h.example/${`${'x'.repeat(48)}/`.repeat(2)}y`);
	// Once the base's folder is over the bound, the references are error Links.
	for (const link of hrefs) {
		t.true(link.url === null ? link.error === 'invalid-base' : link.url.length <= MAX_BASE_LENGTH + 1);
	}
	t.true(hrefs.at(-1)!.url === null);
	const out = rewriteLinks(doc, {type: 'xml', to: 'absolute'});
	// Unbounded, the 77 KB document asked for 49 MB (each level's href and xml:base repeat every level above).
	t.true(out.length < 3 * doc.length, `output ${out.length} for ${doc.length} in`);
});
