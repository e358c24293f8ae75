/**
 * `checkSite` and `linkstream check` on a page that loses a reference to the limits
 * (docs/limits.md): its other references are checked, and the loss is said (`onWarning`,
 * the command's `PATH: warning: …`), on this thread and on worker threads.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {checkSite} from '../../src/index.js';
import {runCli} from '../helpers/cli.js';

// A font inlined as a 5 Mi-unit data: URL: past MAX_CSS_TOKEN (4 Mi units), skipped unread.
const FONT = `data:font/woff2;base64,${'A'.repeat(5 << 20)}`;
const root = mkdtempSync(join(tmpdir(), 'linkstream-check-loss-'));
const page = join(root, 'index.html');
writeFileSync(page, `<style>@font-face{src:url(${FONT})}</style><a href="missing.html">x</a>\n`);
writeFileSync(join(root, 'other.html'), '<a href="index.html">home</a>\n');
const LOST = '1 CSS URL longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: its link was not read';

for (const jobs of [1, 2]) {
	test(`jobs ${jobs}: the broken link found, the loss said naming the file`, async t => {
		const warnings: Array<[string, string]> = [];
		const run = checkSite(root, {
			site: 'https://example.com/',
			jobs,
			onWarning: (path, message) => warnings.push([path, message]),
		});
		const problems: string[] = [];
		for await (const finding of run) problems.push(`${finding.url} ${finding.problem}`);
		t.deepEqual(problems, ['https://example.com/missing.html missing-file']);
		t.deepEqual(warnings, [[page, LOST]]);
	});
}

test('onWarning must be a function: the error names it', t => {
	const error = t.throws(() => checkSite(root, {onWarning: 'yes' as never}));
	t.regex(error?.message ?? '', /onWarning/);
});

test('linkstream check: the warning line on standard error', t => {
	const result = runCli(['check', '--format', 'text', '--site', 'https://example.com/', root]);
	t.is(result.status, 1);
	t.true(result.stderr.startsWith(`linkstream check: ${page}: warning: ${LOST}\n`), result.stderr);
});
