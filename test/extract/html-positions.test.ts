import test from 'ava';
import {collect} from './html-collect.js';

/** Links on several lines (LF, CR LF, lone CR), in a style attribute, a `<style>` element and an iframe srcdoc. */
const PAGE = [
	'<!doctype html>\n<html><head><base href="/b/">\r\n',
	'<link rel=stylesheet href="s.css"><style>\rp { background: url(bg.png) }</style></head>\n',
	'<body><a href="a.html">A</a>\n<img src="i.png" style="background: url(\'x.png\')">\r',
	'<iframe srcdoc="&lt;a href=&quot;in.html&quot;&gt;in&lt;/a&gt;\n&lt;img src=j.png&gt;"></iframe>\n',
	'<a href="#top">top</a></body></html>\n',
].join('');

/** Every field but the position. */
function withoutPosition<T extends {line: number; column: number}>(item: T): Omit<T, 'line' | 'column'> {
	const {line: _line, column: _column, ...rest} = item;
	return rest;
}

test('positions: false: the same Links and events, at line 0, column 0, whatever the chunks', t => {
	const counted = collect(PAGE);
	// Counted by default (by hand: base, s.css, bg.png after the lone CR, a.html, i.png and
	// x.png, in.html, j.png after the LF in the srcdoc value, #top).
	t.deepEqual(
		counted.links.map(link => link.line),
		[2, 3, 4, 5, 6, 6, 7, 8, 9],
	);
	for (const size of [1, 7, 64, PAGE.length]) {
		const chunks = Array.from({length: Math.ceil(PAGE.length / size)}, (_, i) => PAGE.slice(i * size, (i + 1) * size));
		const skipped = collect(PAGE, {positions: false}, chunks);
		t.deepEqual(
			skipped.links.map(link => [link.line, link.column]),
			counted.links.map(() => [0, 0]),
			`chunks of ${size}`,
		);
		t.deepEqual(skipped.links.map(withoutPosition), counted.links.map(withoutPosition), `chunks of ${size}`);
		t.deepEqual(skipped.events.map(withoutPosition), counted.events.map(withoutPosition), `chunks of ${size}`);
	}
});
