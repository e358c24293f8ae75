import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {escapeCssString, escapeCssUrl} from '../../src/rewrite/escape-css.js';

// CSS Syntax 3 §4.3.7 decodes an escaped zero as U+FFFD and §3.3 replaces a raw NUL: a NUL
// can only be written percent-encoded (fuzz seed 528173315 found the old `\0 `).
test('a NUL in a new CSS value is written as %00', t => {
	t.is(escapeCssUrl('a\u0000b'), 'a%00b');
	t.is(escapeCssString('a\u0000b'), 'a%00b');
});

test('absolute rewrite of a url() under a BASE holding a NUL re-extracts to the same URL (whatwg)', t => {
	const options = {type: 'html' as const, retrievalUrl: 'https://example.com/dir/page.html'};
	const input = '<base href="\u0000/"><div style="background: url(x.png)">';
	const before = extractLinks(input, options).map(link => link.url);
	const after = extractLinks(rewriteLinks(input, {...options, to: 'absolute'}), options).map(link => link.url);
	t.deepEqual(after.slice(1), before.slice(1));
});
