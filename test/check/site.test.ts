/**
 * `checkSite` on fixtures/check/site, whose broken references were worked out by hand
 * (fixtures/check/README.md): the expected lists below are that README's tables.
 */
import {mkdtempSync, symlinkSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'ava';
import {checkSite, type CheckOptions} from '../../src/index.js';

const SITE = 'fixtures/check/site';

async function run(root: string, options: CheckOptions): Promise<{lines: string[]; summary: object}> {
	const lines: string[] = [];
	const found = checkSite(root, options);
	for await (const finding of found)
		lines.push(
			`${finding.file.slice(root.length + 1)}:${finding.line}:${finding.column} ${finding.url} ${finding.problem}`,
		);
	return {lines, summary: found.summary};
}

const WITH_SITE = [
	'css/site.css:1:10 https://example.com/css/print.css missing-file',
	'css/site.css:3:40 https://example.com/fonts/x.woff2 missing-file',
	'docs/guide.html:8:10 https://example.com/reference/intro.html missing-file',
	'docs/guide.html:9:10 https://example.com/reference/#install folder-without-index',
	'feed.xml:10:13 https://example.com/blog/old.html missing-file',
	'img/icons.svg:4:18 https://example.com/img/icons.svg#sun missing-fragment',
	'index.html:9:10 https://example.com/missing.html missing-file',
	'index.html:10:10 https://example.com/empty/ folder-without-index',
	'index.html:12:10 https://example.com/docs/guide.html#nowhere missing-fragment',
	'index.html:17:10 https://example.com/#missing-here missing-fragment',
	'index.html:27:10 https://example.com/clean missing-file',
	'index.html:28:31 https://example.com/img/logo@2x.png missing-file',
	'index.html:29:29 https://example.com/img/bg.png missing-file',
	'index.html:33:17 https://example.com/img/icons.svg#moon missing-fragment',
	'sitemap.xml:4:11 https://example.com/gone/ missing-file',
	'sitemap.xml:5:11 https://example.com/empty/ folder-without-index',
];

test('--site: every broken reference of the fixture site, in walk order, and the summary', async t => {
	const {lines, summary} = await run(SITE, {site: 'https://example.com/'});
	t.deepEqual(lines, WITH_SITE);
	t.deepEqual(summary, {files: 14, failed: 0, checked: 47, broken: 16, skipped: 6});
});

test('the same findings on worker threads (jobs 2)', async t => {
	const {lines} = await run(SITE, {site: 'https://example.com/', jobs: 2});
	t.deepEqual(lines, WITH_SITE);
});

test('without a site URL: the file: URL of the folder; URLs outside it are skipped', async t => {
	const {lines, summary} = await run(SITE, {});
	const folder = `${pathToFileURL(SITE).href}/`;
	const outside = new Set(['docs/guide.html:8', 'docs/guide.html:9', 'feed.xml:10', 'sitemap.xml:4', 'sitemap.xml:5']);
	const expected = WITH_SITE.filter(line => !outside.has(line.split(':').slice(0, 2).join(':'))).map(line =>
		line.replace('https://example.com/', folder),
	);
	t.is(expected.length, 11);
	t.deepEqual(lines, expected);
	t.deepEqual(summary, {files: 14, failed: 0, checked: 36, broken: 11, skipped: 17});
});

test('clean URLs: /clean is served from clean.html', async t => {
	const {lines} = await run(SITE, {site: 'https://example.com/', cleanUrls: true});
	t.deepEqual(
		lines,
		WITH_SITE.filter(line => !line.startsWith('index.html:27:')),
	);
});

test('other index files: a folder served from index.htm', async t => {
	const root = mkdtempSync(join(tmpdir(), 'check-index-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	mkdirSync(join(root, 'a'));
	writeFileSync(join(root, 'a', 'index.htm'), '<p id=x>');
	writeFileSync(join(root, 'index.html'), '<a href="a/">a</a>\n<a href="a/#x">x</a>\n<a href="a/#y">y</a>');
	t.deepEqual((await run(root, {site: 'https://example.com/'})).lines, [
		'index.html:1:10 https://example.com/a/ folder-without-index',
		'index.html:2:10 https://example.com/a/#x folder-without-index',
		'index.html:3:10 https://example.com/a/#y folder-without-index',
	]);
	t.deepEqual((await run(root, {site: 'https://example.com/', indexFiles: ['index.html', 'index.htm']})).lines, [
		'index.html:3:10 https://example.com/a/#y missing-fragment',
	]);
});

test('a missing fragment in a document later in walk order is found when that document is read', async t => {
	const root = mkdtempSync(join(tmpdir(), 'check-forward-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	writeFileSync(join(root, 'a.html'), '<a href="b.html#here">ok</a>\n<a href="b.html#gone">gone</a>');
	writeFileSync(join(root, 'b.html'), '<a href="#">x</a>\n<a href="c.html">c</a>\n<h2 id="here">Here</h2>');
	t.deepEqual((await run(root, {site: 'https://example.com/'})).lines, [
		'a.html:2:10 https://example.com/b.html#gone missing-fragment',
		'b.html:2:10 https://example.com/c.html missing-file',
	]);
});

test('a file that cannot be read is named through onError and counted as failed; the others are checked', async t => {
	const root = mkdtempSync(join(tmpdir(), 'check-fail-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	writeFileSync(join(root, 'a.html'), '<a href="b.html">b</a>');
	writeFileSync(join(root, 'b.html'), '<p>');
	// Once walked, b.html is replaced by a symbolic link: it is not read (pinned-file.ts).
	const swap = (): void => {
		rmSync(join(root, 'b.html'));
		symlinkSync('a.html', join(root, 'b.html'));
	};
	const errors: string[] = [];
	const found = checkSite(root, {
		site: 'https://example.com/',
		onError: (path, message) => errors.push(`${path}: ${message}`),
		onStart: swap,
	});
	const lines: string[] = [];
	for await (const finding of found) lines.push(finding.url!);
	t.deepEqual(lines, []);
	t.is(errors.length, 1);
	t.regex(errors[0]!, /b\.html: is a symbolic link now/);
	t.like(found.summary, {files: 1, failed: 1, checked: 1, broken: 0});
});

test('bad options name the option', t => {
	t.throws(() => checkSite(SITE, {site: 'https://example.com/?q'}), {message: /`site`/});
	t.throws(() => checkSite(SITE, {jobs: 0}), {message: /`jobs`/});
	t.throws(() => checkSite(SITE, {indexFiles: []}), {message: /`indexFiles`/});
});
