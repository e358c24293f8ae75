/**
 * Hostile input through the command: every shape of the attack at three
 * sizes, `linkstream extract` and `linkstream rewrite` from the shipped build (dist/) at the
 * default `-j`, each run a child process of its own with its peak RSS (GNU time -v, else
 * the child's own maxRSS) and its time per MB of input. Goal: peak RSS under 300 MB for
 * any input, time per MB flat across the sizes.
 *
 * Shapes: deep nesting, a huge attribute, a huge comment (also unterminated), a huge srcset,
 * a huge data: URL, NULs in an href, a gzip bomb in a .warc.gz (one record's member), gzip
 * bombs in HTTP bodies, nested MIME parts, and link-dense files at `-j 2`; the inputs cut into
 * tasks (the folder, the uncompressed WARC) also at `-j 1` and `-j 16`. Inputs are written
 * to a temporary folder, removed at the end. The MB of a row is what the command reads
 * after decompression (a bomb's inflated bytes, capped per HTTP body at
 * MAX_DECODED_BODY_BYTES), so time per MB compares like with like.
 *
 * The single-file shapes (singleFiles) are also rows as folders of two such files
 * at `-j 2` (`extract --site`, `rewrite --site --out`). Progress goes to standard error, one
 * line a run. `HOSTILE_ONLY=regex` picks rows by name, `HOSTILE_VARIANTS=1` adds `-j 1` and
 * standard output to a file for each single file.
 *
 * Usage: npx tsx bench/hostile.ts [SIZES_MB]   (default 4,16,64; builds dist/ when missing)
 *        npx tsx bench/hostile.ts redo-and-site [PAGE_MB]   (the redo after a thread runs out of memory; one large page through a site rewrite)
 */
import {spawnSync} from 'node:child_process';
import {
	closeSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	rmSync,
	writeFileSync,
	writeSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {createGzip, gzipSync} from 'node:zlib';
import {measureProcess} from './harness.js';
import {warcResponse as warcRecord} from '../test/helpers/warc.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const MB = 1 << 20;
const BASE = 'https://hostile.example/';
/**
 * `HOSTILE_ONLY=regex`: only the shapes of the late-BASE, xml:base and single-file rows matching it (the others are not even written); `HOSTILE_VARIANTS=1`: each single-file
 * shape also at `-j 1` and with standard output to a file (else the default -j, /dev/null).
 */
const ONLY = process.env.HOSTILE_ONLY === undefined ? undefined : new RegExp(process.env.HOSTILE_ONLY);
const VARIANTS = process.env.HOSTILE_VARIANTS === '1';

/** The goal for any input at the default -j. */
const RSS_GOAL_MB = 300;
/** A body's decoded bytes past which the rest is skipped (archive/warc/payload.ts MAX_DECODED_BODY_BYTES). */
const BODY_CAP = 64 * MB;
/** Gzip bombs expand this many times the row's size (1 GB at 64). */
const BOMB_FACTOR = 16;
/** Link-dense files per folder at -j 2. */
const DENSE_FILES = 8;
/** Besides the default -j (the cores: 2 here), the least and the most threads, for the inputs cut into tasks. */
const OTHER_JOBS = [1, 16];
/** Nested MIME parts at each size step (the largest is the issue's 10,000). */
const MIME_PARTS = [2_500, 5_000, 10_000];

interface Input {
	/** The file or folder. */
	path: string;
	/** MB the command reads (decompressed). */
	mb: number;
	/** Extra arguments (type, -j). */
	args: string[];
	/** Also through `rewrite` (documents only). */
	rewrite: boolean;
}

/** Write `head`, then `body` repeated to `size` bytes in all, then `tail`. */
function writeRepeated(path: string, head: string, body: string | Buffer, size: number, tail: string): void {
	const fd = openSync(path, 'w');
	const piece = Buffer.from(typeof body === 'string' ? body.repeat(Math.max(1, Math.floor(MB / body.length))) : body);
	try {
		writeSync(fd, head);
		for (let left = size - head.length - tail.length; left > 0; left -= piece.length)
			writeSync(fd, piece, 0, Math.min(piece.length, left));
		writeSync(fd, tail);
	} finally {
		closeSync(fd);
	}
}

const httpHead = (extra = ''): string => `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n${extra}\r\n`;

/** A .warc.gz of one gzip member: a record whose page (a link, spaces, a link) is `size` bytes, compressed as it is made. */
async function writeGzipBomb(path: string, size: number): Promise<void> {
	const first = Buffer.from('<a href="first.html">');
	const last = Buffer.from('<a href="last.html">');
	const http = Buffer.from(httpHead());
	const length = http.length + first.length + size + last.length;
	const head = warcRecord(`${BASE}bomb`, Buffer.alloc(0), 0)
		.toString('latin1')
		.replace(/Content-Length: 0\r\n\r\n\r\n\r\n$/, `Content-Length: ${length}\r\n\r\n`);
	async function* record(): AsyncGenerator<Buffer> {
		yield Buffer.concat([Buffer.from(head, 'latin1'), http, first]);
		const spaces = Buffer.alloc(MB, 0x20);
		for (let left = size; left > 0; left -= MB) yield left >= MB ? spaces : spaces.subarray(0, left);
		yield Buffer.concat([last, Buffer.from('\r\n\r\n')]);
	}
	await pipeline(Readable.from(record()), createGzip({level: 9}), createWriteStream(path));
}

/** `count` records, each an HTTP body with Content-Encoding gzip expanding past the cap. */
function bodyBombs(count: number): Buffer {
	const body = gzipSync(
		Buffer.concat([
			Buffer.from('<a href="kept.html">'),
			Buffer.alloc(BODY_CAP, 0x20),
			Buffer.from('<a href="past.html">'),
		]),
		{level: 9},
	);
	const http = Buffer.concat([Buffer.from(httpHead('Content-Encoding: gzip\r\n')), body]);
	return Buffer.concat(Array.from({length: count}, (_, i) => warcRecord(`${BASE}body/${i}`, http, i)));
}

/** A message of `depth` multiparts each nested in the one before (RFC 2046 §5.1.1). */
function nestedMime(depth: number): string {
	const open = Array.from(
		{length: depth},
		(_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`,
	).join('');
	const close = Array.from({length: depth}, (_, i) => `\r\n--b${depth - 1 - i}--\r\n`).join('');
	return `From: a@example.org\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${open}Content-Type: text/html\r\n\r\n<a href="${BASE}deep">deep</a>${close}`;
}

/** The inputs of one size step. */
async function inputs(work: string, mb: number, step: number): Promise<Array<[string, Input]>> {
	const size = mb * MB;
	const file = (name: string): string => join(work, `${name}-${mb}`);
	if (ONLY !== undefined) return [...amplification(file, mb), ...singleFiles(file, mb)];
	const html = (name: string, head: string, body: string | Buffer, tail: string): [string, Input] => {
		writeRepeated(file(name), head, body, size, tail);
		return [name, {path: file(name), mb, args: ['--type', 'html'], rewrite: true}];
	};
	const rows: Array<[string, Input]> = [
		html('deep nesting', '<html><body>', '<div><a href="x">', ''),
		html('huge attribute', '<a href="', 'a', '">'),
		html('huge comment', '<!--', 'x', '--><a href="after">'),
		html('unterminated comment', '<!--', 'x', ''),
		html('huge srcset', '<img srcset="', 'a, ', 'a">'),
		html('huge data: URL', '<a href="data:text/plain;base64,', 'QUFB', '">'),
		html('NULs in an href', '<a href="', Buffer.alloc(MB), '">'),
	];
	const warcGz = `${file('gzip bomb in a WARC member')}.warc.gz`;
	await writeGzipBomb(warcGz, size * BOMB_FACTOR);
	rows.push(['gzip bomb in a WARC member', {path: warcGz, mb: mb * BOMB_FACTOR, args: [], rewrite: false}]);
	const bodies = Math.max(1, mb / 4);
	const warc = `${file('gzip bombs in HTTP bodies')}.warc`;
	writeFileSync(warc, bodyBombs(bodies));
	rows.push(['gzip bombs in HTTP bodies', {path: warc, mb: (bodies * BODY_CAP) / MB, args: [], rewrite: false}]);
	// An uncompressed WARC over 16 MB is cut into ranges of records at -j N: at the least and the most threads too.
	for (const jobs of OTHER_JOBS)
		rows.push([
			`gzip bombs in HTTP bodies, -j ${jobs}`,
			{path: warc, mb: (bodies * BODY_CAP) / MB, args: ['-j', String(jobs)], rewrite: false},
		]);
	const parts = MIME_PARTS[step] ?? MIME_PARTS.at(-1)!;
	const eml = `${file('nested MIME parts')}.eml`;
	writeFileSync(eml, nestedMime(parts));
	rows.push([
		`nested MIME parts (${parts.toLocaleString('en')})`,
		{path: eml, mb: Buffer.byteLength(nestedMime(parts)) / MB, args: [], rewrite: false},
	]);
	const folder = file('link-dense files');
	mkdirSync(folder);
	for (let i = 0; i < DENSE_FILES; i++)
		writeRepeated(join(folder, `d${i}.html`), '', `<a href="p${i}">`, size / DENSE_FILES, '');
	for (const jobs of [2, ...OTHER_JOBS])
		rows.push([
			`${DENSE_FILES} link-dense files, -j ${jobs}`,
			{path: folder, mb, args: ['-j', String(jobs)], rewrite: true},
		]);
	rows.push(...amplification(file, mb), ...singleFiles(file, mb));
	return rows;
}

/** Held references released by a late BASE, and nested xml:base: a base copied into every URL (output amplification). */
function amplification(file: (name: string) => string, mb: number): Array<[string, Input]> {
	const size = mb * MB;
	const row = (name: string, type: string, head: string, body: string, tail: string): [string, Input] => {
		if (ONLY === undefined || ONLY.test(name)) writeRepeated(file(name), head, body, size, tail);
		return [name, {path: file(name), mb, args: ['--type', type], rewrite: true}];
	};
	/** WARC records each holding `page` (HTTP response), to `size` bytes; the .warc over 16 MB is cut into ranges at -j N. */
	const records = (name: string, page: string): [string, Input] => {
		const path = `${file(name)}.warc`;
		if (ONLY === undefined || ONLY.test(name)) {
			const one = (i: number): Buffer => warcRecord(`${BASE}late/${i}`, Buffer.from(httpHead() + page), i);
			const count = Math.max(1, Math.round(size / one(0).length));
			const fd = openSync(path, 'w');
			try {
				for (let i = 0; i < count; i++) writeSync(fd, one(i));
			} finally {
				closeSync(fd);
			}
		}
		return [name, {path, mb, args: [], rewrite: false}];
	};
	const links = (count: number): string => '<a href="x">'.repeat(count);
	return filtered([
		// The issue's page (560 KB: 30,000 links, then a BASE of 200 KB) as records of a WARC file.
		records(
			'late BASE of 200 KB after 30,000 links, WARC records',
			`${links(30_000)}<base href="http://h.example/${'A'.repeat(200_000)}/">`,
		),
		// Within the bound: the most a release can be (32,767 held, each URL 2,000 units).
		records(
			'late BASE of 2,000 units after 32,000 links, WARC records',
			`${links(32_000)}<base href="http://h.example/${'F'.repeat(1980)}/">`,
		),
		row(
			'late BASE of 2,000 units after 32,000 links, then text',
			'html',
			`${links(32_000)}<base href="http://h.example/${'F'.repeat(1980)}/">`,
			'<p>text</p>',
			'',
		),
		row(
			'nested xml:base',
			'xml',
			'<html xmlns="http://www.w3.org/1999/xhtml" xml:base="http://h.example/">',
			'<a xml:base="x/" href="y">',
			'',
		),
	]);
}

/** A file name's extension for each `--type` (a site finds a document's type by its name). */
const EXTENSIONS: Readonly<Record<string, string>> = {
	html: '.html',
	xml: '.xml',
	css: '.css',
	text: '.txt',
	'': '.eml',
};

/**
 * The single-file shapes that took over 300 MB (documents whose inner documents, entities or
 * output were held whole); each also as a folder of two such files at `-j 2` (`extract --site`,
 * `rewrite --site --out`: two threads at once, each with one file), the issue's "up to 1.8 GB".
 */
function singleFiles(file: (name: string) => string, mb: number): Array<[string, Input]> {
	const size = mb * MB;
	const folders: Array<[string, Input]> = [];
	const row = (name: string, type: string, head: string, body: string, tail: string, suffix = ''): [string, Input] => {
		const path = `${file(name)}${suffix}`;
		const folder = `${file(name)}-two`;
		const folderName = `${name}, two files, -j 2`;
		if (ONLY === undefined || ONLY.test(name)) writeRepeated(path, head, body, size, tail);
		if (ONLY === undefined || ONLY.test(folderName)) {
			mkdirSync(folder);
			for (const n of [1, 2]) writeRepeated(join(folder, `f${n}${EXTENSIONS[type]}`), head, body, size, tail);
		}
		folders.push([folderName, {path: folder, mb: 2 * mb, args: ['-j', '2'], rewrite: type !== ''}]);
		return [name, {path, mb, args: type === '' ? [] : ['--type', type], rewrite: type !== ''}];
	};
	const files = [
		row(
			'RSS CDATA description of links',
			'xml',
			'<rss><channel><item><description><![CDATA[',
			'<a href="x">',
			']]></description></item></channel></rss>',
		),
		row(
			'escaped links in an RSS description',
			'xml',
			'<rss><channel><item><description>',
			'&lt;a href=&quot;x&amp;amp;y&quot;&gt;',
			'</description></item></channel></rss>',
		),
		row('srcdoc of escaped links', 'html', '<iframe srcdoc="', '&lt;a href=x&gt;', '"></iframe>'),
		row('&amp without semicolons in an href', 'html', '<a href="', '&amp', '">'),
		row('entity references in text', 'html', '<p>', '&amp;&#x41;', '</p>'),
		row('CSS image-set()', 'css', 'a{b:image-set(', '"x.png" 1x,', ')}'),
		row('plain-text URLs', 'text', '', 'http://example.com/a ', ''),
		row('Markdown links and <URL:> spans', 'text', '', '[a](http://e.x/a) <URL:http://e.x/b> ', ''),
		row('link-dense HTML', 'html', '', '<a href="x">', ''),
		row('srcset-dense HTML', 'html', '', '<img srcset="a.png 1x, b.png 2x">', ''),
		row('CSS url()', 'css', '', 'a{b:url(x.png)}', ''),
		row(
			'link-dense HTML in an .eml',
			'',
			'From: a@example.org\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n',
			'<a href="x">\r\n',
			'',
			'.eml',
		),
	];
	return filtered([...files, ...folders]);
}

/** The rows HOSTILE_ONLY keeps. */
function filtered(rows: Array<[string, Input]>): Array<[string, Input]> {
	return ONLY === undefined ? rows : rows.filter(([name]) => ONLY.test(name));
}

interface Result {
	shape: string;
	command: string;
	mb: number;
	seconds: number;
	maxRssMb: number;
}

function run(shape: string, input: Input, command: 'extract' | 'rewrite', work: string, toFile = false): Result {
	const isFolder = !input.path.endsWith('.warc') && input.args.includes('-j');
	const args =
		command === 'extract'
			? [BIN, 'extract', isFolder ? '--site' : '--base-url', BASE, ...input.args, input.path]
			: isFolder
				? [
						BIN,
						'rewrite',
						'--to',
						'absolute',
						'--site',
						BASE,
						'--out',
						join(work, `out-${Math.random().toString(36).slice(2)}`),
						...input.args,
						input.path,
					]
				: [BIN, 'rewrite', '--to', 'absolute', '--base-url', BASE, ...input.args, input.path];
	const outPath = join(work, 'stdout');
	const stdout = openSync(toFile ? outPath : '/dev/null', 'w');
	try {
		const result = measureProcess(args, {stdout});
		if (toFile) rmSync(outPath, {force: true});
		// Exit 1 is a reported bad input (a message too deep, a body past the cap); anything else is a crash.
		if (result.status !== 0 && result.status !== 1)
			throw new Error(`bench/hostile: ${shape} ${command} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
		// Progress on standard error: a full run takes long, and a row over the goal is worth seeing at once.
		process.stderr.write(
			`${shape} | ${command} | ${input.mb} MB | ${result.maxRssMb.toFixed(0)} MB | ${(result.seconds / input.mb).toFixed(3)} s/MB | exit ${result.status}\n`,
		);
		return {shape, command, mb: input.mb, seconds: result.seconds, maxRssMb: result.maxRssMb};
	} finally {
		closeSync(stdout);
	}
}

function markdown(results: readonly Result[], sizes: readonly number[]): string {
	const keys = [...new Set(results.map(r => `${r.shape}|${r.command}`))];
	const head = `| shape | command | ${sizes.map(s => `${s} MB: peak RSS, s/MB`).join(' | ')} | s/MB largest ÷ smallest |`;
	const lines = [head, `|---|---|${sizes.map(() => '---|').join('')}---|`];
	let worstRss = 0;
	for (const key of keys) {
		const [shape, command] = key.split('|') as [string, string];
		const row = results.filter(r => r.shape === shape && r.command === command);
		const perMb = row.map(r => r.seconds / r.mb);
		worstRss = Math.max(worstRss, ...row.map(r => r.maxRssMb));
		const cells = row.map(r => `${r.maxRssMb.toFixed(0)} MB, ${(r.seconds / r.mb).toFixed(3)}`);
		lines.push(`| ${shape} | ${command} | ${cells.join(' | ')} | ${(perMb.at(-1)! / perMb[0]!).toFixed(2)} |`);
	}
	lines.push('', `Worst peak RSS: ${worstRss.toFixed(0)} MB (goal: under ${RSS_GOAL_MB} MB).`);
	return lines.join('\n');
}

/** The "Hostile input" section of BENCHMARKS.md. */
export async function runHostileBench(sizes: readonly number[] = [4, 16, 64]): Promise<string> {
	if (!existsSync(BIN)) spawnSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit'});
	const work = mkdtempSync(join(tmpdir(), 'linkstream-hostile-'));
	const results: Result[] = [];
	try {
		const steps: Array<Array<[string, Input]>> = [];
		for (const [step, mb] of sizes.entries()) steps.push(await inputs(work, mb, step));
		// Rows in the order of the shapes, each at every size.
		for (let shape = 0; shape < steps[0]!.length; shape++) {
			for (const command of ['extract', 'rewrite'] as const) {
				if (command === 'rewrite' && !steps[0]![shape]![1].rewrite) continue;
				for (const step of steps) {
					const [name, input] = step[shape]!;
					const plain = name.replace(/ \([\d,]+\)$/, '');
					results.push(run(plain, input, command, work));
					if (!VARIANTS || input.args.includes('-j')) continue;
					results.push(run(`${plain}, -j 1`, {...input, args: [...input.args, '-j', '1']}, command, work));
					results.push(run(`${plain}, to a file`, input, command, work, true));
				}
			}
		}
	} finally {
		rmSync(work, {recursive: true, force: true});
	}
	const lines = [
		'## Hostile input',
		'',
		`Each shape of the hostile-input attack through the command (dist/, default \`-j\`), at ${sizes.join(', ')} MB (a bomb's MB are its inflated bytes: ${BOMB_FACTOR}× the size for a WARC gzip member; HTTP bodies past ${BODY_CAP / MB} MB each are cut; MIME nesting at ${MIME_PARTS.join(', ')} parts), one child process per run, output to /dev/null (\`--out\` in a temporary folder for the folder rewrite): peak RSS and seconds per MB. \`npx tsx bench/hostile.ts [SIZES_MB]\`.`,
		'',
		markdown(results, sizes),
		'',
	];
	return lines.join('\n');
}

/** A worker thread's heap small enough for the redo rows' pages to run it out of memory (set through hooked-bin-child.mjs). */
const REDO_HEAP_MB = 16;

/** The built command with each worker thread's heap set (the shipped command takes no such setting). */
const HOOKED_BIN = join(ROOT, 'bench', 'hooked-bin-child.mjs');

/** One run of the built command (with `threadHeapMb`, each worker thread's heap): peak RSS, seconds, exit status. */
function runWith(
	args: readonly string[],
	threadHeapMb?: number,
): {seconds: number; maxRssMb: number; status: number | null; stderr: string} {
	const stdout = openSync('/dev/null', 'w');
	try {
		const result = measureProcess(
			threadHeapMb === undefined ? [BIN, ...args] : [HOOKED_BIN, String(threadHeapMb), ...args],
			{stdout},
		);
		if (result.status !== 0 && result.status !== 1)
			throw new Error(`bench/hostile: ${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 500)}`);
		return result;
	} finally {
		closeSync(stdout);
	}
}

/**
 * The rows of the redo after a worker thread runs out of memory, and of a site rewrite of one
 * large page: `npx tsx bench/hostile.ts redo-and-site [PAGE_MB]` (default 256,1024).
 *
 * Redo: a folder of ten small pages and one page a thread of REDO_HEAP_MB cannot hold (the
 * late-BASE page: 30,000 links, then a 200 KB BASE; or by sheer size: an 8 MB data: URL
 * between two links), `extract -j 2` and `rewrite --out -j 2`: the thread fails, each of its
 * files is done again alone on another thread under the same limit, the page is named.
 * Site: one page of PAGE_MB with one link at its end, `rewrite --site --out` (default -j).
 */
export async function runRedoAndSiteRows(pageMbs: readonly number[] = [256, 1024]): Promise<string> {
	if (!existsSync(BIN)) spawnSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'inherit'});
	const work = mkdtempSync(join(tmpdir(), 'linkstream-hostile-redo-'));
	const lines = ['| row | command | peak RSS | seconds | exit |', '|---|---|---|---|---|'];
	try {
		const pages: Array<[string, string]> = [
			[
				'late BASE (30,000 links, 200 KB BASE)',
				`${'<a href="x">'.repeat(30_000)}<base href="http://h.example/${'A'.repeat(200_000)}/">\n`,
			],
			[
				'8 MB data: URL',
				`<a href="first.html"><a href="data:text/plain;base64,${'QUFB'.repeat(2 << 20)}"><a href="last.html">`,
			],
		];
		for (const [name, page] of pages) {
			const folder = join(work, name.replace(/\W+/g, '-'));
			mkdirSync(folder);
			writeFileSync(join(folder, 'a-page.html'), page);
			for (let i = 0; i < 10; i++)
				writeFileSync(join(folder, `s${i}.html`), `<a href="s${i}.html">x</a><img srcset="a.png 1x, b.png 2x">`);
			for (const [command, args] of [
				['extract -j 2', ['extract', '--site', BASE, '-j', '2', folder]],
				[
					'rewrite --out -j 2',
					[
						'rewrite',
						'--to',
						'absolute',
						'--site',
						BASE,
						'-j',
						'2',
						'--out',
						join(work, `out-${Math.random().toString(36).slice(2)}`),
						folder,
					],
				],
			] as const) {
				const result = runWith(args, REDO_HEAP_MB);
				lines.push(
					`| redo, ${name}, ${REDO_HEAP_MB} MB a thread | ${command} | ${result.maxRssMb.toFixed(0)} MB | ${result.seconds.toFixed(1)} | ${result.status} |`,
				);
			}
		}
		for (const mb of pageMbs) {
			const folder = join(work, `page-${mb}`);
			mkdirSync(folder);
			writeRepeated(
				join(folder, 'big.html'),
				'<html><body>',
				'<p>filler!</p>\n\n',
				mb * MB,
				'<a href="end.html">end</a>',
			);
			const out = join(work, `out-page-${mb}`);
			const result = runWith(['rewrite', '--to', 'absolute', '--site', BASE, '--out', out, folder]);
			rmSync(out, {recursive: true, force: true});
			rmSync(folder, {recursive: true, force: true});
			lines.push(
				`| one ${mb} MB page, one link | rewrite --site --out | ${result.maxRssMb.toFixed(0)} MB | ${result.seconds.toFixed(1)} (${(result.seconds / mb).toFixed(3)} s/MB) | ${result.status} |`,
			);
		}
	} finally {
		rmSync(work, {recursive: true, force: true});
	}
	return lines.join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
	if (process.argv[2] === 'redo-and-site') {
		console.log(
			await runRedoAndSiteRows(
				(process.argv[3] ?? '256,1024')
					.split(',')
					.map(Number)
					.filter(mb => mb > 0),
			),
		);
	} else {
		const sizes = (process.argv[2] ?? '4,16,64').split(',').map(Number);
		console.log(await runHostileBench(sizes));
	}
}
