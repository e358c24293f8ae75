/**
 * A small input that asked for gigabytes: 30,000 `<a href="x">` then a BASE of 200 KB
 * (560 KB) made 12 GB of NDJSON, built before any line was written, and aborted the command
 * (V8 out of memory); as one record of a 3.6 KB .warc.gz among ten good ones it took the run
 * down. Now a base over MAX_BASE_LENGTH (2,048) gives error Links (`invalid-base`, raw
 * kept) and the other records' Links come out; a rewrite leaves the references as written.
 * The old code's failure was checked with `NODE_OPTIONS=--max-old-space-size=1024` (it
 * aborts in seconds instead of taking 4 GB).
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import test from 'ava';
import {fileURLToPath} from 'node:url';
import type {CliResult} from '../helpers/cli.js';
import {warcResponse} from '../helpers/warc.js';

/** test/helpers/cli.ts's runCli with room for the 7 MB of output (spawnSync keeps 1 MB by default). */
function runCli(args: readonly string[]): CliResult {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
		cwd: fileURLToPath(new URL('../..', import.meta.url)),
		encoding: 'utf8',
		timeout: 120_000,
		maxBuffer: 64 << 20,
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

const HOSTILE = `${'<a href="x">'.repeat(30_000)}<base href="http://h.example/${'A'.repeat(200_000)}/">`;

/** A WARC/1.1 response record of an HTML page, as one gzip member (a .warc.gz, as warcio writes it). */
function record(url: string, html: string, id: number): Buffer {
	return gzipSync(warcResponse(url, Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${html}`), id));
}

function folder(): string {
	return mkdtempSync(join(tmpdir(), 'linkstream-amplification-'));
}

interface Line {
	url: string | null;
	raw: string;
	error?: string;
	base?: string | null;
	record?: {targetUri: string};
}

const lines = (stdout: string): Line[] =>
	stdout
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as Line);

test('extract: the 560 KB page ends normally; the held references are error Links without the 200 KB base', t => {
	const path = join(folder(), 'p.html');
	writeFileSync(path, HOSTILE);
	const result = runCli(['extract', path]);
	t.is(result.status, 0, result.stderr.slice(0, 500));
	const links = lines(result.stdout);
	t.is(links.length, 30_001);
	t.deepEqual(links[0], {...links[0], url: null, raw: 'x', error: 'invalid-base', base: null});
	t.true(links.slice(0, 30_000).every(link => link.error === 'invalid-base' && link.url === null));
	// Every line but the BASE's own (its href, 200 KB, is its own text) is short.
	t.true(result.stdout.length < 30_000 * 300 + 2 * 200_100, `${result.stdout.length} bytes out`);
});

for (const jobs of ['1', '2']) {
	test(`extract -j ${jobs}: that page as one record of a .warc.gz among ten good ones: every good record's Links come out`, t => {
		const members: Buffer[] = [];
		for (let i = 0; i < 11; i++) {
			members.push(
				i === 5
					? record('http://bad.example/p.html', HOSTILE, i)
					: record(`http://good.example/${i}/`, `<a href="page-${i}.html">${i}</a>`, i),
			);
		}
		const warc = Buffer.concat(members);
		t.true(warc.length < 8_000, `${warc.length} bytes`);
		const path = join(folder(), 'crawl.warc.gz');
		writeFileSync(path, warc);
		const result = runCli(['extract', '-j', jobs, path]);
		t.is(result.status, 0, result.stderr.slice(0, 500));
		const links = lines(result.stdout);
		const good = links.filter(link => link.record?.targetUri.startsWith('http://good.example/'));
		t.deepEqual(
			good.map(link => link.url),
			[0, 1, 2, 3, 4, 6, 7, 8, 9, 10].map(i => `http://good.example/${i}/page-${i}.html`),
		);
		const bad = links.filter(link => link.record?.targetUri === 'http://bad.example/p.html');
		t.is(bad.filter(link => link.error === 'invalid-base').length, 30_000);
	});
}

test('rewrite: a 1 MB BASE and 3,000 links is written as it was', t => {
	const page = `<base href="http://h/${'A'.repeat(1 << 20)}/">${'<a href="x">'.repeat(3000)}`;
	const path = join(folder(), 'r.html');
	writeFileSync(path, page);
	const result = runCli(['rewrite', '--to', 'absolute', path]);
	t.is(result.status, 0, result.stderr.slice(0, 500));
	t.is(result.stdout, page);
});
