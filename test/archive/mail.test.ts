import {createReadStream, readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import {MAX_HEADER_BYTES, extractMail} from '../../src/archive/mail/mail.js';
import {MAX_HELD_LINKS} from '../../src/archive/mail/mime.js';
import type {MailErrorContext, MailOptions} from '../../src/archive/mail/mail.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const fixture = (name: string): URL => new URL(`../../fixtures/mail/${name}`, import.meta.url);

interface Run {
	links: Link[];
	errors: Array<{error: Error; context: MailErrorContext}>;
}

async function run(
	input: AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
	options: Omit<MailOptions, 'onError'>,
): Promise<Run> {
	const errors: Run['errors'] = [];
	const links: Link[] = [];
	for await (const link of extractMail(input, {...options, onError: (error, context) => errors.push({error, context})}))
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

/** [url, part, index, cidPart, locationPart] of each Link. */
function rows(
	links: Link[],
): Array<[string | null, string | undefined, number | undefined, string | undefined, string | undefined]> {
	return links.map(link => [
		link.url,
		link.message?.part,
		link.message?.index,
		link.message?.cidPart,
		link.message?.locationPart,
	]);
}

// Expected Links below are worked by hand from the fixtures (see each file) and the RFCs cited.

test('list.mbox: every message, header URIs (RFC 2369), mboxrd quoting, BASE, QP soft break, base64; the malformed message is reported and skipped', async t => {
	const {links, errors} = await run(createReadStream(fixture('list.mbox')), {type: 'mbox'});
	t.deepEqual(rows(links), [
		['https://lists.example.org/archive/team/', 'HEADER', 0, undefined, undefined],
		['mailto:team-leave@example.org?subject=unsubscribe', 'HEADER', 0, undefined, undefined],
		['https://lists.example.org/leave/team', 'HEADER', 0, undefined, undefined],
		['https://docs.example.org/releases/2.0.html', '1', 0, undefined, undefined],
		['https://docs.example.org/changelog#v2', '1', 0, undefined, undefined],
		['https://docs.example.org/quoted', '1', 0, undefined, undefined],
		['https://ci.example.org/team/', '1', 0, undefined, undefined],
		['https://www.example.com/handbook/', '1', 2, undefined, undefined],
		['https://www.example.com/handbook/chapters/intro.html', '1', 2, undefined, undefined],
		['https://downloads.example.com/releases/linkstream-2.0.0-linux-x86_64.tar.gz', '1', 2, undefined, undefined],
		['http://mirror.example.net/pub/', '1', 3, undefined, undefined],
		['ftp://ftp.example.net/pub/README', '1', 3, undefined, undefined],
	]);
	t.deepEqual(
		links.map(link => link.message?.messageId),
		[
			...Array.from({length: 7}, () => 'notes-1@example.org'),
			...Array.from({length: 3}, () => 'notes-3@example.org'),
			'notes-4@example.org',
			'notes-4@example.org',
		],
	);
	t.is(links[0]!.kind, 'metadata');
	t.is(links[0]!.attribute, 'list-archive');
	t.is(links[2]!.raw, 'https://lists.example.org/leave/team');
	t.is(links[3]!.kind, 'text');
	t.is(links[3]!.message?.contentType, 'text/plain');
	t.is(links[8]!.baseSource, 'document');
	t.is(errors.length, 1);
	t.is((errors[0]!.error as Error & {code?: string}).code, 'no-header-fields');
	t.like(errors[0]!.context, {index: 1, separator: 'From -'});
	t.is(
		readFileSync(fixture('list.mbox'))
			.subarray(errors[0]!.context.offset, errors[0]!.context.offset + 6)
			.toString(),
		'From -',
	);
});

test('related.mhtml: RFC 2557 bases (Content-Base folded, relative and RFC 2047 Content-Location, nested related, BASE) and internal references', async t => {
	const {links, errors} = await run(createReadStream(fixture('related.mhtml')), {type: 'eml'});
	t.deepEqual(errors, []);
	t.deepEqual(rows(links), [
		['https://site.example.org/docs/css/site.css', '1', undefined, undefined, '2'],
		['https://site.example.org/docs/guide/img/diagram.png', '1', undefined, undefined, '3'],
		['cid:photo@example.org', '1', undefined, '4', undefined],
		[
			'https://cdn.example.net/assets/very/long/path/segment/that/wraps/in/qp/logo.svg',
			'1',
			undefined,
			undefined,
			undefined,
		],
		['https://site.example.org/docs/guide/missing.html', '1', undefined, undefined, undefined],
		['https://site.example.org/docs/guide/start.html#install', '1', undefined, undefined, '1'],
		['https://site.example.org/docs/img/bg.png', '2', undefined, undefined, undefined],
		['https://other.example.com/section/next.html', '5.1', undefined, undefined, undefined],
		['https://other.example.com/top.html', '5.1', undefined, undefined, undefined],
		['https://base.example.net/x/', '5.2', undefined, undefined, undefined],
		['https://base.example.net/x/y.html', '5.2', undefined, undefined, undefined],
	]);
	t.like(links[0], {base: 'https://site.example.org/docs/guide/start.html', baseSource: 'encapsulating'});
	t.like(links[0]!.message, {
		messageId: 'related-1@example.org',
		contentId: 'page@example.org',
		contentType: 'text/html',
	});
	t.like(links[6], {base: 'https://site.example.org/docs/css/site.css', element: 'style'});
	t.like(links[10], {base: 'https://base.example.net/x/', baseSource: 'document'});
});

test('forward.eml: an attached message/rfc822 is walked; it inherits its part Content-Location; its Archived-At is a Link', async t => {
	const {links, errors} = await run(chunks(readFileSync(fixture('forward.eml'))), {type: 'eml'});
	t.deepEqual(errors, []);
	t.deepEqual(rows(links), [
		['http://mirror.example.org/announce', '1', undefined, undefined, undefined],
		['https://archive.example.com/msg/announce-7', '2.HEADER', undefined, undefined, undefined],
		['https://announce.example.com/2025/details.html', '2.1', undefined, undefined, undefined],
		['https://announce.example.com/2025/details.html', '2.2', undefined, undefined, undefined],
		['cid:banner@example.com', '2.2', undefined, '3', undefined],
	]);
	t.is(links[0]!.delimiter, '<>');
	t.like(links[1], {kind: 'metadata', attribute: 'archived-at'});
	t.like(links[3], {value: 'details.html', base: 'https://announce.example.com/2025/'});
	t.true(links.every(link => link.message?.messageId === 'fwd-1@example.org'));
});

test('flowed.eml: QP, then format=flowed with delsp=yes, then the text scanner', async t => {
	const {links} = await run(createReadStream(fixture('flowed.eml')), {type: 'eml'});
	t.deepEqual(
		links.map(link => link.url),
		[
			'https://wiki.example.org/design/streaming/bounded-memory/overview.html',
			'https://example.org/mislabelled',
			'https://quoted.example.org/one',
			'https://quoted.example.org/two',
			'https://stuffed.example.org/',
			'https://example.org/~sender/',
		],
	);
	t.true(links.every(link => link.kind === 'text' && link.message?.part === '1'));
});

test('flowed-delsp-no.eml: without delsp the soft break keeps its space', async t => {
	const {links} = await run(createReadStream(fixture('flowed-delsp-no.eml')), {type: 'eml'});
	t.deepEqual(
		links.map(link => link.url),
		['https://example.org/a/long/path/'],
	);
});

test('iso-2022-jp.eml: text scanned after charset decoding; a windows-1252 HTML part keeps its query encoding', async t => {
	const {links} = await run(createReadStream(fixture('iso-2022-jp.eml')), {type: 'eml'});
	t.deepEqual(
		links.map(link => [link.value, link.url, link.message?.part]),
		[
			['https://example.jp/docs/', 'https://example.jp/docs/', '1'],
			['http://example.jp/本', 'http://example.jp/%E6%9C%AC', '1'],
			['https://shop.example.com/search?q=café', 'https://shop.example.com/search?q=caf%E9', '2'],
		],
	);
	t.is(links[0]!.line, 1);
	t.is(links[0]!.column, 5, 'offsets count decoded characters: 日本語が is four');
});

for (const name of ['article.news', 'article-wire.news']) {
	test(`${name}: Archived-At (RFC 5064) and body URIs; References is not a Link`, async t => {
		const {links} = await run(createReadStream(fixture(name)), {type: 'news'});
		t.deepEqual(
			links.map(link => [link.url, link.kind, link.message?.part]),
			[
				['https://archive.example.net/comp.infosystems.www.misc/42', 'metadata', 'HEADER'],
				['news:older-1@example.net', 'text', '1'],
				['nntp://news.example.net/comp.infosystems.www.misc/42', 'text', '1'],
				['https://example.net/.well-known/security.txt', 'text', '1'],
			],
		);
		t.true(
			links.every(link => link.message?.messageId === 'link-check-1@example.net' && link.message.index === undefined),
		);
	});
}

test('the retrieval URL replaces thismessage:/ as the outer base (RFC 2396 §5.1.3)', async t => {
	const message = Buffer.from('Subject: x\r\nContent-Type: text/html\r\n\r\n<a href="x.html">x</a>\r\n');
	const plain = await run(chunks(message), {type: 'eml'});
	t.like(plain.links[0], {url: 'thismessage:/x.html', base: 'thismessage:/', baseSource: 'encapsulating'});
	const retrieved = await run(chunks(message), {type: 'eml', retrievalUrl: 'https://mail.example.org/msg/1'});
	t.like(retrieved.links[0], {url: 'https://mail.example.org/msg/x.html', baseSource: 'retrieval'});
});

test('a header block over MAX_HEADER_BYTES is a reported MIME limit; the next message is still read', async t => {
	const big = `From a@b Sat Nov  1 10:00:00 2025\nSubject: big\nX-Big: ${'x'.repeat(MAX_HEADER_BYTES)}\n\nhttp://never.example/\n\n`;
	const next = 'From c@d Sat Nov  1 11:00:00 2025\nSubject: next\n\nhttp://next.example/\n';
	const {links, errors} = await run(chunks(Buffer.from(big + next), [65_536]), {type: 'mbox'});
	t.deepEqual(
		links.map(link => [link.url, link.message?.index]),
		[['http://next.example/', 1]],
	);
	t.is(errors.length, 1);
	t.is((errors[0]!.error as Error & {code?: string}).code, 'mime-limit');
	t.is(errors[0]!.context.index, 0);
});

test('past MAX_HELD_LINKS, held Links are matched against the parts seen so far and emitted', async t => {
	const urls = Array.from({length: MAX_HELD_LINKS + 5}, (_, k) => `http://x.example/${k}`);
	const message = [
		'Subject: many\r\nContent-Type: multipart/related; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n',
		urls.join('\r\n'),
		'\r\n--b\r\nContent-Type: image/png\r\nContent-Location: http://x.example/0\r\n\r\nx\r\n',
		`--b\r\nContent-Type: image/png\r\nContent-Location: http://x.example/${MAX_HELD_LINKS + 3}\r\n\r\nx\r\n--b--\r\n`,
	].join('');
	const {links} = await run(chunks(Buffer.from(message), [4096]), {type: 'eml'});
	t.is(links.length, urls.length);
	t.is(links[0]!.message?.locationPart, undefined, 'emitted before the part at http://x.example/0 was seen');
	t.is(links[MAX_HELD_LINKS + 3]!.message?.locationPart, '3');
});

test('the same Links for any split of the input bytes', async t => {
	const bytes = Buffer.concat(
		[
			readFileSync(fixture('list.mbox')),
			Buffer.from('\n'),
			readFileSync(fixture('related.mhtml')).toString('latin1').replace(/^/, 'From x@y Sat Nov  1 10:00:00 2025\r\n'),
		].map(b => Buffer.from(b)),
	);
	const expected = JSON.stringify((await run(chunks(bytes), {type: 'mbox'})).links);
	t.true(expected.length > 1000);
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.integer({min: 1, max: 400}), {minLength: 1, maxLength: 8}),
			async sizes => JSON.stringify((await run(chunks(bytes, sizes), {type: 'mbox'})).links) === expected,
		),
		fcParams(t, 40),
	);
});

test('a single message may start with a UTF-8 BOM and an mbox From_ line', async t => {
	const message = Buffer.from('\uFEFFFrom a@b Sat Nov  1 10:00:00 2025\nSubject: x\n\nhttp://bom.example/\n');
	for (const sizes of [[message.length], [1], [2, 5]]) {
		const {links, errors} = await run(chunks(message, sizes), {type: 'eml'});
		t.deepEqual(errors, []);
		t.deepEqual(
			links.map(link => link.url),
			['http://bom.example/'],
			String(sizes),
		);
	}
});

test('options are checked', async t => {
	await t.throwsAsync(async () => run(chunks(Buffer.from('')), {type: 'warc' as 'mbox'}), {name: 'OptionError'});
	await t.throwsAsync(async () => run(chunks(Buffer.from('')), {type: 'eml', retrievalUrl: 'relative/path'}), {
		name: 'OptionError',
	});
});

test('a message given as one 4 MB chunk: its first Links come before its last part is read', async t => {
	// The command hands a small enough file over whole; reading it all before the first Link
	// made every Link of it at once (a 16 MB .eml of links: 551 MB).
	const html = '<a href="x">\r\n'.repeat(300_000);
	const message = [
		'From: a@example.org',
		'MIME-Version: 1.0',
		'Content-Type: multipart/mixed; boundary="b"',
		'',
		'--b',
		'Content-Type: text/html',
		'',
		html,
		'--b',
		'Content-Type: text/plain',
		'Content-Transfer-Encoding: x-unknown',
		'',
		'http://example.org/last',
		'--b--',
		'',
	].join('\r\n');
	const order: string[] = [];
	let links = 0;
	for await (const link of extractMail(chunks(Buffer.from(message)), {
		type: 'eml',
		onWarning: warning => order.push(warning.code),
	})) {
		if (links++ === 0) order.push('first link');
		if (link.url === 'http://example.org/last') order.push('last link');
	}
	t.is(links, 300_001);
	t.deepEqual(order, ['first link', 'unknown-transfer-encoding', 'last link']);
});
