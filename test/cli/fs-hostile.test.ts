/**
 * The command against a hostile file system (symbolic links, swaps, odd names, closed or full output): globs and links out
 * of the tree, loops, files swapped or edited during the run, names that are not UTF-8,
 * SIGINT, standard output that is full or closed, FIFOs, control characters in names and
 * values. Each run is in a temporary folder; every expected page and line is written by hand.
 */
import {spawn, spawnSync} from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	existsSync,
	lstatSync,
	mkdirSync,
	openSync,
	readdirSync,
	readFileSync,
	symlinkSync,
	unlinkSync,
	writeFileSync,
} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {runCli} from '../helpers/cli.js';
import {runPaused} from '../helpers/paused.js';
import {makeSite as makeSiteIn} from '../helpers/site.js';

const SITE = 'https://example.com/docs/';
const repo = fileURLToPath(new URL('../..', import.meta.url));
const link = (path: string): string => `<a href="${SITE}${path}">x</a>\n`;
const relative = (...args: string[]) => runCli(['rewrite', '--to', 'relative', '--site', SITE, '-j', '1', ...args]);
const summary = (stderr: string): string => stderr.trim().split('\n').at(-1) ?? '';

const makeSite = (pages: Record<string, string>) => makeSiteIn(pages, 'linkstream-fs-');

test('a glob walks as a folder does: a link to a folder outside and a link loop are not followed; each file once', t => {
	const {root, site} = makeSite({'a.html': link('b.html'), 'b.html': link('a.html')});
	mkdirSync(join(root, 'outside'));
	writeFileSync(join(root, 'outside', 'v.html'), link('a.html'));
	symlinkSync('../outside', join(site, 'ext'));
	symlinkSync('.', join(site, 'loop'));
	const listed = runCli(['extract', '--format', 'tsv', `${site}/**/*.html`, join(site, 'a.html'), site]);
	t.is(listed.status, 0, listed.stderr);
	t.deepEqual(
		listed.stdout
			.trim()
			.split('\n')
			.map(line => line.split('\t')[0]),
		[join(site, 'a.html'), join(site, 'b.html')],
	);
	const result = relative('--in-place', `${site}/**/*.html`);
	t.is(result.status, 0, result.stderr);
	t.is(readFileSync(join(root, 'outside', 'v.html'), 'utf8'), link('a.html'));
	t.is(readFileSync(join(site, 'a.html'), 'utf8'), '<a href="b.html">x</a>\n');
	t.is(readFileSync(join(site, 'b.html'), 'utf8'), '<a href="a.html">x</a>\n');
	t.regex(summary(result.stderr), /^linkstream rewrite: 2 files read, 2 changed, /);
});

for (const mode of ['--in-place', '--out'] as const) {
	test(`a file swapped for a link to a root-only file after the walk is left alone (${mode})`, async t => {
		const {root, site} = makeSite({'a.html': link('x.html'), 'b.html': link('a.html')});
		const secret = join(root, 'secret.html');
		writeFileSync(secret, link('secret-token'), {mode: 0o600});
		const out = join(root, 'out');
		// The first file of the walk pauses before it is opened.
		const run = runPaused('open', [
			'rewrite',
			'--to',
			'relative',
			'--site',
			SITE,
			'-j',
			'1',
			mode,
			...(mode === '--out' ? [out] : []),
			site,
		]);
		await run.paused;
		unlinkSync(join(site, 'a.html'));
		symlinkSync(secret, join(site, 'a.html'));
		run.resume();
		const {code, stderr} = await run.exit;
		t.is(code, 1, stderr);
		t.regex(stderr, /a\.html: is a symbolic link now \(replaced during the run\): left alone/);
		t.is(readFileSync(secret, 'utf8'), link('secret-token'));
		t.true(lstatSync(join(site, 'a.html')).isSymbolicLink());
		if (mode === '--out') {
			t.false(existsSync(join(out, 'a.html')));
			t.is(readFileSync(join(out, 'b.html'), 'utf8'), '<a href="a.html">x</a>\n');
		}
	});
}

test('a file another process edits during an in-place run is not overwritten: named, not counted as changed, exit 1, no temporary file left', async t => {
	const {site} = makeSite({'index.html': link('a.html')});
	const run = runPaused('rename', ['rewrite', '--to', 'relative', '--site', SITE, '-j', '1', '--in-place', site]);
	await run.paused;
	appendFileSync(join(site, 'index.html'), '<!-- an edit -->\n');
	run.resume();
	const {code, stderr} = await run.exit;
	t.is(code, 1, stderr);
	t.is(readFileSync(join(site, 'index.html'), 'utf8'), `${link('a.html')}<!-- an edit -->\n`);
	t.regex(stderr, /index\.html: was changed by another process during the run: left alone/);
	t.is(summary(stderr), 'linkstream rewrite: 1 file read, 0 changed, 0 links rewritten, 0 left unchanged, 1 error');
	t.deepEqual(readdirSync(site), ['index.html']);
});

test('SIGINT mid-run: the temporary files of the run are removed, exit 130', async t => {
	const {site} = makeSite({'a.html': link('b.html'), 'b.html': link('a.html'), 'c.html': link('a.html')});
	const run = runPaused('rename', ['rewrite', '--to', 'relative', '--site', SITE, '-j', '1', '--in-place', site]);
	await run.paused;
	t.true(
		readdirSync(site).some(name => name.includes('.linkstream-')),
		'a temporary file is there while paused',
	);
	run.signal('SIGINT');
	const {code} = await run.exit;
	t.is(code, 130);
	t.deepEqual(
		readdirSync(site).filter(name => name.includes('.linkstream-')),
		[],
	);
});

test('the stale-temporary sweep removes only files it can prove are its own: a user file named like an old temporary stays', t => {
	const dead = Number(
		spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'}).stdout,
	);
	const mine = [
		`.index.html.linkstream-${dead}-0badf00d.tmp`,
		`.index.html.linkstream-${dead}-0badf00d-0123456789abcdef.tmp`,
	];
	const {site} = makeSite({'index.html': link('a.html'), [mine[0]!]: 'my notes', [mine[1]!]: 'more notes'});
	const result = relative('--in-place', site);
	t.is(result.status, 0, result.stderr);
	for (const name of mine) t.true(existsSync(join(site, name)), name);
});

test('names that are not UTF-8: walked by their bytes, each once, printed escaped, their URLs the bytes percent-encoded', t => {
	const {site} = makeSite({});
	const bytesPath = (...names: Array<string | number[]>): Buffer =>
		Buffer.concat([
			Buffer.from(site),
			...names.map(name =>
				Buffer.concat([Buffer.from('/'), typeof name === 'string' ? Buffer.from(name) : Buffer.from(name)]),
			),
		]);
	mkdirSync(bytesPath([0xff]));
	writeFileSync(bytesPath([0xff, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), link('%FE.html'));
	writeFileSync(bytesPath([0xfe, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), link('%EF%BF%BD.html'));
	writeFileSync(join(site, '\uFFFD.html'), link('%FF/q.html'));
	writeFileSync(bytesPath([0xff], 'p.html'), link('%FF/q.html'));
	const dry = relative('--dry-run', site);
	t.is(dry.status, 0, dry.stderr);
	t.deepEqual(dry.stdout.trim().split('\n').sort(), [
		`${site}/\\xFE.html: 1 link`,
		`${site}/\\xFF.html: 1 link`,
		`${site}/\\xFF/p.html: 1 link`,
		`${site}/\uFFFD.html: 1 link`,
	]);
	const result = relative('--in-place', site);
	t.is(result.status, 0, result.stderr);
	t.is(readFileSync(bytesPath([0xff, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), 'utf8'), '<a href="%FE.html">x</a>\n');
	t.is(readFileSync(bytesPath([0xfe, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), 'utf8'), '<a href="%EF%BF%BD.html">x</a>\n');
	t.is(readFileSync(join(site, '\uFFFD.html'), 'utf8'), '<a href="%FF/q.html">x</a>\n');
	t.is(readFileSync(bytesPath([0xff], 'p.html'), 'utf8'), '<a href="q.html">x</a>\n');
	t.regex(summary(result.stderr), /^linkstream rewrite: 4 files read, 4 changed, 4 links rewritten, /);
});

test('names and values with control characters: escaped in --dry-run lines and TSV, never a forged line or a raw ESC/BEL', t => {
	const {site} = makeSite({'a\nb\u001B.html': link('a.html')});
	const dry = relative('--dry-run', site);
	t.is(dry.stdout, `${site}/a\\nb\\x1B.html: 1 link\n`);
	writeFileSync(join(site, '..', 'v.html'), '<a href="x\u0007y\u001Bz">v</a>');
	const tsv = runCli(['extract', '--format', 'tsv', join(site, '..', 'v.html')]);
	t.is(tsv.status, 0, tsv.stderr);
	t.false(/[\u0007\u001B]/.test(tsv.stdout), tsv.stdout);
	t.true(tsv.stdout.includes('\tx\\x07y\\x1Bz\t'), tsv.stdout);
});

test('standard output full (/dev/full): one line on standard error, exit 1', t => {
	const {site} = makeSite({'a.html': link('a.html')});
	for (const args of [
		['extract', join(site, 'a.html')],
		['rewrite', '--to', 'absolute', '--base-url', SITE, join(site, 'a.html')],
	]) {
		const full = openSync('/dev/full', 'w');
		const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
			cwd: repo,
			stdio: ['ignore', full, 'pipe'],
			encoding: 'utf8',
			timeout: 60_000,
		});
		closeSync(full);
		t.is(result.status, 1, args[0]);
		t.is(result.stderr, 'linkstream: cannot write to standard output: no space left on device (ENOSPC)\n');
	}
});

test('a FIFO named on the command line is refused at once, exit 1 (extract, rewrite, rewrite --dry-run)', t => {
	const {root} = makeSite({});
	const fifo = join(root, 'pipe.html');
	t.is(spawnSync('mkfifo', [fifo]).status, 0);
	for (const args of [
		['extract', fifo],
		['rewrite', '--to', 'absolute', fifo],
		['rewrite', '--to', 'relative', '--site', SITE, '--dry-run', fifo],
	]) {
		const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
			cwd: repo,
			encoding: 'utf8',
			timeout: 30_000,
		});
		t.is(result.status, 1, args.join(' '));
		t.true(
			result.stderr.includes(
				`${fifo}: not a regular file (FIFOs, sockets and devices are not read; give standard input as "-")`,
			),
			result.stderr,
		);
	}
});

test('a file whose write failed is not counted as changed', t => {
	const {root, site} = makeSite({'index.html': link('a.html')});
	const out = join(root, 'out');
	mkdirSync(join(out, 'index.html', 'taken'), {recursive: true});
	const result = relative('--out', out, site);
	t.is(result.status, 1);
	t.regex(
		summary(result.stderr),
		/^linkstream rewrite: 1 file read, 0 changed, 0 links rewritten, 0 left unchanged, 0 other files copied, 1 error$/,
	);
});

test("warcio's own warnings come as warnings of the file, prefixed like ours", t => {
	const {root} = makeSite({});
	const record = (id: number, target: string, length: number, body: string): string =>
		`WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:${id}>\r\nWARC-Target-URI: ${target}\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n${body}\r\n\r\n`;
	// The first record's Content-Length (5) ends its block before "http://e.x/b world".
	writeFileSync(
		join(root, 'short.warc'),
		record(1, 'http://e.x/a.txt', 5, 'hello http://e.x/b world') + record(2, 'http://e.x/c.txt', 14, 'http://e.x/d x'),
	);
	const result = runCli(['extract', '--format', 'urls', join(root, 'short.warc')]);
	t.is(result.status, 0, result.stderr);
	t.is(result.stdout, 'http://e.x/d\n');
	const lines = result.stderr.trim().split('\n');
	t.true(
		lines.length > 0 &&
			lines.every(line =>
				line.startsWith(`linkstream extract: ${join(root, 'short.warc')}: warning: warcio: Content-Length Too Small`),
			),
		result.stderr,
	);
});

test('twelve jobs (-j 12) with a slow reader: no MaxListenersExceededWarning (each worker thread pipes its own standard output into ours)', async t => {
	const {site} = makeSite(
		Object.fromEntries(Array.from({length: 12}, (_, k) => [`p${k}.html`, '<a href="x">x</a>\n'.repeat(4000)])),
	);
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'src/cli/bin.ts', 'extract', '-j', '12', '--site', SITE, site],
		{cwd: repo, stdio: ['ignore', 'pipe', 'pipe']},
	);
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	// Read nothing until the command has waited on a full pipe, then everything.
	child.stdout.pause();
	await new Promise(resolve => setTimeout(resolve, 5000));
	child.stdout.resume();
	const code = await new Promise<number | null>(resolve => child.once('close', resolve));
	t.is(code, 0, stderr);
	t.false(stderr.includes('MaxListenersExceededWarning'), stderr);
});

test('SIGINT with worker threads (-j 2): no temporary file of any thread left, every page old or new', async t => {
	const original = link('x.html');
	const pages: Record<string, string> = {};
	for (let f = 0; f < 30; f++) for (let p = 0; p < 50; p++) pages[`s${f}/p${p}.html`] = original;
	const {site} = makeSite(pages);
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'src/cli/bin.ts', 'rewrite', '--to', 'relative', '--site', SITE, '--in-place', '-j', '2', site],
		{cwd: repo, stdio: 'ignore'},
	);
	const exit = new Promise<number | null>(resolve => child.once('exit', resolve));
	// Signalled as soon as the first page of the walk has changed: the threads are writing.
	while (readFileSync(join(site, 's0', 'p0.html'), 'utf8') === original)
		await new Promise(resolve => setTimeout(resolve, 5));
	child.kill('SIGINT');
	t.is(await exit, 130);
	for (let f = 0; f < 30; f++) {
		const names = readdirSync(join(site, `s${f}`));
		t.deepEqual(
			names.filter(name => name.includes('.linkstream-')),
			[],
			`s${f}`,
		);
		for (const name of names)
			t.true([original, '<a href="../x.html">x</a>\n'].includes(readFileSync(join(site, `s${f}`, name), 'utf8')), name);
	}
});

test('rewrite FILE to standard output: a named symbolic link is read as its target (sniffed too); one swapped in after the file was pinned is not read, exit 1', async t => {
	const {root, site} = makeSite({'a.dat': link('x.html')});
	symlinkSync(join(site, 'a.dat'), join(root, 'latest.dat'));
	const named = runCli(['rewrite', '--to', 'relative', '--base-url', SITE, join(root, 'latest.dat')]);
	t.is(named.status, 0, named.stderr);
	t.is(named.stdout, '<a href="x.html">x</a>\n');
	writeFileSync(join(root, 'secret.html'), link('secret-token'), {mode: 0o600});
	const run = runPaused('open', ['rewrite', '--to', 'relative', '--base-url', SITE, join(site, 'a.dat')]);
	await run.paused;
	unlinkSync(join(site, 'a.dat'));
	symlinkSync(join(root, 'secret.html'), join(site, 'a.dat'));
	run.resume();
	const {code, stdout, stderr} = await run.exit;
	t.is(code, 1, stderr);
	t.is(stdout, '');
	t.regex(stderr, /a\.dat: is a symbolic link now \(replaced during the run\): left alone\n$/);
});
