/**
 * `linkstream rewrite` over a static site: --in-place, --out, --dry-run, summaries, errors.
 * The site and every expected page and count are written by hand in test/helpers/site.ts.
 */
import {
	chmodSync,
	mkdirSync,
	readFileSync,
	statSync,
	utimesSync,
	writeFileSync,
	existsSync,
	readdirSync,
} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import test from 'ava';
import type {ExecutionContext} from 'ava';
import {temporaryName} from '../../src/cli/output/atomic.js';
import {runCli} from '../helpers/cli.js';
import {bytesOf, mtimes, PAGES, readTree, RELATIVE, RELATIVE_COUNTS, SITE, writeSite} from '../helpers/site.js';

const relative = (...args: string[]) => runCli(['rewrite', '--to', 'relative', '--site', SITE, ...args]);
const absolute = (...args: string[]) => runCli(['rewrite', '--to', 'absolute', '--site', SITE, ...args]);

/** The page as the relative rewrite should leave it. */
function relativeVersion(path: string): Buffer {
	const text = RELATIVE[path];
	return text === undefined ? PAGES[path]! : bytesOf(path, text);
}

function summaryOf(stderr: string): string {
	return stderr.trim().split('\n').at(-1) ?? '';
}

const roundTrip = test.macro(async (t: ExecutionContext, jobs: string) => {
	const root = writeSite();
	const there = relative('--in-place', '--jobs', jobs, root);
	t.is(there.status, 0, there.stderr);
	for (const path of Object.keys(PAGES)) t.deepEqual(readFileSync(join(root, path)), relativeVersion(path), path);
	const {read, changed, rewritten, unchanged} = RELATIVE_COUNTS;
	t.is(
		summaryOf(there.stderr),
		`linkstream rewrite: ${read} files read, ${changed} changed, ${rewritten} links rewritten, ${unchanged} left unchanged, 0 errors`,
	);

	const back = absolute('--in-place', '--jobs', jobs, root);
	t.is(back.status, 0, back.stderr);
	for (const path of Object.keys(PAGES)) {
		if (path === 'css/print.css') continue; // relative to begin with: now absolute
		t.deepEqual(readFileSync(join(root, path)), PAGES[path], path);
	}
	t.is(
		readFileSync(join(root, 'css/print.css'), 'utf8'),
		'body { background: url(https://example.com/docs/img/p.png) }\n',
	);
	// print.css changes too; the five links outside the site or opaque stay.
	t.is(
		summaryOf(back.stderr),
		'linkstream rewrite: 7 files read, 6 changed, 20 links rewritten, 5 left unchanged, 0 errors',
	);
	t.deepEqual(
		[...readTree(root).keys()].filter(name => name.includes('.linkstream-')),
		[],
	);
});

test(
	'relative in place gives the hand-checked pages; absolute in place gives every absolute page back byte for byte (one job)',
	roundTrip,
	'1',
);
test('the same on two worker threads', roundTrip, '2');

test('--out writes the rewritten tree, copies other files byte for byte with their modes, keeps empty folders, leaves the input alone', t => {
	const root = writeSite();
	chmodSync(join(root, 'img/logo.png'), 0o640);
	chmodSync(join(root, 'index.html'), 0o600);
	mkdirSync(join(root, 'empty-folder'));
	const before = readTree(root);
	const times = mtimes(root);
	const out = `${root}-out`;
	const result = relative('--out', out, '--jobs', '2', root);
	t.is(result.status, 0, result.stderr);
	t.deepEqual(readTree(root), before);
	t.deepEqual(mtimes(root), times);
	const written = readTree(out);
	t.deepEqual([...written.keys()].sort(), Object.keys(PAGES).sort());
	for (const path of Object.keys(PAGES)) t.deepEqual(written.get(path), relativeVersion(path), path);
	t.is(statSync(join(out, 'img/logo.png')).mode & 0o777, 0o640);
	t.is(statSync(join(out, 'index.html')).mode & 0o777, 0o600);
	t.true(statSync(join(out, 'empty-folder')).isDirectory());
	t.regex(summaryOf(result.stderr), /, 3 other files copied, 0 errors$/);
});

test('--dry-run writes nothing and lists each file that would change with its link count', t => {
	const root = writeSite();
	const before = readTree(root);
	const times = mtimes(root);
	const result = relative('--dry-run', '--jobs', '1', root);
	t.is(result.status, 0, result.stderr);
	t.deepEqual(readTree(root), before);
	t.deepEqual(mtimes(root), times);
	t.is(
		result.stdout,
		[
			`${join(root, 'css/site.css')}: 2 links`,
			`${join(root, 'guide/deep/page.html')}: 3 links`,
			`${join(root, 'guide/index.html')}: 6 links`,
			`${join(root, 'guide/install.html')}: 2 links`,
			`${join(root, 'index.html')}: 6 links`,
			'',
		].join('\n'),
	);
	t.is(
		summaryOf(result.stderr),
		'linkstream rewrite --dry-run: 7 files read, 5 would change, 19 links would be rewritten, 6 left unchanged, 0 errors (nothing written)',
	);
});

test('in place: a file whose output equals its input keeps its mtime; a replaced file keeps its mode', t => {
	const root = writeSite();
	const past = new Date('2001-02-03T04:05:06Z');
	for (const path of Object.keys(PAGES)) utimesSync(join(root, path), past, past);
	chmodSync(join(root, 'guide/index.html'), 0o640);
	const result = relative('--in-place', '--jobs', '1', root);
	t.is(result.status, 0, result.stderr);
	for (const path of ['guide/empty.html', 'css/print.css', 'img/logo.png', 'robots.txt'])
		t.is(statSync(join(root, path)).mtimeMs, past.getTime(), path);
	t.not(statSync(join(root, 'index.html')).mtimeMs, past.getTime());
	t.is(statSync(join(root, 'guide/index.html')).mode & 0o777, 0o640);
});

/** A process id that no longer runs. */
function deadPid(): number {
	const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'});
	return Number(child.stdout);
}

test('stale temporary files of an interrupted run are removed by the next in-place run; live ones and --out leave them', t => {
	const root = writeSite();
	const stale = temporaryName('index.html', deadPid(), '0badf00d');
	const live = temporaryName('index.html', process.pid, '00c0ffee');
	writeFileSync(join(root, 'guide', stale), '<a href="https://example.com/docs/">half');
	writeFileSync(join(root, 'guide', live), 'another run is writing this');
	const out = relative('--out', `${root}-out`, '--jobs', '1', root);
	t.is(out.status, 0, out.stderr);
	t.deepEqual(
		readdirSync(join(`${root}-out`, 'guide')).filter(name => name.startsWith('.')),
		[],
	);
	const dry = relative('--dry-run', '--jobs', '1', root);
	t.regex(summaryOf(dry.stderr), /1 stale temporary file would be removed/);
	t.true(existsSync(join(root, 'guide', stale)));
	const result = relative('--in-place', '--jobs', '1', root);
	t.is(result.status, 0, result.stderr);
	t.false(existsSync(join(root, 'guide', stale)));
	t.true(existsSync(join(root, 'guide', live)));
	t.regex(summaryOf(result.stderr), /, 1 stale temporary file removed, 0 errors$/);
});

test('a file that fails is named, the others are still rewritten, exit 1', t => {
	const root = writeSite();
	// iso-2022-jp has no byte offsets: changing one of its references is an error.
	writeFileSync(join(root, 'jis.html'), '<meta charset="iso-2022-jp"><a href="https://example.com/docs/guide/">g</a>');
	const result = relative('--in-place', '--jobs', '2', root, join(root, 'missing'));
	t.is(result.status, 1);
	t.regex(result.stderr, new RegExp(`${join(root, 'missing').replaceAll('/', '\\/')}: no such file or folder`));
	t.regex(result.stderr, /jis\.html: linkstream: cannot rewrite references in iso-2022-jp input/);
	t.regex(
		summaryOf(result.stderr),
		/^linkstream rewrite: 7 files read, 5 changed, 19 links rewritten, 6 left unchanged, 2 errors$/,
	);
	t.deepEqual(readFileSync(join(root, 'index.html')), relativeVersion('index.html'));
	t.is(
		readFileSync(join(root, 'jis.html'), 'utf8'),
		'<meta charset="iso-2022-jp"><a href="https://example.com/docs/guide/">g</a>',
	);
});

test('usage errors exit 2 and name the problem', t => {
	const root = writeSite();
	const cases: Array<[string[], RegExp]> = [
		[['--in-place', '--out', `${root}-out`, root], /--in-place and --out DIR exclude each other/],
		[['--out', join(root, 'guide'), root], /is inside the input folder/],
		[['--out', root, root], /is the input folder/],
		[['--in-place', '-'], /standard input/],
		[['--in-place', '--base-url', SITE, root], /--base-url names one document's URL/],
		[[root, join(root, 'index.html')], /for several files or folders use --in-place, --out DIR or --dry-run/],
		[[root], /is a folder \(rewrite folders with --in-place, --out DIR or --dry-run\)/],
		[['--in-place', '--jobs', '0', root], /`--jobs` must be a whole number/],
	];
	for (const [args, message] of cases) {
		const result = relative(...args);
		t.is(result.status, 2, args.join(' '));
		t.regex(result.stderr, message);
	}
	const badSite = runCli([
		'rewrite',
		'--to',
		'relative',
		'--site',
		'https://example.com/docs/?v=2',
		'--in-place',
		root,
	]);
	t.is(badSite.status, 2);
	t.regex(badSite.stderr, /`--site` must be an absolute URL of a folder/);
	t.deepEqual(readTree(root), readTree(writeSite()));
});

test('a single FILE with --site sits at the site root, to standard output', t => {
	const root = writeSite();
	const result = relative(join(root, 'guide/deep/page.html'));
	t.is(result.status, 0, result.stderr);
	// https://example.com/docs/page.html: the BASE (docs/img/) becomes img/, the links relative to it.
	t.is(
		result.stdout,
		'<html><head><base href="img/"><title>Deep</title></head><body><img src="diagram.svg"><a href="../guide/">Up</a><a href="https://other.example/x?y=1">x</a></body></html>\n',
	);
});

test('a glob maps its files under the folder before the pattern; folder and file names are percent-encoded in URLs', t => {
	const root = writeSite({
		'a b/\u00fc.html': Buffer.from(
			'<a href="https://example.com/docs/a%20b/x.html">x</a><a href="https://example.com/docs/">up</a>',
		),
		'index.html': Buffer.from('<a href="https://example.com/docs/a%20b/%C3%BC.html">\u00fc</a>'),
		'a b/index.html': Buffer.from('<a href="https://example.com/docs/a%20b/x.html">x</a>'),
	});
	const result = relative('--in-place', '--jobs', '1', root);
	t.is(result.status, 0, result.stderr);
	t.is(readFileSync(join(root, 'a b/\u00fc.html'), 'utf8'), '<a href="x.html">x</a><a href="../">up</a>');
	t.is(readFileSync(join(root, 'index.html'), 'utf8'), '<a href="a%20b/%C3%BC.html">\u00fc</a>');
	t.is(readFileSync(join(root, 'a b/index.html'), 'utf8'), '<a href="x.html">x</a>');
	// Under the pattern's folder "a b", index.html is the site's root page.
	const glob = relative('--dry-run', '--jobs', '1', join(root, 'a b', '*.html'));
	t.is(glob.status, 0, glob.stderr);
	t.is(glob.stdout, '');
	writeFileSync(join(root, 'a b/index.html'), '<a href="https://example.com/docs/a%20b/x.html">x</a>');
	const again = relative('--dry-run', '--jobs', '1', join(root, 'a b', '*.html'));
	t.is(again.stdout, `${join(root, 'a b/index.html')}: 1 link\n`); // now at docs/: a%20b/x.html
});

test('the static-sites journey (docs/static-sites.md) on fixtures/site: dry run, relative copy, absolute in place gives the fixture back', t => {
	const dry = relative('--dry-run', 'fixtures/site');
	t.is(dry.status, 0, dry.stderr);
	t.is(
		dry.stdout,
		'fixtures/site/css/site.css: 2 links\nfixtures/site/guide/index.html: 6 links\nfixtures/site/guide/install.html: 2 links\nfixtures/site/index.html: 4 links\n',
	);
	// feed.xml (7 links) and sitemap.xml (3 locations) are absolute already and stay so; img/logo.svg has none.
	t.is(
		summaryOf(dry.stderr),
		'linkstream rewrite --dry-run: 7 files read, 4 would change, 14 links would be rewritten, 13 left unchanged, 2 sitemaps and feeds absolute, not relative (read away from the site), 0 errors (nothing written)',
	);
	const out = `${writeSite({})}/site`;
	t.is(relative('--out', out, 'fixtures/site').status, 0);
	t.is(
		readFileSync(join(out, 'guide/index.html'), 'utf8').split('\n')[8],
		'<p><a href="../">Home</a> · <a href="install.html">Install</a></p>',
	);
	t.is(readFileSync(join(out, 'css/site.css'), 'utf8').split('\n')[0], '@import url("print.css") print;');
	const back = absolute('--in-place', out);
	t.is(back.status, 0, back.stderr);
	t.deepEqual(readTree(out), readTree('fixtures/site'));
});
