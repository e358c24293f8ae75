/**
 * The shipped command reads no test seam from the environment: with the variables that once
 * set them exported, it neither pauses (waiting on standard input) nor changes its worker
 * threads' heap. The seams are set only by the tests' entry (test/helpers/cli-entry.ts).
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Exit {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Run src/cli/bin.ts with `env` added and standard input left open (a paused run would wait on it forever); killed after `ms`. */
function runOpenStdin(args: readonly string[], env: Record<string, string>, ms: number): Promise<Exit> {
	const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
		cwd: root,
		env: {...process.env, ...env},
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const guard = setTimeout(() => child.kill('SIGKILL'), ms);
	return new Promise(resolve =>
		child.once('close', (code, signal) => {
			clearTimeout(guard);
			child.stdin.destroy();
			resolve({code, signal, stdout, stderr});
		}),
	);
}

test('LINKSTREAM_TEST_PAUSE exported: the shipped command does not pause, it finishes without waiting on standard input', async t => {
	const site = mkdtempSync(join(tmpdir(), 'linkstream-seams-'));
	writeFileSync(join(site, 'a.html'), '<a href="b.html">b</a>');
	writeFileSync(join(site, 'b.html'), '<a href="a.html">a</a>');
	for (const stage of ['open', 'read']) {
		const result = await runOpenStdin(
			['extract', '--format', 'urls', '-j', '1', '--site', 'https://site.example/', site],
			{LINKSTREAM_TEST_PAUSE: stage},
			60_000,
		);
		t.is(result.signal, null, `killed waiting (stage ${stage}): ${result.stderr}`);
		t.is(result.code, 0, result.stderr);
		t.notRegex(result.stderr, /paused/);
		t.is(result.stdout, 'https://site.example/b.html\nhttps://site.example/a.html\n');
	}
});

test('LINKSTREAM_TEST_THREAD_HEAP_MB exported: the worker threads keep their own heap (an 8 MB attribute value is read in full)', async t => {
	const site = mkdtempSync(join(tmpdir(), 'linkstream-seams-heap-'));
	for (let i = 0; i < 2; i++)
		writeFileSync(
			join(site, `big${i}.html`),
			`<a href="first.html"><a href="data:text/plain;base64,${'QUFB'.repeat(2 << 20)}"><a href="last.html">`,
		);
	for (let i = 0; i < 2; i++) writeFileSync(join(site, `s${i}.html`), `<a href="s${i}.html">x</a>`);
	const result = await runOpenStdin(
		['extract', '--format', 'tsv', '-j', '2', '--site', 'https://site.example/', site],
		{LINKSTREAM_TEST_THREAD_HEAP_MB: '16'},
		110_000,
	);
	t.is(result.code, 0, result.stderr);
	t.notRegex(result.stderr, /ran out of memory/);
	for (let i = 0; i < 2; i++)
		t.regex(result.stdout, new RegExp(`big${i}\\.html\\t[^\\n]*https://site\\.example/last\\.html`));
});
