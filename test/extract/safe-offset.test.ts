/**
 * The flushing watermark (ExtractorCore.safeOffset) of the html, xml, css and text cores: it
 * never decreases, and no event emitted after it was read starts before it, for any split
 * of the input (seeded fast-check).
 */
import test from 'ava';
import fc from 'fast-check';
import type {CoreOptions} from '../../src/extract/base.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import {createExtractor} from '../../src/extract/index.js';
import type {InputType} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const PIECES: Record<InputType, string[]> = {
	html: [
		'<a href="x.html">',
		'<a href=y>',
		'</a>',
		'<base href="/b/">',
		'<img srcset="a 1x, b 2x">',
		'<style>a{background:url(s.png)}</style>',
		'<p style="background:url(p.png)">',
		'<iframe srcdoc="<a href=&quot;i&quot;>">',
		'<!--',
		'-->',
		'text ',
		'http://t.example/ ',
		'<head>',
		'<body>',
		'&amp;',
		'\n',
	],
	xhtml: ['<a href="x.html"/>', '<style><![CDATA[a{background:url(c.png)}]]></style>', '<p>', '</p>', 'text', '&amp;'],
	xml: [
		'<feed xmlns="http://www.w3.org/2005/Atom">',
		'<link href="x"/>',
		'<entry xml:base="e/">',
		'</entry>',
		'<content type="html">',
		'</content>',
		'&lt;a href="h"&gt;',
		'<![CDATA[<img src="c.png">]]>',
		'<id>',
		'</id>',
		'urn:x ',
		'http://i.example/',
		'&amp;',
		'\n',
		'<!--',
		'-->',
	],
	css: [
		'a{background:url(x.png)}',
		'@import "i.css";',
		'/* url(c) */',
		'url(',
		')',
		'"',
		"'",
		' ',
		'\\',
		'b{c:image-set("d.png" 1x)}',
	],
	text: [
		'http://a.example/x ',
		'<URL:rel/y>',
		'<http://b.example/\n  wrapped>',
		'www.c.example.',
		' ',
		'\n',
		'<',
		'>',
		'"',
		'mail@d.example',
	],
};

for (const type of ['html', 'xhtml', 'xml', 'css', 'text'] as InputType[]) {
	test(`${type}: no event starts before the watermark read after the previous write`, t => {
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom(...PIECES[type]), {maxLength: 30}),
				fc.array(fc.nat(), {maxLength: 10}),
				(pieces, cuts) => {
					const input = pieces.join('');
					const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
					let safe = 0;
					let ok = true;
					const options: CoreOptions = {
						type,
						retrievalUrl: 'https://w.example/a/b.html',
						textLinks: true,
						fuzzy: {domains: true, emails: true},
					};
					const core = createExtractor(options, (_link, event: ReferenceEvent) => {
						if (event.start < safe) ok = false;
					});
					let last = 0;
					for (const point of [...points, input.length]) {
						core.write(input.slice(last, point));
						last = point;
						const next = core.safeOffset;
						if (next < safe || next > input.length) ok = false;
						safe = next;
					}
					core.end();
					return ok;
				},
			),
			fcParams(t, 400),
		);
		t.pass();
	});
}
