/**
 * A meta refresh URL from a user function: its white space is percent-encoded (the refresh
 * value would end the URL at trailing white space and a quote may end it), and the URL a
 * browser makes of it is the one the function gave: the URL Standard percent-encodes a
 * space in a path, query and fragment itself (#path-percent-encode-set,
 * #query-percent-encode-set, #fragment-percent-encode-set), and a `javascript:` or `data:`
 * URL is percent-decoded before use. Expected URLs from `new URL`, the browser's parser.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const BASE = 'https://r.example/d/page.html';

for (const value of [
	'b c.html',
	'https://n.example/a b/c d?q=x y#f g',
	'b.html ',
	'\t c.html\n',
	'javascript:go( 1 )',
]) {
	test(`meta refresh: ${JSON.stringify(value)} keeps its meaning`, t => {
		const html = '<meta http-equiv="refresh" content="0; url=a.html">';
		const out = rewriteLinks(html, {type: 'html', retrievalUrl: BASE, to: () => value});
		t.false(/url=[^"]* /.test(out), out);
		const [link] = extractLinks(out, {type: 'html', retrievalUrl: BASE});
		const expected = new URL(value, BASE).href;
		// A javascript: URL runs its percent-decoded text (HTML #javascript-protocol): the same script.
		t.is(expected.startsWith('javascript:') ? decodeURIComponent(link?.url ?? '') : link?.url, expected);
	});
}
