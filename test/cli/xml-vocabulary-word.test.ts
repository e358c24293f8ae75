/**
 * `extract` on a document read as XML in which no known vocabulary is found and no Link:
 * one warning line on standard error, exit 0 (never a silent empty output). A known
 * vocabulary without Links (an empty sitemap) says nothing, nor does unknown XML with a Link.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const folder = mkdtempSync(join(tmpdir(), 'linkstream-vocabulary-'));

function file(name: string, text: string): string {
	const path = join(folder, name);
	writeFileSync(path, text);
	return path;
}

test('unknown XML with no Link: one warning naming the file, exit 0', t => {
	const path = file('catalog.xml', '<catalog><item><loc>x</loc></item></catalog>');
	const result = runCli(['extract', path]);
	t.is(result.status, 0);
	t.is(result.stdout, '');
	t.is(
		result.stderr,
		`linkstream extract: ${path}: warning: no known vocabulary (sitemap, feed, OPML, SVG, XHTML, XLink …) and no link found\n`,
	);
});

test('the same on standard input read as XML', t => {
	const result = runCli(['extract', '--type', 'xml', '-'], '<?xml version="1.0"?><data><value>1</value></data>');
	t.is(result.status, 0);
	t.is(result.stderr.split('\n').filter(line => line.includes('no known vocabulary')).length, 1);
});

test('no word for an empty sitemap, nor for unknown XML that has a Link', t => {
	const empty = runCli([
		'extract',
		file('empty.xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'),
	]);
	t.is(empty.status, 0);
	t.is(empty.stderr, '');
	const linked = runCli([
		'extract',
		'--format',
		'urls',
		'--base-url',
		'https://x.example/',
		file('linked.xml', '<doc xmlns:xl="http://www.w3.org/1999/xlink"><ref xl:href="a.xml"/></doc>'),
	]);
	t.is(linked.stderr, '');
	t.is(linked.stdout, 'https://x.example/a.xml\n');
});

test('a folder with -j 2: one warning per such file, from the worker threads too', t => {
	const sub = mkdtempSync(join(folder, 'jobs-'));
	writeFileSync(join(sub, 'a.xml'), '<catalog><loc>x</loc></catalog>');
	writeFileSync(join(sub, 'b.xml'), '<data/>');
	writeFileSync(join(sub, 'c.xml'), '<urlset><url><loc>http://x.example/</loc></url></urlset>');
	const result = runCli(['extract', '-j', '2', '--format', 'urls', sub]);
	t.is(result.status, 0);
	t.is(result.stdout, 'http://x.example/\n');
	t.deepEqual(
		result.stderr.trim().split('\n').sort(),
		[join(sub, 'a.xml'), join(sub, 'b.xml')].map(
			path =>
				`linkstream extract: ${path}: warning: no known vocabulary (sitemap, feed, OPML, SVG, XHTML, XLink …) and no link found`,
		),
	);
});
