/**
 * `--jobs N` within a byte budget: a maximum N; a task's output streamed
 * back in pieces, the task waiting while its budget is unwritten; with `--unique`, held up to
 * a limit, past which the file is streamed on the main thread with the same output.
 */
import {mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable, Writable} from 'node:stream';
import {MessageChannel} from 'node:worker_threads';
import test from 'ava';
import {TASK_OUTPUT_BYTES, runExtract} from '../../src/cli/extract.js';
import type {ExtractCommand} from '../../src/cli/extract.js';
import {runFileTask} from '../../src/cli/work/file-task.js';
import {PIECE_BYTES} from '../../src/cli/output/output.js';
import {MAX_JOBS} from '../../src/cli/work/pool.js';
import {STEP_BYTES} from '../../src/cli/inputs/sources.js';
import {runCli} from '../helpers/cli.js';

const base = 'https://jobs.example/';

/** `count` anchors, each line of NDJSON output some 150 bytes for 20 bytes of input. */
const dense = (tag: string, count: number): string =>
	Array.from({length: count}, (_, i) => `<a href="${tag}${i}">`).join('');

test('-j past the maximum is a usage error naming --jobs and the maximum, for extract and rewrite', t => {
	t.is(MAX_JOBS, 16);
	for (const args of [
		['extract', '-j', '17', 'fixtures/readme/page.html'],
		['extract', '--jobs', '256', 'fixtures/readme/page.html'],
		['rewrite', '--dry-run', '-j', '17', '--to', 'absolute', 'fixtures/readme'],
	]) {
		const result = runCli(args);
		t.is(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
		t.true(result.stderr.includes('`--jobs` must be a whole number from 1 to 16 (the maximum); got "'), result.stderr);
		t.is(result.stdout, '');
	}
	t.is(runCli(['extract', '-j', '16', '--format', 'urls', 'fixtures/readme/page.html']).status, 0);
});

test('a task whose output passes maxOutput gives up and hands back nothing (overflow)', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-budget-'));
	const path = join(folder, 'dense.html');
	writeFileSync(path, dense('a', 20_000));
	const task = {
		input: {path, type: 'html' as const},
		options: {retrievalUrl: base},
		format: 'ndjson' as const,
		filter: {},
		unique: false,
	};
	const whole = await runFileTask(task);
	const size = whole.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
	t.true(size > 2 << 20, `${size} bytes of output`);
	t.is(whole.overflow, undefined);
	const limited = await runFileTask({...task, maxOutput: 64 << 10});
	t.true(limited.overflow);
	t.deepEqual(limited.chunks, []);
	t.deepEqual(limited.notes, []);
});

test('a task with a port sends its output in pieces and waits while more than maxOutput is unwritten', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-budget-'));
	const path = join(folder, 'dense.html');
	// A BASE first settles the base, so Links flow as they are found (else a whole document's wait for a late BASE).
	writeFileSync(path, `<base href="${base}">${dense('a', 100_000)}`);
	const task = {
		input: {path, type: 'html' as const},
		options: {retrievalUrl: base},
		format: 'ndjson' as const,
		filter: {},
		unique: false,
	};
	const whole = Buffer.concat((await runFileTask(task)).chunks);
	t.true(whole.length > 4 * PIECE_BYTES, `${whole.length} bytes of output`);
	const budget = PIECE_BYTES;
	const {port1, port2} = new MessageChannel();
	const pieces: Uint8Array[] = [];
	let acking = false;
	port1.on('message', (piece: Uint8Array) => {
		pieces.push(piece);
		if (acking) port1.postMessage(piece.length);
	});
	let finished = false;
	const running = runFileTask({...task, maxOutput: budget, port: port2}).then(result => {
		finished = true;
		return result;
	});
	t.teardown(() => port1.close());
	// Nothing is acknowledged: the task sends up to its budget (and the piece that passes it), then waits.
	const tick = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 10));
	while (pieces.length === 0 && !finished) await tick();
	for (let turn = 0; turn < 50; turn++) await tick();
	t.false(finished, 'the task went on with its output unwritten');
	const sent = pieces.reduce((sum, piece) => sum + piece.length, 0);
	// ready() is asked between steps of input (STEP_BYTES): one step's output and one piece may pass the budget.
	const input = statSync(path).size;
	const bound = budget + PIECE_BYTES + Math.ceil((STEP_BYTES * whole.length) / input);
	t.true(sent > 0 && sent <= bound, `${sent} bytes sent unwritten (bound ${bound})`);
	t.true(bound < whole.length / 2);
	// Written now: the task goes on to its end, and the pieces are the whole output.
	acking = true;
	for (const piece of pieces) port1.postMessage(piece.length);
	const result = await running;
	// The last pieces may come after the result (as TaskReceiver waits for them).
	while (pieces.length < (result.pieces ?? 0)) await tick();
	t.is(result.pieces, pieces.length);
	t.deepEqual(result.chunks, []);
	t.true(Buffer.concat(pieces).equals(whole));
});

/** The command in this process: its status, output and error lines. */
async function extract(args: Partial<ExtractCommand>): Promise<{status: number; stdout: string; errors: string[]}> {
	const chunks: Buffer[] = [];
	const stdout = new Writable({
		write: (chunk: Buffer, _encoding, done) => {
			chunks.push(chunk);
			done();
		},
	});
	const errors: string[] = [];
	const status = await runExtract(
		{positionals: [], ...args},
		{stdin: Readable.from([]), stdout, err: line => void errors.push(line)},
	);
	return {status, stdout: Buffer.concat(chunks).toString(), errors};
}

test('-j 2 over files whose output passes TASK_OUTPUT_BYTES: the same bytes as -j 1', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-budget-'));
	// Each file some 1 MB, its NDJSON over TASK_OUTPUT_BYTES; small files between them.
	const anchors = Math.ceil(TASK_OUTPUT_BYTES / 100);
	for (const name of ['a', 'c']) writeFileSync(join(folder, `${name}.html`), dense(name, anchors));
	for (const name of ['b', 'd']) writeFileSync(join(folder, `${name}.html`), dense(name, 3));
	const one = await extract({jobs: '1', site: base, positionals: [folder]});
	const two = await extract({jobs: '2', site: base, positionals: [folder]});
	t.is(one.status, 0, one.errors.join('\n'));
	t.is(two.status, 0, two.errors.join('\n'));
	t.true(one.stdout.length > 2 * TASK_OUTPUT_BYTES);
	t.is(one.stdout.split('\n').length, 2 * anchors + 6 + 1);
	t.true(two.stdout === one.stdout, '-j 2 wrote other bytes than -j 1');
});
