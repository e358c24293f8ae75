/**
 * `extract` on a page with a start tag longer than MAX_TOKEN_LENGTH: the tag is let go
 * (docs/limits.md), the Links after it are given, and one warning line on standard error
 * names the file and the limit (exit 0), at -j 1 and with worker threads.
 */
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
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

// `rewrite` leaves the tag as written and says so, naming the file: to standard output, from
// standard input, and over a folder (--dry-run, --out) at -j 1 and with worker threads.
const site = join(folder, 'site');
mkdirSync(site);
const LONG_TAG = `<a href="/lost" title="${'x'.repeat(17 << 20)}">lost</a>`;
const relativePage = `<p>${LONG_TAG}\n<a href="later.html">later</a></p>\n`;
const rewritten = `<p>${LONG_TAG}\n<a href="https://example.com/later.html">later</a></p>\n`;
const sitePage = join(site, 'long-tag.html');
writeFileSync(sitePage, relativePage);
writeFileSync(join(site, 'small.html'), '<a href="small2.html">small</a>\n');
const LEFT =
	'1 start tag longer than 16 Mi UTF-16 units (MAX_TOKEN_LENGTH) left as written: its links were not rewritten';

/** The command with its 17 MB on standard output (runCli keeps spawnSync's 1 MiB). */
function runLarge(args: readonly string[], input?: string): {status: number | null; stdout: string; stderr: string} {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
		cwd: fileURLToPath(new URL('../..', import.meta.url)),
		input,
		encoding: 'utf8',
		timeout: 60_000,
		maxBuffer: 64 << 20,
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

test('rewrite to standard output: the tag as written, the later link rewritten, one warning naming the file', t => {
	const result = runLarge(['rewrite', '--to', 'absolute', '--base-url', 'https://example.com/', sitePage]);
	t.is(result.status, 0);
	t.true(result.stdout === rewritten, 'the output is the page with only the later link rewritten');
	t.is(result.stderr, `linkstream rewrite: ${sitePage}: warning: ${LEFT}\n`);
});

test('rewrite from standard input without a base: the warning once, beside the no-base one', t => {
	const result = runLarge(['rewrite', '--to', 'absolute', '-'], relativePage);
	t.is(result.status, 0);
	t.true(result.stdout === relativePage, 'nothing rewritten: no base');
	t.is(
		result.stderr,
		`linkstream rewrite: -: warning: ${LEFT}\nlinkstream rewrite: warning: 1 relative reference left as written: no base URL to resolve it against (give one with --base-url URL)\n`,
	);
});

/** The warning lines of standard error (the run's summary line aside). */
function warnings(stderr: string): string[] {
	return stderr.split('\n').filter(line => line.includes(': warning: '));
}

/** `rewrite -j JOBS MODE… --to absolute --site https://example.com/ SITE`. */
function siteRewrite(jobs: string, ...mode: string[]): string[] {
	return ['rewrite', '-j', jobs, ...mode, '--to', 'absolute', '--site', 'https://example.com/', site];
}

for (const jobs of ['1', '2']) {
	test(`rewrite -j ${jobs} --dry-run and --out: one warning naming the file`, t => {
		const dry = runCli(siteRewrite(jobs, '--dry-run'));
		t.is(dry.status, 0);
		t.deepEqual(warnings(dry.stderr), [`linkstream rewrite: ${sitePage}: warning: ${LEFT}`]);
		const out = join(folder, `out-${jobs}`);
		const written = runCli(siteRewrite(jobs, '--out', out));
		t.is(written.status, 0);
		t.deepEqual(warnings(written.stderr), [`linkstream rewrite: ${sitePage}: warning: ${LEFT}`]);
		t.true(readFileSync(join(out, 'long-tag.html'), 'utf8') === rewritten, 'written with the tag as it was');
	});
}
