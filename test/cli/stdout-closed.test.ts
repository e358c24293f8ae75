/**
 * Standard output closed (`>&-`) or discarded by a parent (`stdio: 'ignore'`, Python's
 * `subprocess.DEVNULL`): both leave `/dev/null` opened read-write as descriptor 1 and
 * nothing tells them apart (src/cli/stdout.ts). So only a run whose product goes to
 * standard output fails (exit 1, one line); a site rewrite, `--help` and `--version` exit 0,
 * and a usage error stays exit 2 (issue 17 item 14).
 */
import {spawnSync} from 'node:child_process';
import type {StdioOptions} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const SITE = 'https://example.com/docs/';
const CLOSED = 'linkstream: standard output is closed; redirect it to a file or to /dev/null\n';
const repo = fileURLToPath(new URL('../..', import.meta.url));
const IGNORED: StdioOptions = ['pipe', 'ignore', 'pipe'];

/** A folder `site` holding index.html with one absolute link into the site. */
function makeSite(): {root: string; site: string; page: string} {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-stdout-'));
	const site = join(root, 'site');
	mkdirSync(site);
	const page = join(site, 'index.html');
	writeFileSync(page, `<a href="${SITE}a.html">x</a>\n`);
	return {root, site, page};
}

/** The command from source with standard output as `stdio` gives it. */
function run(args: readonly string[], stdio: StdioOptions = IGNORED): {status: number | null; stderr: string} {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {cwd: repo, stdio, encoding: 'utf8', timeout: 60_000});
	return {status: result.status, stderr: result.stderr};
}

/** The command from source started by a shell with standard output closed. */
function runClosed(args: readonly string[]): {status: number | null; stderr: string} {
	const result = spawnSync('sh', ['-c', 'exec "$0" --import tsx src/cli/bin.ts "$@" >&-', process.execPath, ...args], {cwd: repo, encoding: 'utf8', timeout: 60_000});
	return {status: result.status, stderr: result.stderr};
}

test("standard output ignored by the parent (stdio 'ignore'): --in-place, --out, --dry-run, --help and --version exit 0", t => {
	const {root, site, page} = makeSite();
	const relative = ['rewrite', '--to', 'relative', '--site', SITE];
	const dry = run([...relative, '--dry-run', site]);
	t.is(dry.status, 0, dry.stderr);
	t.false(dry.stderr.includes(CLOSED), dry.stderr);
	const out = run([...relative, '--out', join(root, 'out'), site]);
	t.is(out.status, 0, out.stderr);
	t.is(readFileSync(join(root, 'out', 'index.html'), 'utf8'), '<a href="a.html">x</a>\n');
	const inPlace = run([...relative, '--in-place', site]);
	t.is(inPlace.status, 0, inPlace.stderr);
	t.is(readFileSync(page, 'utf8'), '<a href="a.html">x</a>\n');
	for (const flag of ['--help', '--version']) t.is(run([flag]).status, 0, flag);
});

test('standard output ignored by a Python parent (subprocess.DEVNULL): rewrite --in-place exits 0, the file rewritten', t => {
	const {site, page} = makeSite();
	const python = 'import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode)';
	const args = [process.execPath, '--import', 'tsx', 'src/cli/bin.ts', 'rewrite', '--to', 'relative', '--site', SITE, '--in-place', site];
	const result = spawnSync('python3', ['-c', python, ...args], {cwd: repo, encoding: 'utf8', timeout: 60_000});
	t.is(result.status, 0, result.stderr);
	t.is(readFileSync(page, 'utf8'), '<a href="a.html">x</a>\n');
});

test('standard output closed (>&-): extract, rewrite FILE, resolve exit 1 with one line; a usage error stays 2; --in-place exits 0', t => {
	const {site, page} = makeSite();
	for (const args of [['extract', page], ['rewrite', '--to', 'absolute', page], ['resolve', SITE, 'a.html']]) t.deepEqual(runClosed(args), {status: 1, stderr: CLOSED}, args[0]);
	const usage = runClosed(['extract', '--format', 'xml', page]);
	t.is(usage.status, 2, usage.stderr);
	t.regex(usage.stderr, /^linkstream: option `--format` must be /);
	const inPlace = runClosed(['rewrite', '--to', 'relative', '--site', SITE, '--in-place', site]);
	t.is(inPlace.status, 0, inPlace.stderr);
	t.is(readFileSync(page, 'utf8'), '<a href="a.html">x</a>\n');
});

test("Deviation: extract under stdio 'ignore' is refused as a closed standard output is (nothing tells them apart)", t => {
	const {page} = makeSite();
	t.deepEqual(run(['extract', page]), {status: 1, stderr: CLOSED});
});
