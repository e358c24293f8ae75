import {createReadStream, readFileSync} from 'node:fs';
import {Readable} from 'node:stream';
import {gzipSync} from 'node:zlib';
import test from 'ava';
import fc from 'fast-check';
import {WarcError, extractWarc} from '../../src/archive/warc/warc.js';
import type {WarcErrorContext, WarcOptions} from '../../src/archive/warc/warc.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const fixture = (name: string): URL => new URL(`../../fixtures/warc/${name}`, import.meta.url);

interface Run {
	links: Link[];
	errors: Array<{error: WarcError; context: WarcErrorContext}>;
}

async function run(
	input: AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
	options: Omit<WarcOptions, 'onError'> = {},
): Promise<Run> {
	const errors: Run['errors'] = [];
	const links: Link[] = [];
	for await (const link of extractWarc(input, {...options, onError: (error, context) => errors.push({error, context})}))
		links.push(link);
	return {links, errors};
}

async function* chunks(bytes: Uint8Array, sizes: number[] = [bytes.length]): AsyncGenerator<Uint8Array> {
	let position = 0;
	for (let k = 0; position < bytes.length; k++) {
		const size = Math.max(1, sizes[k % sizes.length]!);
		yield bytes.subarray(position, position + size);
		position += size;
	}
}

/** [source, kind, url] of each Link. */
const rows = (links: Link[]): Array<[string | undefined, string, string | null]> =>
	links.map(link => [link.record?.source, link.kind, link.url]);

// Expected Links below are worked by hand from the fixtures (fixtures/warc/README.md) and the RFCs cited there.

const CRAWL: Array<[string, string, string]> = [
	['header:location', 'navigation', 'http://shop.example/new/'],
	['header:link', 'resource', 'https://cdn.example/s,1.css'],
	['header:link', 'navigation', 'http://shop.example/home'],
	['header:link', 'navigation', 'http://shop.example/feed?a=1,2'],
	['body', 'navigation', 'http://shop.example/new/'],
	['header:content-location', 'metadata', 'http://shop.example/new/index.html'],
	['header:refresh', 'navigation', 'http://shop.example/later.html'],
	['header:link', 'resource', 'https://cdn.example/a,b.js'],
	['body', 'base', 'http://mirror.example/b/'],
	['body', 'resource', 'http://mirror.example/s.css'],
	['body', 'navigation', 'http://mirror.example/b/q?s=%E9'],
	['body', 'resource', 'http://mirror.example/b/pics/%C3%A9t%C3%A9.png'],
	['body', 'navigation', 'http://shop.example/chunky/c/1.html'],
	['body', 'navigation', 'http://shop.example/up.html'],
	['body', 'resource', 'http://shop.example/css/base.css'],
	['body', 'resource', 'http://shop.example/img/bg.png'],
	['body', 'navigation', 'https://shop.example/d?x=1'],
	['body', 'navigation', 'http://shop.example/cc/x.html'],
	['body', 'navigation', 'http://shop.example/sniffed.html'],
	['body', 'navigation', 'http://old.example/dir/sub/x.html'],
	['header:location', 'navigation', 'http://shop.example/new/'],
	['body', 'text', 'http://shop.example/doc/a.html'],
];

test('crawl.warc.gz: header and body references of every record, in order; the malformed record is reported and skipped', async t => {
	const {links, errors} = await run(createReadStream(fixture('crawl.warc.gz')), {name: 'crawl.warc.gz'});
	t.deepEqual(rows(links), CRAWL);
	t.deepEqual(
		errors.map(({error, context}) => [error.code, context.targetUri, context.type, context.name]),
		[['malformed-http', 'http://shop.example/broken', 'response', 'crawl.warc.gz']],
	);
	t.true(errors[0]!.error.message.startsWith('crawl.warc.gz, offset '));
	t.true(errors[0]!.error instanceof WarcError);
});

test('crawl.warc.gz: record context (target URI, record ID, date, type, status)', async t => {
	const {links} = await run(createReadStream(fixture('crawl.warc.gz')));
	t.deepEqual(links[0]!.record, {
		targetUri: 'http://shop.example/old',
		recordId: '<urn:uuid:00000000-0000-4000-8000-000000000003>',
		date: '2025-06-01T12:00:00Z',
		type: 'response',
		status: 301,
		source: 'header:location',
	});
	const old = links.find(link => link.url === 'http://old.example/dir/sub/x.html')!;
	t.is(old.record?.targetUri, 'http://old.example/dir/page');
	t.is(old.base, 'http://old.example/dir/page');
	t.is(old.baseSource, 'retrieval');
	const revisit = links.at(-2)!;
	t.is(revisit.record?.type, 'revisit');
	t.is(revisit.record?.status, 301);
	const text = links.at(-1)!;
	t.is(text.record?.type, 'resource');
	t.is(text.record?.status, undefined);
	// WHATWG URL: a raw space in the target URI is percent-encoded in the base.
	t.is(text.record?.targetUri, 'http://shop.example/notes/read me.txt');
	t.is(text.base, 'http://shop.example/notes/read%20me.txt');
	// RFC 2396 Appendix E: the wrapping whitespace is not part of the URL.
	t.is(text.raw, 'http://shop.example/doc/\n  a.html');
	t.is(text.value, 'http://shop.example/doc/a.html');
});

test('header references: rel tokens, spans in the HTTP head, the target URI as base (never BASE)', async t => {
	const {links} = await run(createReadStream(fixture('crawl.warc.gz')));
	const link = links.filter(l => l.record?.source === 'header:link');
	t.deepEqual(
		link.map(l => l.rel),
		[['preload'], ['canonical'], ['alternate', 'feed'], ['preload']],
	);
	t.deepEqual(
		link.map(l => l.attribute),
		['link', 'link', 'link', 'link'],
	);
	// Head of record 1: line 1 status, 2 Location, 3 Link, 4 link. "Link: <" puts the URI at column 8.
	t.deepEqual(
		link.map(l => [l.raw, l.line, l.column]),
		[
			['https://cdn.example/s,1.css', 3, 8],
			['/home', 3, 8 + '<https://cdn.example/s,1.css>; rel="preload"; as=style, <'.length - 1],
			['../feed?a=1,2', 4, 8],
			['https://cdn.example/a,b.js', 5, 8],
		],
	);
	const location = links[0]!;
	t.deepEqual(
		[location.raw, location.value, location.line, location.column, location.attribute],
		['new/', 'new/', 2, 11, 'location'],
	);
	// "HTTP/1.1 301 Moved Permanently\r\n" is 32 units: "Location: " starts the value at 42.
	t.deepEqual([location.start, location.end], [42, 46]);
	const refresh = links.find(l => l.record?.source === 'header:refresh')!;
	t.deepEqual(
		[refresh.raw, refresh.column, refresh.base, refresh.baseSource],
		['../later.html', 'Refresh: 5; url='.length + 1, 'http://shop.example/new/', 'retrieval'],
	);
	const contentLocation = links.find(l => l.record?.source === 'header:content-location')!;
	t.is(contentLocation.base, 'http://shop.example/new/');
});

test('plain.warc: a record without target URI is reported; a record cut short keeps what is there and is reported', async t => {
	const {links, errors} = await run(createReadStream(fixture('plain.warc')));
	t.deepEqual(rows(links), [
		['body', 'navigation', 'http://plain.example/b.html'],
		['header:location', 'navigation', 'http://plain.example/d.html'],
		['body', 'navigation', 'http://plain.example/kept.html'],
	]);
	t.deepEqual(
		errors.map(({error, context}) => [error.code, context.targetUri ?? null]),
		[
			['malformed-record', null],
			['truncated-record', 'http://plain.example/cut.html'],
		],
	);
});

test('whole.warc.gz: one gzip member over several records', async t => {
	const {links, errors} = await run(createReadStream(fixture('whole.warc.gz')));
	t.deepEqual(rows(links), [
		['body', 'navigation', 'http://plain.example/b.html'],
		['header:location', 'navigation', 'http://plain.example/d.html'],
	]);
	t.deepEqual(errors, []);
});

test('corrupt.warc.gz: Links before a damaged gzip member, then unreadable data reported at its offset', async t => {
	const bytes = readFileSync(fixture('corrupt.warc.gz'));
	const second = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]), 1);
	const {links, errors} = await run(chunks(bytes, [100]));
	t.deepEqual(rows(links), [['body', 'navigation', 'http://gz.example/one.html']]);
	t.deepEqual(
		errors.map(({error, context}) => [error.code, context.offset]),
		[['unreadable-data', second]],
	);
});

test('ARC files are rejected with an error naming the file, plain or gzipped', async t => {
	const arc = readFileSync(fixture('legacy.arc'));
	for (const bytes of [arc, gzipSync(arc)]) {
		const error = await t.throwsAsync(run(chunks(bytes), {name: 'legacy.arc'}), {instanceOf: WarcError});
		t.is(error?.code, 'unsupported-arc');
		t.regex(error?.message ?? '', /^legacy\.arc: unsupported ARC file/);
	}
});

test('an input that is not a WARC file is rejected; an empty one has no Links', async t => {
	const error = await t.throwsAsync(run(chunks(Buffer.from('<html><a href="x">x</a></html>')), {name: 'page.html'}), {
		instanceOf: WarcError,
	});
	t.is(error?.code, 'not-warc');
	t.regex(error?.message ?? '', /^page\.html: not a WARC file/);
	t.deepEqual(await run(chunks(new Uint8Array(0))), {links: [], errors: []});
});

test('bad options are TypeErrors naming the option', async t => {
	await t.throwsAsync(run(chunks(new Uint8Array(0)), {dialect: 'rfc1808' as never}), {
		instanceOf: TypeError,
		message: /dialect/,
	});
	await t.throwsAsync(run(chunks(new Uint8Array(0)), {plainText: 'yes' as never}), {
		instanceOf: TypeError,
		message: /plainText/,
	});
});

test('plainText: false skips text/plain payloads', async t => {
	const {links} = await run(createReadStream(fixture('crawl.warc.gz')), {plainText: false});
	t.deepEqual(rows(links), CRAWL.slice(0, -1));
});

test('chunk invariance: the same Links for any split of the input (gzip and plain)', async t => {
	const crawl = readFileSync(fixture('crawl.warc.gz'));
	const plain = readFileSync(fixture('plain.warc'));
	const whole = {crawl: (await run(chunks(crawl))).links, plain: (await run(chunks(plain))).links};
	t.deepEqual((await run(chunks(plain, [1]))).links, whole.plain);
	await fc.assert(
		fc.asyncProperty(fc.array(fc.integer({min: 1, max: 700}), {minLength: 1, maxLength: 12}), async sizes => {
			const a = await run(chunks(crawl, sizes));
			const b = await run(chunks(plain, sizes));
			return (
				JSON.stringify(a.links) === JSON.stringify(whole.crawl) &&
				a.errors.length === 1 &&
				JSON.stringify(b.links) === JSON.stringify(whole.plain) &&
				b.errors.length === 2
			);
		}),
		fcParams(t, 40),
	);
	t.pass();
});

test('stopping early closes the input', async t => {
	const crawl = readFileSync(fixture('crawl.warc.gz'));
	const stream = Readable.from(chunks(Buffer.concat(Array.from({length: 50}, () => crawl)), [1024]));
	for await (const link of extractWarc(stream)) {
		t.is(link.url, 'http://shop.example/new/');
		break;
	}
	t.true(stream.destroyed);
	const arc = Readable.from(
		chunks(Buffer.concat([readFileSync(fixture('legacy.arc')), Buffer.alloc(10_000, 0x20)]), [1024]),
	);
	await t.throwsAsync(
		async () => {
			for await (const _ of extractWarc(arc)) t.fail();
		},
		{instanceOf: WarcError},
	);
	t.true(arc.destroyed);
});
