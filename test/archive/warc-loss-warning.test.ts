/**
 * A WARC record's payload loses what a document would to the limits (docs/limits.md):
 * the loss is said to extractWarc's `onWarning`, led by the record's place as its errors
 * are, with the record's context; and the command prints it naming the file, at -j 1 and
 * with worker threads.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import test from 'ava';
import {extractWarc} from '../../src/archive/warc/warc.js';
import type {WarcErrorContext} from '../../src/archive/warc/error.js';
import {runCli} from '../helpers/cli.js';
import {warcResponse} from '../helpers/warc.js';

// A font inlined as a 5 Mi-unit data: URL: past MAX_CSS_TOKEN (4 Mi units), skipped unread.
const FONT = `data:font/woff2;base64,${'A'.repeat(5 << 20)}`;
const first = warcResponse(
	'https://example.com/a.html',
	Buffer.from(
		`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<style>@font-face{src:url(${FONT})}</style><a href="/later">`,
	),
	1,
);
const second = warcResponse(
	'https://example.com/b.html',
	Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href="/b2">'),
	2,
);
const warc = Buffer.concat([first, second]);
const LOST = '1 CSS URL longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: its link was not read';
const PLACE =
	'WARC input, offset 0, response record, <urn:uuid:00000000-0000-4000-8000-000000000001>, for https://example.com/a.html';

test("extractWarc: the record's loss, placed, with its context; the other Links read", async t => {
	const told: Array<[string, WarcErrorContext | undefined]> = [];
	const urls: (string | null)[] = [];
	for await (const link of extractWarc(Readable.from([warc]), {
		onWarning: (message, context) => told.push([message, context]),
	}))
		if (link.record?.source === 'body') urls.push(link.url);
	t.deepEqual(urls, ['https://example.com/later', 'https://example.com/b2']);
	t.deepEqual(told, [
		[
			`${PLACE}: ${LOST}`,
			{
				offset: 0,
				type: 'response',
				recordId: '<urn:uuid:00000000-0000-4000-8000-000000000001>',
				targetUri: 'https://example.com/a.html',
			},
		],
	]);
});

// The lossy record after a 17 MB image: at -j 2 a WARC file over 16 MiB is read in ranges of
// records, the record's offset in its range not the file's (the command adds the range's start).
const pad = warcResponse(
	'https://example.com/pad.png',
	Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n'), Buffer.alloc(17 << 20)]),
	3,
);
const folder = mkdtempSync(join(tmpdir(), 'linkstream-warc-loss-'));
const path = join(folder, 'crawl.warc');
writeFileSync(path, Buffer.concat([pad, warc]));
const FILE_PLACE = PLACE.replace('offset 0', `offset ${pad.length}`);

for (const jobs of ['1', '2']) {
	test(`extract -j ${jobs}: one warning naming the file and the record`, t => {
		const result = runCli(['extract', '-j', jobs, '--format', 'urls', path]);
		t.is(result.status, 0);
		t.true(result.stdout.includes('https://example.com/later\n'));
		t.is(result.stderr, `linkstream extract: ${path}: warning: ${FILE_PLACE}: ${LOST}\n`);
	});
}
