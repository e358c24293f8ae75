/** `linkstream rewrite`: options to the library, one file or standard input to standard output. */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {rewriteLinks} from '../../src/index.js';
import {runCli} from '../helpers/cli.js';

test('rewrite --to absolute from standard input (hand-checked)', t => {
	const result = runCli(
		['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/a/', '-'],
		'<a href="b.html">b</a><img src=/i.png><a href=#top>t</a>',
	);
	t.is(result.status, 0, result.stderr);
	t.is(
		result.stdout,
		'<a href="https://example.com/a/b.html">b</a><img src=https://example.com/i.png><a href=#top>t</a>',
	);
});

test('rewrite --to relative with --document-url and --scope (hand-checked)', t => {
	const input = '<a href="https://example.com/blog/2024/p.html">p</a><a href="/shop/">s</a>';
	const result = runCli(
		[
			'rewrite',
			'--to',
			'relative',
			'--base-url',
			'https://example.com/blog/index.html',
			'--document-url',
			'https://example.com/blog/archive/index.html',
			'--scope',
			'https://example.com/blog/',
			'-',
		],
		input,
	);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, '<a href="../2024/p.html">p</a><a href="/shop/">s</a>');
});

test('rewrite FILE: the type from the extension, the same bytes as rewriteLinks', t => {
	const path = 'fixtures/css/site.css';
	const result = runCli(['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/css/site.css', path]);
	t.is(result.status, 0, result.stderr);
	const expected = rewriteLinks(readFileSync(path), {
		type: 'css',
		to: 'absolute',
		retrievalUrl: 'https://example.com/css/site.css',
	});
	t.is(result.stdout, Buffer.from(expected).toString('utf8'));
	t.regex(result.stdout, /url\(https:\/\/example\.com\/img\/bg\.png\)/);
});

test('rewrite FILE without --base-url: the base is the file itself, so path-relative links stay as they are', t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-rewrite-'));
	const path = join(folder, 'page.html');
	const page = '<a href="x/y.html">y</a><img src="../i.png"><a href="#top">t</a>';
	writeFileSync(path, page);
	const result = runCli(['rewrite', '--to', 'relative', path]);
	rmSync(folder, {recursive: true});
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, page);
});

test('rewrite usage errors exit 2; a missing file exits 1', t => {
	t.is(runCli(['rewrite', '--to', 'sideways', '-'], '').status, 2);
	t.is(runCli(['rewrite', '-'], '').status, 2);
	t.is(runCli(['rewrite', '--to', 'absolute', 'fixtures'], '').status, 2);
	t.is(runCli(['rewrite', '--to', 'absolute', 'a.html', 'b.html'], '').status, 2);
	const missing = runCli(['rewrite', '--to', 'absolute', 'no/such/file.html']);
	t.is(missing.status, 1);
	t.regex(missing.stderr, /no such file/);
});
