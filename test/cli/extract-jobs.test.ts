/**
 * `linkstream extract` over many files: `-j N` writes what `-j 1` writes, byte for byte and
 * in input order; a slow reader holds the run back instead of letting output pile up; a
 * file that cannot be read loses no other file's Links.
 */
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable, Writable} from 'node:stream';
import test from 'ava';
import {runExtract} from '../../src/cli/extract.js';
import type {ExtractCommand} from '../../src/cli/extract.js';
import {runCli} from '../helpers/cli.js';

const base = 'https://jobs.example/d/';

/** A page of `n` anchors `p<tag>-<i>.html`: its Links are known by construction. */
function page(tag: string, n: number, head = ''): string {
	const anchors: string[] = [];
	for (let i = 0; i < n; i++) anchors.push(`<a href="p${tag}-${i}.html">${i}</a>`);
	return `<!doctype html><title>${tag}</title>${head}\n${anchors.join('\n')}\n`;
}

function urls(tag: string, n: number): string[] {
	return Array.from({length: n}, (_, i) => `${base}p${tag}-${i}.html`);
}

test('-j 1, -j 2 and -j 3 write the same bytes over the fixture folders, in every format; errors and status too', t => {
	const folders = ['fixtures/html', 'fixtures/warc', 'fixtures/mail', 'fixtures/text'];
	for (const format of ['ndjson', 'tsv', 'urls']) {
		const one = runCli(['extract', '--format', format, '-j', '1', ...folders]);
		t.true(one.stdout.length > 10_000, `${format}: ${one.stderr}`);
		for (const jobs of ['2', '3']) {
			const many = runCli(['extract', '--format', format, '-j', jobs, ...folders]);
			t.is(many.status, one.status, `${format} -j ${jobs}`);
			t.true(many.stdout === one.stdout, `${format} -j ${jobs}: stdout differs`);
			t.is(many.stderr, one.stderr, `${format} -j ${jobs}`);
		}
	}
});

test('input order holds behind a large, slow first file: its Links first, then each small file in turn', t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-jobs-'));
	// 'a-big' sorts first and takes longest; the small files finish first on other threads (the output stays under runCli's 1 MB).
	writeFileSync(join(root, 'a-big.html'), page('big', 20_000));
	const small = Array.from({length: 24}, (_, i) => `s${String(i).padStart(2, '0')}`);
	for (const tag of small) writeFileSync(join(root, `${tag}.html`), page(tag, 5));
	const expected = [...urls('big', 20_000), ...small.flatMap(tag => urls(tag, 5))];
	for (const jobs of ['1', '3']) {
		const result = runCli(['extract', '--format', 'urls', '-j', jobs, '--site', base, root]);
		t.is(result.status, 0, result.stderr);
		const lines = result.stdout.split('\n');
		t.is(lines.pop(), '');
		t.is(lines.length, expected.length, `-j ${jobs}`);
		t.true(
			lines.every((line, i) => line === expected[i]),
			`-j ${jobs}: out of order`,
		);
	}
});

test('a file that cannot be read is named, exit 1, and every other file is written, whatever -j', t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-jobs-'));
	writeFileSync(join(root, 'a.html'), page('a', 3));
	writeFileSync(join(root, 'b.warc'), 'this is not a WARC file\n');
	writeFileSync(join(root, 'c.html'), page('c', 2));
	for (const jobs of ['1', '2']) {
		const result = runCli(['extract', '--format', 'urls', '-j', jobs, '--site', base, root]);
		t.is(result.status, 1);
		t.regex(result.stderr, /b\.warc: .*not a WARC file/);
		t.deepEqual(result.stdout.trim().split('\n'), [...urls('a', 3), ...urls('c', 2)]);
	}
});

/**
 * Standard output that takes a write only after a pause and counts what waits in it:
 * if the run ignored `false` from write(), everything it made would wait here.
 */
class SlowOutput extends Writable {
	written = 0;
	lines = 0;
	mostBuffered = 0;

	constructor() {
		super({highWaterMark: 1 << 14});
	}

	override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
		this.mostBuffered = Math.max(this.mostBuffered, this.writableLength);
		this.written += chunk.length;
		for (const byte of chunk) if (byte === 0x0a) this.lines++;
		setTimeout(callback, 40);
	}
}

async function run(
	args: Partial<ExtractCommand>,
	stdin: Readable = Readable.from([]),
): Promise<{status: number; output: SlowOutput; errors: string[]}> {
	const output = new SlowOutput();
	const errors: string[] = [];
	const status = await runExtract(
		{positionals: [], ...args},
		{stdin, stdout: output, err: line => void errors.push(line)},
	);
	return {status, output, errors};
}

const MB = 1 << 20;

test('a slow reader of standard output: what waits in it stays bounded (one file, standard input, -j 2)', async t => {
	const links = 60_000;
	// A BASE in the head settles the base, so Links flow as they are found; without one, a whole
	// document's references wait for a late BASE to its end (bounded: extract/html/base.ts).
	const settled = `<base href="${base}">`;
	const html = page('x', links, settled);
	const root = mkdtempSync(join(tmpdir(), 'linkstream-jobs-'));
	writeFileSync(join(root, 'one.html'), html);
	mkdirSync(join(root, 'many'));
	for (let i = 0; i < 12; i++)
		writeFileSync(join(root, 'many', `m${String(i).padStart(2, '0')}.html`), page(`m${i}`, links / 12, settled));
	// Each page's BASE is a Link of its own, beside its anchors.
	const cases: Array<[string, number, Promise<{status: number; output: SlowOutput; errors: string[]}>]> = [
		['one file, -j 1', links + 1, run({jobs: '1', baseUrl: base, positionals: [join(root, 'one.html')]})],
		[
			'standard input',
			links + 1,
			run({jobs: '1', baseUrl: base, type: 'html', positionals: ['-']}, Readable.from([Buffer.from(html)])),
		],
		['12 files, -j 2', links + 12, run({jobs: '2', site: base, positionals: [join(root, 'many')]})],
	];
	for (const [name, lines, running] of cases) {
		const {status, output, errors} = await running;
		t.is(status, 0, `${name}: ${errors.join('\n')}`);
		t.is(output.lines, lines, name);
		// Some 15 MB of NDJSON went through; at most a piece of output (1 MB), the output of one
		// step of input and one file's result may wait at once.
		t.true(output.written > 12 * MB, `${name}: ${output.written} bytes`);
		t.true(output.mostBuffered < 4 * MB, `${name}: ${output.mostBuffered} bytes waited in standard output`);
	}
});
