import {mkdtempSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

/** A small site: pages linking inside and outside, with rel=nofollow and a robots meta. */
function site(): string {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-cli-'));
	mkdirSync(join(root, 'docs'));
	for (let i = 0; i < 6; i++) {
		writeFileSync(
			join(root, 'docs', `p${i}.html`),
			`<a href="p${(i + 1) % 6}.html">next</a><img src="/img/${i}.png"><a href="https://other.example/x" rel="nofollow">o</a><a href="https://other.example/y">y</a>`,
		);
	}
	writeFileSync(
		join(root, 'docs', 'robots.html'),
		'<a href="before.html">b</a><meta name="robots" content="noindex, nofollow"><a href="after.html">a</a>',
	);
	writeFileSync(join(root, 'notes.bin'), 'not a document');
	return root;
}

const base = 'https://site.example/docs/';

test('a folder is walked in sorted order; --jobs gives the same output as one job', t => {
	const root = site();
	const one = runCli(['extract', '--format', 'urls', '--jobs', '1', '--site', base, join(root, 'docs')]);
	const two = runCli(['extract', '--format', 'urls', '--jobs', '3', '--site', base, join(root, 'docs')]);
	t.is(one.status, 0, one.stderr);
	t.is(two.status, 0, two.stderr);
	t.is(two.stdout, one.stdout);
	const lines = one.stdout.trim().split('\n');
	t.is(lines[0], 'https://site.example/docs/p1.html');
	t.is(lines.length, 6 * 4 + 2 + 1); // + robots page: 2 anchors + the robots Link (the document URL)
});

test('--kind, --scheme, --internal/--external, --unique filter the Links', t => {
	const root = site();
	const docs = join(root, 'docs');
	const urls = (...args: string[]): string[] => {
		const result = runCli(['extract', '--format', 'urls', '--jobs', '1', ...args, docs]);
		t.is(result.status, 0, result.stderr);
		return result.stdout.trim().split('\n');
	};
	const siteRoot = 'https://site.example/';
	t.deepEqual(
		new Set(urls('--site', base, '--kind', 'resource')),
		new Set([0, 1, 2, 3, 4, 5].map(i => `https://site.example/img/${i}.png`)),
	);
	// --site is both each file's URL and the site: from the root, /img/ is inside; from docs/, outside.
	t.deepEqual(urls('--site', siteRoot, '--external', '--unique'), [
		'https://other.example/x',
		'https://other.example/y',
	]);
	t.true(urls('--site', siteRoot, '--internal').every(url => url.startsWith('https://site.example/')));
	t.deepEqual(
		urls('--site', base, '--internal', '--unique').sort(),
		[
			...[0, 1, 2, 3, 4, 5].map(i => `${base}p${i}.html`),
			`${base}after.html`,
			`${base}before.html`,
			`${base}robots.html`,
		].sort(),
	);
	t.is(urls('--site', base, '--external', '--unique').length, 2 + 6);
	t.deepEqual(urls('--site', base, '--scheme', 'ftp'), ['']);
});

test('--no-follow-nofollow drops rel=nofollow and everything after a robots nofollow meta', t => {
	const root = site();
	const result = runCli([
		'extract',
		'--format',
		'urls',
		'--no-follow-nofollow',
		'--site',
		base,
		join(root, 'docs', 'robots.html'),
		join(root, 'docs', 'p0.html'),
	]);
	t.is(result.status, 0, result.stderr);
	t.deepEqual(result.stdout.trim().split('\n'), [
		'https://site.example/docs/before.html',
		'https://site.example/docs/p1.html',
		'https://site.example/img/0.png',
		'https://other.example/y',
	]);
});

test('a glob pattern the shell did not expand is expanded; a pattern matching nothing is an error', t => {
	const root = site();
	const result = runCli(['extract', '--format', 'urls', '--site', base, join(root, 'docs', 'p[0-1].html')]);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout.trim().split('\n').length, 8);
	const none = runCli(['extract', join(root, 'nothing-*.html')]);
	t.is(none.status, 1);
	t.true(none.stderr.includes('no file matches'), none.stderr);
});

test('bad filter options are usage errors', t => {
	for (const [args, needle] of [
		[['--kind', 'links'], '`--kind`'],
		[['--jobs', '0'], '`--jobs`'],
		[['--internal', '--external'], '`--internal`'],
		[['--site', 'docs/'], '`--site`'],
		[['--base-url', 'relative/'], '`--base-url`'],
	] as const) {
		const result = runCli(['extract', ...args, 'fixtures/readme/page.html']);
		t.is(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
		t.true(result.stderr.includes(needle), result.stderr);
	}
});
