/**
 * `linkstream extract … | head`: when the reader of standard output goes away early, the
 * command stops quietly with status 0 rather than dying on an unhandled EPIPE error.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../..', import.meta.url));

for (const jobs of ['1', '2']) {
	test(`a reader that closes standard output after one line: quiet exit 0 (-j ${jobs})`, async t => {
		const folder = mkdtempSync(join(tmpdir(), 'linkstream-epipe-'));
		// Some 20 MB of NDJSON in all: far more than a pipe holds, so writes go on after the reader left.
		for (let f = 0; f < 4; f++) writeFileSync(join(folder, `p${f}.html`), '<a href="x">x</a>\n'.repeat(20_000));
		const child = spawn(
			process.execPath,
			['--import', 'tsx', 'src/cli/bin.ts', 'extract', '-j', jobs, '--site', 'https://example.com/', folder],
			{cwd: root, stdio: ['ignore', 'pipe', 'pipe']},
		);
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const firstLine = await new Promise<string>(resolve => {
			let seen = '';
			child.stdout.on('data', (chunk: Buffer) => {
				seen += chunk.toString();
				if (seen.includes('\n')) {
					child.stdout.destroy();
					resolve(seen.slice(0, seen.indexOf('\n')));
				}
			});
		});
		const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(resolve =>
			child.once('exit', (c, s) => resolve([c, s])),
		);
		t.true(firstLine.includes('"url":"https://example.com/x"'), firstLine);
		t.is(signal, null);
		t.is(code, 0, stderr);
		t.false(stderr.includes('EPIPE'), stderr);
	});
}
