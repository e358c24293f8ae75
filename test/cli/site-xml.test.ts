/**
 * A site rewrite over fixtures/feeds: `--to relative` makes sitemaps and
 * feeds absolute instead (sitemaps.org: "fully-qualified URL"; a feed is read away from the
 * site) and says so; the page and the SVG are relativized. Every expected file is written
 * here by hand (RFC 3986 §5.2 against https://example.com/blog/ and the xml:base in scope).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';
import {readTree, writeSite} from '../helpers/site.js';

const SITE = 'https://example.com/blog/';
const FOLDER = 'fixtures/feeds';

const run = (to: string, ...args: string[]) => runCli(['rewrite', '--to', to, '--site', SITE, ...args]);

/** Each file after `--to relative`, by hand; files not listed stay byte for byte. */
const EXPECTED: Readonly<Record<string, (text: string) => string>> = {
	'index.html': text =>
		text
			.replace('href="https://example.com/blog/index.xml"', 'href="index.xml"')
			.replace('href="https://example.com/blog/feed.atom"', 'href="feed.atom"')
			.replace('href="https://example.com/blog/posts/hello.html"', 'href="posts/hello.html"')
			.replace('src="https://example.com/blog/logo.svg"', 'src="logo.svg"'),
	'index.xml': text =>
		text
			.replace('<link>/blog/</link>', '<link>https://example.com/blog/</link>')
			.replace('<atom:link href="index.xml"', '<atom:link href="https://example.com/blog/index.xml"')
			.replace('<link>posts/hello.html</link>', '<link>https://example.com/blog/posts/hello.html</link>')
			.replace('url="media/hello.mp3"', 'url="https://example.com/blog/media/hello.mp3"')
			.replace(
				'&lt;a href="posts/hello.html#more"&gt;',
				'&lt;a href="https://example.com/blog/posts/hello.html#more"&gt;',
			)
			.replace('<img src="/blog/img/hello.png"', '<img src="https://example.com/blog/img/hello.png"'),
	'feed.atom': text =>
		text
			.replace('<link href="./"/>', '<link href="https://example.com/blog/"/>')
			.replace('href="feed.atom"', 'href="https://example.com/blog/feed.atom"')
			.replace('xml:base="posts/"', 'xml:base="https://example.com/blog/posts/"')
			.replace('<link href="hello.html"/>', '<link href="https://example.com/blog/posts/hello.html"/>')
			.replace('href="../media/hello.mp3"', 'href="https://example.com/blog/media/hello.mp3"')
			.replace('&lt;a href="hello.html#more"&gt;', '&lt;a href="https://example.com/blog/posts/hello.html#more"&gt;'),
	'sitemap.xml': text =>
		text
			.replace('<loc>./</loc>', '<loc>https://example.com/blog/</loc>')
			.replace('<loc>posts/hello.html</loc>', '<loc>https://example.com/blog/posts/hello.html</loc>'),
	'logo.svg': text =>
		text
			.replace('xlink:href="https://example.com/blog/"', 'xlink:href="./"')
			.replace('href="https://example.com/blog/img/dot.png"', 'href="img/dot.png"'),
};

test('--to relative: the page and the SVG relative, the RSS and Atom feeds and the sitemap absolute, each by hand', t => {
	const out = join(writeSite({}), 'out');
	const result = run('relative', '--out', out, FOLDER);
	t.is(result.status, 0, result.stderr);
	const tree = readTree(out);
	for (const [path, bytes] of readTree(FOLDER)) {
		const edit = EXPECTED[path];
		const input = bytes.toString('utf8');
		const expected = edit === undefined ? input : edit(input);
		if (edit !== undefined) t.not(expected, input, `${path}: every hand edit applies`);
		t.is(tree.get(path)?.toString('utf8'), expected, path);
	}
	t.regex(
		result.stderr.trim().split('\n').at(-1) ?? '',
		/^linkstream rewrite: 5 files read, 5 changed, 20 links rewritten, \d+ left unchanged, 3 sitemaps and feeds absolute, not relative \(read away from the site\), 0 other files copied, 0 errors$/,
	);
});

test('--dry-run names each sitemap and feed made absolute', t => {
	const result = run('relative', '--dry-run', FOLDER);
	t.is(result.status, 0, result.stderr);
	t.is(
		result.stdout,
		[
			'fixtures/feeds/feed.atom: 6 links (feed: made absolute)',
			'fixtures/feeds/index.html: 4 links',
			'fixtures/feeds/index.xml: 6 links (feed: made absolute)',
			'fixtures/feeds/logo.svg: 2 links',
			'fixtures/feeds/sitemap.xml: 2 links (sitemap: made absolute)',
			'',
		].join('\n'),
	);
});

test('--to absolute treats feeds and sitemaps like pages (no note), and a second relative run changes nothing in them', t => {
	const out = join(writeSite({}), 'out');
	t.is(run('relative', '--out', out, FOLDER).status, 0);
	const again = run('relative', '--dry-run', out);
	t.is(again.stdout, '', 'the absolute feeds are kept absolute, the relative page stays relative');
	const absolute = run('absolute', '--in-place', out);
	t.is(absolute.status, 0, absolute.stderr);
	t.notRegex(absolute.stderr, /read away/);
	t.is(
		readFileSync(join(out, 'index.xml'), 'utf8'),
		EXPECTED['index.xml']!(readFileSync(join(FOLDER, 'index.xml'), 'utf8')),
	);
	t.true(readFileSync(join(out, 'index.html'), 'utf8').includes('href="https://example.com/blog/posts/hello.html"'));
});
