/**
 * In-place rewriting is atomic per file: `linkstream rewrite --in-place` is killed with
 * SIGKILL at several points of a run over 3,000 generated pages, and every page must then
 * be exactly the original or exactly the fully rewritten version (computed here with
 * rewriteLinks), never truncated or partial. A last run finishes the job and removes the
 * temporary files the killed runs left.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {rewriteLinks} from '../../src/index.js';
import {runCli} from '../helpers/cli.js';

const SITE = 'https://example.com/docs/';
const FOLDERS = 30;
const PER_FOLDER = 100;
const root = fileURLToPath(new URL('../..', import.meta.url));
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Page `index` of folder `folder`: 30 links to other pages, 5 folder indexes, 8 images, 2 external links. */
function page(folder: number, index: number): string {
	const items: string[] = [];
	for (let k = 1; k <= 30; k++) {
		const f = (folder + k) % FOLDERS;
		items.push(
			`<li><a href="${SITE}s${pad(f, 2)}/p${pad((index * 7 + k) % PER_FOLDER, 3)}.html?k=${k}#s${k}">Page ${f}/${k}</a> ${'text '.repeat(k % 9)}</li>`,
		);
	}
	for (let k = 0; k < 5; k++)
		items.push(`<li><a href="${SITE}s${pad((folder + 3 * k) % FOLDERS, 2)}/">Section ${k}</a></li>`);
	for (let k = 0; k < 8; k++) items.push(`<li><img src="${SITE}img/i${(index + k) % 40}.png" alt="image ${k}"></li>`);
	items.push(
		`<li><a href="https://other.example/${folder}/${index}">elsewhere</a> <a href="https://example.org/">org</a></li>`,
	);
	return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${folder}/${index}</title><link rel="stylesheet" href="${SITE}css/site.css"></head>\n<body><ul>\n${items.join('\n')}\n</ul></body></html>\n`;
}

interface Site {
	folder: string;
	/** Paths under the folder, in the order a run walks them. */
	paths: string[];
	original: Map<string, Buffer>;
	rewritten: Map<string, Buffer>;
}

function generate(): Site {
	const folder = mkdtempSync(join(tmpdir(), 'linkstream-kill-'));
	const paths: string[] = [];
	const original = new Map<string, Buffer>();
	const rewritten = new Map<string, Buffer>();
	for (let f = 0; f < FOLDERS; f++) {
		mkdirSync(join(folder, `s${pad(f, 2)}`));
		for (let i = 0; i < PER_FOLDER; i++) {
			const path = `s${pad(f, 2)}/p${pad(i, 3)}.html`;
			const bytes = Buffer.from(page(f, i));
			const url = SITE + path;
			writeFileSync(join(folder, path), bytes);
			paths.push(path);
			original.set(path, bytes);
			rewritten.set(
				path,
				Buffer.from(
					rewriteLinks(bytes, {type: 'html', to: 'relative', retrievalUrl: url, documentUrl: url, scope: SITE}),
				),
			);
		}
	}
	return {folder, paths, original, rewritten};
}

/** Start the command; SIGKILL it as soon as the page at `killAt` (walk order) has changed. */
async function killAfter(site: Site, killAt: string): Promise<NodeJS.Signals | null> {
	const child = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			'src/cli/bin.ts',
			'rewrite',
			'--to',
			'relative',
			'--site',
			SITE,
			'--in-place',
			'--jobs',
			'2',
			site.folder,
		],
		{cwd: root, stdio: 'ignore'},
	);
	const exited = new Promise<NodeJS.Signals | null>(resolve => child.once('exit', (_code, signal) => resolve(signal)));
	let done = false;
	void exited.then(() => (done = true));
	const size = site.original.get(killAt)!.length;
	const deadline = Date.now() + 50_000;
	while (!done && Date.now() < deadline && statSync(join(site.folder, killAt)).size === size) await sleep(1);
	child.kill('SIGKILL');
	return exited;
}

/** Each page is the original or the rewritten version: how many are rewritten; the other files are our temporaries. */
function check(t: import('ava').ExecutionContext, site: Site): number {
	let rewritten = 0;
	for (const path of site.paths) {
		const bytes = readFileSync(join(site.folder, path));
		if (bytes.equals(site.rewritten.get(path)!)) rewritten++;
		else if (!bytes.equals(site.original.get(path)!))
			t.fail(`${path}: neither the original nor the rewritten page (${bytes.length} bytes)`);
	}
	for (let f = 0; f < FOLDERS; f++) {
		for (const name of readdirSync(join(site.folder, `s${pad(f, 2)}`))) {
			if (!site.original.has(`s${pad(f, 2)}/${name}`))
				t.regex(name, /^\.p\d{3}\.html\.linkstream-\d+-[\da-f]{8}-[\da-f]{16}\.tmp$/);
		}
	}
	return rewritten;
}

test('SIGKILL at any point leaves every page old or new, never partial; the next run completes it', async t => {
	const site = generate();
	t.teardown(() => rmSync(site.folder, {recursive: true, force: true}));
	// Each run goes on from where the killed one stopped (rewritten pages are read again,
	// not written): killed after the page at walk position 150, then 1000, then 2000.
	let before = 0;
	for (const at of [150, 1000, 2000]) {
		const signal = await killAfter(site, site.paths[at]!);
		t.is(signal, 'SIGKILL', `the run ended before page ${at} changed`);
		const rewritten = check(t, site);
		t.log(`killed after page ${at}: ${rewritten} of ${site.paths.length} pages rewritten`);
		t.true(rewritten > before && rewritten < site.paths.length, `killed mid-run (${rewritten} rewritten)`);
		before = rewritten;
	}
	const finish = runCli(['rewrite', '--to', 'relative', '--site', SITE, '--in-place', '--jobs', '2', site.folder]);
	t.is(finish.status, 0, finish.stderr);
	t.is(check(t, site), site.paths.length);
	for (let f = 0; f < FOLDERS; f++)
		t.deepEqual(
			readdirSync(join(site.folder, `s${pad(f, 2)}`)).filter(name => name.startsWith('.')),
			[],
		);
	t.regex(finish.stderr, /^linkstream rewrite: 3000 files read, \d+ changed, /m);
});
