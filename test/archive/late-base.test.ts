/**
 * Issue 13: mail parts and WARC records are documents read whole: a BASE after body
 * content governs the references before it (HTML #document-base-url), as in
 * `extractLinks`. Expected URLs resolved by hand.
 */
import test from 'ava';
import {extractMail} from '../../src/archive/mail/mail.js';
import {extractWarc} from '../../src/archive/warc/warc.js';
import type {Link} from '../../src/types.js';

const PAGE =
	'<p>text</p><a href="first.html">a</a><div><p><base href="https://mirror.example/archive/"></p></div><a href="after.html">b</a>';

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	// One byte at a time: the hold must not depend on how the archive arrives.
	for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
}

async function all(links: AsyncIterable<Link>): Promise<Link[]> {
	const out: Link[] = [];
	for await (const link of links) out.push(link);
	return out;
}

test('a mail HTML part: the late BASE governs the links before it', async t => {
	const eml = [
		'From: a@example.org',
		'Message-ID: <late@example.org>',
		'MIME-Version: 1.0',
		'Content-Type: text/html; charset=utf-8',
		'Content-Location: http://mail.example/dir/page.html',
		'',
		PAGE,
		'',
	].join('\r\n');
	const links = await all(extractMail(once(Buffer.from(eml)), {type: 'eml', onError: error => t.fail(error.message)}));
	t.deepEqual(
		links.filter(link => link.element !== undefined).map(link => [link.element, link.url, link.baseSource]),
		[
			['a', 'https://mirror.example/archive/first.html', 'document'],
			['base', 'https://mirror.example/archive/', 'encapsulating'],
			['a', 'https://mirror.example/archive/after.html', 'document'],
		],
	);
});

test('a WARC response record: the late BASE governs the links before it', async t => {
	const block = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${PAGE}`;
	const record = [
		'WARC/1.1',
		'WARC-Type: response',
		'WARC-Target-URI: http://shop.example/late.html',
		'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000013>',
		'WARC-Date: 2024-01-01T00:00:00Z',
		'Content-Type: application/http;msgtype=response',
		`Content-Length: ${Buffer.byteLength(block)}`,
		'',
		`${block}\r\n\r\n`,
	].join('\r\n');
	const links = await all(extractWarc(once(Buffer.from(record)), {onError: error => t.fail(error.message)}));
	t.deepEqual(
		links.filter(link => link.record?.source === 'body').map(link => [link.element, link.url]),
		[
			['a', 'https://mirror.example/archive/first.html'],
			['base', 'https://mirror.example/archive/'],
			['a', 'https://mirror.example/archive/after.html'],
		],
	);
});
