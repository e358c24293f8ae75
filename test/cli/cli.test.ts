import test from 'ava';
import {runCli} from '../helpers/cli.js';

const page = 'fixtures/readme/page.html';
const base = 'https://example.com/news/today.html';

test('resolve prints one result per line (RFC 3986 §5.4.2 under whatwg, RFC 2396 App. C under rfc2396)', t => {
	const whatwg = runCli(['resolve', 'http://a/b/c/d;p?q', '../../../g', '?y']);
	t.is(whatwg.status, 0, whatwg.stderr);
	t.is(whatwg.stdout, 'http://a/g\nhttp://a/b/c/d;p?y\n');
	const rfc2396 = runCli(['resolve', '--dialect', 'rfc2396', 'http://a/b/c/d;p?q', '../../../g', '?y']);
	t.is(rfc2396.status, 0, rfc2396.stderr);
	t.is(rfc2396.stdout, 'http://a/../g\nhttp://a/b/c/?y\n');
});

test('relativize prints a reference that resolves back to the target', t => {
	const result = runCli(['relativize', 'https://example.com/docs/c/d.html', 'https://example.com/docs/a/b.html']);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, '../a/b.html\n');
});

test('resolve and relativize against an opaque base follow the dialect (RFC 3986 §5.2.2 for every base)', t => {
	const rfc3986 = runCli(['resolve', '--dialect', 'rfc3986', 'mailto:user@example.com', 'g', '//h/p', '?y']);
	t.is(rfc3986.status, 0, rfc3986.stderr);
	t.is(rfc3986.stdout, 'mailto:g\nmailto://h/p\nmailto:user@example.com?y\n');
	const rfc2396 = runCli(['resolve', '--dialect', 'rfc2396', 'mailto:user@example.com', '#f', 'g']);
	t.is(rfc2396.status, 1);
	t.is(rfc2396.stdout, 'mailto:user@example.com#f\n');
	t.true(rfc2396.stderr.includes('opaque base'), rfc2396.stderr);
	const relative = runCli([
		'relativize',
		'--dialect',
		'rfc3986',
		'--form',
		'shortest',
		'http://a/b/c/d;p?q',
		'http://a/b/c/',
		'http://a/b/c/d;p?q#s',
	]);
	t.is(relative.status, 0, relative.stderr);
	t.is(relative.stdout, '.\n#s\n');
});

test('usage errors exit 2 and name the problem', t => {
	for (const [args, needle] of [
		[['frobnicate'], 'unknown command "frobnicate"'],
		[[], 'a command is needed'],
		[['resolve', 'http://a/'], 'needs a BASE and at least one REF'],
		[['resolve', '--dialect', 'rfc1808', 'http://a/', 'g'], '`dialect`'],
		[['extract', '--type', 'pdf', page], '`--type`'],
		[['extract', '--format', 'xml', page], '`--format`'],
		[['extract', '--bogus'], 'linkstream extract: unknown option --bogus (see linkstream --help)'],
	] as const) {
		const result = runCli(args);
		t.is(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
		t.true(result.stderr.includes(needle), `${args.join(' ')}: ${result.stderr}`);
	}
});

test('resolve against a relative base fails with exit 1 and names the input', t => {
	const result = runCli(['resolve', 'b/c', 'g']);
	t.is(result.status, 1);
	t.true(result.stderr.includes('b/c'), result.stderr);
});

test('extract prints NDJSON Links of the sample page, resolved against --base-url', t => {
	const result = runCli(['extract', '--base-url', base, page]);
	t.is(result.status, 0, result.stderr);
	const links = result.stdout
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as {url: string; file: string; element: string; attribute: string});
	const urls = links.map(link => link.url);
	// Hand-resolved against https://example.com/news/today.html (no BASE element in the page).
	for (const expected of [
		'https://example.com/static/site.css',
		'https://example.com/news/feed.xml',
		'https://cdn.example.net/js/app.js',
		'https://example.com/',
		'https://example.com/news/sports/',
		'https://example.com/archive/2026/11/?page=2&sort=date',
		'https://example.com/news/photo-1600.jpg',
		'https://example.com/news/img/divider.png',
		'https://example.com/news/story.html#comments',
		'https://example.com/news/today.html#top',
		'https://example.com/news/search?advanced=1',
		'mailto:news@example.com',
	]) {
		t.true(urls.includes(expected), `missing ${expected}`);
	}
	t.true(links.every(link => link.file === page));
});

test('extract --format urls and tsv; stdin with -', t => {
	const urls = runCli(
		['extract', '--format', 'urls', '--base-url', 'https://h.example/a/', '-'],
		'<a href="b">b</a><img src=c.png>',
	);
	t.is(urls.status, 0, urls.stderr);
	t.is(urls.stdout, 'https://h.example/a/b\nhttps://h.example/a/c.png\n');
	const tsv = runCli(
		['extract', '--format', 'tsv', '--base-url', 'https://h.example/a/', '-'],
		'<a\thref="b\tc">x</a>',
	);
	t.is(tsv.status, 0, tsv.stderr);
	t.is(tsv.stdout, '-\t1\t10\tnavigation\ta\thref\thttps://h.example/a/bc\tb\\tc\t\n');
});

test('a missing input is named, exit 1, and the other inputs are still processed', t => {
	const result = runCli([
		'extract',
		'--format',
		'urls',
		'--site',
		'https://example.com/news/',
		'no/such/file.html',
		page,
	]);
	t.is(result.status, 1);
	t.true(result.stderr.includes('no/such/file.html'), result.stderr);
	t.true(result.stdout.includes('https://example.com/static/site.css'));
});

test('--help prints usage and exits 0', t => {
	const result = runCli(['--help']);
	t.is(result.status, 0);
	t.true(result.stdout.includes('linkstream extract'));
});
