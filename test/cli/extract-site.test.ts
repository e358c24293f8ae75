/**
 * `extract --site URL` gives each file its own URL, as `rewrite --site`
 * does: the site URL plus its path under the folder named, each segment percent-encoded
 * (RFC 3986 §3.3), a folder's index.html the folder's URL. Expected URLs are worked out by
 * hand from RFC 3986 §5.2 against those file URLs.
 */
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const SITE = 'https://example.org/docs/';

/** DIR/sub/page.html, DIR/sub/index.html, DIR/a b/ü.html, DIR/mail/*.eml, DIR/mail/list.mbox and DIR/crawl/one.warc. */
function folder(): string {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-site-'));
	for (const sub of ['sub', 'a b', 'mail', 'crawl']) mkdirSync(join(root, sub));
	writeFileSync(
		join(root, 'sub', 'page.html'),
		'<a href="b.html">b</a><a href="#x">x</a><a href="/top.html">t</a><a href="https://else.example/">e</a>',
	);
	writeFileSync(join(root, 'sub', 'index.html'), '<a href="c.html">c</a>');
	writeFileSync(join(root, 'a b', 'ü.html'), '<a href="#here">h</a>');
	const html = 'Content-Type: text/html\r\n\r\n<a href="m.html">m</a>\r\n';
	writeFileSync(join(root, 'mail', 'based.eml'), `Content-Base: http://mail.example/base/\r\n${html}`);
	writeFileSync(join(root, 'mail', 'plain.eml'), html);
	writeFileSync(
		join(root, 'mail', 'list.mbox'),
		`From a@example.org Thu Nov 26 10:00:00 2026\n${html.replaceAll('\r\n', '\n').replace('m.html', 'k.html')}`,
	);
	writeFileSync(
		join(root, 'crawl', 'one.warc'),
		warcRecord('http://plain.example/a/page.html', '<a href="b.html">b</a>'),
	);
	return root;
}

/** A WARC/1.1 response record (ISO 28500 §6) for `target` holding `html`. */
function warcRecord(target: string, html: string): string {
	const block = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${html}`;
	const headers = [
		'WARC/1.1',
		'WARC-Type: response',
		'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>',
		'WARC-Date: 2026-11-26T00:00:00Z',
		`WARC-Target-URI: ${target}`,
		'Content-Type: application/http; msgtype=response',
		`Content-Length: ${Buffer.byteLength(block)}`,
	];
	return `${headers.join('\r\n')}\r\n\r\n${block}\r\n\r\n`;
}

function urls(args: readonly string[]): string[] {
	const result = runCli(['extract', '--format', 'urls', ...args]);
	if (result.status !== 0) throw new Error(result.stderr);
	return result.stdout.split('\n').slice(0, -1);
}

const FOLDER_URLS = [
	'https://example.org/docs/a%20b/%C3%BC.html#here',
	// mail/based.eml: the message's Content-Base (RFC 2396 §5.1.2) wins over the file's URL (§5.1.3)
	'http://mail.example/base/m.html',
	// mail/list.mbox: each message's outer base is the file's URL https://example.org/docs/mail/list.mbox
	'https://example.org/docs/mail/k.html',
	// mail/plain.eml: its file URL https://example.org/docs/mail/plain.eml is the retrieval layer
	'https://example.org/docs/mail/m.html',
	// sub/index.html is the folder's URL https://example.org/docs/sub/
	'https://example.org/docs/sub/c.html',
	'https://example.org/docs/sub/b.html',
	'https://example.org/docs/sub/page.html#x',
	'https://example.org/top.html',
	'https://else.example/',
];

test('a folder: each file at --site plus its path, -j 1 and -j 2 alike; mail keeps its Content-Base', t => {
	const root = folder();
	for (const jobs of ['1', '2']) {
		const lines = urls(['-j', jobs, '--site', SITE, '--kind', 'navigation', root]);
		t.deepEqual(
			lines.filter(line => !line.includes('plain.example')),
			FOLDER_URLS,
			`-j ${jobs}`,
		);
	}
});

test('a WARC file in the folder: records keep their own target URIs', t => {
	const root = folder();
	const withSite = urls(['--site', SITE, join(root, 'crawl')]);
	t.deepEqual(withSite, ['http://plain.example/a/b.html']);
	t.false(
		withSite.some(line => line.includes('example.org')),
		withSite.join('\n'),
	);
	t.deepEqual(withSite, urls([join(root, 'crawl')]));
});

test('--internal and --external split at the --site prefix, with the files at their site URLs', t => {
	const root = folder();
	const sub = join(root, 'sub');
	// The folder named is sub: sub/page.html is https://example.org/docs/page.html.
	t.deepEqual(urls(['--site', SITE, '--internal', sub]), [
		'https://example.org/docs/c.html',
		'https://example.org/docs/b.html',
		'https://example.org/docs/page.html#x',
	]);
	t.deepEqual(urls(['--site', SITE, '--external', sub]), ['https://example.org/top.html', 'https://else.example/']);
});

test("files named directly sit at the site root, as with rewrite FILE --site; a pattern's under its folder", t => {
	const root = folder();
	t.deepEqual(urls(['--site', SITE, '--kind', 'navigation', join(root, 'sub', 'page.html')]).slice(0, 2), [
		'https://example.org/docs/b.html',
		'https://example.org/docs/page.html#x',
	]);
	t.deepEqual(urls(['--site', SITE, join(root, 'sub', 'index.html'), join(root, 'a b', 'ü.html')]), [
		'https://example.org/docs/c.html',
		'https://example.org/docs/%C3%BC.html#here',
	]);
	t.deepEqual(urls(['--site', SITE, join(root, '*', 'index.html')]), ['https://example.org/docs/sub/c.html']);
});

test("--base-url over a folder or several files is a usage error naming --site; over one file it is that file's URL", t => {
	const root = folder();
	for (const paths of [
		[root],
		[join(root, 'sub', 'page.html'), join(root, 'sub', 'index.html')],
		[join(root, 'sub', '*.html')],
		[join(root, 'crawl')],
	]) {
		const result = runCli(['extract', '--base-url', SITE, ...paths]);
		t.is(result.status, 2, paths.join(' '));
		t.regex(result.stderr, /--base-url .*--site/, paths.join(' '));
		t.is(result.stdout, '');
	}
	t.deepEqual(urls(['--base-url', 'https://h.example/x/y.html', join(root, 'sub', 'index.html')]), [
		'https://h.example/x/c.html',
	]);
});
