/**
 * The HTML extractor's shortcuts must not change what it finds: each case here sits on
 * the edge of one (expected values worked out by hand from HTML, CSS Syntax 3 and the
 * URL Standard).
 */
import test from 'ava';
import {links, rows} from './html-collect.js';

test('a style attribute without "(" or "@" holds no URL; a decoded "(" still counts', t => {
	t.deepEqual(rows('<p style="color: red; margin: 0">x</p>'), []);
	// &lpar; is "(" once the attribute value is decoded (HTML §13.2.5.72), so this is url(a.png).
	t.deepEqual(rows('<p style="background: url&lpar;a.png)">x</p>'), ['p style https://site.example/dir/a.png']);
	// An escaped "(" is part of an ident, not a function: no URL (CSS Syntax 3 §4.3.4).
	t.deepEqual(rows('<p style="background: url\\(a.png)">x</p>'), []);
});

test('references resolved without a parse agree with the URL parser', t => {
	const found = links(
		'<a href="/x/y?q#f">1</a><a href="#">2</a><a href="z.html">3</a><a href="//cdn.example">4</a>' +
			'<a href="http://o.example?p">5</a><a href="../up">6</a><a href="javascript:void(0)">7</a><a href="HTTP://O.example/">8</a>',
	);
	t.deepEqual(
		found.map(link => link.url),
		[
			'https://site.example/x/y?q#f',
			'https://site.example/dir/page.html#',
			'https://site.example/dir/z.html',
			'https://cdn.example/',
			'http://o.example/?p',
			'https://site.example/up',
			'javascript:void(0)',
			'http://o.example/',
		],
	);
});
