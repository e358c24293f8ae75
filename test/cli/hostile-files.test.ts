/**
 * The command against hostile files, round two: a site rewrite streams each page (memory
 * bounded whatever its size), `--out` never writes through a symbolic link inside the
 * output folder, a file that grows while read is read to its size when opened, names with
 * bidirectional controls are escaped where printed, hard links under `--in-place`. Each run
 * is in a temporary folder; every expected page and line is written by hand.
 */
import {spawnSync} from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	linkSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	readSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
	writeSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
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

const makeSite = (pages: Record<string, string>) => makeSiteIn(pages, 'linkstream-hostile-files-');

test('--out: a symbolic link to a folder outside, already in the output folder, is not written through; the file is named, the rest written', t => {
	const {root, site} = makeSite({
		'a.html': link('b.html'),
		'sub/y.html': link('a.html'),
		'sub/deeper/z.html': link('a.html'),
	});
	const out = join(root, 'out');
	mkdirSync(join(root, 'outside'));
	mkdirSync(out);
	symlinkSync('../outside', join(out, 'sub'));
	const result = relative('--out', out, site);
	t.is(result.status, 1, result.stderr);
	t.deepEqual(readdirSync(join(root, 'outside')), []);
	t.regex(
		result.stderr,
		new RegExp(
			`${join(site, 'sub/y.html')}: ${join(out, 'sub')} in the output folder is a symbolic link: not written through`,
		),
	);
	t.regex(
		result.stderr,
		new RegExp(`${join(site, 'sub/deeper/z.html')}: ${join(out, 'sub')} in the output folder is a symbolic link`),
	);
	t.is(readFileSync(join(out, 'a.html'), 'utf8'), '<a href="b.html">x</a>\n');
	t.true(lstatSync(join(out, 'sub')).isSymbolicLink());
});

test('--out: a symbolic link a previous run copied from the input is not written through once the input holds a folder there', t => {
	const {root, site} = makeSite({'a.html': link('b.html')});
	mkdirSync(join(root, 'outside'));
	symlinkSync('../outside', join(site, 'sub'));
	const out = join(root, 'out');
	const first = relative('--out', out, site);
	t.is(first.status, 0, first.stderr);
	t.true(lstatSync(join(out, 'sub')).isSymbolicLink()); // copied as a link, as the input had it
	// The input's `sub` is a folder now.
	rmSync(join(site, 'sub'));
	mkdirSync(join(site, 'sub'));
	writeFileSync(join(site, 'sub', 'y.html'), link('a.html'));
	writeFileSync(join(site, 'sub', 'y.png'), 'png');
	const second = relative('--out', out, site);
	t.is(second.status, 1, second.stderr);
	t.deepEqual(readdirSync(join(root, 'outside')), []);
	for (const name of ['sub', 'sub/y.html', 'sub/y.png']) {
		t.regex(
			second.stderr,
			new RegExp(
				`${join(site, name)}: ${join(out, 'sub')} in the output folder is a symbolic link: not written through`,
			),
		);
	}
});

test('--out: a file in the output folder where a folder must go is named, not replaced', t => {
	const {root, site} = makeSite({'sub/y.html': link('a.html')});
	const out = join(root, 'out');
	mkdirSync(out);
	writeFileSync(join(out, 'sub'), 'mine');
	const result = relative('--out', out, site);
	t.is(result.status, 1, result.stderr);
	t.regex(result.stderr, new RegExp(`${join(out, 'sub')} in the output folder is not a folder: not written`));
	t.is(readFileSync(join(out, 'sub'), 'utf8'), 'mine');
});

test('a file that grows while it is read is read up to its size when opened, with a warning (site rewrite, extract)', async t => {
	const first = link('b.html');
	const later = link('later.html').repeat(1000);
	for (const args of [
		['rewrite', '--to', 'relative', '--site', SITE, '-j', '1', '--out', 'OUT'],
		['extract', '--format', 'urls', '--site', SITE, '-j', '1'],
	]) {
		const {root, site} = makeSite({'a.html': first});
		const out = join(root, 'out');
		const run = runPaused('read', [...args.map(arg => (arg === 'OUT' ? out : arg)), site]);
		await run.paused;
		appendFileSync(join(site, 'a.html'), later);
		run.resume();
		const {code, stdout, stderr} = await run.exit;
		t.is(code, 0, stderr);
		t.regex(
			stderr,
			new RegExp(
				`${join(site, 'a.html')}: warning: grew while it was read: read up to its size when opened \\(${first.length} bytes\\)`,
			),
		);
		if (args[0] === 'rewrite') t.is(readFileSync(join(out, 'a.html'), 'utf8'), '<a href="b.html">x</a>\n');
		else t.is(stdout, `${SITE}b.html\n`);
	}
});

test('a file name with a bidirectional control is escaped in --dry-run lines, TSV and messages', t => {
	const name = 'invoice\u202Egpj.html';
	const {site} = makeSite({[name]: link('b.html')});
	const dry = relative('--dry-run', site);
	t.is(dry.status, 0, dry.stderr);
	t.is(dry.stdout, `${join(site, 'invoice')}\\u202Egpj.html: 1 link\n`);
	const tsv = runCli(['extract', '--format', 'tsv', '--site', SITE, site]);
	t.is(tsv.status, 0, tsv.stderr);
	t.true(tsv.stdout.startsWith(`${join(site, 'invoice')}\\u202Egpj.html\t`), tsv.stdout);
	t.false(tsv.stdout.includes('\u202E'));
});

test('--in-place: each name of a hard-linked page is rewritten for its own URL, with a warning; one name met twice is rewritten once', t => {
	const {site} = makeSite({'a.html': link('c.html')});
	mkdirSync(join(site, 'sub'));
	linkSync(join(site, 'a.html'), join(site, 'sub', 'b.html'));
	const result = relative('--in-place', site, join(site, 'a.html'));
	t.is(result.status, 0, result.stderr);
	t.is(readFileSync(join(site, 'a.html'), 'utf8'), '<a href="c.html">x</a>\n');
	t.is(readFileSync(join(site, 'sub', 'b.html'), 'utf8'), '<a href="../c.html">x</a>\n');
	t.regex(
		result.stderr,
		new RegExp(
			`${join(site, 'sub', 'b.html')}: warning: a hard link to ${join(site, 'a.html')} \\(one file, two names\\): each name is rewritten for its own URL, as a file of its own`,
		),
	);
	t.is(result.stderr.match(/hard link/g)?.length, 1, result.stderr);
	t.regex(
		result.stderr.trim().split('\n').at(-1)!,
		/^linkstream rewrite: 2 files read, 2 changed, 2 links rewritten, 0 left unchanged, 0 errors$/,
	);
});

test("warcio's warning at -j 2 in a large WARC file gives the file's offset, as at -j 1", t => {
	const {root} = makeSite({});
	const record = (id: number, target: string, length: number, body: string): string =>
		`WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:${id}>\r\nWARC-Target-URI: ${target}\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n${body}\r\n\r\n`;
	const filler = 'x'.repeat(1 << 16);
	const good = Array.from({length: 300}, (_, i) => record(i + 10, `http://e.x/${i}.txt`, filler.length, filler)).join(
		'',
	); // 19.7 MB: cut into ranges at -j 2
	// This record's Content-Length (5) ends its block before " http://e.x/b world".
	const text =
		good +
		record(1, 'http://e.x/a.txt', 5, 'hello http://e.x/b world') +
		record(2, 'http://e.x/c.txt', 14, 'http://e.x/d x');
	const file = join(root, 'short.warc');
	writeFileSync(file, text, 'latin1');
	const offset = text.indexOf(' http://e.x/b world');
	for (const jobs of ['1', '2']) {
		const result = runCli(['extract', '--format', 'urls', '-j', jobs, file]);
		t.is(result.status, 0, result.stderr);
		t.is(result.stdout, 'http://e.x/d\n');
		t.is(
			result.stderr,
			`linkstream extract: ${file}: warning: warcio: Content-Length Too Small: Record not followed by newline, Remainder Length: 19, Offset: ${offset}\n`,
			`-j ${jobs}`,
		);
	}
	// Several small WARC files read at once on a worker thread: each line names its own file.
	const files = ['a', 'b', 'c', 'd', 'e'].map(name => join(root, `${name}.warc`));
	const small =
		record(1, 'http://e.x/a.txt', 5, 'hello http://e.x/b world') + record(2, 'http://e.x/c.txt', 14, 'http://e.x/d x');
	for (const path of files) writeFileSync(path, small, 'latin1');
	const many = runCli(['extract', '--format', 'urls', '-j', '2', ...files]);
	t.is(many.status, 0, many.stderr);
	const at = small.indexOf(' http://e.x/b world');
	t.deepEqual(
		many.stderr.trim().split('\n').sort(),
		files.map(
			path =>
				`linkstream extract: ${path}: warning: warcio: Content-Length Too Small: Record not followed by newline, Remainder Length: 19, Offset: ${at}`,
		),
	);
	rmSync(root, {recursive: true, force: true});
});

test('empty files: read as empty whether whole or streamed (rewrite FILE, an empty WARC file, a site rewrite)', t => {
	const {root, site} = makeSite({'empty.html': '', 'a.html': link('b.html')});
	const warc = join(root, 'empty.warc');
	writeFileSync(warc, '');
	const one = runCli(['rewrite', '--to', 'absolute', '--base-url', SITE, join(site, 'empty.html')]);
	t.deepEqual([one.status, one.stdout, one.stderr], [0, '', '']);
	const archive = runCli(['extract', warc]);
	t.deepEqual([archive.status, archive.stdout, archive.stderr], [0, '', '']);
	const out = join(root, 'out');
	const tree = relative('--out', out, site);
	t.is(tree.status, 0, tree.stderr);
	t.is(readFileSync(join(out, 'empty.html'), 'utf8'), '');
	t.is(readFileSync(join(out, 'a.html'), 'utf8'), '<a href="b.html">x</a>\n');
});

/** Peak RSS in MB of the command run from source, from inside the child (its maxRSS at exit). */
function peakRss(args: readonly string[]): {status: number | null; stderr: string; mb: number} {
	const report = join(mkdtempSync(join(tmpdir(), 'linkstream-rss-')), 'rss');
	const hook = `data:text/javascript,${encodeURIComponent(`import {writeFileSync} from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(report)}, String(process.resourceUsage().maxRSS)));`)}`;
	const result = spawnSync(process.execPath, ['--import', 'tsx', '--import', hook, 'src/cli/bin.ts', ...args], {
		cwd: repo,
		encoding: 'utf8',
		timeout: 110_000,
	});
	return {status: result.status, stderr: result.stderr, mb: Number(readFileSync(report, 'utf8')) / 1024};
}

test('a site rewrite streams each page: a 96 MB page with one link at its end, --out and in place, stays far under the size of the page', t => {
	const {root, site} = makeSite({});
	const page = join(site, 'big.html');
	const fd = openSync(page, 'w');
	const block = Buffer.alloc(1 << 20, '<p>filler!</p>\n\n'); // 16 bytes, whole in a MiB
	for (let i = 0; i < 96; i++) writeSync(fd, block);
	writeSync(fd, link('end.html'));
	closeSync(fd);
	const size = statSync(page).size;
	const out = join(root, 'out');
	for (const mode of [['--out', out], ['--in-place']]) {
		const run = peakRss(['rewrite', '--to', 'relative', '--site', SITE, '-j', '1', ...mode, site]);
		t.is(run.status, 0, run.stderr);
		// Read whole, the page and its output alone were 192 MB; streamed, Node and tsx's own and a few MB.
		t.true(run.mb < 160, `${mode[0]}: peak RSS ${run.mb.toFixed(0)} MB`);
		t.log(`${mode[0]}: peak RSS ${run.mb.toFixed(0)} MB for a ${(size / (1 << 20)).toFixed(0)} MB page`);
		const written = mode[0] === '--out' ? join(out, 'big.html') : page;
		t.is(statSync(written).size, size - link('end.html').length + '<a href="end.html">x</a>\n'.length);
		const tail = Buffer.alloc(64);
		const read = openSync(written, 'r');
		readSync(read, tail, 0, 64, statSync(written).size - 64);
		closeSync(read);
		t.true(tail.toString().endsWith('<p>filler!</p>\n\n<a href="end.html">x</a>\n'), tail.toString());
	}
	rmSync(root, {recursive: true, force: true});
});
