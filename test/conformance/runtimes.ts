/**
 * linkstream/web where it claims to run, each runtime from its npm
 * package (devDependencies), all on loopback addresses:
 * - Deno and Bun run ExtractStream and RewriteStream (absolute, relative, a function) over
 *   every project fixture (test/rewrite/inputs.ts), as bytes and as text, in two chunkings
 *   each (test/web/runtime-runner.js); each answer must equal Node's streams' (Links as
 *   JSON, the output's SHA-256). Deno also runs the Deno example of docs/web-streams.md, against a page
 *   served here, and its lines must equal Node's ExtractStream over the same page.
 * - workerd (through Miniflare) serves the docs' fetch handler in front of an upstream
 *   on 127.0.0.1: each HTML fixture fetched through it must come out as Node's
 *   createRewriteStream writes it (no content-length), and other types pass untouched.
 * The web entry is the esbuild browser bundle (test/web/bundle.ts), so no build is needed.
 * Usage: `npx tsx test/conformance/runtimes.ts [SHARED]` (SHARED is not used). Prints each
 * runtime's counts (or why it was skipped) and ends with `runtimes: P passed, F failed`, or
 * `runtimes: skipped (reasons)` when no runtime runs.
 */
import {execFile, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {createExtractStream} from '../../src/index.js';
import type {Link} from '../../src/index.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {codeBlock} from '../helpers/readme.js';
import {fixtureInputs, randomCuts} from '../rewrite/inputs.js';
import type {Input} from '../rewrite/inputs.js';
import {bundleWeb} from '../web/bundle.js';
import {firstDifference, nodeAnswer} from '../web/compare.js';
import type {Job} from '../web/compare.js';
import {check} from '../web/tally.js';
import type {Tally} from '../web/tally.js';
import {mediaType, workerdRun} from '../web/workerd.js';

const BIN = fileURLToPath(new URL('../../node_modules/.bin/', import.meta.url));
const RUNNER = fileURLToPath(new URL('../web/runtime-runner.js', import.meta.url));
const README_PAGE = fileURLToPath(new URL('../../fixtures/readme/page.html', import.meta.url));
/** A runtime's whole run, all jobs included, may take this long. */
const RUN_TIMEOUT_MS = 150_000;
const MAX_OUTPUT_BYTES = 1 << 28;
const TARGET_NAMES = ['absolute', 'relative', 'function'] as const;

interface ServedJob extends Job {
	url: string;
}

const inputs = fixtureInputs();
const jobs: ServedJob[] = inputs.flatMap((input, i) => {
	const chunkings = [
		randomCuts(input.bytes.length, 1000 + i, 10),
		Array.from({length: Math.ceil(input.bytes.length / 7)}, (_, k) => 7 * k),
	];
	return [false, true].flatMap(strings =>
		chunkings.flatMap(cuts =>
			[undefined, ...TARGET_NAMES].map(to => ({
				url: `/case/${i}`,
				options: input.options,
				cuts,
				strings,
				...(to === undefined ? {} : {to}),
			})),
		),
	);
});

const server = createServer((request, response) => {
	const path = request.url ?? '/';
	const input = path.startsWith('/case/') ? inputs[Number(path.slice(6))] : undefined;
	if (path === '/jobs') response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(jobs));
	else if (path === '/readme/page.html')
		response.writeHead(200, {'content-type': 'text/html'}).end(readFileSync(README_PAGE));
	else if (input !== undefined)
		response.writeHead(200, {'content-type': mediaType(input), 'content-length': input.bytes.length}).end(input.bytes);
	else response.writeHead(404).end();
});

/** `command args` run to the end (the event loop stays free for the server): its stdout. */
function run(command: string, args: readonly string[]): Promise<string> {
	return new Promise((resolve, reject) => {
		execFile(
			command,
			args,
			{timeout: RUN_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, env: {...process.env, NO_COLOR: '1'}},
			(error, stdout, stderr) => {
				if (error === null) resolve(stdout);
				else reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr.slice(0, 2000)}`));
			},
		);
	});
}

/** The runtime's version line, or why it cannot run here. */
function probe(name: string, args: readonly string[]): Tally {
	const result = spawnSync(join(BIN, name), args, {encoding: 'utf8', timeout: 30_000});
	if (result.status === 0) return {name, version: /\d[\w.-]*/.exec(result.stdout)?.[0] ?? '?', passed: 0, failed: 0};
	return {
		name,
		skipped: `${name} does not run here: ${result.error?.message ?? result.stderr.trim().slice(0, 200)}`,
		passed: 0,
		failed: 0,
	};
}

/** Every job through the runtime's runner, compared with Node's streams. */
async function compareJobs(tally: Tally, command: string, args: readonly string[]): Promise<void> {
	const answers = JSON.parse(await run(command, args)) as string[];
	for (const [k, job] of jobs.entries()) {
		const input = inputs[Number(job.url.slice(6))] as Input;
		const node = await nodeAnswer(job, job.strings ? input.bytes.toString('utf8') : new Uint8Array(input.bytes));
		const answer = answers[k] ?? 'no answer';
		check(
			tally,
			`${input.name} ${job.strings ? 'string' : 'bytes'} ${job.to ?? 'extract'} (${job.cuts.length} cuts)`,
			answer === node,
			() => firstDifference(answer, node),
		);
	}
}

/** The docs' Deno example, its fetch pointed at the page served here: its lines equal Node's. */
async function denoReadme(tally: Tally, dir: string, origin: string, webUrl: string): Promise<void> {
	const pageUrl = `${origin}/readme/page.html`;
	const example = codeBlock('docs/web-streams.md', 'ts', '// Deno:').replace(
		"'https://example.com/'",
		JSON.stringify(pageUrl),
	);
	writeFileSync(join(dir, 'readme-deno.ts'), example);
	writeFileSync(join(dir, 'import-map.json'), JSON.stringify({imports: {'npm:linkstream/web': webUrl}}));
	const lines = await run(join(BIN, 'deno'), [
		'run',
		'--quiet',
		'--no-config',
		`--import-map=${join(dir, 'import-map.json')}`,
		`--allow-net=${new URL(origin).host}`,
		join(dir, 'readme-deno.ts'),
	]);
	const links = await nodeOutput<Link>(createExtractStream({type: 'html', retrievalUrl: pageUrl}), [
		readFileSync(README_PAGE),
	]);
	const expected = links.map(link => `${link.kind} ${link.url}`);
	const got = lines.trimEnd().split('\n');
	check(
		tally,
		'docs Deno example',
		expected.length > 0 && got.join('\n') === expected.join('\n'),
		() => `got\n${got.join('\n')}\nexpected\n${expected.join('\n')}`,
	);
}

/** Run `body` for a runtime that answers `--version`; a throw is one failure, named. */
async function runtime(name: string, body: (tally: Tally) => Promise<void>): Promise<Tally> {
	const tally = probe(name, ['--version']);
	if (tally.skipped !== undefined) return tally;
	const start = Date.now();
	try {
		await body(tally);
	} catch (error) {
		check(tally, 'run', false, () => String(error));
	}
	tally.seconds = (Date.now() - start) / 1000;
	return tally;
}

async function runtimeSuites(dir: string, origin: string, bundle: string): Promise<Tally[]> {
	const webPath = join(dir, 'web.js');
	writeFileSync(webPath, bundle);
	const webUrl = pathToFileURL(webPath).href;
	const deno = await runtime('deno', async tally => {
		await compareJobs(tally, join(BIN, 'deno'), [
			'run',
			'--quiet',
			'--no-config',
			`--allow-net=${new URL(origin).host}`,
			`--allow-read=${dir}`,
			RUNNER,
			origin,
			webUrl,
		]);
		await denoReadme(tally, dir, origin, webUrl);
	});
	const bun = await runtime('bun', tally => compareJobs(tally, join(BIN, 'bun'), [RUNNER, origin, webPath]));
	const workerd = await runtime('workerd', tally => workerdRun(tally, origin, inputs, bundle));
	return [deno, bun, workerd];
}

const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'linkstream-runtimes-'));
await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let tallies: Tally[] = [];
try {
	tallies = await runtimeSuites(dir, origin, (await bundleWeb()).text);
} finally {
	server.close();
	rmSync(dir, {recursive: true, force: true});
}
for (const tally of tallies)
	console.log(
		tally.skipped ??
			`${tally.name} ${tally.version}: ${tally.passed} passed, ${tally.failed} failed (${tally.seconds?.toFixed(1)} s)`,
	);
const ran = tallies.filter(tally => tally.skipped === undefined);
const passed = ran.reduce((sum, tally) => sum + tally.passed, 0);
const failed = ran.reduce((sum, tally) => sum + tally.failed, 0);
console.log(`whole suite: ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (ran.length === 0) console.log(`runtimes: skipped (${tallies.map(tally => tally.skipped).join('; ')})`);
else console.log(`runtimes: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
