/**
 * No empty output without a word: `extract` with no base says once how many relative
 * references it could not resolve, in every format and on every path (-j N included);
 * standard input and files of no known extension are sniffed for gzip and XML; `rewrite
 * --to absolute FILE` without --base-url says what it resolved against. Expected values by
 * hand.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {gzipSync} from 'node:zlib';
import test from 'ava';
import {runFileTask} from '../../src/cli/work/file-task.js';
import {runCli} from '../helpers/cli.js';

const PAGE =
	'<a href="x.html">x</a><img src=y.png><a href="http://a.example/">a</a><a href="#top">t</a><a href="">e</a>';
const warning = (how: string): string =>
	`linkstream extract: warning: 2 relative references ${how}: no base URL to resolve them against (give one with --base-url URL, or --site URL for a folder)\n`;

test('standard input without a base: each format says once how many relative references it could not resolve, and how it gives them', t => {
	const urls = runCli(['extract', '--format', 'urls', '-'], PAGE);
	t.is(urls.status, 0);
	t.is(urls.stdout, 'http://a.example/\n');
	t.is(urls.stderr, warning('left out'));
	const tsv = runCli(['extract', '--format', 'tsv', '-'], PAGE);
	t.is(tsv.status, 0);
	t.is(tsv.stderr, warning('given with an empty URL'));
	const ndjson = runCli(['extract', '-j', '2', '-'], PAGE);
	t.is(ndjson.status, 0);
	t.is(ndjson.stderr, warning('given with "url": null'));
	const one = runCli(['extract', '--format', 'urls', '-'], '<a href="x.html">');
	t.is(
		one.stderr,
		'linkstream extract: warning: 1 relative reference left out: no base URL to resolve it against (give one with --base-url URL, or --site URL for a folder)\n',
	);
});

test("no word when there is a base: --base-url, a BASE element, or a file's own URL", t => {
	t.is(runCli(['extract', '--format', 'urls', '--base-url', 'https://h.example/d/', '-'], PAGE).stderr, '');
	t.is(runCli(['extract', '--format', 'urls', '-'], `<base href="https://h.example/d/">${PAGE}`).stderr, '');
	const root = mkdtempSync(join(tmpdir(), 'linkstream-nobase-'));
	writeFileSync(join(root, 'p.html'), PAGE);
	t.is(runCli(['extract', '--format', 'urls', join(root, 'p.html')]).stderr, '');
});

test("a worker thread's task counts what it could not resolve (-j N path)", async t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-nobase-'));
	writeFileSync(join(root, 'p.html'), PAGE);
	const result = await runFileTask({
		input: {path: join(root, 'p.html'), type: 'html'},
		options: {},
		format: 'urls',
		filter: {},
		unique: false,
	});
	t.is(result.noBase, 2);
	const based = await runFileTask({
		input: {path: join(root, 'p.html'), type: 'html'},
		options: {retrievalUrl: 'https://h.example/'},
		format: 'urls',
		filter: {},
		unique: false,
	});
	t.is(based.noBase, undefined);
});

const SITEMAP =
	'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://example.com/a.html</loc></url>\n<url><loc>https://example.com/b.html</loc></url>\n</urlset>\n';
const FEED =
	'<rss version="2.0"><channel><link>https://example.com/</link><item><link>https://example.com/p/1</link></item></channel></rss>';

test('standard input is sniffed: a sitemap piped in gives its URLs, a feed without a declaration too, a gzipped page its links, a gzipped sitemap its URLs', t => {
	const sitemap = runCli(['extract', '--format', 'urls', '-'], SITEMAP);
	t.is(sitemap.status, 0, sitemap.stderr);
	t.is(sitemap.stdout, 'https://example.com/a.html\nhttps://example.com/b.html\n');
	t.is(runCli(['extract', '--format', 'urls', '-'], FEED).stdout, 'https://example.com/\nhttps://example.com/p/1\n');
	const page = runCli(
		['extract', '--format', 'urls', '--base-url', 'https://h.example/d/', '-'],
		gzipSync('<a href="x.html">x</a>'),
	);
	t.is(page.status, 0, page.stderr);
	t.is(page.stdout, 'https://h.example/d/x.html\n');
	t.is(
		runCli(['extract', '--format', 'urls', '-'], gzipSync(SITEMAP)).stdout,
		'https://example.com/a.html\nhttps://example.com/b.html\n',
	);
	// An HTML page stays HTML; --type says what it is and nothing is sniffed.
	t.is(
		runCli(['extract', '--format', 'urls', '--base-url', 'https://h.example/', '-'], '<!DOCTYPE html><a href="x.html">')
			.stdout,
		'https://h.example/x.html\n',
	);
	t.is(runCli(['extract', '--format', 'urls', '--type', 'html', '-'], SITEMAP).stdout, '');
});

test('a file of no known extension is sniffed the same: XML, gzip (an HTML page, a sitemap), -j 1 and -j 2; a gzip that does not decompress is not a document', t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-sniff-'));
	writeFileSync(join(root, 'sitemap'), SITEMAP);
	writeFileSync(join(root, 'page.gz'), gzipSync('<a href="https://example.com/c.html">c</a>'));
	writeFileSync(join(root, 'map.dat'), gzipSync(SITEMAP));
	for (const jobs of ['1', '2']) {
		const result = runCli([
			'extract',
			'--format',
			'urls',
			'-j',
			jobs,
			join(root, 'sitemap'),
			join(root, 'page.gz'),
			join(root, 'map.dat'),
		]);
		t.is(result.status, 0, result.stderr);
		t.is(
			result.stdout,
			'https://example.com/a.html\nhttps://example.com/b.html\nhttps://example.com/c.html\nhttps://example.com/a.html\nhttps://example.com/b.html\n',
			`-j ${jobs}`,
		);
	}
	writeFileSync(join(root, 'bad.dat'), Uint8Array.of(0x1f, 0x8b, 0x08, 0x00, 0x41, 0x42));
	const bad = runCli(['extract', join(root, 'bad.dat')]);
	t.is(bad.status, 1);
	t.regex(bad.stderr, /bad\.dat: not a document: gzip data that does not decompress/);
});

test('rewrite: standard input that is a sitemap is rewritten as XML; a gzipped page decompressed', t => {
	const relative =
		'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>a.html</loc></url></urlset>';
	const sitemap = runCli(['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/', '-'], relative);
	t.is(sitemap.status, 0, sitemap.stderr);
	t.is(sitemap.stdout, relative.replace('<loc>a.html', '<loc>https://example.com/a.html'));
	const page = runCli(
		['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/', '-'],
		gzipSync('<a href="a.html">'),
	);
	t.is(page.stdout, '<a href="https://example.com/a.html">');
});

test('rewrite --to absolute FILE without --base-url says on standard error what it resolved against; with --base-url or --site, nothing', t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-fileurl-'));
	const path = join(root, 'page.html');
	writeFileSync(path, '<a href="x.html">x</a>');
	const url = pathToFileURL(path).href;
	const result = runCli(['rewrite', '--to', 'absolute', path]);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, `<a href="${pathToFileURL(join(root, 'x.html')).href}">x</a>`);
	t.is(
		result.stderr,
		`linkstream rewrite: note: no --base-url: relative references resolved against the file's own URL ${url} (give its web URL with --base-url URL, or --site URL)\n`,
	);
	t.is(runCli(['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/', path]).stderr, '');
	t.is(runCli(['rewrite', '--to', 'absolute', '--site', 'https://example.com/', path]).stderr, '');
});
