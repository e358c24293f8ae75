/**
 * `node --import tsx bench/gzip.ts`: peak RSS of `linkstream extract` (dist/) over gzip bombs,
 * `.html.gz` files that inflate to 32 MiB and to 256 MiB (about 1000:1), beside the plain
 * 32 MiB file. A `.gz` file is decompressed as a stream: its peak should not follow its
 * inflated size. One child process a row, NDJSON of `--format urls` to /dev/null; the
 * figure is GNU time's maximum resident set size.
 */
import {spawnSync} from 'node:child_process';
import {closeSync, createWriteStream, mkdtempSync, openSync, rmSync, statSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {createGzip} from 'node:zlib';

const MIB = 1 << 20;
const LINE = '<p>Some text of the page, then a link <a href="page-0001.html">next</a> and more text.</p>\n';

/** `mib` MiB of LINE, written to `path`, gzipped when the path ends with .gz. */
async function write(path: string, mib: number): Promise<void> {
	const block = LINE.repeat(Math.ceil(MIB / LINE.length)).slice(0, MIB);
	const source = Readable.from(
		(function* () {
			for (let i = 0; i < mib; i++) yield block;
		})(),
	);
	await (path.endsWith('.gz')
		? pipeline(source, createGzip(), createWriteStream(path))
		: pipeline(source, createWriteStream(path)));
}

/** Wall seconds and peak RSS (MB) of one extract run. */
function run(path: string): {seconds: number; rss: number; status: number | null} {
	const start = process.hrtime.bigint();
	// Output to /dev/null opened for writing: a read-write /dev/null (stdio 'ignore') looks like a closed standard output.
	const devNull = openSync('/dev/null', 'w');
	const result = spawnSync(
		'/usr/bin/time',
		['-f', '%M', process.execPath, 'dist/cli/bin.js', 'extract', '--format', 'urls', path],
		{stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8'},
	);
	closeSync(devNull);
	const seconds = Number(process.hrtime.bigint() - start) / 1e9;
	const kib = Number(result.stderr.trim().split('\n').at(-1));
	return {seconds, rss: Math.round(kib / 1024), status: result.status};
}

const folder = mkdtempSync(join(tmpdir(), 'linkstream-gzip-bench-'));
try {
	const rows: string[] = [
		'| input | bytes on disk | inflated | wall s | peak RSS MB | exit |',
		'|---|---:|---:|---:|---:|---:|',
	];
	for (const [name, mib] of [
		['plain.html', 32],
		['bomb-32.html.gz', 32],
		['bomb-256.html.gz', 256],
	] as const) {
		const path = join(folder, name);
		await write(path, mib);
		const {seconds, rss, status} = run(path);
		rows.push(
			`| ${name} | ${statSync(path).size.toLocaleString('en')} | ${mib} MiB | ${seconds.toFixed(1)} | ${rss} | ${status} |`,
		);
	}
	console.log(rows.join('\n'));
	console.log(
		`\nload average ${loadavg()
			.map(n => n.toFixed(1))
			.join(', ')}`,
	);
} finally {
	rmSync(folder, {recursive: true, force: true});
}
