/**
 * A large uncompressed WARC file cut at record boundaries for `-j N` (warc-ranges.ts): the
 * ranges cover the file and start at records; files that are not framed exactly are not
 * cut; the command's output and error messages are those of one thread.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {SCAN_BLOCK_BYTES, warcRanges} from '../../src/cli/inputs/warc-ranges.js';
import type {WarcRange} from '../../src/cli/inputs/warc-ranges.js';
import {runCli} from '../helpers/cli.js';
import {warcResponse} from '../helpers/warc.js';

/** A WARC/1.1 response record (ISO 28500 §6.3) of `page` at `url`. */
function record(url: string, page: string, id: number): Buffer {
	const http = Buffer.from(
		`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(page)}\r\n\r\n${page}`,
	);
	return warcResponse(url, http, id);
}

async function all(ranges: AsyncIterable<WarcRange>): Promise<WarcRange[]> {
	const list: WarcRange[] = [];
	for await (const range of ranges) list.push(range);
	return list;
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
	const ranges = await all(warcRanges({path}, at, 3 * records[0]!.length));
	t.is(ranges[0]!.start, 0);
	t.is(ranges.at(-1)!.end, at);
	for (const [i, range] of ranges.entries()) {
		t.true(starts.includes(range.start), `range ${i} starts inside a record`);
		t.true(range.framed);
		if (i > 0) t.is(range.start, ranges[i - 1]!.end);
	}
	t.true(ranges.length >= 3);
	// Cut up to the first record not framed exactly, the rest one range not framed: a record cut
	// short, junk after a record, two Content-Length fields (the first record), gzip.
	const third = starts[3]!;
	const bad: Array<[string, Buffer, Array<[number, number, boolean]>]> = [
		[
			'truncated',
			Buffer.concat([...records.slice(0, 3), records[3]!.subarray(0, 100)]),
			[
				[0, third, true],
				[third, third + 100, false],
			],
		],
		[
			'junk',
			Buffer.concat([...records.slice(0, 3), Buffer.from('junk\r\n'), ...records.slice(3)]),
			[
				[0, third, true],
				[third, at + 6, false],
			],
		],
		[
			'two lengths',
			Buffer.from(
				records[0]!.toString('latin1').replace('Content-Length:', 'Content-Length: 5\r\nContent-Length:'),
				'latin1',
			),
			[[0, records[0]!.length + 19, false]],
		],
		['gzip', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), [[0, 10, false]]],
	];
	for (const [name, bytes, expected] of bad) {
		const file = join(folder, `${name}.warc`);
		writeFileSync(file, bytes);
		t.deepEqual(
			(await all(warcRanges({path: file}, bytes.length, third))).map(range => [range.start, range.end, range.framed]),
			expected,
			name,
		);
	}
});

test('ranges come as the scan finds them: the first before the file is read, small records from shared blocks', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-ranges-'));
	const records = Array.from({length: 4000}, (_, i) => record(`https://r.example/${i}/`, page(1, i), i));
	const size = records.reduce((sum, r) => sum + r.length, 0);
	const path = join(folder, 'small-records.warc');
	writeFileSync(path, Buffer.concat(records));
	t.true(size > 4 * SCAN_BLOCK_BYTES);
	const reads: Array<[number, number]> = [];
	const target = 16 * records[0]!.length;
	const scan = warcRanges({path}, size, target, (position, length) => void reads.push([position, length]));
	const first = await scan.next();
	// The first range ends at the first record end at or past the target.
	let end = 0;
	for (let i = 0; end < target; i++) end += records[i]!.length;
	t.deepEqual(first.value, {start: 0, end, framed: true});
	const readFirst = reads.reduce((sum, [, length]) => sum + length, 0);
	t.true(readFirst < size / 2, `${readFirst} of ${size} bytes read before the first range`);
	const rest = await all(scan);
	t.is(rest.at(-1)!.end, size);
	// Headers are read from the block that holds them: about one read per block, not one per record.
	t.true(
		reads.length < 2 * Math.ceil(size / SCAN_BLOCK_BYTES) + 2,
		`${reads.length} reads for ${records.length} records`,
	);
	t.true(reads.reduce((sum, [, length]) => sum + length, 0) < 2 * size);
});

test('a WARC file over 16 MB on 2 and 3 threads: the same output and error messages as on one', t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-ranges-'));
	const records: Buffer[] = [];
	for (let i = 0; records.reduce((sum, r) => sum + r.length, 0) < 17 << 20; i++)
		records.push(record(`https://r.example/${i}/`, page(40, i, 30_000), i));
	// One record's HTTP head is not HTTP: reported with its offset in the whole file.
	const broken = Math.floor(records.length * 0.75);
	const offset = records.slice(0, broken).reduce((sum, r) => sum + r.length, 0);
	records[broken] = Buffer.from(
		records[broken]!.toString('latin1').replace('HTTP/1.1 200 OK', 'XTTP/9.9 200 OK'),
		'latin1',
	);
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
