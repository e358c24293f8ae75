/** The command's own words for its version and for options it does not know. */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {version: string};

test('--version and -V print the version of package.json, exit 0', t => {
	for (const flag of ['--version', '-V']) {
		const result = runCli([flag]);
		t.is(result.status, 0, result.stderr);
		t.is(result.stdout, `linkstream ${manifest.version}\n`);
	}
});

test('an unknown option is named for its command, with no unbalanced quote, exit 2', t => {
	for (const [args, line] of [
		[['extract', '--frobnicate', 'x.html'], 'linkstream extract: unknown option --frobnicate (see linkstream --help)'],
		[['rewrite', '--to', 'absolute', '-q', '-'], 'linkstream rewrite: unknown option -q (see linkstream --help)'],
		[['--frobnicate'], 'linkstream: unknown option --frobnicate (see linkstream --help)'],
		[['rewrite', '--to'], 'linkstream rewrite: option --to needs a value (see linkstream --help)'],
		[
			['extract', '--unique=yes', 'x.html'],
			'linkstream extract: option --unique takes no value (see linkstream --help)',
		],
	] as const) {
		const result = runCli(args);
		t.is(result.status, 2, args.join(' '));
		t.is(result.stderr, `${line}\n`, args.join(' '));
		t.is(result.stdout, '');
	}
});
