/**
 * A CDATA section of escaped HTML (an RSS description) is read as it comes: its Links, and a
 * rewrite's output, flow as the input does rather than all at the section's `]]>`, so memory
 * stays bounded by the pieces held, not by the section. The Links and the output are the same
 * for any split of the input, a split inside `]]>` included.
 */
import test from 'ava';
import {createExtractor} from '../../src/extract/index.js';
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {Link} from '../../src/types.js';

const PIECE = 1 << 16;
const HEAD = '<rss><channel><item><description><![CDATA[';
const TAIL = ']]></description></item></channel></rss>';
const LINK = '<a href="x">';
/** About 4 MB of links in one CDATA section. */
const COUNT = Math.floor((4 << 20) / LINK.length);

test('extract: the Links of a 4 MB CDATA section come as it is read, not all at its end', t => {
	const input = HEAD + LINK.repeat(COUNT) + TAIL;
	let links = 0;
	const core = createExtractor({type: 'xml', retrievalUrl: 'https://example.com/d/feed'}, () => links++);
	let beforeEnd = 0;
	for (let at = 0; at < input.length; at += PIECE) {
		core.write(input.slice(at, at + PIECE));
		// The last piece holds the section's `]]>`.
		if (at + PIECE < input.length) beforeEnd = links;
	}
	core.end();
	t.is(links, COUNT);
	t.true(beforeEnd >= COUNT - 2 * (PIECE / LINK.length), `${beforeEnd} of ${COUNT} Links before the last piece`);
});

test('rewrite: the output of a 4 MB CDATA section flows before its end, each link made absolute', t => {
	const input = Buffer.from(HEAD + LINK.repeat(COUNT) + TAIL);
	const pipeline = new RewritePipeline(
		checkRewriteOptions({type: 'xml', to: 'absolute', retrievalUrl: 'https://example.com/d/feed'}),
		nodeCodecs,
	);
	const out: Uint8Array[] = [];
	let maxHeld = 0;
	for (let at = 0; at < input.length; at += PIECE) {
		out.push(...(pipeline.write(input.subarray(at, at + PIECE)) as Uint8Array[]));
		maxHeld = Math.max(maxHeld, pipeline.held);
	}
	const beforeEnd = out.reduce((n, piece) => n + piece.length, 0);
	out.push(...(pipeline.end() as Uint8Array[]));
	const output = Buffer.concat(out);
	// A CDATA section's text is taken as written (XML 1.0 §2.7): the new URL goes in unescaped.
	t.true(output.equals(Buffer.from(HEAD + '<a href="https://example.com/d/x">'.repeat(COUNT) + TAIL)));
	t.true(maxHeld <= 2 * PIECE, `held ${maxHeld}`);
	t.true(beforeEnd >= output.length - 4 * PIECE, `${beforeEnd} of ${output.length} bytes out before the end`);
});

/** A section whose text holds `]`, `]]` and `]]]` runs, a link across each. */
const TRICKY = `<rss><channel><item><description>t<![CDATA[<a href="a]]b">x]</a> <img src="c]"><a href='d]]]e'>]]]]>&lt;a href="f"&gt;<![CDATA[<a href="g">]]></description></item></channel></rss>`;

function links(chunks: readonly string[]): Array<Pick<Link, 'url' | 'raw' | 'start' | 'end'>> {
	const found: Array<Pick<Link, 'url' | 'raw' | 'start' | 'end'>> = [];
	const core = createExtractor({type: 'xml', retrievalUrl: 'https://example.com/d/feed'}, ({url, raw, start, end}) =>
		found.push({url, raw, start, end}),
	);
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return found;
}

function rewritten(chunks: readonly string[]): string {
	const pipeline = new RewritePipeline(
		checkRewriteOptions({type: 'xml', to: 'absolute', retrievalUrl: 'https://example.com/d/feed'}),
		nodeCodecs,
	);
	const out = chunks.flatMap(chunk => pipeline.write(chunk) as string[]);
	return [...out, ...(pipeline.end() as string[])].join('');
}

test('a split anywhere in a CDATA section (inside `]]>` too) gives the same Links and output', t => {
	// By hand: the section's text is HTML as written; the escaped text between the sections is HTML after XML decoding.
	const expected = [
		{url: 'https://example.com/d/a]]b', raw: 'a]]b'},
		{url: 'https://example.com/d/c]', raw: 'c]'},
		{url: 'https://example.com/d/d]]]e', raw: 'd]]]e'},
		{url: 'https://example.com/d/f', raw: 'f'},
		{url: 'https://example.com/d/g', raw: 'g'},
	];
	const whole = links([TRICKY]);
	t.deepEqual(
		whole.map(({url, raw}) => ({url, raw})),
		expected,
	);
	for (const link of whole) if (link.raw !== 'f') t.is(TRICKY.slice(link.start, link.end), link.raw);
	const output = rewritten([TRICKY]);
	t.is(
		output,
		TRICKY.replace('"a]]b"', '"https://example.com/d/a]]b"')
			.replace('"c]"', '"https://example.com/d/c]"')
			.replace("'d]]]e'", "'https://example.com/d/d]]]e'")
			.replace('&quot;f&quot;', '&quot;https://example.com/d/f&quot;')
			.replace('"f"', '"https://example.com/d/f"')
			.replace('"g"', '"https://example.com/d/g"'),
	);
	for (let i = 1; i < TRICKY.length; i++) {
		for (const j of [i + 1, i + 2, i + 7]) {
			const chunks = [TRICKY.slice(0, i), TRICKY.slice(i, j), TRICKY.slice(j)];
			t.deepEqual(links(chunks), whole, `cut at ${i}, ${j}`);
			t.is(rewritten(chunks), output, `cut at ${i}, ${j}`);
		}
	}
});
