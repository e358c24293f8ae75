/**
 * A mail part loses what a document would to the limits (docs/limits.md): the loss is said
 * to extractMail's `onWarning` with its part (code `limit`), and the command prints it
 * naming the file and the message.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {extractMail} from '../../src/archive/mail/mail.js';
import type {MailWarning} from '../../src/archive/mail/mail.js';
import {runCli} from '../helpers/cli.js';

// A font inlined as a 5 Mi-unit data: URL in the HTML part: past MAX_CSS_TOKEN (4 Mi units).
const FONT = `data:font/woff2;base64,${'A'.repeat(5 << 20)}`;
const eml = [
	'From: a@example.org',
	'Message-ID: <loss-1@example.org>',
	'MIME-Version: 1.0',
	'Content-Type: multipart/alternative; boundary="b"',
	'',
	'--b',
	'Content-Type: text/plain',
	'',
	'https://example.com/plain',
	'--b',
	'Content-Type: text/html',
	'',
	`<style>@font-face{src:url(${FONT})}</style><a href="https://example.com/later">later</a>`,
	'--b--',
	'',
].join('\r\n');
const LOST = '1 CSS URL longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: its link was not read';

test("extractMail: the part's loss, with its part; the other Links read", async t => {
	const warnings: MailWarning[] = [];
	const urls: (string | null)[] = [];
	async function* input(): AsyncGenerator<Uint8Array> {
		yield Buffer.from(eml);
	}
	for await (const link of extractMail(input(), {type: 'eml', onWarning: warning => warnings.push(warning)}))
		urls.push(link.url);
	t.true(urls.includes('https://example.com/later'));
	t.true(urls.includes('https://example.com/plain'));
	t.deepEqual(warnings, [{code: 'limit', part: '2', message: LOST}]);
});

test('extract: one warning naming the file, the message and the part', t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-mail-loss-'));
	const path = join(folder, 'loss.eml');
	writeFileSync(path, eml);
	const result = runCli(['extract', '--format', 'urls', path]);
	t.is(result.status, 0);
	t.true(result.stdout.includes('https://example.com/later\n'));
	t.is(result.stderr, `linkstream extract: ${path}: warning: <loss-1@example.org> at byte 0 part 2: ${LOST}\n`);
});
