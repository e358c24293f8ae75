/**
 * `extract` on a page with a start tag longer than MAX_TOKEN_LENGTH: the tag is let go
 * (docs/limits.md), the Links after it are given, and one warning line on standard error
 * names the file and the limit (exit 0), at -j 1 and with worker threads.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const folder = mkdtempSync(join(tmpdir(), 'linkstream-long-tag-'));
const page = join(folder, 'long-tag.html');
// One 17 Mi-unit start tag holding an href, then a normal link.
writeFileSync(
	page,
	`<p><a href="https://example.com/lost" title="${'x'.repeat(17 << 20)}">lost</a>
<a href="https://example.com/later">later</a></p>\n`,
);
const small = join(folder, 'small.html');
writeFileSync(small, '<a href="https://example.com/small">small</a>\n');
const WARNING = `linkstream extract: ${page}: warning: 1 start tag longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) ignored: its links were not read\n`;

for (const jobs of ['1', '2']) {
	test(`-j ${jobs}: the later link found, one warning naming the file and the limit`, t => {
		const result = runCli(['extract', '-j', jobs, '--format', 'urls', page, small]);
		t.is(result.status, 0);
		t.deepEqual(result.stdout.split('\n').filter(Boolean).sort(), [
			'https://example.com/later',
			'https://example.com/small',
		]);
		t.is(result.stderr, WARNING);
	});
}
