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
	const corpus = readdirSync(CORPUS)
		.filter(name => name.endsWith('.html'))
		.sort();
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
				block.push(
					`<a href="/s${copy}/missing-${index}/">missing folder</a>`,
					`<a href="${next}#no-such-id">missing id</a>`,
					`<img src="/img/none-${index}.png" alt="">`,
				);
				injected.push(
					{page: `/${dir}/`, target: `/s${copy}/missing-${index}/`},
					{page: `/${dir}/`, target: `${next}#no-such-id`},
					{page: `/${dir}/`, target: `/img/none-${index}.png`},
				);
			}
			block.push('</nav>');
			const html = readFileSync(join(CORPUS, name), 'latin1');
			const end = html.toLowerCase().lastIndexOf('</body>');
			const page =
				end < 0 ? `${html}\n${block.join('\n')}\n` : `${html.slice(0, end)}${block.join('\n')}\n${html.slice(end)}`;
			write(`${dir}/index.html`, Buffer.from(page, 'latin1'));
			write(`${dir}/figure.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, index & 0xff]));
			items.push(`<li><a href="p${index}/">page ${index}</a></li>`);
		}
		write(`s${copy}/index.html`, `<!doctype html><title>Section ${copy}</title><ul>\n${items.join('\n')}\n</ul>\n`);
		sections.push(`<li><a href="s${copy}/">section ${copy}</a></li>`);
	}
	write(
		'index.html',
		`<!doctype html><title>Bench site</title><link rel="stylesheet" href="css/site.css"><ul>\n${sections.join('\n')}\n</ul>\n`,
	);
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
		const child = spawn(argv[0]!, argv.slice(1), {
			cwd,
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: LIMIT_SECONDS * 1000,
			killSignal: 'SIGKILL',
		});
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
		child.on('close', (status, signal) =>
			resolve({
				seconds: Number(process.hrtime.bigint() - started) / 1e9,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				status: signal === null ? status : null,
			}),
		);
	});
}

const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
/** linkinator over `folder` on its own server on localhost: every URL not on it skipped (offline), fragments checked too. */
const linkinatorArgv = (folder: string): string[] => [
	bin('linkinator'),
	folder,
	'--recurse',
	'--check-fragments',
	'--format',
	'json',
	'--skip',
	'^(?!http://localhost)',
];

/** A broken reference a checker reports: the page it is on and its target (as written, or a URL's path and fragment). */
interface Report {
	count: number;
	pairs: Set<string>;
}

/** A checker: how to run it on the folder, and what it reports. */
interface Checker {
	name: string;
	argv: (folder: string) => string[];
	read: (result: Result, folder: string) => Report;
}

/** `/s0/p1/` from a file path or URL of the site. */
function pagePath(pathOrUrl: string, folder: string): string {
	let path = pathOrUrl.startsWith('http://') ? new URL(pathOrUrl).pathname : pathOrUrl.replace(/^(\.\.\/)+/, '/');
	const at = path.indexOf(folder);
	if (at >= 0) path = path.slice(at + folder.length);
	if (!path.startsWith('/')) path = `/${path}`;
	return path.replace(/index\.html$/, '');
}

const pair = (page: string, target: string): string => `${page} -> ${target}`;

const CHECKERS: Checker[] = [
	...[1, 2].map(
		(jobs): Checker => ({
			name: `linkstream check -j ${jobs}`,
			argv: folder => [
				process.execPath,
				join(root, 'bin', 'linkstream.js'),
				'check',
				'-j',
				String(jobs),
				'--site',
				SITE_URL,
				folder,
			],
			read: (result, folder) => {
				const findings = result.stdout
					.split('\n')
					.filter(Boolean)
					.map(line => JSON.parse(line) as {file: string; value: string});
				return {count: findings.length, pairs: new Set(findings.map(f => pair(pagePath(f.file, folder), f.value)))};
			},
		}),
	),
	{
		name: 'linkinator',
		argv: linkinatorArgv,
		read: (result, folder) => {
			const report = JSON.parse(result.stdout) as {links: Array<{url: string; state: string; parent?: string}>};
			const broken = report.links.filter(link => link.state === 'BROKEN');
			return {
				count: broken.length,
				pairs: new Set(
					broken.map(link =>
						pair(pagePath(link.parent ?? '', folder), new URL(link.url).pathname + new URL(link.url).hash),
					),
				),
			};
		},
	},
	{
		// linkinator's server throws on a path whose escapes are not UTF-8 (decodeURIComponent) and the run ends: such URLs skipped.
		name: 'linkinator, URLs with % skipped',
		argv: folder => [...linkinatorArgv(folder), '--skip', '%'],
		read: (result, folder) => CHECKERS.find(checker => checker.name === 'linkinator')!.read(result, folder),
	},
	{
		name: 'check-html-links',
		argv: folder => [bin('check-html-links'), folder],
		read: (result, folder) => {
			const text = result.stdout + result.stderr;
			const used = /used by (\d+) links/.exec(text);
			const pairs = new Set<string>();
			for (const match of text.matchAll(/from (\S+):\d+:\d+ via [\w-]+="([^"]*)"/g))
				pairs.add(pair(pagePath(match[1]!, folder), match[2]!));
			return {count: used === null ? 0 : Number(used[1]), pairs};
		},
	},
	{
		name: 'hyperlink',
		argv: folder => [bin('hyperlink'), '--root', folder, '-r', '-i', join(folder, 'index.html')],
		read: (result, folder) => {
			const pairs = new Set<string>();
			let count = 0;
			let failing = false;
			for (const line of result.stdout.split('\n')) {
				if (/^(not )?ok \d/.test(line)) failing = line.startsWith('not ok');
				const at = failing ? /^\s+at: (\S+):\d+:\d+(?: <\w+ [\w-]+="([^"]*)")?/.exec(line) : null;
				if (at === null) continue;
				count++;
				if (at[2] !== undefined) pairs.add(pair(pagePath(at[1]!, folder), at[2]));
			}
			return {count, pairs};
		},
	},
];

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
	if (!existsSync(join(root, 'dist', 'cli', 'bin.js')))
		throw new Error('run `npm run build` first (the bench runs the compiled command)');
	const site = build();
	console.log(
		`Site: ${site.pages} pages, ${site.files} files, ${(site.bytes / 1e6).toFixed(1)} MB, ${site.injected.length} references broken by construction; load ${loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores`,
	);
	const available = CHECKERS.filter(
		checker => checker.name.startsWith('linkstream') || existsSync(bin(checker.name.split(',')[0]!)),
	);
	/** Checkers stopped at the time limit are not run again. */
	const stopped = new Set<string>();
	const times = new Map<string, number[]>(available.map(checker => [checker.name, []]));
	const last = new Map<string, Result>();
	try {
		for (let round = 0; round < ROUNDS; round++) {
			// Interleaved: each round runs every checker once, in a rotated order.
			for (let k = 0; k < available.length; k++) {
				const checker = available[(k + round) % available.length]!;
				if (stopped.has(checker.name)) continue;
				const result = await run(checker.argv(site.folder));
				if (result.status === null) stopped.add(checker.name);
				times.get(checker.name)!.push(result.seconds);
				last.set(checker.name, result);
			}
		}
		console.log(
			`\n| checker | median s (${ROUNDS} rounds, interleaved) | broken reported | of the ${site.injected.length} by construction |`,
		);
		console.log('|---|---|---|---|');
		for (const checker of available) {
			const result = last.get(checker.name)!;
			let report: Report = {count: 0, pairs: new Set()};
			let note = '';
			try {
				report = checker.read(result, site.folder);
			} catch (error) {
				note = ` (output not read: ${(error as Error).message.slice(0, 60)})`;
			}
			const found = site.injected.filter(({page, target}) => report.pairs.has(pair(page, target))).length;
			const crashed = result.status !== null && /\n\s+at /.test(result.stderr) ? ' (crashed)' : '';
			const time =
				result.status === null
					? `over ${LIMIT_SECONDS} (stopped)`
					: `${median(times.get(checker.name)!).toFixed(2)}${crashed}`;
			console.log(`| ${checker.name} | ${time} | ${report.count}${note} | ${found} |`);
		}
		console.log(
			'\nBroken reported: linkstream, one NDJSON record per reference; linkinator, BROKEN links; check-html-links, its "used by N links"; hyperlink, the places of its failed tests.',
		);
		console.log(
			'Of those by construction: matched by page and reference. check-html-links lists at most 3 places per missing target, so references to a target used more often are not all matched though counted.',
		);
		if (process.env.CHECK_BENCH_KEEP !== undefined) {
			for (const [name, result] of last)
				writeFileSync(
					join(site.folder, `..`, `check-bench-${name.replace(/\W+/g, '-')}.out`),
					`${result.stdout}\n---\n${result.stderr}`,
				);
		}
	} finally {
		if (process.env.CHECK_BENCH_KEEP === undefined) rmSync(site.folder, {recursive: true, force: true});
		else console.log(`kept: ${site.folder}`);
	}
}

await main();
