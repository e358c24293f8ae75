/**
 * Conformance: examples/ray/links.py, the Ray job, against the command it distributes.
 *
 * The job runs on a local Ray cluster over fixtures/warc, SHARED_DIR/corpus/warc, the pages
 * of SHARED_DIR/corpus/html (absolute paths), the folders fixtures/{site,css,text,mail} and
 * a missing path, in batches of 8 so that failing inputs share batches with good ones (the
 * missing path's batch keeps its run's output, the mail folder's, whose message names a
 * file inside it, runs again input by input). The expected output is
 * `node bin/linkstream.js extract PATH` run by itself on each line (on the pages' folder
 * once for the pages):
 * - every file's lines in the part files equal the command's lines for it, in order (the
 *   `file` field included), and no part file holds a file the command did not print;
 * - errors.ndjson lists exactly the paths the command exits non-zero on, with its status;
 * - the job exits 1 (some input failed); on good inputs only, with a pass-through option
 *   (--anchor-text) and joining a running local cluster (--address), 0 and an empty
 *   errors.ndjson; --unique is refused with status 2, and so is an option extract refuses
 *   (--kind nothing), leaving no output behind;
 * - where GNU parallel is installed, docs/crawling.md's line (`parallel -n8 linkstream extract --jobs 1 --`)
 *   prints the same lines per file too.
 *
 * Ray comes from a virtual environment cached outside the project (default
 * ~/.cache/linkstream/ray-venv, or LINKSTREAM_RAY_VENV), created and filled from the local
 * wheel mirror that `pip config list` names when it lacks ray. Where that cannot be done
 * the suite ends with `ray: skipped (reason)`, counted neither passed nor failed.
 *
 * Usage: npx tsx test/conformance/ray.ts SHARED_DIR
 * Ends with `ray: P passed, F failed` (exit 1 when F > 0) or `ray: skipped (reason)`.
 */
import {execFile, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {runPool} from '../../src/cli/work/pool.js';

const run = promisify(execFile);
const SCRIPT = 'examples/ray/links.py';
const COMMAND = ['bin/linkstream.js', 'extract'];
const VENV =
	process.env.LINKSTREAM_RAY_VENV ??
	join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'linkstream', 'ray-venv');

let passed = 0;
let failed = 0;

function check(name: string, failure: string | null): void {
	if (failure === null) {
		passed++;
		return;
	}
	failed++;
	console.log(`  FAIL ${name}: ${failure}`);
}

function skip(reason: string): never {
	console.log(`ray: skipped (${reason})`);
	process.exit(0);
}

/** A Python with ray importable: the cached venv, created and filled from the local mirror when needed. */
function rayPython(): string {
	const python = join(VENV, 'bin', 'python');
	const hasRay = (): boolean =>
		existsSync(python) && spawnSync(python, ['-c', 'import ray'], {stdio: 'ignore'}).status === 0;
	if (hasRay()) return python;
	const config = spawnSync('python3', ['-m', 'pip', 'config', 'list'], {encoding: 'utf8'});
	if (config.status !== 0) skip('python3 -m pip config list failed: no python3 with pip');
	// `global.index-url='…'` and `global.extra-index-url='URL URL'`: the local mirror(s).
	const mirrors = [...config.stdout.matchAll(/^global\.(?:extra-)?index-url='([^']*)'$/gm)]
		.flatMap(match => match[1]!.split(/\s+/))
		.filter(Boolean);
	if (mirrors.length === 0) skip('pip config list names no index-url or extra-index-url to install ray from');
	console.log(`installing ray into ${VENV} from ${mirrors[0]}`);
	if (!existsSync(python) && spawnSync('python3', ['-m', 'venv', VENV], {stdio: 'inherit'}).status !== 0)
		skip(`python3 -m venv ${VENV} failed`);
	// The mirror as the only index: pip never waits on the unreachable default one.
	const install = spawnSync(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--index-url', mirrors[0]!, 'ray'], {
		encoding: 'utf8',
		timeout: 600_000,
	});
	if (install.status !== 0 || !hasRay()) {
		console.log(`${install.stdout ?? ''}${install.stderr ?? ''}`.trim().split('\n').slice(-10).join('\n'));
		skip(`pip install ray from ${mirrors[0]} failed`);
	}
	return python;
}

interface Expected {
	/** Per `file` field, its NDJSON lines in order. */
	lines: Map<string, string[]>;
	/** Per failing path (as listed), the command's exit status. */
	failures: Map<string, number>;
}

/** Each path run by itself through the command, two at a time. */
async function expected(paths: readonly string[], options: readonly string[]): Promise<Expected> {
	const result: Expected = {lines: new Map(), failures: new Map()};
	await runPool({
		items: paths,
		start: async path => {
			try {
				return {
					status: 0,
					stdout: (await run('node', [...COMMAND, ...options, '--', path], {maxBuffer: 1 << 30})).stdout,
				};
			} catch (error) {
				const {code, stdout} = error as {code: number; stdout: string};
				return {status: code, stdout};
			}
		},
		inFlight: 2,
		onResult: (path, {status, stdout}) => {
			if (status !== 0) result.failures.set(path, status);
			groupByFile(stdout, result.lines);
		},
	});
	return result;
}

function groupByFile(ndjson: string, into: Map<string, string[]>): void {
	for (const line of ndjson.split('\n')) {
		if (line === '') continue;
		const file = (JSON.parse(line) as {file: string}).file;
		const lines = into.get(file) ?? [];
		lines.push(line);
		into.set(file, lines);
	}
}

interface Job {
	status: number | null;
	stderr: string;
	lines: Map<string, string[]>;
	errors: Array<{file: string; status: number; message: string}>;
	/** What the job left in its output folder. */
	entries: string[];
}

/** Starts a local cluster, runs the job (argv) with --address set to it, stops the cluster. */
const JOIN = `import ray, subprocess, sys
ray.init(include_dashboard=False, logging_level="WARNING")
address = ray.get_runtime_context().gcs_address
status = subprocess.run([sys.executable, *sys.argv[1:], "--address", address]).returncode
ray.shutdown()
sys.exit(status)`;

function runJob(python: string, paths: readonly string[], options: readonly string[], joinCluster = false): Job {
	const dir = mkdtempSync(join(tmpdir(), 'linkstream-ray-'));
	try {
		writeFileSync(join(dir, 'paths.txt'), `${paths.join('\n')}\n`);
		const out = join(dir, 'out');
		const argv = [SCRIPT, '--paths', join(dir, 'paths.txt'), '--out', out, ...options];
		const job = spawnSync(python, joinCluster ? ['-c', JOIN, ...argv] : argv, {
			encoding: 'utf8',
			maxBuffer: 1 << 26,
			timeout: 600_000,
		});
		const lines = new Map<string, string[]>();
		const parts = existsSync(out)
			? readdirSync(out)
					.filter(name => name.startsWith('part-'))
					.sort()
			: [];
		for (const part of parts) groupByFile(readFileSync(join(out, part), 'utf8'), lines);
		const errorsFile = join(out, 'errors.ndjson');
		const errors = existsSync(errorsFile)
			? readFileSync(errorsFile, 'utf8')
					.split('\n')
					.filter(Boolean)
					.map(line => JSON.parse(line) as Job['errors'][number])
			: [];
		return {status: job.status, stderr: job.stderr, lines, errors, entries: existsSync(out) ? readdirSync(out) : []};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

function compare(label: string, job: Job, want: Expected, exitStatus: number): void {
	check(
		`${label}: exit status`,
		job.status === exitStatus ? null : `${job.status}, expected ${exitStatus}; stderr: ${job.stderr.slice(-2000)}`,
	);
	for (const [file, lines] of want.lines) {
		const got = job.lines.get(file);
		check(
			`${label}: ${file}`,
			got === undefined
				? `none of its ${lines.length} lines`
				: got.join('\n') === lines.join('\n')
					? null
					: `${got.length} lines, the command ${lines.length}; first difference at line ${lines.findIndex((line, i) => line !== got[i]) + 1}`,
		);
	}
	for (const file of job.lines.keys())
		if (!want.lines.has(file)) check(`${label}: ${file}`, 'in the part files, not in the command output');
	const listed = new Map(job.errors.map(error => [error.file, error]));
	check(
		`${label}: errors.ndjson has one line per failing input`,
		listed.size === job.errors.length ? null : 'a path listed twice',
	);
	for (const [path, status] of want.failures) {
		const error = listed.get(path);
		check(
			`${label}: ${path} in errors.ndjson`,
			error === undefined ? 'missing' : error.status === status && error.message !== '' ? null : JSON.stringify(error),
		);
	}
	for (const path of listed.keys())
		if (!want.failures.has(path)) check(`${label}: ${path} in errors.ndjson`, 'the command succeeds on it');
}

/** docs/crawling.md's GNU parallel line, where parallel is installed: the same lines per file, exit status = failed groups. */
function gnuParallel(paths: readonly string[], want: Expected): void {
	const job = spawnSync('parallel', ['-j2', '-n8', 'node', ...COMMAND, '--jobs', '1', '--'], {
		input: `${paths.join('\n')}\n`,
		encoding: 'utf8',
		maxBuffer: 1 << 30,
	});
	if (job.error !== undefined) {
		console.log('GNU parallel not installed: its line not checked');
		return;
	}
	const lines = new Map<string, string[]>();
	groupByFile(job.stdout, lines);
	const differ = [...want.lines]
		.filter(([file, expected]) => lines.get(file)?.join('\n') !== expected.join('\n'))
		.map(([file]) => file);
	check(
		'GNU parallel: the same lines per file',
		differ.length === 0 && lines.size === want.lines.size
			? null
			: `${differ.length} files differ, ${lines.size} files printed: ${differ.slice(0, 3).join(', ')}`,
	);
	check('GNU parallel: exits non-zero', job.status !== 0 ? null : 'exit 0');
}

async function main(shared: string | undefined): Promise<number> {
	if (shared === undefined) {
		console.error('usage: npx tsx test/conformance/ray.ts SHARED_DIR');
		return 2;
	}
	// Compiled without writing __pycache__ into the tree.
	const compiled = spawnSync(
		'python3',
		['-c', 'import sys; compile(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1], "exec")', SCRIPT],
		{encoding: 'utf8'},
	);
	if (compiled.error !== undefined) skip('no python3');
	check(`${SCRIPT} compiles`, compiled.status === 0 ? null : compiled.stderr);
	const python = rayPython();

	const listed = (dir: string, wanted: (name: string) => boolean): string[] =>
		readdirSync(dir)
			.filter(wanted)
			.sort()
			.map(name => join(dir, name));
	const warcs = [
		...listed('fixtures/warc', name => name !== 'README.md'),
		...listed(join(shared, 'corpus', 'warc'), name => name !== 'README.md'),
	];
	const pagesFolder = resolve(shared, 'corpus', 'html');
	const pages = listed(pagesFolder, name => name.endsWith('.html'));
	const missing = 'fixtures/warc/missing.warc.gz';
	const folders = ['fixtures/site', 'fixtures/css', 'fixtures/text', 'fixtures/mail'];
	const paths = [...warcs, missing, ...pages, ...folders];
	// The pages in one run of the command over their folder (the same `file` fields, one process
	// instead of 258), less the folder's other files (its README).
	const want = await expected([...warcs, missing, pagesFolder, ...folders], []);
	for (const file of want.lines.keys())
		if (file.startsWith(pagesFolder) && !pages.includes(file)) want.lines.delete(file);
	check(
		'the inputs include failing ones',
		want.failures.has(missing) && want.failures.size > 1 ? null : `failures ${[...want.failures.keys()].join(', ')}`,
	);
	const job = runJob(python, paths, ['--batch', '8']);
	console.log(job.stderr.trim().split('\n').at(-1));
	compare('all inputs', job, want, 1);
	check(
		`all inputs: ${missing} message`,
		job.errors.find(error => error.file === missing)?.message === 'no such file or folder'
			? null
			: JSON.stringify(job.errors.find(error => error.file === missing)),
	);

	gnuParallel(paths, want);

	const good = ['fixtures/site', ...pages.slice(0, 3)];
	const anchors = await expected(good, ['--anchor-text']);
	const joined = runJob(python, good, ['--anchor-text'], true);
	compare('good inputs, --anchor-text, --address', joined, anchors, 0);
	check(
		'--address joins the cluster',
		joined.stderr.includes('s to join the cluster)') ? null : joined.stderr.slice(-2000),
	);

	const refused = runJob(python, good, ['--unique']);
	check(
		'--unique refused',
		refused.status === 2 && refused.stderr.includes('--unique') ? null : `exit ${refused.status}: ${refused.stderr}`,
	);
	const bad = runJob(python, good, ['--kind', 'nothing']);
	check(
		'an option extract refuses: exit 2, its message, no output left',
		bad.status === 2 && bad.stderr.includes('--kind') && bad.entries.length === 0
			? null
			: `exit ${bad.status}, left ${bad.entries.join(' ')}: ${bad.stderr}`,
	);

	console.log(`ray: ${passed} passed, ${failed} failed`);
	return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv[2]);
