/**
 * Properties of the HTML core over whole pages: the same Links whatever the chunking
 * (whole, one character at a time, random splits; fast-check, seeded), every Link's raw is
 * its source slice and decodes to its value, and the source held stays bounded.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {fc} from '@fast-check/ava';
import test from 'ava';
import {decodeHTMLAttribute, decodeHTMLStrict} from 'entities';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import {fcParams} from '../helpers/seed.js';
import {collect, PAGE_URL, splitAt, type TestOptions} from './html-collect.js';

interface Page {
	name: string;
	input: string;
	options: TestOptions;
}

function pages(folder: URL): Page[] {
	let names: string[];
	try {
		names = readdirSync(folder).filter(name => /\.(x?html)$/.test(name));
	} catch {
		return [];
	}
	return names.map(name => ({
		name,
		input: readFileSync(new URL(name, folder), 'utf8'),
		options: name.endsWith('.xhtml') ? {type: 'xhtml'} : {},
	}));
}

const UNIT = pages(new URL('../../fixtures/html-unit/', import.meta.url));
// The browser-checked pages (written by another suite) add variety when present.
const BROWSER = pages(new URL('../../fixtures/html/', import.meta.url));
const ALL = [...UNIT, ...BROWSER];
const EXTRAS: TestOptions = {anchorText: true, textLinks: true};

test('unit fixture pages are present', t => {
	t.true(UNIT.length >= 3);
});

for (const page of UNIT) {
	test(`${page.name}: one character at a time gives the same Links as whole`, t => {
		const options = {...page.options, ...EXTRAS};
		const whole = collect(page.input, options);
		t.true(whole.links.length > 5);
		t.deepEqual(collect(page.input, options, [...page.input]), whole);
	});
}

test('random splits give the same Links and events (all fixture pages)', t => {
	const property = fc.property(
		fc.integer({min: 0, max: ALL.length - 1}),
		fc.array(fc.nat(), {maxLength: 40}),
		fc.boolean(),
		(index, cuts, extras) => {
			const page = ALL[index];
			if (page === undefined) return true;
			const options = extras ? {...page.options, ...EXTRAS} : page.options;
			const whole = collect(page.input, options);
			const split = collect(
				page.input,
				options,
				splitAt(
					page.input,
					cuts.map(cut => cut % (page.input.length + 1)),
				),
			);
			return t.deepEqual(split, whole);
		},
	);
	fc.assert(property, fcParams(t, 300));
	t.pass();
});

test('random documents: chunk invariance and raw === input.slice(start, end)', t => {
	const part = fc.constantFrom(
		'<a href="x&amp;y.html">',
		'<img srcset="a.jpg 1x, b,c.jpg 2x">',
		'<base href="/b/">',
		'</a>',
		'<p>',
		'text ',
		'http://t.example/ ',
		'&copy',
		'&amp;',
		'<style>a{background:url(',
		's.png)}</style>',
		'<script>',
		'</script>',
		'<!--',
		'-->',
		'<svg>',
		'</svg>',
		'<title>',
		'</title>',
		'<meta http-equiv=refresh content="0;url=r">',
		'<div style="x:url(&quot;q&quot;)">',
		'<iframe srcdoc="&lt;a href=n&gt;">',
		'\r\n',
		'"',
		"'",
		'=',
		'<',
		'>',
	);
	const property = fc.property(fc.array(part, {maxLength: 30}), fc.array(fc.nat(), {maxLength: 10}), (parts, cuts) => {
		const input = parts.join('');
		const whole = collect(input, EXTRAS);
		let ok = t.deepEqual(
			collect(
				input,
				EXTRAS,
				splitAt(
					input,
					cuts.map(cut => cut % (input.length + 1)),
				),
			),
			whole,
		);
		for (const link of whole.links) ok = t.is(input.slice(link.start, link.end), link.raw) && ok;
		return ok;
	});
	fc.assert(property, fcParams(t, 300));
	t.pass();
});

test('every Link: raw is the source slice; attribute values decode to value', t => {
	let checked = 0;
	for (const page of ALL) {
		const decode = page.options.type === 'xhtml' ? decodeHTMLStrict : decodeHTMLAttribute;
		const {links, events} = collect(page.input, {...page.options, ...EXTRAS});
		links.forEach((link, i) => {
			t.is(page.input.slice(link.start, link.end), link.raw, `${page.name} ${link.element} ${link.attribute}`);
			const event = events[i];
			if (
				event?.container !== 'attribute' ||
				!['url', 'list-item', 'comma-item', 'srcset', 'meta-refresh'].includes(event.syntax)
			)
				return;
			const once = decode(link.raw).replaceAll('\r\n', '\n');
			// A srcdoc document's values are decoded twice: once as the attribute, once inside.
			t.true(link.value === once || link.value === decode(once), `${page.name}: ${link.raw} → ${link.value}`);
			checked++;
		});
	}
	t.true(checked > 50);
});

test('memory: the source held stays bounded while a long document streams through', t => {
	const core = new HtmlExtractor(
		{type: 'html', retrievalUrl: PAGE_URL, anchorText: true, textLinks: true},
		() => undefined,
	);
	const block =
		'<div class="c"><a href="x.html">link text</a> some text http://t.example/ <img src="i.png"><!-- comment --></div>\n';
	let peak = 0;
	for (let i = 0; i < 20_000; i++) {
		core.write(block.slice(0, 50));
		core.write(block.slice(50));
		peak = Math.max(peak, core.heldLength);
	}
	core.end();
	t.true(peak < 4 * block.length, `held at most ${peak} characters`);
});

test('memory: a giant comment is not held', t => {
	const core = new HtmlExtractor({type: 'html', retrievalUrl: PAGE_URL}, () => undefined);
	core.write('<!--');
	let peak = 0;
	for (let i = 0; i < 200; i++) {
		core.write('x'.repeat(1 << 18));
		peak = Math.max(peak, core.heldLength);
	}
	core.write('--><a href="after.html">');
	core.end();
	t.true(peak <= (1 << 24) + (1 << 18), `held at most ${peak} characters`);
});
