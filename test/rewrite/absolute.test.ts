/**
 * Issue 19 item 2: `to: 'absolute'` makes relative references (network-path `//host` ones
 * included) absolute and leaves a reference that already has a scheme as written;
 * `normalize: true` writes those as `link.url` too. Expected values are derived by hand
 * from the URL Standard (scheme and host lower-cased, IDNA to punycode, an empty path of
 * a special URL serialized as "/", dot segments removed) and RFC 3986 §5.2.2.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import type {Dialect} from '../../src/index.js';
import {runCli} from '../helpers/cli.js';

const PAGE = 'https://example.org/docs/page.html';
const DIALECTS: readonly Dialect[] = ['whatwg', 'rfc3986', 'rfc2396'];

/** The three references, as a reader wrote them. */
const WRITTEN = ['http://www.redhat.com', 'https://bücher.example/', 'HTTP://Example.COM/a/./b'];

test('a reference with a scheme keeps its bytes, in every dialect', t => {
	for (const dialect of DIALECTS) {
		for (const href of WRITTEN) {
			const html = `<a href="${href}">x</a>`;
			t.is(rewriteLinks(html, {type: 'html', retrievalUrl: PAGE, to: 'absolute', dialect}), html, `${dialect} ${href}`);
		}
	}
});

test('extraction still reports the canonical url', t => {
	const links = extractLinks(WRITTEN.map(href => `<a href="${href}">x</a>`).join(''), {
		type: 'html',
		retrievalUrl: PAGE,
	});
	t.deepEqual(
		links.map(link => link.url),
		['http://www.redhat.com/', 'https://xn--bcher-kva.example/', 'http://example.com/a/b'],
	);
});

test('relative and network-path references become absolute; the ones with a scheme stay in every syntax', t => {
	const html =
		'<a href="//cdn.example/x.js">s</a><a href="../b.html">b</a><img srcset="HTTP://A.example/x.png 1x, y.png 2x"><p style="background:url(HTTP://A.example/i.png)">';
	t.is(
		rewriteLinks(html, {type: 'html', retrievalUrl: PAGE, to: 'absolute'}),
		'<a href="https://cdn.example/x.js">s</a><a href="https://example.org/b.html">b</a><img srcset="HTTP://A.example/x.png 1x, https://example.org/docs/y.png 2x"><p style="background:url(HTTP://A.example/i.png)">',
	);
	const css = '@import "HTTP://A.example/a.css"; b{background:url(i.png)}';
	t.is(
		rewriteLinks(css, {type: 'css', retrievalUrl: 'https://example.org/css/site.css', to: 'absolute'}),
		'@import "HTTP://A.example/a.css"; b{background:url(https://example.org/css/i.png)}',
	);
});

test('normalize: true writes the canonical form, as before', t => {
	const html = WRITTEN.map(href => `<a href="${href}">x</a>`).join('');
	t.is(
		rewriteLinks(html, {type: 'html', retrievalUrl: PAGE, to: 'absolute', normalize: true}),
		'<a href="http://www.redhat.com/">x</a><a href="https://xn--bcher-kva.example/">x</a><a href="http://example.com/a/b">x</a>',
	);
	// RFC 3986 §5.2.2: an absolute reference keeps its scheme and authority as written; its path loses its dot segments.
	t.is(
		rewriteLinks('<a href="HTTP://Example.COM/a/./b">x</a>', {
			type: 'html',
			retrievalUrl: PAGE,
			to: 'absolute',
			dialect: 'rfc3986',
			normalize: true,
		}),
		'<a href="HTTP://Example.COM/a/b">x</a>',
	);
	// Opaque ones stay as written even so.
	t.is(
		rewriteLinks('<a href="MAILTO:a@b.example">x</a>', {
			type: 'html',
			retrievalUrl: PAGE,
			to: 'absolute',
			normalize: true,
		}),
		'<a href="MAILTO:a@b.example">x</a>',
	);
});

test('normalize is checked: a boolean, and only with to: absolute', t => {
	t.throws(() => rewriteLinks('', {type: 'html', to: 'absolute', normalize: 'yes' as unknown as boolean}), {
		message: /option `normalize` must be true or false; got "yes"/,
	});
	t.throws(() => rewriteLinks('', {type: 'html', to: 'relative', normalize: true}), {
		message: /option `normalize` must be true only with to: 'absolute'/,
	});
	t.notThrows(() => rewriteLinks('', {type: 'html', to: 'relative', normalize: false}));
});

test('the command: --to absolute keeps them, --normalize gives the canonical form, --normalize alone is a usage error', t => {
	const input = '<a href="http://www.redhat.com">r</a><a href="b.html">b</a>';
	const kept = runCli(['rewrite', '--to', 'absolute', '--base-url', PAGE, '-'], input);
	t.is(kept.status, 0, kept.stderr);
	t.is(kept.stdout, '<a href="http://www.redhat.com">r</a><a href="https://example.org/docs/b.html">b</a>');
	const normal = runCli(['rewrite', '--to', 'absolute', '--normalize', '--base-url', PAGE, '-'], input);
	t.is(normal.status, 0, normal.stderr);
	t.is(normal.stdout, '<a href="http://www.redhat.com/">r</a><a href="https://example.org/docs/b.html">b</a>');
	const misuse = runCli(['rewrite', '--to', 'relative', '--normalize', '--base-url', PAGE, '-'], input);
	t.is(misuse.status, 2);
	t.regex(misuse.stderr, /--normalize .* needs --to absolute/);
});
