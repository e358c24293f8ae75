import {readFileSync} from 'node:fs';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

interface Row {
	url: string | null;
	kind: string;
	message?: {index?: number; part: string; messageId?: string};
	record?: {targetUri: string; source: string; status?: number};
}

function rows(stdout: string): Row[] {
	return stdout
		.trim()
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as Row);
}

test('a WARC file by extension: header and body references with their record; bad records named, exit 1', t => {
	const result = runCli(['extract', 'fixtures/warc/plain.warc']);
	t.is(result.status, 1, 'a malformed and a truncated record were reported');
	const links = rows(result.stdout);
	// fixtures/warc/README.md, plain.warc
	t.deepEqual(
		links.map(link => [link.record?.source, link.url]),
		[
			['body', 'http://plain.example/b.html'],
			['header:location', 'http://plain.example/d.html'],
			['body', 'http://plain.example/kept.html'],
		],
	);
	t.is(links[1]?.record?.targetUri, 'http://plain.example/c/');
	t.is(links[1]?.record?.status, 302);
	t.regex(result.stderr, /plain\.warc: .*without WARC-Target-URI/);
	t.regex(result.stderr, /plain\.warc: .*ends inside the record/);
});

test('an ARC file is rejected clearly, and the other inputs still run', t => {
	const result = runCli(['extract', '--format', 'urls', 'fixtures/warc/legacy.arc', 'fixtures/warc/whole.warc.gz']);
	t.is(result.status, 1);
	t.regex(result.stderr, /legacy\.arc: .*unsupported ARC file/);
	t.is(result.stdout, 'http://plain.example/b.html\nhttp://plain.example/d.html\n');
});

test('an mbox by extension: Links carry their message; a malformed message is named and skipped', t => {
	const result = runCli(['extract', 'fixtures/mail/list.mbox']);
	t.is(result.status, 1);
	t.regex(result.stderr, /list\.mbox: message #1 at byte \d+: /);
	const links = rows(result.stdout);
	t.true(links.length > 5);
	t.true(links.every(link => link.message !== undefined && typeof link.message.part === 'string'));
	t.deepEqual([...new Set(links.map(link => link.message?.index))], [0, 2, 3]);
	const handbook = links.find(link => link.url === 'https://www.example.com/handbook/chapters/intro.html');
	t.is(handbook?.message?.messageId, 'notes-3@example.org');
});

test('--type overrides the extension for archives read from standard input', t => {
	const mhtml = runCli(
		['extract', '--format', 'urls', '--type', 'eml', '-'],
		readFileSync('fixtures/mail/related.mhtml'),
	);
	t.is(mhtml.status, 0, mhtml.stderr);
	t.true(mhtml.stdout.split('\n').length > 2);
});

test('a mail part read otherwise than declared: a warning on standard error, its Links on standard out, exit 0', t => {
	const result = runCli(['extract', '--format', 'urls', 'fixtures/mail/no-boundary.eml']);
	t.is(result.status, 0, 'Links were given: a warning is not a failure');
	t.is(result.stdout, 'http://lost.example.org/a\nhttp://lost.example.org/wrapped/path\n');
	t.regex(
		result.stderr,
		/^linkstream extract: fixtures\/mail\/no-boundary\.eml: warning: <no-boundary-1@example\.org> at byte 0 part 1: multipart\/mixed with no boundary parameter: its body is read as text\/plain\n$/,
	);
	const pooled = runCli([
		'extract',
		'--format',
		'urls',
		'--jobs',
		'2',
		'fixtures/mail/no-boundary.eml',
		'fixtures/mail/unknown-encodings.eml',
	]);
	t.is(pooled.status, 0);
	t.is(pooled.stderr.match(/: warning: /g)?.length, 4, 'worker threads pass warnings on too');
});

test('free-text header fields of an .eml: Links named by their field', t => {
	const result = runCli(['extract', 'fixtures/mail/headers.eml']);
	t.is(result.status, 0, result.stderr);
	const links = rows(result.stdout) as Array<Row & {attribute?: string}>;
	t.deepEqual(
		links.filter(link => link.message?.part === 'HEADER').map(link => link.attribute),
		['subject', 'subject', 'organization', 'x-url', 'comments', 'comments', 'keywords', 'list-archive'],
	);
});
