/**
 * Static-site figures: a generated site of 10,000 pages (100 folders of an index.html and
 * 99 pages, each with 49 absolute links inside the site (a srcset among them) and 2 others; one CSS file
 * per folder; a binary file per folder) is rewritten in place by the `linkstream` command
 * `--to relative`, then `--to absolute`, with `--jobs 1` and with `--jobs 2`. Each run is a
 * child process: wall time and its peak RSS (GNU time -v, else process.resourceUsage in
 * the child). After each round trip every file must be back byte for byte (every link was
 * absolute to begin with, and no page links to itself).
 * The command runs compiled (tsc into node_modules/.cache), or through tsx if that fails.
 * Usage: npx tsx bench/site.ts [PAGES]
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {availableParallelism, loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {measureProcess} from './harness.js';

const SITE = 'https://example.com/docs/';
const FOLDERS = 100;
const root = fileURLToPath(new URL('..', import.meta.url));
const pad = (n: number): string => String(n).padStart(3, '0');

/** Page `index` (0 is the folder's index.html) of folder `folder`; no link points to its own folder. */
function page(folder: number, index: number, perFolder: number): string {
	const items: string[] = [];
	for (let k = 1; k <= 30; k++) {
		const f = (folder + k) % FOLDERS;
		const p = 1 + ((index * 7 + k) % (perFolder - 1));
		items.push(
			`<li><a href="${SITE}s${pad(f)}/p${pad(p)}.html?k=${k}#s${k}">Page ${f}/${p}</a> ${'Lorem ipsum dolor sit amet. '.repeat(k % 5)}</li>`,
		);
	}
	for (let k = 0; k < 6; k++)
		items.push(`<li><a href="${SITE}s${pad((folder + 3 * k + 1) % FOLDERS)}/">Section ${k}</a></li>`);
	for (let k = 0; k < 8; k++) items.push(`<li><img src="${SITE}img/i${(index + k) % 40}.png" alt="image ${k}"></li>`);
	items.push(`<li><img src="${SITE}img/w.png" srcset="${SITE}img/w.png 1x, ${SITE}img/w@2x.png 2x" alt=""></li>`);
	items.push(
		`<li><a href="https://other.example/${folder}/${index}">elsewhere</a> <a href="mailto:web@example.com">mail</a></li>`,
	);
	const up = `<a href="${SITE}s${pad((folder + 50) % FOLDERS)}/p001.html">far</a>`;
	return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${folder}/${index}</title><link rel="stylesheet" href="${SITE}css/s${pad(folder)}.css"></head>\n<body>${up}<ul>\n${items.join('\n')}\n</ul></body></html>\n`;
}

/** Write the site; returns path -> SHA-1 of every file. */
function generate(folder: string, pages: number): Map<string, string> {
	const perFolder = Math.max(2, Math.ceil(pages / FOLDERS));
	const files = new Map<string, Buffer>();
	for (let f = 0; f < FOLDERS; f++) {
		for (let i = 0; i < perFolder && f * perFolder + i < pages; i++) {
			files.set(`s${pad(f)}/${i === 0 ? 'index' : `p${pad(i)}`}.html`, Buffer.from(page(f, i, perFolder)));
		}
		files.set(
			`css/s${pad(f)}.css`,
			Buffer.from(
				`body { background: url(${SITE}img/bg${f % 7}.png) }\n@import "${SITE}css/s${pad((f + 1) % FOLDERS)}.css";\n.x { background: url('https://cdn.example/x.png') }\n`,
			),
		);
		files.set(`img/i${f}.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, f, 0xff, 0x00, 0xc3]));
	}
	const hashes = new Map<string, string>();
	for (const [path, bytes] of files) {
		mkdirSync(join(folder, path, '..'), {recursive: true});
		writeFileSync(join(folder, path), bytes);
		hashes.set(path, sha1(bytes));
	}
	return hashes;
}

function sha1(bytes: Uint8Array): string {
	return createHash('sha1').update(bytes).digest('hex');
}

/** Files whose bytes differ from `hashes`. */
function differing(folder: string, hashes: ReadonlyMap<string, string>): string[] {
	return [...hashes].filter(([path, hash]) => sha1(readFileSync(join(folder, path))) !== hash).map(([path]) => path);
}

/** The command: compiled when tsc can build it, else from source through tsx. */
function command(): {argv: string[]; how: string} {
	const out = join(root, 'node_modules', '.cache', 'linkstream-site-bench');
	const build = spawnSync(
		process.execPath,
		[
			join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
			'-p',
			join(root, 'tsconfig.build.json'),
			'--outDir',
			out,
			'--declaration',
			'false',
			'--sourceMap',
			'false',
		],
		{encoding: 'utf8'},
	);
	if (build.status === 0 && existsSync(join(out, 'cli', 'bin.js')))
		return {argv: [join(out, 'cli', 'bin.js')], how: 'compiled'};
	return {argv: ['--import', 'tsx', join(root, 'src', 'cli', 'bin.ts')], how: 'through tsx (the build failed)'};
}

interface Run {
	seconds: number;
	maxRssMb: number;
	summary: string;
}

/** Run the command once in a child process: wall time, peak RSS, its summary line. */
function run(cli: readonly string[], args: readonly string[]): Run {
	const result = measureProcess([...cli, ...args]);
	if (result.status !== 0) throw new Error(`bench/site: ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
	return {seconds: result.seconds, maxRssMb: result.maxRssMb, summary: result.stderr.trim().split('\n').at(-1) ?? ''};
}

/**
 * Generate the site, time the round trips, check them; a markdown section.
 *
 * @example
 * console.log(await runSiteBench());
 */
export async function runSiteBench(pages = 10_000): Promise<string> {
	const cli = command();
	const rows = ['| run | jobs | wall (s) | files/s | peak RSS (MB) | summary |', '|---|---:|---:|---:|---:|---|'];
	let fileCount = 0;
	for (const jobs of ['1', '2']) {
		const folder = mkdtempSync(join(tmpdir(), 'linkstream-site-bench-'));
		const hashes = generate(folder, pages);
		fileCount = hashes.size;
		// The same work without writing (read, rewrite, count), then the round trip in place.
		for (const [to, mode] of [
			['relative', '--dry-run'],
			['relative', '--in-place'],
			['absolute', '--in-place'],
		] as const) {
			const result = run(cli.argv, ['rewrite', '--to', to, '--site', SITE, mode, '--jobs', jobs, folder]);
			const summary = result.summary.replace(/^linkstream rewrite( --dry-run)?: /, '');
			rows.push(
				`| --to ${to} ${mode} | ${jobs} | ${result.seconds.toFixed(1)} | ${(fileCount / result.seconds).toFixed(0)} | ${result.maxRssMb.toFixed(0)} | ${summary} |`,
			);
			const changed = differing(folder, hashes).length;
			if (mode === '--dry-run' ? changed !== 0 : to === 'relative' && changed === 0)
				throw new Error(`bench/site: --to ${to} ${mode} changed ${changed} files`);
		}
		const changed = differing(folder, hashes);
		if (changed.length > 0)
			throw new Error(
				`bench/site: the round trip changed ${changed.length} files, e.g. ${changed.slice(0, 3).join(', ')}`,
			);
		rows.push(`| round trip | ${jobs} | | | | all ${fileCount} files back byte for byte |`);
		if (readdirSync(folder).length === 0) throw new Error('bench/site: empty site');
		rmSync(folder, {recursive: true});
	}
	const load = loadavg()
		.map(n => n.toFixed(1))
		.join(', ');
	return [
		'## Static site: rewrite in place',
		'',
		`A generated site of ${pages} pages (${fileCount} files with CSS and images, ${FOLDERS} folders; 49 internal links and 2 others per page), rewritten by the command (${cli.how}): first --dry-run (read, rewrite, count; nothing written), then in place (each file written to a temporary file, fsync'ed and renamed) --to relative, then --to absolute, which gives every file back. ${availableParallelism()} cores; load average ${load} at the end.`,
		'',
		...rows,
		'',
	].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	console.log(await runSiteBench(process.argv[2] === undefined ? undefined : Number(process.argv[2])));
}
