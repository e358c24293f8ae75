/**
 * Standard output on /dev/null is success however it was opened: Node's `stdio: 'ignore'`
 * and Python's `subprocess.DEVNULL` open it read-write, a shell's `>/dev/null` write-only;
 * a parent that runs the command for its exit status gets 0. Only a write that fails is a
 * failure (`>/dev/full`: ENOSPC; a descriptor opened read-only: EBADF), one line and
 * status 1. Standard output closed by the shell (`>&-`) is not detected (src/cli/output/stdout.ts):
 * Node gives the process /dev/null in its place.
 */
import {spawnSync} from 'node:child_process';
import type {StdioOptions} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const SITE = 'https://example.com/docs/';
const repo = fileURLToPath(new URL('../..', import.meta.url));
const IGNORED: StdioOptions = ['pipe', 'ignore', 'pipe'];
const BIN = ['--import', 'tsx', 'src/cli/bin.ts'];

/** A folder `site` holding index.html with one absolute link into the site. */
function makeSite(): {root: string; site: string; page: string} {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-stdout-'));
	const site = join(root, 'site');
	mkdirSync(site);
	const page = join(site, 'index.html');
	writeFileSync(page, `<a href="${SITE}a.html">x</a>\n`);
	return {root, site, page};
}

/** Runs whose product goes to standard output (extract on one and on two threads, rewrite FILE, resolve), a site run, --help. */
function runs(root: string, site: string, page: string): string[][] {
	return [
		['extract', '--format', 'urls', '-j', '2', page, page],
		['rewrite', '--to', 'absolute', '--base-url', SITE, page],
		['resolve', SITE, 'a.html'],
		['rewrite', '--to', 'relative', '--site', SITE, '--out', join(root, 'out'), site],
		['--help'],
	];
}

test("Node parent with stdio 'ignore': every command exits 0 and says nothing; a usage error stays 2", t => {
	const {root, site, page} = makeSite();
	for (const args of runs(root, site, page)) {
		const result = spawnSync(process.execPath, [...BIN, ...args], {
			cwd: repo,
			stdio: IGNORED,
			encoding: 'utf8',
			timeout: 60_000,
		});
		t.is(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
		t.false(result.stderr.includes('standard output'), args.join(' '));
	}
	const stdin = spawnSync(process.execPath, [...BIN, 'extract', '-'], {
		cwd: repo,
		stdio: ['pipe', 'ignore', 'pipe'],
		input: '<a href="https://e.x/">',
		encoding: 'utf8',
		timeout: 60_000,
	});
	t.is(stdin.status, 0, stdin.stderr);
	const usage = spawnSync(process.execPath, [...BIN, 'extract', '--format', 'xml', page], {
		cwd: repo,
		stdio: IGNORED,
		encoding: 'utf8',
		timeout: 60_000,
	});
	t.is(usage.status, 2);
	t.regex(usage.stderr, /^linkstream: option `--format` must be /);
	t.is(readFileSync(join(root, 'out', 'index.html'), 'utf8'), '<a href="a.html">x</a>\n');
});

test('Python parent with subprocess.DEVNULL: extract, rewrite FILE, resolve and rewrite --in-place exit 0', t => {
	const {root, site, page} = makeSite();
	const python =
		'import subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE); sys.stderr.write(r.stderr.decode()); sys.exit(r.returncode)';
	for (const args of [...runs(root, site, page), ['rewrite', '--to', 'relative', '--site', SITE, '--in-place', site]]) {
		const result = spawnSync('python3', ['-c', python, process.execPath, ...BIN, ...args], {
			cwd: repo,
			encoding: 'utf8',
			timeout: 60_000,
		});
		t.is(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
		t.false(result.stderr.includes('standard output'), `${args.join(' ')}: ${result.stderr}`);
	}
	t.is(readFileSync(page, 'utf8'), '<a href="a.html">x</a>\n');
});

/** The command started by a shell with standard output redirected as `redirect` says. */
function shell(redirect: string, args: readonly string[]): {status: number | null; stderr: string} {
	const result = spawnSync(
		'sh',
		['-c', `exec "$0" --import tsx src/cli/bin.ts "$@" ${redirect}`, process.execPath, ...args],
		{cwd: repo, encoding: 'utf8', timeout: 60_000},
	);
	return {status: result.status, stderr: result.stderr};
}

test('a write that fails is one line and status 1: /dev/full (ENOSPC), a descriptor opened read-only (EBADF)', t => {
	const {page} = makeSite();
	for (const args of [
		['extract', page],
		['rewrite', '--to', 'absolute', '--base-url', SITE, page],
		['resolve', SITE, 'a.html'],
	]) {
		t.deepEqual(
			shell('>/dev/full', args),
			{status: 1, stderr: 'linkstream: cannot write to standard output: no space left on device (ENOSPC)\n'},
			args[0],
		);
		t.deepEqual(
			shell('1</dev/null', args),
			{status: 1, stderr: 'linkstream: cannot write to standard output: bad file descriptor (EBADF)\n'},
			args[0],
		);
	}
});

test('Deviation: standard output closed by the shell (>&-) is not detected: Node gives the process /dev/null, the run exits 0; 1<>/dev/null too', t => {
	const {page} = makeSite();
	t.deepEqual(shell('>&-', ['extract', page]), {status: 0, stderr: ''});
	t.deepEqual(shell('1<>/dev/null', ['rewrite', '--to', 'absolute', '--base-url', SITE, page]), {
		status: 0,
		stderr: '',
	});
});
