/**
 * A large uncompressed WARC file cut at record boundaries for `-j N` (warc-ranges.ts): the
 * ranges cover the file and start at records; files that are not framed exactly are not
 * cut; the command's output and error messages are those of one thread.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {warcRanges} from '../../src/cli/warc-ranges.js';
import {runCli} from '../helpers/cli.js';

/** A WARC/1.1 response record (ISO 28500 §6.3) of `page` at `url`. */
function record(url: string, page: string, id: number): Buffer {
	const http = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(page)}\r\n\r\n${page}`);
	const head = `WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: ${url}\r\nWARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(id).padStart(12, '0')}>\r\nContent-Type: application/http;msgtype=response\r\nContent-Length: ${http.length}\r\n\r\n`;
	return Buffer.concat([Buffer.from(head), http, Buffer.from('\r\n\r\n')]);
}

function page(n: number, tag: number, padding = 0): string {
	return `${Array.from({length: n}, (_, i) => `<a href="r${tag}-${i}.html">${i}</a>`).join('\n')}<p>${'Lorem ipsum. '.repeat(padding)}</p>`;
}

test('ranges start at records, cover the file, and are about the size asked for', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-ranges-'));
	const records = Array.from({length: 10}, (_, i) => record(`https://r.example/${i}/`, page(50, i), i));
	const starts: number[] = [];
	let at = 0;
	for (const r of records) {
		starts.push(at);
		at += r.length;
	}
	const path = join(folder, 'crawl.warc');
	writeFileSync(path, Buffer.concat(records));
	const ranges = await warcRanges(path, at, 3 * records[0]!.length);
	t.truthy(ranges);
	t.is(ranges![0]![0], 0);
	t.is(ranges!.at(-1)![1], at);
	for (const [i, range] of ranges!.entries()) {
		t.true(starts.includes(range[0]), `range ${i} starts inside a record`);
		if (i > 0) t.is(range[0], ranges![i - 1]![1]);
	}
	t.true(ranges!.length >= 3);
	// Not cut: a record cut short, junk after a record, two Content-Length fields, gzip.
	const bad: Array<[string, Buffer]> = [
		['truncated', Buffer.concat([...records.slice(0, 3), records[3]!.subarray(0, 100)])],
		['junk', Buffer.concat([...records.slice(0, 3), Buffer.from('junk\r\n'), ...records.slice(3)])],
		['two lengths', Buffer.from(records[0]!.toString('latin1').replace('Content-Length:', 'Content-Length: 5\r\nContent-Length:'), 'latin1')],
		['gzip', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])],
	];
	for (const [name, bytes] of bad) {
		const file = join(folder, `${name}.warc`);
		writeFileSync(file, bytes);
		t.is(await warcRanges(file, bytes.length, 1000), undefined, name);
	}
});

test('a WARC file over 16 MB on 2 and 3 threads: the same output and error messages as on one', t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-ranges-'));
	const records: Buffer[] = [];
	for (let i = 0; records.reduce((sum, r) => sum + r.length, 0) < 17 << 20; i++) records.push(record(`https://r.example/${i}/`, page(40, i, 30_000), i));
	// One record's HTTP head is not HTTP: reported with its offset in the whole file.
	const broken = Math.floor(records.length * 0.75);
	const offset = records.slice(0, broken).reduce((sum, r) => sum + r.length, 0);
	records[broken] = Buffer.from(records[broken]!.toString('latin1').replace('HTTP/1.1 200 OK', 'XTTP/9.9 200 OK'), 'latin1');
	const path = join(folder, 'big.warc');
	writeFileSync(path, Buffer.concat(records));
	const one = runCli(['extract', '--format', 'urls', '-j', '1', path]);
	t.is(one.status, 1);
	t.true(one.stderr.includes(`offset ${offset}, response record`), one.stderr);
	// Every record's anchors but the broken one's, in order.
	t.is(one.stdout.split('\n').length - 1, (records.length - 1) * 40);
	for (const jobs of ['2', '3']) {
		const many = runCli(['extract', '--format', 'urls', '-j', jobs, path]);
		t.is(many.status, 1);
		t.true(many.stdout === one.stdout, `-j ${jobs}: stdout differs`);
		t.is(many.stderr, one.stderr);
	}
});
