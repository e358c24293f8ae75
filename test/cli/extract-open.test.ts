/**
 * `linkstream extract` opens every file pinned as the walk (or the command line) found it
 * (src/cli/inputs/pinned-file.ts): a file swapped after the walk for a symbolic link, a
 * FIFO or another file is named on standard error and not read, whatever way it would have
 * been read (whole, streamed, a WARC file whole or cut into ranges, a `.gz` file, a mail
 * file; on the main thread or a worker thread), and the run goes on (exit 1). Each run
 * pauses after the walk (the tests' entry, `--pause open`) while the test swaps the files.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, renameSync, symlinkSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import test from 'ava';
import type {ExecutionContext} from 'ava';
import {runPaused} from '../helpers/paused.js';
import type {PausedExit} from '../helpers/paused.js';

/** What a paused run writes first (src/cli/work/test-pause.ts). */
const PAUSED = 'linkstream: paused at open\n';
const page = (url: string): string => `<a href="${url}">x</a>\n`;
const warcRecord = (url: string): string => {
	const body = `see ${url} here`;
	return `WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Target-URI: http://e.x/r.txt\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}\r\n\r\n`;
};
const mbox = (url: string): string => `From a@example.com Thu Jan  1 00:00:00 2026\nSubject: s\n\nsee ${url} here\n`;
const swapped = (path: string, now: 'a symbolic link' | 'not a regular file' | 'another file'): string =>
	`linkstream extract: ${path}: ${now === 'not a regular file' ? 'is not a regular file' : `is ${now}`} now (replaced during the run): left alone\n`;

/** A fresh folder `site` with `files` in it, and `outside` beside it. */
function makeTree(files: Record<string, string | Buffer>): {root: string; site: string; outside: string} {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-open-'));
	const site = join(root, 'site');
	const outside = join(root, 'outside');
	mkdirSync(site);
	mkdirSync(outside);
	for (const [name, content] of Object.entries(files)) writeFileSync(join(site, name), content);
	return {root, site, outside};
}

/** Replace `path` by a symbolic link to a new file `outside/name` holding `content`. */
function swapForLink(path: string, outside: string, name: string, content: string | Buffer): void {
	writeFileSync(join(outside, name), content);
	unlinkSync(path);
	symlinkSync(join(outside, name), path);
}

/** Run extract with `args`, paused after the walk while `swap` changes the files; its exit. */
async function extractSwapping(args: readonly string[], swap: () => void): Promise<PausedExit> {
	const run = runPaused('open', ['extract', ...args]);
	await run.paused;
	swap();
	run.resume();
	return run.exit;
}

/** Exit 1, the output of the files left as they were, and each swapped file named (`skipped`, in input order). */
function assertSkipped(
	t: ExecutionContext,
	{code, stdout, stderr}: PausedExit,
	output: string,
	skipped: readonly string[],
): void {
	t.is(code, 1, stderr);
	t.is(stdout, output);
	t.is(stderr, PAUSED + skipped.join(''));
}

for (const jobs of ['1', '2']) {
	test(`a page swapped for a symbolic link after the walk is not read: named, the other page's links given, exit 1 (-j ${jobs})`, async t => {
		const {site, outside} = makeTree({
			'a.html': page('https://example.com/a'),
			'b.html': page('https://example.com/b'),
		});
		const exit = await extractSwapping(['--format', 'urls', '-j', jobs, site], () =>
			swapForLink(join(site, 'a.html'), outside, 'secret.html', page('https://secret.example/token')),
		);
		assertSkipped(t, exit, 'https://example.com/b\n', [swapped(join(site, 'a.html'), 'a symbolic link')]);
	});

	test(`every way a file is read checks it: a WARC file, a .gz file, an mbox, a page, each swapped, none read (-j ${jobs})`, async t => {
		const {site, outside} = makeTree({
			'a.warc': warcRecord('https://example.com/a'),
			'b.txt.gz': gzipSync(`see https://example.com/b here\n`),
			'c.mbox': mbox('https://example.com/c'),
			'd.html': page('https://example.com/d'),
			'e.html': page('https://example.com/kept'),
		});
		const exit = await extractSwapping(['--format', 'urls', '-j', jobs, site], () => {
			swapForLink(join(site, 'a.warc'), outside, 'secret.warc', warcRecord('https://secret.example/warc'));
			// Another file renamed into its place: the same name, another inode.
			writeFileSync(join(site, 'new.gz'), gzipSync('see https://secret.example/gz here\n'));
			renameSync(join(site, 'new.gz'), join(site, 'b.txt.gz'));
			swapForLink(join(site, 'c.mbox'), outside, 'secret.mbox', mbox('https://secret.example/mbox'));
			// A FIFO in its place: opened without waiting for a writer, refused.
			unlinkSync(join(site, 'd.html'));
			t.is(spawnSync('mkfifo', [join(site, 'd.html')]).status, 0);
		});
		assertSkipped(t, exit, 'https://example.com/kept\n', [
			swapped(join(site, 'a.warc'), 'a symbolic link'),
			swapped(join(site, 'b.txt.gz'), 'another file'),
			swapped(join(site, 'c.mbox'), 'a symbolic link'),
			swapped(join(site, 'd.html'), 'not a regular file'),
		]);
	});
}

test('files named on the command line are checked too; a symbolic link named there is read as its target', async t => {
	const {root, site, outside} = makeTree({
		'a.html': page('https://example.com/a'),
		'b.html': page('https://example.com/b'),
	});
	symlinkSync(join(site, 'b.html'), join(root, 'latest.html'));
	const exit = await extractSwapping(
		['--format', 'tsv', '-j', '1', join(site, 'a.html'), join(root, 'latest.html')],
		() => swapForLink(join(site, 'a.html'), outside, 'secret.html', page('https://secret.example/token')),
	);
	// TSV: file, line, column, kind, element, attribute, url, value, archive context; the file as named.
	assertSkipped(
		t,
		exit,
		`${join(root, 'latest.html')}\t1\t10\tnavigation\ta\thref\thttps://example.com/b\thttps://example.com/b\t\n`,
		[swapped(join(site, 'a.html'), 'a symbolic link')],
	);
});

test('a large WARC file cut into ranges at -j 2, swapped for a symbolic link after the walk: not read, named once, exit 1', async t => {
	// Over 16 MB (WHOLE_FILE_BYTES): cut into ranges of records at -j 2.
	const record = warcRecord(`https://example.com/${'p'.repeat(900)}`);
	const {site, outside} = makeTree({
		'big.warc': record.repeat(Math.ceil((17 << 20) / record.length)),
		'z.html': page('https://example.com/z'),
	});
	const exit = await extractSwapping(['--format', 'urls', '-j', '2', site], () =>
		swapForLink(join(site, 'big.warc'), outside, 'secret.warc', warcRecord('https://secret.example/warc')),
	);
	assertSkipped(t, exit, 'https://example.com/z\n', [swapped(join(site, 'big.warc'), 'a symbolic link')]);
});
