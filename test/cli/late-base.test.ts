/**
 * The command reads each input as a whole document: a BASE after body content
 * governs the references before it, in `extract` and in `rewrite`; NDJSON carries the
 * `frame` of Links inside iframe srcdoc documents, TSV keeps its columns.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const PAGE =
	'<p>text</p><a href="first.html">a</a><iframe srcdoc="<a href=in-frame.html>f</a>"></iframe><div><p><base href="https://mirror.example/archive/"></p></div>';

function page(): string {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-late-base-'));
	const path = join(root, 'late.html');
	writeFileSync(path, PAGE);
	return path;
}

test('extract: a file input holds its references to the end of the document; NDJSON has the frame', t => {
	const path = page();
	const result = runCli(['extract', '--base-url', 'https://site.example/dir/late.html', path]);
	t.is(result.status, 0, result.stderr);
	const links = result.stdout
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as {url: string; frame?: {start: number; end: number; depth: number}});
	t.deepEqual(
		links.map(link => link.url),
		[
			'https://mirror.example/archive/first.html',
			// The srcdoc document's fallback base is the parent's base where the iframe stands.
			'https://site.example/dir/in-frame.html',
			'https://mirror.example/archive/',
		],
	);
	// `<p>text</p><a href="first.html">a</a><iframe srcdoc="` is 53 units; the value is 27.
	t.deepEqual(links[1]?.frame, {element: 'iframe', attribute: 'srcdoc', start: 53, end: 80, depth: 1});
	t.is(PAGE.slice(53, 80), '<a href=in-frame.html>f</a>');
	t.is(links[0]?.frame, undefined);
	// Standard input too.
	const stdin = runCli(
		['extract', '--format', 'urls', '--type', 'html', '--base-url', 'https://site.example/dir/late.html', '-'],
		PAGE,
	);
	t.is(stdin.stdout.split('\n')[0], 'https://mirror.example/archive/first.html');
});

test('extract --format tsv: the same nine columns for Links inside and outside srcdoc', t => {
	const result = runCli(['extract', '--format', 'tsv', '--base-url', 'https://site.example/dir/late.html', page()]);
	t.is(result.status, 0, result.stderr);
	const lines = result.stdout.split('\n').filter(line => line !== '');
	t.is(lines.length, 3);
	for (const line of lines) t.is(line.split('\t').length, 9, line);
});

test('rewrite --to relative: references before the late BASE are written relative to it', t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-late-base-'));
	const path = join(root, 'late.html');
	writeFileSync(
		path,
		'<a href="https://mirror.example/archive/x.html">x</a><p><base href="https://mirror.example/archive/"></p>',
	);
	const result = runCli(['rewrite', '--to', 'relative', '--base-url', 'https://site.example/dir/late.html', path]);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, '<a href="x.html">x</a><p><base href="https://mirror.example/archive/"></p>');
});
