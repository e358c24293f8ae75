/**
 * Links that do not keep the input alive (src/stream/core/detach.ts): a consumer that keeps a
 * few Links of a long stream keeps those Links, not the chunks they were sliced from.
 * Memory is measured after a full GC (`gc` exposed through v8.setFlagsFromString); each
 * measurement is paired with a control run (Links not detached) that must keep the input,
 * so the test shows it can fail.
 */
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import test from 'ava';
import fc from 'fast-check';
import {checkExtractOptions} from '../../src/options.js';
import {createExtractStream} from '../../src/stream/node/extract.js';
import {resolveContext, resolveEvent} from '../../src/extract/base.js';
import {referenceEvent} from '../../src/extract/event.js';
import {detach} from '../../src/stream/core/detach.js';
import {ExtractPipeline} from '../../src/stream/core/pipeline.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: {type: 'minor' | 'major'}) => void;

/** Live heap after two full collections. */
function liveHeap(): number {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

type Kind = 'html' | 'xml' | 'css' | 'text' | 'text-www';

/** Each page's Links have long raw, value, URL and rel strings (the text-www URL is completed from its value). */
const PAGES: Record<Kind, (i: number) => string> = {
	html: i =>
		`<p><a rel="External-Nofollow-Token" href="/articles/${i}/a-fairly-long-path.html?page=${i}&amp;x=1">Article ${i}</a> and some words to fill the page ${'.'.repeat(200)}</p>\n`,
	// An xml:base, a URL in element text, escaped HTML (its Links carry embed, naming the element) per item.
	xml: i =>
		`${i === 0 ? '<rss xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>' : ''}<item xml:base="/items/${i}/"><link>/articles/${i}/a-fairly-long-path.html</link><content:encoded>&lt;a href="a-long-relative-path-${i}.html"&gt;x&lt;/a&gt; ${'.'.repeat(200)}</content:encoded></item>\n`,
	css: i => `.block-${i} { background: url("../images/a-fairly-long-name-${i}.png") } /* ${'.'.repeat(200)} */\n`,
	text: i => `See <http://www.example.com/archive/${i}/a-fairly-long-path.html> and ${'words '.repeat(40)}\n`,
	'text-www': i => `See www.example.com/archive/${i}/a-fairly-long-path.html and ${'words '.repeat(40)}\n`,
};

/** About `total` characters of `type` input, in 64 KiB chunks, each a string of its own. */
function chunksOf(type: Kind, total: number): Buffer[] {
	const chunks: Buffer[] = [];
	let pending = '';
	for (let i = 0, made = 0; made < total; i++) {
		pending += PAGES[type](i);
		if (pending.length >= 1 << 16) {
			chunks.push(Buffer.from(pending));
			made += pending.length;
			pending = '';
		}
	}
	return chunks;
}

/** Bytes still live after keeping every 256th Link of ~8 MB of input. */
function keptBytes(type: Kind, detached: boolean): {retained: number; kept: Link[]} {
	const chunks = chunksOf(type, 8 << 20);
	const kept: Link[] = [];
	let seen = 0;
	const before = liveHeap();
	const pipeline = new ExtractPipeline(
		checkExtractOptions({type: type === 'text-www' ? 'text' : type, retrievalUrl: 'https://example.com/dir/page'}),
		nodeCodecs,
		link => {
			if (seen++ % 256 === 0) kept.push(link);
		},
		undefined,
		detached,
	);
	for (const chunk of chunks.splice(0)) pipeline.write(chunk);
	pipeline.end();
	return {retained: liveHeap() - before, kept};
}

for (const type of ['html', 'xml', 'css', 'text', 'text-www'] as const) {
	test.serial(`${type}: kept Links do not keep the input (control: undetached Links do)`, t => {
		const control = keptBytes(type, false);
		const detached = keptBytes(type, true);
		t.log(
			`${type}: ${control.kept.length} Links kept; retained ${(control.retained / 2 ** 20).toFixed(1)} MiB undetached, ${(detached.retained / 2 ** 20).toFixed(1)} MiB detached`,
		);
		t.is(detached.kept.length, control.kept.length);
		t.deepEqual(detached.kept, control.kept);
		t.true(control.retained > 4 << 20, 'the control keeps most of the 8 MB input');
		t.true(detached.retained < 1 << 20, 'detached Links keep about their own size');
	});
}

test.serial('createExtractStream hands out detached Links', async t => {
	const chunks = chunksOf('html', 4 << 20);
	const kept: Link[] = [];
	const before = liveHeap();
	const stream = createExtractStream({type: 'html', retrievalUrl: 'https://example.com/dir/page'});
	let seen = 0;
	stream.on('data', (link: Link) => {
		if (seen++ % 256 === 0) kept.push(link);
	});
	const done = new Promise(resolve => stream.on('end', resolve));
	for (const chunk of chunks.splice(0)) stream.write(chunk);
	stream.end();
	await done;
	t.true(kept.length > 10);
	t.true(liveHeap() - before < 1 << 20);
});

test('detach: the same text, for any string', t => {
	fc.assert(
		fc.property(fc.string({unit: 'binary', maxLength: 64}), fc.nat(40), (s, cut) => {
			const slice = `${'x'.repeat(cut)}${s}${'y'.repeat(cut)}`.slice(cut, cut + s.length);
			return detach(slice) === s;
		}),
		fcParams(t, 500),
	);
	t.pass();
});

test.serial('detach: a copy keeps only its own characters (no slice over a longer copy)', t => {
	const count = 20_000;
	const length = 200;
	const page = 'abcdefghij'.repeat((count * length) / 10 + 10);
	const cut = (i: number): string => page.slice(i * length + 1, (i + 1) * length + 1);
	// `repeat` joins: the first slice makes the page one string (not to be counted below).
	cut(0);
	/** Live bytes per string of `count` strings made by `make`, after a young-generation collection (as any run has). */
	const keptPerString = (make: (i: number) => string): number => {
		const before = liveHeap();
		const kept: string[] = [];
		for (let i = 0; i < count; i++) kept.push(make(i));
		gc({type: 'minor'});
		const bytes = (liveHeap() - before) / count;
		t.is(kept[3], cut(3));
		return bytes;
	};
	// The control: a string of its own with the same characters (the page is lower-case letters).
	const control = keptPerString(i => cut(i).toUpperCase().toLowerCase());
	const detached = keptPerString(i => detach(cut(i)));
	t.log(`${detached.toFixed(1)} bytes per detached string of ${length} units; ${control.toFixed(1)} for a copy`);
	// A sliced string over a copy (32 bytes more, and a unit) is over this.
	t.true(detached < control + 16, `${detached} bytes per string`);
});

test('resolveEvent with `own`: each string a Link hands out goes through it; the Link is the same', t => {
	const page = `<a href="a-rather-long-reference.html" rel="a-long-rel-token-here">`.repeat(100);
	const cut = (s: string): string => page.slice(page.indexOf(s), page.indexOf(s) + s.length);
	const raw = cut('a-rather-long-reference.html');
	const event = referenceEvent(raw, raw, 9, 37, 1, 10, 'navigation', 'base', 'url', 'attribute');
	event.element = 'a';
	event.attribute = 'href';
	event.rel = [cut('a-long-rel-token-here'), 'x'];
	const base = {url: 'https://example.com/dir/page', source: 'retrieval' as const};
	const owned: string[] = [];
	const own = (s: string): string => {
		owned.push(s);
		return detach(s);
	};
	const plain = resolveEvent(event, resolveContext({}, base));
	const link = resolveEvent(event, resolveContext({own}, base));
	t.deepEqual(link, plain);
	t.is(link.url, 'https://example.com/dir/a-rather-long-reference.html');
	// The base once (with the context), the raw text (the value is the same string), element, attribute, rel tokens.
	t.deepEqual(owned, ['https://example.com/dir/page', raw, 'a', 'href', 'a-long-rel-token-here', 'x']);
	// A completed reference (Appendix F) is resolved from its own copy too.
	event.reference = `http://${raw}`;
	owned.length = 0;
	t.is(resolveEvent(event, resolveContext({own}, base)).url, 'http://a-rather-long-reference.html/');
	t.true(owned.includes(`http://${raw}`));
});
