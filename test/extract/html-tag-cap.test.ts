/**
 * One tag's references are capped: past MAX_TAG_REFERENCES, the rest of
 * the tag is one Link with `error: 'too-many'` whose span covers the references not
 * reported, and a rewrite keeps those bytes as written. A stream with no reader then holds
 * at most MAX_TAG_REFERENCES + 1 Links per tag, not one per candidate.
 */
import test from 'ava';
import {createExtractStream, extractLinks, rewriteLinks} from '../../src/index.js';
import type {Link} from '../../src/index.js';
import {MAX_TAG_REFERENCES} from '../../src/extract/html/tag-cap.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import {MAX_URL_LENGTH} from '../../src/extract/base.js';

const OPTIONS = {type: 'html', retrievalUrl: 'https://example.com/d/'} as const;
const COUNT = MAX_TAG_REFERENCES + 500;
const names = (n: number, separator: string): string => Array.from({length: n}, (_, i) => `u${i}.png`).join(separator);

/** Tags whose one attribute holds COUNT references, and where the one not reported starts. */
const SHAPES: ReadonlyArray<{name: string; html: string; attribute: string}> = [
	{name: 'srcset', html: `<img srcset="${names(COUNT, ', ')}">`, attribute: 'srcset'},
	{name: 'ping', html: `<a ping="${names(COUNT, ' ')}">`, attribute: 'ping'},
	{
		name: 'style url()',
		html: `<p style="${Array.from({length: COUNT}, (_, i) => `--v${i}:url(u${i}.png);`).join('')}">`,
		attribute: 'style',
	},
	{name: 'object archive', html: `<object archive="${names(COUNT, ' ')}"></object>`, attribute: 'archive'},
	{
		name: 'iframe srcdoc',
		html: `<iframe srcdoc="${Array.from({length: COUNT}, (_, i) => `<a href=u${i}.png>`).join('')}"></iframe>`,
		attribute: 'href',
	},
];

for (const {name, html, attribute} of SHAPES) {
	test(`${name}: ${COUNT} references give ${MAX_TAG_REFERENCES} Links and one 'too-many' Link over the rest`, t => {
		const links = extractLinks(html, OPTIONS);
		t.is(links.length, MAX_TAG_REFERENCES + 1);
		t.is(links[MAX_TAG_REFERENCES - 1]!.url, `https://example.com/d/u${MAX_TAG_REFERENCES - 1}.png`);
		const rest = links[MAX_TAG_REFERENCES]!;
		t.is(rest.url, null);
		t.is(rest.error, 'too-many');
		t.is(rest.attribute, attribute);
		// The span runs from the first reference not reported to the end of the last one.
		const first = html.indexOf(`u${MAX_TAG_REFERENCES}.png`);
		const last = html.lastIndexOf(`u${COUNT - 1}.png`) + `u${COUNT - 1}.png`.length;
		t.deepEqual([rest.start, rest.end], [first, last]);
		t.is(rest.raw, html.slice(first, last));
	});

	test(`${name}: the rewrite rewrites the first ${MAX_TAG_REFERENCES} and keeps the rest byte for byte`, t => {
		const out = rewriteLinks(html, {...OPTIONS, to: 'absolute'});
		const first = html.indexOf(`u${MAX_TAG_REFERENCES}.png`);
		const tail = html.slice(first);
		t.true(out.endsWith(tail), 'the references past the cap are as written');
		t.true(out.includes(`https://example.com/d/u${MAX_TAG_REFERENCES - 1}.png`));
		t.false(out.includes(`https://example.com/d/u${MAX_TAG_REFERENCES}.png`));
	});
}

test('a stream with no reader holds at most MAX_TAG_REFERENCES + 1 Links per tag', async t => {
	const stream = createExtractStream(OPTIONS);
	const tags = 3;
	for (let i = 0; i < tags; i++) stream.write(`<img srcset="${names(4 * MAX_TAG_REFERENCES, ', ')}">`);
	// The transform has run on every chunk written (nothing read): what it pushed waits in the buffer.
	await new Promise(resolve => setImmediate(resolve));
	t.true(stream.readableLength <= tags * (MAX_TAG_REFERENCES + 1), `${stream.readableLength} Links held`);
	stream.end();
	const links: Link[] = [];
	for await (const link of stream) links.push(link as Link);
	t.is(links.length, tags * (MAX_TAG_REFERENCES + 1));
});

test('an href of MAX_URL_LENGTH + 1 NULs is not resolved (error invalid-url) and a rewrite keeps it', t => {
	const html = `<a href="${'\0'.repeat(MAX_URL_LENGTH + 1)}">x</a>`;
	const [link] = extractLinks(html, OPTIONS);
	t.is(link?.url, null);
	t.is(link?.error, 'invalid-url');
	// HTML §13.2.5.36: NUL in an attribute value is U+FFFD.
	t.is(link?.value, '\uFFFD'.repeat(MAX_URL_LENGTH + 1));
	t.is(rewriteLinks(html, {...OPTIONS, to: 'absolute'}), html);
});

test('a printable ASCII data: URL longer than MAX_URL_LENGTH is still resolved', t => {
	const url = `data:text/plain,${'a'.repeat(MAX_URL_LENGTH)}`;
	const [link] = extractLinks(`<img src="${url}">`, OPTIONS);
	t.is(link?.url, url);
});

test('iframe srcdoc: past the cap, more references make no more Links (only the overflow span grows)', t => {
	// A 16 MB srcdoc of a million links made a Link for each, dropped at the cap: 365 MB.
	// `own` is applied to every string of each Link made, so its calls count the Links made.
	const made = (count: number): {calls: number; links: Link[]} => {
		let calls = 0;
		const links: Link[] = [];
		const own = (s: string): string => {
			calls++;
			return s;
		};
		const core = new HtmlExtractor({...OPTIONS, own}, link => links.push(link));
		core.write(`<iframe srcdoc="${'&lt;a href=x&gt;'.repeat(count)}"></iframe>`);
		core.end();
		return {calls, links};
	};
	const some = made(50_000);
	const more = made(100_000);
	t.is(more.calls, some.calls);
	// The same Links, the overflow spanning the rest of the value in the source either way.
	const prefix = '<iframe srcdoc="'.length;
	for (const [{links}, count] of [
		[some, 50_000],
		[more, 100_000],
	] as const) {
		t.is(links.length, MAX_TAG_REFERENCES + 1);
		const rest = links[MAX_TAG_REFERENCES]!;
		t.is(rest.error, 'too-many');
		t.is(rest.start, prefix + MAX_TAG_REFERENCES * 16 + '&lt;a href='.length);
		t.is(rest.end, prefix + (count - 1) * 16 + '&lt;a href=x'.length);
	}
});
