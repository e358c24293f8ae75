/**
 * `linkstream check` against the link checkers sites run in CI, on one site, offline, in
 * one run: wall time and the broken references each reports, side by side.
 *
 * The site is built here from the shared HTML corpus (real pages, links and BASE elements
 * as their sites wrote them): each page copied COPIES times as `sN/pM/index.html`, each
 * with its own image `sN/pM/figure.png`, a section index per copy, a root index linking to
 * every section, a style sheet, and a block of links added to each page before
 * `</body>`: to the next page, to an id added to the page after it, to the shared image,
 * and on every tenth page three references broken by construction (a missing folder, a
 * missing id, a missing image). A page's own links mostly lead outside the site (skipped:
 * no checker goes on the network) or to paths of its original site (broken here, for
 * every checker alike). Four pages of the corpus carry a BASE element, which governs the
 * added links too, as it would in a browser.
 *
 * Checkers: linkstream check (compiled, dist/; -j 1 and -j 2), linkinator (crawls the
 * site through its own local server), check-html-links (reads the files), hyperlink
 * (reads the files). Each is a child process; the rounds are interleaved; medians given.
 * Usage: npm run build && npx tsx bench/check.ts [CORPUS_FOLDER] [--copies N] [--rounds R] [--limit SECONDS]
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
	const at = args.indexOf(name);
	return at < 0 ? fallback : Number(args.splice(at, 2)[1]);
};
const COPIES = option('--copies', 4);
const ROUNDS = option('--rounds', 3);
/** A checker still running after this many seconds is stopped, and said to have not finished (`--limit S`). */
const LIMIT_SECONDS = option('--limit', 600);
const CORPUS = args[0] ?? '/work/shared/corpus/html';
const SITE_URL = 'http://127.0.0.1/';

/** The references broken by construction: `page -> url` (site-absolute paths). */
interface Built {
	folder: string;
	pages: number;
	files: number;
	bytes: number;
	injected: Array<{page: string; target: string}>;
}

function build(): Built {
	const folder = mkdtempSync(join(tmpdir(), 'check-bench-'));
	const corpus = readdirSync(CORPUS).filter(name => name.endsWith('.html')).sort();
	const injected: Built['injected'] = [];
	let files = 0;
	let bytes = 0;
	const write = (path: string, content: string | Buffer): void => {
		mkdirSync(join(folder, path, '..'), {recursive: true});
		writeFileSync(join(folder, path), content);
		files++;
		bytes += content.length;
	};
	write('img/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
	write('css/site.css', 'body { background: url(../img/logo.png) }\n');
	const sections: string[] = [];
	for (let copy = 0; copy < COPIES; copy++) {
		const items: string[] = [];
		for (const [index, name] of corpus.entries()) {
			const dir = `s${copy}/p${index}`;
			const next = `/s${copy}/p${(index + 1) % corpus.length}/`;
			const block = [
				`<nav id="linkstream-nav-${index}">`,
				`<a href="${next}">next</a>`,
				`<a href="${next}#linkstream-nav-${(index + 1) % corpus.length}">next, its nav</a>`,
				`<img src="/img/logo.png" alt=""><img src="figure.png" alt="">`,
				`<link rel="stylesheet" href="/css/site.css">`,
			];
			if (index % 10 === 0) {
				block.push(`<a href="/s${copy}/missing-${index}/">missing folder</a>`, `<a href="${next}#no-such-id">missing id</a>`, `<img src="/img/none-${index}.png" alt="">`);
				injected.push({page: `/${dir}/`, target: `/s${copy}/missing-${index}/`}, {page: `/${dir}/`, target: `${next}#no-such-id`}, {page: `/${dir}/`, target: `/img/none-${index}.png`});
			}
			block.push('</nav>');
			const html = readFileSync(join(CORPUS, name), 'latin1');
			const end = html.toLowerCase().lastIndexOf('</body>');
			const page = end < 0 ? `${html}\n${block.join('\n')}\n` : `${html.slice(0, end)}${block.join('\n')}\n${html.slice(end)}`;
			write(`${dir}/index.html`, Buffer.from(page, 'latin1'));
			write(`${dir}/figure.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, index & 0xff]));
			items.push(`<li><a href="p${index}/">page ${index}</a></li>`);
		}
		write(`s${copy}/index.html`, `<!doctype html><title>Section ${copy}</title><ul>\n${items.join('\n')}\n</ul>\n`);
		sections.push(`<li><a href="s${copy}/">section ${copy}</a></li>`);
	}
	write('index.html', `<!doctype html><title>Bench site</title><link rel="stylesheet" href="css/site.css"><ul>\n${sections.join('\n')}\n</ul>\n`);
	return {folder, pages: COPIES * corpus.length, files, bytes, injected};
}

interface Result {
	seconds: number;
	stdout: string;
	stderr: string;
	status: number | null;
}

function run(argv: string[], cwd = root): Promise<Result> {
	const started = process.hrtime.bigint();
	return new Promise(resolve => {
		const child = spawn(argv[0]!, argv.slice(1), {cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: LIMIT_SECONDS * 1000, killSignal: 'SIGKILL'});
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
		child.on('close', (status, signal) => resolve({seconds: Number(process.hrtime.bigint() - started) / 1e9, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status: signal === null ? status : null}));
	});
}

const bin = (name: string): string => join(root, 'node_modules', '.bin', name);

/** A checker: how to run it on the folder, and its broken references as `page -> target` strings. */
interface Checker {
	name: string;
	argv: (folder: string) => string[];
	broken: (result: Result, folder: string) => string[];
}

/** `/s0/p1/` from a file path or URL of the site. */
function sitePath(pathOrUrl: string, folder: string): string {
	let path = pathOrUrl.startsWith('file://') ? fileURLToPath(pathOrUrl) : pathOrUrl.startsWith('http://') ? new URL(pathOrUrl).pathname : pathOrUrl;
	if (path.startsWith(folder)) path = path.slice(folder.length);
	if (!path.startsWith('/')) path = `/${path}`;
	return path.replace(/index\.html$/, '');
}

const CHECKERS: Checker[] = [
	...[1, 2].map(
		(jobs): Checker => ({
			name: `linkstream check -j ${jobs}`,
			argv: folder => [process.execPath, join(root, 'bin', 'linkstream.js'), 'check', '-j', String(jobs), '--site', SITE_URL, folder],
			broken: (result, folder) =>
				result.stdout
					.split('\n')
					.filter(Boolean)
					.map(line => JSON.parse(line) as {file: string; url: string})
					.map(f => `${sitePath(f.file, folder)} -> ${sitePath(f.url, folder)}`),
		}),
	),
	{
		name: 'linkinator',
		// Its own server on localhost; every URL not on it skipped (offline).
		argv: folder => [bin('linkinator'), folder, '--recurse', '--check-fragments', '--format', 'json', '--skip', '^(?!http://localhost)'],
		broken: (result, folder) => {
			const report = JSON.parse(result.stdout) as {links: Array<{url: string; state: string; parent?: string}>};
			return report.links.filter(link => link.state === 'BROKEN').map(link => `${sitePath(link.parent ?? '', folder)} -> ${sitePath(link.url, folder)}`);
		},
	},
	{
		name: 'check-html-links',
		argv: folder => [bin('check-html-links'), folder],
		broken: result => parseCheckHtmlLinks(result.stdout + result.stderr),
	},
	{
		name: 'hyperlink',
		argv: folder => [bin('hyperlink'), '--root', folder, '-r', '-i', join(folder, 'index.html')],
		broken: result => result.stdout.split('\n').filter(line => line.startsWith('not ok')),
	},
];

/** check-html-links prints each missing target and the places using it; the places are counted. */
function parseCheckHtmlLinks(text: string): string[] {
	return text.split('\n').filter(line => /^\s+(from|\d+\.)/.test(line) || /:\d+:\d+/.test(line));
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
	if (!existsSync(join(root, 'dist', 'cli', 'bin.js'))) throw new Error('run `npm run build` first (the bench runs the compiled command)');
	const site = build();
	console.log(`Site: ${site.pages} pages, ${site.files} files, ${(site.bytes / 1e6).toFixed(1)} MB, ${site.injected.length} references broken by construction; load ${loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores`);
	const available = CHECKERS.filter(checker => checker.name.startsWith('linkstream') || existsSync(bin(checker.name)));
	const times = new Map<string, number[]>(available.map(checker => [checker.name, []]));
	const last = new Map<string, Result>();
	try {
		for (let round = 0; round < ROUNDS; round++) {
			// Interleaved: each round runs every checker once, in a rotated order.
			for (let k = 0; k < available.length; k++) {
				const checker = available[(k + round) % available.length]!;
				const result = await run(checker.argv(site.folder));
				times.get(checker.name)!.push(result.seconds);
				last.set(checker.name, result);
			}
		}
		console.log(`\n| checker | median s (${ROUNDS} rounds) | broken reported | of the ${site.injected.length} by construction |`);
		console.log('|---|---|---|---|');
		for (const checker of available) {
			const result = last.get(checker.name)!;
			let broken: string[] = [];
			let note = '';
			try {
				broken = checker.broken(result, site.folder);
			} catch (error) {
				note = ` (output not read: ${(error as Error).message.slice(0, 60)})`;
			}
			const text = broken.join('\n');
			const found = site.injected.filter(({page, target}) => text.includes(`${page} -> ${target}`) || (checker.name === 'check-html-links' || checker.name === 'hyperlink' ? text.includes(target.replace(/^\//, '')) : false)).length;
			const time = result.status === null ? `over ${LIMIT_SECONDS} (stopped)` : median(times.get(checker.name)!).toFixed(2);
			console.log(`| ${checker.name} | ${time} | ${broken.length}${note} | ${found} |`);
		}
		if (process.env.CHECK_BENCH_KEEP !== undefined) {
			for (const [name, result] of last) writeFileSync(join(site.folder, `..`, `check-bench-${name.replace(/\W+/g, '-')}.out`), `${result.stdout}\n---\n${result.stderr}`);
		}
	} finally {
		if (process.env.CHECK_BENCH_KEEP === undefined) rmSync(site.folder, {recursive: true, force: true});
		else console.log(`kept: ${site.folder}`);
	}
}

await main();
