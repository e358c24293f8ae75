/**
 * No silent no-ops on what a file holds. A file of unknown extension that
 * is an image, an archive, a program or binary data is "not a document" (exit 1), not HTML
 * with no Links; a `.gz` file of a known type is read decompressed, as a stream.
 */
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import test from 'ava';
import {binaryKind, gunzip} from '../../src/cli/inputs/open-document.js';
import {runCli} from '../helpers/cli.js';

const SITE = 'https://example.org/';

function scratch(): string {
	return mkdtempSync(join(tmpdir(), 'linkstream-open-'));
}

/** Each format's first bytes, from its specification, then some filler. */
const BINARIES: ReadonlyArray<readonly [string, number[]]> = [
	['photo.png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
	['photo.jpeg2', [0xff, 0xd8, 0xff, 0xe0]],
	['anim.gif2', [...Buffer.from('GIF89a')]],
	['paper.pdf2', [...Buffer.from('%PDF-1.7\n')]],
	['bundle.jar', [0x50, 0x4b, 0x03, 0x04]],
	['a.out', [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]],
	['backup.tar.gz', [0x1f, 0x8b, 0x08, 0x00]],
	['data.bin', [...Buffer.from('<a href="x.html">'), 0x00, 0x01]],
];

test('a file of unknown extension that is binary is named "not a document", exit 1; the other inputs are read', t => {
	const root = scratch();
	for (const [name, bytes] of BINARIES) writeFileSync(join(root, name), Uint8Array.from([...bytes, 0x41, 0x42]));
	writeFileSync(join(root, 'page.weird'), '<a href="x.html">x</a>');
	for (const jobs of ['1', '2']) {
		const result = runCli([
			'extract',
			'--format',
			'urls',
			'--site',
			SITE,
			'-j',
			jobs,
			...BINARIES.map(([name]) => join(root, name)),
			join(root, 'page.weird'),
		]);
		t.is(result.status, 1);
		t.is(result.stdout, 'https://example.org/x.html\n', `-j ${jobs}`);
		for (const [name] of BINARIES)
			t.true(result.stderr.includes(`${join(root, name)}: not a document`), `${name}: ${result.stderr}`);
		t.is(result.stderr.split('\n').length, BINARIES.length + 1);
	}
});

test('--type says what the file is: it is not sniffed; a UTF-16 page with a BOM is text, not NUL bytes', t => {
	const root = scratch();
	writeFileSync(join(root, 'odd.png'), '<a href="y.html">y</a>');
	const typed = runCli(['extract', '--format', 'urls', '--site', SITE, '--type', 'html', join(root, 'odd.png')]);
	t.is(typed.status, 0, typed.stderr);
	t.is(typed.stdout, 'https://example.org/y.html\n');
	writeFileSync(
		join(root, 'wide.page'),
		Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from('<a href="w.html">w</a>', 'utf16le')]),
	);
	const wide = runCli(['extract', '--format', 'urls', '--site', SITE, join(root, 'wide.page')]);
	t.is(wide.status, 0, wide.stderr);
	t.is(wide.stdout, 'https://example.org/w.html\n');
});

test('rewrite FILE of unknown extension sniffs it too', t => {
	const root = scratch();
	writeFileSync(join(root, 'logo.dat'), Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00));
	const result = runCli(['rewrite', '--to', 'absolute', join(root, 'logo.dat')]);
	t.is(result.status, 1);
	t.is(result.stdout, '');
	t.true(result.stderr.includes('not a document: a PNG image'), result.stderr);
});

/** A folder of .gz files after each kind of known extension. */
function gzipped(): string {
	const root = scratch();
	mkdirSync(join(root, 'sub'));
	writeFileSync(join(root, 'sub', 'page.html.gz'), gzipSync('<a href="a.html">a</a><img src="/i.png">'));
	writeFileSync(join(root, 'notes.txt.gz'), gzipSync('See <URL:http://notes.example/n> for more.\n'));
	writeFileSync(
		join(root, 'mail.eml.gz'),
		gzipSync('Content-Type: text/html\r\nContent-Base: http://mail.example/m/\r\n\r\n<a href="b.html">b</a>\r\n'),
	);
	writeFileSync(join(root, 'style.CSS.GZ'), gzipSync('p { background: url(bg.png) }'));
	return root;
}

test('.gz after a known extension is read decompressed, named and in a folder walk, -j 1 and -j 2', t => {
	const root = gzipped();
	// Sorted walk: mail.eml.gz, notes.txt.gz, style.CSS.GZ, sub/page.html.gz; each at --site plus its path.
	const expected = [
		'http://mail.example/m/b.html',
		'http://notes.example/n',
		'https://example.org/bg.png',
		'https://example.org/sub/a.html',
		'https://example.org/i.png',
	];
	for (const jobs of ['1', '2']) {
		const result = runCli(['extract', '--format', 'urls', '--site', SITE, '-j', jobs, root]);
		t.is(result.status, 0, result.stderr);
		t.deepEqual(result.stdout.split('\n').slice(0, -1), expected, `-j ${jobs}`);
	}
	const named = runCli(['extract', '--format', 'urls', '--site', SITE, join(root, 'sub', 'page.html.gz')]);
	t.is(named.stdout, 'https://example.org/a.html\nhttps://example.org/i.png\n');
});

test('a .gz file that is not gzip is named, exit 1', t => {
	const root = scratch();
	writeFileSync(join(root, 'page.html.gz'), '<a href="a.html">a</a>');
	const result = runCli(['extract', join(root, 'page.html.gz')]);
	t.is(result.status, 1);
	t.is(result.stdout, '');
	t.true(result.stderr.includes(`${join(root, 'page.html.gz')}:`), result.stderr);
});

test('rewrite: a .gz FILE to standard output is decompressed; --in-place refuses one, exit 2', t => {
	const root = gzipped();
	const page = join(root, 'sub', 'page.html.gz');
	const out = runCli(['rewrite', '--to', 'absolute', '--base-url', 'https://h.example/d/p.html', page]);
	t.is(out.status, 0, out.stderr);
	t.is(out.stdout, '<a href="https://h.example/d/a.html">a</a><img src="https://h.example/i.png">');
	const inPlace = runCli(['rewrite', '--to', 'absolute', '--site', SITE, '--in-place', page]);
	t.is(inPlace.status, 2);
	t.true(inPlace.stderr.includes('in place'), inPlace.stderr);
});

test('binaryKind names each signature and lets text through', t => {
	for (const [name, bytes] of BINARIES) t.not(binaryKind(Uint8Array.from(bytes)), undefined, name);
	t.is(binaryKind(new TextEncoder().encode('<!doctype html><p>ok')), undefined);
	t.is(binaryKind(new Uint8Array(0)), undefined);
});

test('gunzip streams: a bomb of 64 MiB of zeros comes out in zlib-sized chunks, never whole', async t => {
	const size = 64 << 20;
	const bomb = gzipSync(new Uint8Array(size), {level: 9});
	let total = 0;
	let largest = 0;
	for await (const chunk of gunzip(bomb) as AsyncIterable<Buffer>) {
		total += chunk.length;
		largest = Math.max(largest, chunk.length);
	}
	t.is(total, size);
	t.true(largest <= 64 * 1024, `largest chunk ${largest}`);
});
