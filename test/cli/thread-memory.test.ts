/**
 * A worker thread that runs out of memory (its heap is capped: pool.ts THREAD_OLD_SPACE_MB)
 * takes no input down with it: the command says so and does each input it held again alone
 * on another thread under the same cap (never on the main thread, which has none); one that
 * runs out of memory alone too is named (exit 1) and the run goes on, the other files' output
 * that of `-j 1`, nothing written twice, and a site rewrite leaves no temporary file.
 * The tests' entry (test/helpers/cli-entry.ts, `--thread-heap-mb`) makes the cap small enough for a test.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Writable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {removeOwnTemporaries, temporaryName} from '../../src/cli/output/atomic.js';
import {BatchedOutput} from '../../src/cli/output/output.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A thread heap no 8 MB attribute value fits in, with room for the thread's own modules. */
const SMALL_HEAP_MB = '16';

function run(args: readonly string[], heapMb?: string): {status: number | null; stdout: string; stderr: string} {
	const entry =
		heapMb === undefined ? ['src/cli/bin.ts'] : ['test/helpers/cli-entry.ts', '--thread-heap-mb', heapMb, '--'];
	const result = spawnSync(process.execPath, ['--import', 'tsx', ...entry, ...args], {
		cwd: root,
		encoding: 'utf8',
		timeout: 110_000,
		maxBuffer: 1 << 28,
	});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

/** Small pages, and pages each holding an 8 MB data: URL between two links. */
function site(): string {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-'));
	for (let i = 0; i < 4; i++)
		writeFileSync(join(folder, `s${i}.html`), `<a href="s${i}.html">x</a><img srcset="a.png 1x, b.png 2x">`);
	for (let i = 0; i < 2; i++)
		writeFileSync(
			join(folder, `big${i}.html`),
			`<a href="first.html"><a href="data:text/plain;base64,${'QUFB'.repeat(2 << 20)}"><a href="last.html">`,
		);
	return folder;
}

/** The TSV lines of `stdout` by file (the first field), in order. */
function byFile(stdout: string): Map<string, string[]> {
	const files = new Map<string, string[]>();
	for (const line of stdout.split('\n').filter(Boolean)) {
		const file = line.split('\t')[0]!;
		files.set(file, [...(files.get(file) ?? []), line]);
	}
	return files;
}

test('extract -j 2: an input whose thread runs out of memory is read again alone on another thread under the same limit; failing again it is named (exit 1), the other files whole', t => {
	const folder = site();
	const one = run(['extract', '--format', 'tsv', '--site', 'https://site.example/', '-j', '1', folder]);
	const two = run(['extract', '--format', 'tsv', '--site', 'https://site.example/', '-j', '2', folder], SMALL_HEAP_MB);
	t.is(one.status, 0, one.stderr);
	t.is(two.status, 1, two.stderr);
	for (const name of ['big0.html', 'big1.html']) {
		t.regex(
			two.stderr,
			new RegExp(
				`${name}: warning: its worker thread ran out of memory \\(16 MB a thread\\): read again alone on another thread`,
			),
		);
		t.regex(
			two.stderr,
			new RegExp(
				`${name}: its worker thread ran out of memory \\(16 MB a thread\\) again, alone on a thread: not read in full`,
			),
		);
	}
	t.notRegex(two.stderr, /s\d\.html: its worker thread/);
	// Each file's lines: the small files' all of -j 1's, a big file's a beginning of them (never a line twice).
	const [whole, bounded] = [byFile(one.stdout), byFile(two.stdout)];
	for (const [file, lines] of whole) {
		const got = bounded.get(file) ?? [];
		if (file.includes('/big')) t.deepEqual(got, lines.slice(0, got.length), file);
		else t.deepEqual(got, lines, file);
	}
	t.deepEqual(
		[...bounded.keys()].filter(file => !file.includes('/big')),
		[...whole.keys()].filter(file => !file.includes('/big')),
	);
	t.true(one.stdout.includes('https://site.example/last.html'));
});

test('rewrite --out -j 2: a file whose thread runs out of memory is rewritten again alone on another thread; failing again it is named and not written, no temporary file left', t => {
	const folder = site();
	const out = (name: string): string => join(mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-out-')), name);
	const [a, b] = [out('one'), out('two')];
	const one = run(['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '1', '--out', a, folder]);
	const two = run(
		['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '2', '--out', b, folder],
		SMALL_HEAP_MB,
	);
	t.is(one.status, 0, one.stderr);
	t.is(two.status, 1, two.stderr);
	for (const name of ['big0.html', 'big1.html']) {
		t.regex(
			two.stderr,
			new RegExp(
				`${name}: warning: its worker thread ran out of memory \\(16 MB a thread\\): rewritten again alone on another thread`,
			),
		);
		t.regex(
			two.stderr,
			new RegExp(
				`${name}: its worker thread ran out of memory \\(16 MB a thread\\) again, alone on a thread: not written`,
			),
		);
	}
	t.regex(two.stderr, /4 files read, 4 changed, .*, 2 errors$/m);
	t.deepEqual(
		readdirSync(b).sort(),
		readdirSync(a)
			.filter(name => !name.startsWith('big'))
			.sort(),
	);
	for (const name of readdirSync(b)) t.true(readFileSync(join(b, name)).equals(readFileSync(join(a, name))), name);
	t.true(readFileSync(join(a, 'big0.html'), 'latin1').endsWith('<a href="https://site.example/last.html">'));
});

test('rewrite --in-place -j 2: a file that runs a thread out of memory alone too is named and left as it was, the others rewritten, no temporary file left', t => {
	const folder = site();
	const before = readFileSync(join(folder, 'big0.html'));
	const result = run(
		['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '2', '--in-place', folder],
		SMALL_HEAP_MB,
	);
	t.is(result.status, 1, result.stderr);
	for (const name of ['big0.html', 'big1.html'])
		t.regex(
			result.stderr,
			new RegExp(
				`${name}: its worker thread ran out of memory \\(16 MB a thread\\) again, alone on a thread: left as it was`,
			),
		);
	t.true(readFileSync(join(folder, 'big0.html')).equals(before));
	for (let i = 0; i < 4; i++)
		t.is(
			readFileSync(join(folder, `s${i}.html`), 'utf8'),
			`<a href="https://site.example/s${i}.html">x</a><img srcset="https://site.example/a.png 1x, https://site.example/b.png 2x">`,
		);
	t.deepEqual(
		readdirSync(folder).filter(name => name.startsWith('.')),
		[],
	);
});

/**
 * The page that took a run down: 30,000 links held for a late BASE of 200 KB (each Link's
 * `base` and `url` some 200 KB), first of a folder of ten small pages, so it goes to a thread.
 */
function lateBaseSite(): string {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-late-'));
	writeFileSync(
		join(folder, 'a-late-base.html'),
		`${'<a href="x">'.repeat(30_000)}<base href="http://h.example/${'A'.repeat(200_000)}/">\n`,
	);
	for (let i = 0; i < 10; i++)
		writeFileSync(join(folder, `s${i}.html`), `<a href="s${i}.html">x</a><img srcset="a.png 1x, b.png 2x">`);
	return folder;
}

test('the late-BASE page under a small thread heap: extract and rewrite --out -j 2 end (no abort), the small pages whole, the page done or named', t => {
	const folder = lateBaseSite();
	const smallOnly = mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-small-'));
	for (let i = 0; i < 10; i++) writeFileSync(join(smallOnly, `s${i}.html`), readFileSync(join(folder, `s${i}.html`)));
	const expected = run(['extract', '--format', 'urls', '--site', 'https://site.example/', '-j', '1', smallOnly]);
	const extract = run(
		['extract', '--format', 'urls', '--site', 'https://site.example/', '-j', '2', folder],
		SMALL_HEAP_MB,
	);
	t.not(extract.status, null, 'killed');
	t.true(extract.status === 0 || extract.status === 1, extract.stderr);
	if (extract.status === 1)
		t.regex(
			extract.stderr,
			/a-late-base\.html: its worker thread ran out of memory \(16 MB a thread\) again, alone on a thread: not read in full/,
		);
	t.true(extract.stdout.endsWith(expected.stdout), 'the small pages after it, whole');
	const out = join(mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-late-out-')), 'out');
	const rewrite = run(
		['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '2', '--out', out, folder],
		SMALL_HEAP_MB,
	);
	t.true(rewrite.status === 0 || rewrite.status === 1, rewrite.stderr);
	for (let i = 0; i < 10; i++)
		t.is(
			readFileSync(join(out, `s${i}.html`), 'utf8'),
			`<a href="https://site.example/s${i}.html">x</a><img srcset="https://site.example/a.png 1x, https://site.example/b.png 2x">`,
		);
	t.deepEqual(
		readdirSync(out).filter(name => name.startsWith('.')),
		[],
	);
});

test('the output leaves out the bytes a failed thread had written, then writes the rest of the input made again', async t => {
	const written: Buffer[] = [];
	const sink = new Writable({
		write: (chunk: Buffer, _encoding, done) => {
			written.push(chunk);
			done();
		},
	});
	const out = new BatchedOutput(sink);
	out.add('before\n');
	out.addBytes(Buffer.from('{"a":1}\n{"a"')); // the thread's pieces, then it died
	out.skip(12);
	out.add('{"a":1}\n');
	out.add('{"a":2}\n');
	out.add('after\n');
	await out.end();
	t.is(Buffer.concat(written).toString(), 'before\n{"a":1}\n{"a":2}\nafter\n');
});

test("before a file is rewritten again, only this process's temporary files for that file are removed", t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-temp-'));
	const ours = temporaryName('big.html', process.pid, '0badf00d');
	const kept = [
		temporaryName('other.html', process.pid, '00c0ffee'), // another file's, perhaps being written by a live thread
		temporaryName('big.html', process.pid + 1, '0badf00d'), // another process's
		`.big.html.linkstream-${process.pid}-0badf00d-0123456789abcdef.tmp`, // our form, a tag that does not prove it ours
		'big.html',
	];
	for (const name of [ours, ...kept]) writeFileSync(join(folder, name), 'x');
	removeOwnTemporaries(join(folder, 'big.html'));
	t.deepEqual(readdirSync(folder).sort(), [...kept].sort());
});
