/**
 * The command's words: each command takes only its own options (PRODUCT.md "The command"),
 * `rewrite` without `--to` says it is required, `extract` with no input and a terminal on
 * standard input gives a hint instead of waiting, and `--help` lists every `--type` and the
 * default `--keep-absolute` selectors.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {KEEP_ABSOLUTE} from '../../src/index.js';
import {ARCHIVE_TYPES, INPUT_TYPES} from '../../src/types.js';
import {runCli} from '../helpers/cli.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

function page(): string {
	const path = join(mkdtempSync(join(tmpdir(), 'linkstream-own-')), 'page.html');
	writeFileSync(path, '<a href="https://example.com/a.html">a</a>');
	return path;
}

test("another command's option is a usage error naming the command and the option, exit 2, nothing done", t => {
	const path = page();
	for (const [args, line] of [
		[
			['extract', '--to', 'absolute', '--in-place', path],
			'linkstream extract: --to is an option of rewrite, not of extract',
		],
		[
			['extract', '--scope', 'https://example.com/', path],
			'linkstream extract: --scope is an option of rewrite and relativize, not of extract',
		],
		[
			['rewrite', '--to', 'absolute', '--format', 'urls', path],
			'linkstream rewrite: --format is an option of extract and check, not of rewrite',
		],
		[
			['rewrite', '--to', 'relative', '--unique', path],
			'linkstream rewrite: --unique is an option of extract, not of rewrite',
		],
		[
			['resolve', '--form', 'shortest', 'https://example.com/', 'a'],
			'linkstream resolve: --form is an option of rewrite and relativize, not of resolve',
		],
		[
			['relativize', '-j', '2', 'https://example.com/', 'https://example.com/a'],
			'linkstream relativize: --jobs is an option of extract, rewrite and check, not of relativize',
		],
	] as const) {
		const result = runCli(args);
		t.is(result.status, 2, args.join(' '));
		t.is(result.stderr, `${line} (see linkstream --help)\n`, args.join(' '));
		t.is(result.stdout, '', args.join(' '));
	}
});

test('rewrite FILE without --to says --to is required, exit 2', t => {
	const result = runCli(['rewrite', page()]);
	t.is(result.status, 2);
	t.is(result.stderr, 'linkstream rewrite: --to is required: --to absolute or --to relative (see linkstream --help)\n');
	t.is(result.stdout, '');
});

/** The command with a pseudo-terminal as standard input (python3's pty module); its status and standard error, or null if it waited. */
function onTerminal(args: readonly string[]): {status: number; stderr: string} | null {
	const python = [
		'import json, os, pty, subprocess, sys',
		'm, s = pty.openpty()',
		'p = subprocess.Popen(sys.argv[1:], stdin=s, stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
		'os.close(s)',
		'try:',
		'    out, err = p.communicate(timeout=90)',
		'    print(json.dumps({"status": p.returncode, "stderr": err.decode()}))',
		'except subprocess.TimeoutExpired:',
		'    p.kill()',
		'    print("null")',
	].join('\n');
	const result = spawnSync('python3', ['-c', python, process.execPath, '--import', 'tsx', 'src/cli/bin.ts', ...args], {
		cwd: repo,
		encoding: 'utf8',
		timeout: 120_000,
	});
	return JSON.parse(result.stdout) as {status: number; stderr: string} | null;
}

test('extract (and rewrite) with no input and a terminal on standard input print a hint and exit 2 instead of waiting', t => {
	t.deepEqual(onTerminal(['extract']), {
		status: 2,
		stderr:
			'linkstream: extract needs input: give FILE, FOLDER or GLOB, or pipe a document in (name "-" to type one on the terminal)\nRun "linkstream --help" for usage.\n',
	});
	t.is(onTerminal(['rewrite', '--to', 'absolute'])?.status, 2);
});

test("--help lists every --type, the default --keep-absolute selectors, and no command takes another's options", t => {
	const help = runCli(['--help']);
	t.is(help.status, 0);
	const typeLines = help.stdout.slice(help.stdout.indexOf('--type T'), help.stdout.indexOf('--base-url URL  '));
	for (const type of [...INPUT_TYPES, ...ARCHIVE_TYPES]) t.regex(typeLines, new RegExp(`\\b${type}\\b`), type);
	for (const selector of KEEP_ABSOLUTE) t.true(help.stdout.includes(selector), selector);
	t.true(help.stdout.includes('Each command takes only its own options.'));
});
