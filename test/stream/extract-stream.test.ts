import {Readable} from 'node:stream';
import test from 'ava';
import fc from 'fast-check';
import {createExtractStream, extractLinks} from '../../src/index.js';
import type {ExtractOptions, Link} from '../../src/index.js';
import {fcParams} from '../helpers/seed.js';
import {split} from '../helpers/chunks.js';

const samples: Array<[string, ExtractOptions]> = [
	[
		'<!doctype html><head><base href="/d/"><link rel=stylesheet href="s.css?v=1&amp;x=é"></head>' +
			'<body><a href="a b.html">é</a><img srcset="x.png 1x, y,z.png 2x"><p style="background:url(\'bg.png\')">' +
			'<script>var s = "<a href=no>";</script><style>@import "i.css"; .x{background:url(u\\2e png)}</style>😀<a href=#f>f</a>',
		{type: 'html', retrievalUrl: 'https://example.com/a/b.html'},
	],
	[
		'@import url(one.css);\n.a { background: url("two.png") } /* url(no.png) */ .b{background:url( thr\\65 e.png )}',
		{type: 'css', retrievalUrl: 'https://example.com/css/site.css'},
	],
	[
		'See <URL:http://example.com/a/very/long/\n   path.html> or www.example.org, and "https://x.example/é?q=1".\n',
		{type: 'text'},
	],
];

async function collect(chunks: Buffer[], options: ExtractOptions): Promise<Link[]> {
	const links: Link[] = [];
	for await (const link of Readable.from(chunks, {objectMode: false}).pipe(createExtractStream(options)))
		links.push(link);
	return links;
}

for (const [input, options] of samples) {
	test(`${options.type}: the stream gives the one-shot Links for any split of the bytes`, async t => {
		const bytes = Buffer.from(input, 'utf8');
		const expected = extractLinks(input, options);
		t.true(expected.length > 0);
		t.deepEqual(await collect([bytes], options), expected);
		t.deepEqual(
			await collect(
				[...bytes].map(b => Buffer.of(b)),
				options,
			),
			expected,
			'one byte at a time',
		);
		await fc.assert(
			fc.asyncProperty(fc.array(fc.nat(), {maxLength: 12}), async cuts => {
				t.deepEqual(await collect(split(bytes, cuts), options), expected);
			}),
			fcParams(t, 150),
		);
	});
}

test('bytes and string input give the same Links', t => {
	for (const [input, options] of samples)
		t.deepEqual(extractLinks(Buffer.from(input), options), extractLinks(input, options));
});

test('every Link span slices to its raw text', t => {
	for (const [input, options] of samples) {
		for (const link of extractLinks(input, options)) t.is(input.slice(link.start, link.end), link.raw);
	}
});
