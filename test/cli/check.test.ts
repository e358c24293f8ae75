/** `linkstream check` on fixtures/check/site (broken references worked out by hand: fixtures/check/README.md). */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const SITE = 'fixtures/check/site';
const SUMMARY = 'linkstream check: 14 files read, 47 references checked, 16 broken, 6 skipped\n';

test('text format: file:line:column, URL, problem; the summary on standard error; exit 1', t => {
	const result = runCli(['check', '--format', 'text', '--site', 'https://example.com/', SITE]);
	t.is(result.status, 1, result.stderr);
	t.is(result.stderr, SUMMARY);
	const lines = result.stdout.split('\n');
	t.is(lines.length, 17);
	t.is(lines[0], `${SITE}/css/site.css:1:10  https://example.com/css/print.css  missing-file`);
	t.is(lines[3], `${SITE}/docs/guide.html:9:10  https://example.com/reference/#install  folder-without-index`);
	t.is(lines[15], `${SITE}/sitemap.xml:5:11  https://example.com/empty/  folder-without-index`);
});

test('ndjson (the default off a terminal): the Link as extract gives it, plus problem', t => {
	const result = runCli(['check', '--site', 'https://example.com/', SITE]);
	t.is(result.status, 1);
	const records = result.stdout
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as Record<string, unknown>);
	t.is(records.length, 16);
	// index.html line 28: `<img srcset="img/logo.png 1x, img/logo@2x.png 2x" alt="">`, the second candidate.
	t.like(records[11], {
		file: `${SITE}/index.html`,
		line: 28,
		column: 31,
		value: 'img/logo@2x.png',
		url: 'https://example.com/img/logo@2x.png',
		kind: 'resource',
		element: 'img',
		attribute: 'srcset',
		base: 'https://example.com/',
		baseSource: 'retrieval',
		problem: 'missing-file',
	});
	t.like(records[2], {
		file: `${SITE}/docs/guide.html`,
		value: 'intro.html',
		base: 'https://example.com/reference/',
		baseSource: 'document',
		problem: 'missing-file',
	});
});

test('tsv: file, line, column, problem, url, value, kind, element, attribute, detail', t => {
	const result = runCli(['check', '--format', 'tsv', '--site', 'https://example.com/', SITE]);
	t.is(
		result.stdout.split('\n')[5],
		`${SITE}/img/icons.svg\t4\t18\tmissing-fragment\thttps://example.com/img/icons.svg#sun\t#sun\tresource\tuse\txlink:href\t`,
	);
});

test('the same output on 1 and 2 threads', t => {
	const one = runCli(['check', '-j', '1', '--site', 'https://example.com/', SITE]);
	const two = runCli(['check', '-j', '2', '--site', 'https://example.com/', SITE]);
	t.is(two.stdout, one.stdout);
	t.is(two.stderr, SUMMARY);
});

test('nothing broken: exit 0, nothing on standard output; several folders, each its own site', t => {
	const root = mkdtempSync(join(tmpdir(), 'check-cli-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	for (const name of ['a', 'b']) {
		mkdirSync(join(root, name));
		writeFileSync(
			join(root, name, 'index.html'),
			'<a href="page.html#p">p</a> <a href="https://elsewhere.example/">e</a>',
		);
		writeFileSync(join(root, name, 'page.html'), '<p id="p"><a href="./">home</a>');
	}
	const result = runCli(['check', '--site', 'https://example.com/', join(root, 'a'), join(root, 'b')]);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, '');
	t.is(result.stderr, 'linkstream check: 4 files read, 4 references checked, 0 broken, 2 skipped\n');
});

test('a file named: only it is read, its folder holds the targets', t => {
	const result = runCli(['check', '--format', 'text', '--site', 'https://example.com/', `${SITE}/index.html`]);
	t.is(result.status, 1);
	t.is(result.stdout.split('\n').length - 1, 8);
	t.regex(result.stderr, /^linkstream check: 1 files read, /);
	// Two files of one folder: one run, the folder walked once; index.html's 8 and sitemap.xml's 2.
	const two = runCli([
		'check',
		'--format',
		'text',
		'--site',
		'https://example.com/',
		`${SITE}/sitemap.xml`,
		`${SITE}/index.html`,
	]);
	t.is(two.stdout.split('\n').length - 1, 10);
	t.regex(two.stdout.split('\n')[0]!, /index\.html:9:10 /); // walk order, not the order named
	t.regex(two.stderr, /^linkstream check: 2 files read, /);
});

test('--clean-urls and --index', t => {
	const clean = runCli(['check', '--format', 'text', '--clean-urls', '--site', 'https://example.com/', SITE]);
	t.false(clean.stdout.includes('/clean  '));
	t.is(clean.stdout.split('\n').length - 1, 15);
	// With notes.txt as an index file, empty/ is served: two findings fewer (index.html:10, sitemap.xml:5).
	const index = runCli([
		'check',
		'--format',
		'text',
		'--index',
		'index.html,notes.txt',
		'--site',
		'https://example.com/',
		SITE,
	]);
	t.is(index.stdout.split('\n').length - 1, 14);
});

test("usage errors exit 2: another command's option, a bad format, no folder, standard input, --cache without --external", t => {
	for (const [args, message] of [
		[['check', '--to', 'absolute', SITE], /--to is an option of rewrite, not of check/],
		[['check', '--unique', SITE], /--unique is an option of extract, not of check/],
		[['check', '--format', 'urls', SITE], /--format/],
		[['check'], /a folder to check is needed/],
		[['check', '-'], /not standard input/],
		[['check', '--cache', 'c.json', SITE], /options of --external/],
		[['check', '--index', 'a/b', SITE], /--index/],
		[['check', '--site', 'https://example.com/?q', SITE], /site/],
		[['check', '--external', '--timeout', 'soon', SITE], /--timeout/],
	] as const) {
		const result = runCli(args);
		t.is(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
		t.regex(result.stderr, message);
		t.is(result.stdout, '');
	}
});

test('a missing folder is named, exit 1', t => {
	const result = runCli(['check', 'no/such/folder']);
	t.is(result.status, 1);
	t.regex(result.stderr, /no\/such\/folder: no such file or folder/);
});

test('on a terminal: text lines by default, and a progress bar on standard error', t => {
	// A terminal from util-linux `script` (standard output and error both on it).
	const probe = spawnSync('script', ['--version'], {encoding: 'utf8'});
	if (probe.status !== 0) {
		t.pass('no `script` command here to give the run a terminal');
		return;
	}
	const result = spawnSync(
		'script',
		[
			'-q',
			'-c',
			`${process.execPath} --import tsx src/cli/bin.ts check --site https://example.com/ ${SITE}`,
			'/dev/null',
		],
		{encoding: 'utf8', timeout: 60_000},
	);
	const text = result.stdout.replaceAll('\r', '');
	t.true(
		text.includes(`${SITE}/index.html:9:10  https://example.com/missing.html  missing-file\n`),
		text.slice(0, 500),
	);
	t.false(text.includes('"problem"'));
	t.regex(text, /\| \d+\/14 files \|/); // cli-progress's bar: "linkstream <bar> N% | n/14 files | ..."
	t.true(text.includes(SUMMARY));
});
