/**
 * A worker thread that runs out of memory (its heap is capped: pool.ts THREAD_OLD_SPACE_MB)
 * takes no input down with it: the command says so and does the input again on the main
 * thread, so the output is that of `-j 1`, byte for byte, and a site rewrite leaves no
 * temporary file. LINKSTREAM_TEST_THREAD_HEAP_MB makes the cap small enough for a test.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Writable} from 'node:stream';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {removeOwnTemporaries, temporaryName} from '../../src/cli/atomic.js';
import {BatchedOutput} from '../../src/cli/output.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A thread heap no 8 MB attribute value fits in, with room for the thread's own modules. */
const SMALL_HEAP_MB = '16';

function run(args: readonly string[], heapMb?: string): {status: number | null; stdout: string; stderr: string} {
	const env = heapMb === undefined ? process.env : {...process.env, LINKSTREAM_TEST_THREAD_HEAP_MB: heapMb};
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {cwd: root, env, encoding: 'utf8', timeout: 110_000, maxBuffer: 1 << 28});
	return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

/** Small pages, and pages each holding an 8 MB data: URL between two links. */
function site(): string {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-'));
	for (let i = 0; i < 4; i++) writeFileSync(join(folder, `s${i}.html`), `<a href="s${i}.html">x</a><img srcset="a.png 1x, b.png 2x">`);
	for (let i = 0; i < 2; i++) writeFileSync(join(folder, `big${i}.html`), `<a href="first.html"><a href="data:text/plain;base64,${'QUFB'.repeat(2 << 20)}"><a href="last.html">`);
	return folder;
}

test('extract -j 2: an input whose thread runs out of memory is read again on the main thread, the output that of -j 1', t => {
	const folder = site();
	const one = run(['extract', '--format', 'tsv', '--site', 'https://site.example/', '-j', '1', folder]);
	const two = run(['extract', '--format', 'tsv', '--site', 'https://site.example/', '-j', '2', folder], SMALL_HEAP_MB);
	t.is(one.status, 0, one.stderr);
	t.is(two.status, 0, two.stderr);
	t.regex(two.stderr, /big\d\.html: warning: its worker thread ran out of memory \(16 MB a thread\): read again on the main thread/);
	t.is(two.stdout.length, one.stdout.length);
	t.true(two.stdout === one.stdout);
	t.true(one.stdout.includes('https://site.example/last.html'));
});

test('rewrite --out -j 2: a file whose thread runs out of memory is rewritten again on the main thread, no temporary file left', t => {
	const folder = site();
	const out = (name: string): string => join(mkdtempSync(join(tmpdir(), 'linkstream-thread-memory-out-')), name);
	const [a, b] = [out('one'), out('two')];
	const one = run(['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '1', '--out', a, folder]);
	const two = run(['rewrite', '--to', 'absolute', '--site', 'https://site.example/', '-j', '2', '--out', b, folder], SMALL_HEAP_MB);
	t.is(one.status, 0, one.stderr);
	t.is(two.status, 0, two.stderr);
	t.regex(two.stderr, /big\d\.html: warning: its worker thread ran out of memory \(16 MB a thread\): rewritten again on the main thread/);
	t.deepEqual(readdirSync(b).sort(), readdirSync(a).sort());
	for (const name of readdirSync(a)) t.true(readFileSync(join(b, name)).equals(readFileSync(join(a, name))), name);
	t.true(readFileSync(join(a, 'big0.html'), 'latin1').endsWith('<a href="https://site.example/last.html">'));
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
