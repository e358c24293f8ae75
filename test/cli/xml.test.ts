/**
 * XML in the command: by extension and `--type xml`, in folder walks,
 * in WARC records and MIME parts by media type (RFC 7303; RFC 6839 `+xml`). Every
 * expected URL is resolved by hand (RFC 3986 §5.2) from the inputs written here.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {isXmlMediaType} from '../../src/archive/media-type.js';
import {partType} from '../../src/archive/mail/mime-part.js';
import {documentType, sniffedType} from '../../src/archive/warc/payload.js';
import {inferType} from '../../src/cli/inputs/inputs.js';
import {documentType as siteDocumentType} from '../../src/cli/inputs/site-files.js';
import {runCli} from '../helpers/cli.js';
import {warcResponse} from '../helpers/warc.js';

interface Row {
	url: string | null;
	value: string;
	kind: string;
	baseSource: string | null;
	record?: {targetUri: string; source: string};
	message?: {part: string};
}

function rows(stdout: string): Row[] {
	return stdout
		.trim()
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as Row);
}

function temporary(name: string, bytes: string | Buffer): string {
	const path = join(mkdtempSync(join(tmpdir(), 'linkstream-xml-')), name);
	writeFileSync(path, bytes);
	return path;
}

test('the extension table: feeds, sitemaps, OPML, SVG and XSLT are xml, in extract and in a site rewrite', t => {
	for (const name of [
		'a.xml',
		'a.rss',
		'a.atom',
		'a.rdf',
		'a.opml',
		'a.svg',
		'a.xsl',
		'a.xslt',
		'A.RSS',
		'dir.x/feed.Atom',
	]) {
		t.is(inferType(name, undefined), 'xml', name);
		t.is(siteDocumentType(name), 'xml', name);
	}
	t.is(inferType('a.xhtml', undefined), 'xhtml', 'XHTML stays XHTML');
	t.is(inferType('feed.txt', 'xml'), 'xml', '--type wins');
	t.is(inferType('a.json', undefined), 'html', 'unknown extensions as before');
});

test('media types: text/xml, application/xml and */*+xml go to the XML extractor; application/xhtml+xml stays xhtml', t => {
	for (const essence of [
		'text/xml',
		'application/xml',
		'application/rss+xml',
		'application/atom+xml',
		'image/svg+xml',
		'application/rdf+xml',
	]) {
		t.true(isXmlMediaType(essence), essence);
		t.is(documentType(essence, false), 'xml', essence);
		t.is(partType(essence), 'xml', essence);
	}
	t.is(documentType('application/xhtml+xml', false), 'xhtml');
	t.is(partType('application/xhtml+xml'), 'xhtml');
	t.false(isXmlMediaType('+xml'));
	t.false(isXmlMediaType('text/html'));
	t.is(partType('text/plain'), 'text');
	t.is(sniffedType(Buffer.from(' \r\n<?xml version="1.0"?>')), 'xml');
	t.is(sniffedType(Buffer.from('<?XML version="1.0"?>')), null, 'the pattern is case-sensitive');
	t.is(sniffedType(Buffer.from('<!DOCTYPE html>')), 'html');
});

test('extract reads an RSS file by extension, and --type xml from standard input', t => {
	const rss =
		'<rss version="2.0"><channel><link>/news/</link><item><link>a.html</link><enclosure url="a.mp3" type="audio/mpeg"/></item></channel></rss>';
	const byName = runCli([
		'extract',
		'--format',
		'urls',
		'--base-url',
		'https://example.com/news/feed.rss',
		temporary('feed.rss', rss),
	]);
	t.is(byName.status, 0, byName.stderr);
	t.is(byName.stdout, 'https://example.com/news/\nhttps://example.com/news/a.html\nhttps://example.com/news/a.mp3\n');
	const piped = runCli(
		['extract', '--format', 'urls', '--type', 'xml', '--base-url', 'https://example.com/news/feed', '-'],
		rss,
	);
	t.is(piped.stdout, byName.stdout);
	// Without --type, standard input is sniffed as a file of no known extension is: an <rss> root is XML.
	const sniffed = runCli(['extract', '--format', 'urls', '--base-url', 'https://example.com/news/feed', '-'], rss);
	t.is(sniffed.stdout, byName.stdout);
	const asHtml = runCli(
		['extract', '--format', 'urls', '--type', 'html', '--base-url', 'https://example.com/news/feed', '-'],
		rss,
	);
	t.not(asHtml.stdout, byName.stdout, 'with --type html, standard input is HTML, where <link> text is no link');
});

test("a folder walk takes the XML files (fixtures/feeds): the sitemap's locations against the file's URL", t => {
	const result = runCli(['extract', '--format', 'urls', '--site', 'https://example.com/blog/', 'fixtures/feeds']);
	t.is(result.status, 0, result.stderr);
	const urls = result.stdout.split('\n');
	// fixtures/feeds/sitemap.xml at https://example.com/blog/sitemap.xml: "./" and "posts/hello.html".
	t.true(urls.includes('https://example.com/blog/posts/hello.html'));
	// feed.atom: xml:base "posts/" under "https://example.com/blog/", then "../media/hello.mp3".
	t.true(urls.includes('https://example.com/blog/media/hello.mp3'));
	// logo.svg: <image href>.
	t.true(urls.includes('https://example.com/blog/img/dot.png'));
});

/** A WARC/1.1 response record (ISO 28500 §6.3) of an HTTP response with this Content-Type (none when undefined). */
function response(url: string, contentType: string | undefined, body: string): Buffer {
	const type = contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`;
	const http = Buffer.from(`HTTP/1.1 200 OK\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
	return warcResponse(url, http, 18);
}

test('WARC records: application/rss+xml, image/svg+xml, and no type with "<?xml" first (MIME Sniffing §7.1): read as XML against the target URI', t => {
	const warc = Buffer.concat([
		response(
			'http://news.example/feeds/main',
			'application/rss+xml; charset=utf-8',
			'<rss version="2.0"><channel><item><link>../story/1.html</link></item></channel></rss>',
		),
		response(
			'http://news.example/img/logo.svg',
			'image/svg+xml',
			'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="sprites.svg#dot"/></svg>',
		),
		response(
			'http://news.example/sitemap',
			undefined,
			'\n<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>a/</loc></url></urlset>',
		),
	]);
	const result = runCli(['extract', temporary('crawl.warc', warc)]);
	t.is(result.status, 0, result.stderr);
	const body = rows(result.stdout).filter(row => row.record?.source === 'body');
	t.deepEqual(
		body.map(row => [row.record?.targetUri, row.url]),
		[
			['http://news.example/feeds/main', 'http://news.example/story/1.html'],
			['http://news.example/img/logo.svg', 'http://news.example/img/sprites.svg#dot'],
			['http://news.example/sitemap', 'http://news.example/a/'],
		],
	);
});

const eml = (part: string) =>
	[
		'From: a@example.org',
		'To: b@example.org',
		'Subject: the feed',
		'Message-ID: <feed-1@example.org>',
		'MIME-Version: 1.0',
		'Content-Type: multipart/mixed; boundary="b1"',
		'',
		'--b1',
		'Content-Type: text/plain',
		'',
		'The feed is attached.',
		'--b1',
		part,
		'--b1--',
		'',
	].join('\r\n');

test("an .eml with an Atom attachment (base64) and a text/xml sitemap part: relative references resolved against the part's Content-Location", t => {
	const atom = Buffer.from(
		'<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="entry.html"/></entry></feed>',
	).toString('base64');
	const withAtom = eml(
		[
			'Content-Type: application/atom+xml; name="feed.atom"',
			'Content-Disposition: attachment; filename="feed.atom"',
			'Content-Location: http://mail.example/news/feed.atom',
			'Content-Transfer-Encoding: base64',
			'',
			atom,
		].join('\r\n'),
	);
	const atomRun = runCli(['extract', temporary('feed.eml', withAtom)]);
	t.is(atomRun.status, 0, atomRun.stderr);
	const links = rows(atomRun.stdout);
	t.deepEqual(
		links.map(row => [row.url, row.baseSource]),
		[['http://mail.example/news/entry.html', 'encapsulating']],
	);

	const withSitemap = eml(
		[
			'Content-Type: text/xml; charset=us-ascii',
			'Content-Location: http://mail.example/site/sitemap.xml',
			'',
			'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>page.html</loc></url></urlset>',
		].join('\r\n'),
	);
	const sitemapRun = runCli(['extract', temporary('sitemap.eml', withSitemap)]);
	t.is(sitemapRun.status, 0, sitemapRun.stderr);
	// The text scanner would find no relative "page.html"; the XML extractor resolves it.
	t.deepEqual(
		rows(sitemapRun.stdout).map(row => row.url),
		['http://mail.example/site/page.html'],
	);
});

test('rewrite reads a .rss file by extension and standard input with --type xml: element text made absolute', t => {
	const rss = '<rss version="2.0"><channel><link>./</link><item><link>a.html?x=1&amp;y=2</link></item></channel></rss>';
	// RFC 3986 §5.2 against https://example.com/blog/index.rss; "&amp;" stays escaped in element text.
	const expected =
		'<rss version="2.0"><channel><link>https://example.com/blog/</link><item><link>https://example.com/blog/a.html?x=1&amp;y=2</link></item></channel></rss>';
	const byName = runCli([
		'rewrite',
		'--to',
		'absolute',
		'--base-url',
		'https://example.com/blog/index.rss',
		temporary('index.rss', rss),
	]);
	t.is(byName.status, 0, byName.stderr);
	t.is(byName.stdout, expected);
	const piped = runCli(
		['rewrite', '--to', 'absolute', '--type', 'xml', '--base-url', 'https://example.com/blog/index.rss', '-'],
		rss,
	);
	t.is(piped.stdout, expected);
});
