/**
 * The package as a user gets it: `npm pack` (which builds dist/), the
 * tarball's file list (LICENSE, both entries' code and typings, no src/), then `npm install`
 * of the tarball in a fresh folder (from the npm cache when it can: --prefer-offline), where
 * - the API examples of docs/api.md and docs/web-streams.md (test/helpers/readme-examples.ts) and the type tests
 *   (test/types/*.ts, their imports made `linkstream` and `linkstream/web`) type-check
 *   with this repository's tsc against the installed typings;
 * - the examples run with node: their `//=>` results checked, the Deno example's Links and
 *   the fetch handler's page equal to Node's streams over the same page, served on 127.0.0.1;
 * - every shipped source map carries its sources (src/ is not shipped).
 * Usage: `npx tsx test/conformance/package.ts [SHARED]` (SHARED is not used). Ends with
 * `package: P passed, F failed`, or `package: skipped (reason)` when npm cannot install.
 */
import {execFile} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {createExtractStream, createRewriteStream} from '../../src/index.js';
import type {Link} from '../../src/index.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {readmeExamples} from '../helpers/readme-examples.js';
import {check} from '../web/tally.js';
import type {Tally} from '../web/tally.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/.bin/tsc');
const PAGE = join(ROOT, 'fixtures/readme/page.html');
const STEP_TIMEOUT_MS = 240_000;
/** Files the tarball must hold, and a prefix it must not. */
const SHIPPED = [
	'LICENSE',
	'README.md',
	'package.json',
	'bin/linkstream.js',
	'dist/index.js',
	'dist/index.d.ts',
	'dist/web.js',
	'dist/web.d.ts',
];
const NOT_SHIPPED = 'src/';

/** The user's tsconfig: strict, Node's module resolution (package exports), JS examples checked too. */
const TSCONFIG = {
	compilerOptions: {
		target: 'ES2023',
		lib: ['ES2023'],
		module: 'NodeNext',
		moduleResolution: 'NodeNext',
		strict: true,
		allowJs: true,
		checkJs: true,
		outDir: 'out',
		types: ['node'],
		typeRoots: [join(ROOT, 'node_modules/@types')],
	},
	include: ['*.ts', '*.js'],
};

function run(command: string, args: readonly string[], cwd: string): Promise<string> {
	return new Promise((resolve, reject) => {
		execFile(command, args, {cwd, timeout: STEP_TIMEOUT_MS, maxBuffer: 1 << 26}, (error, stdout, stderr) => {
			if (error === null) resolve(stdout);
			else
				reject(
					new Error(
						`${command} ${args.join(' ')}: ${error.message}\n${stdout.slice(0, 3000)}\n${stderr.slice(0, 3000)}`,
					),
				);
		});
	});
}

/** `npm pack` into `dir`: the tarball's path, its files checked. */
async function pack(tally: Tally, dir: string): Promise<string> {
	const [report] = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', dir], ROOT)) as Array<{
		filename: string;
		files: Array<{path: string}>;
	}>;
	const files = new Set(report?.files.map(file => file.path));
	for (const path of SHIPPED)
		check(tally, `tarball holds ${path}`, files.has(path), () => `missing from ${[...files].slice(0, 20).join(' ')}`);
	check(
		tally,
		`tarball holds no ${NOT_SHIPPED}`,
		![...files].some(path => path.startsWith(NOT_SHIPPED)),
		() => 'src/ is shipped',
	);
	return join(dir, report?.filename ?? 'missing.tgz');
}

/** Every .js.map under `dir` has its sources inline. */
function mapsCarrySources(tally: Tally, dir: string): void {
	const maps = (readdirSync(dir, {recursive: true}) as string[]).filter(path => path.endsWith('.js.map'));
	const bare = maps.filter(path => {
		const map = JSON.parse(readFileSync(join(dir, path), 'utf8')) as {
			sources: string[];
			sourcesContent?: Array<string | null>;
		};
		return map.sources.some((_, i) => typeof map.sourcesContent?.[i] !== 'string');
	});
	check(
		tally,
		`all ${maps.length} source maps carry their sources`,
		maps.length > 0 && bare.length === 0,
		() => `no sourcesContent in ${bare.slice(0, 5).join(', ')}`,
	);
}

/** Node's answers for the served page: the Deno example's lines, the handler's page. */
async function nodeAnswers(pageUrl: string): Promise<{lines: string; page: Buffer}> {
	const bytes = readFileSync(PAGE);
	const links = await nodeOutput<Link>(createExtractStream({type: 'html', retrievalUrl: pageUrl}), [bytes]);
	const pieces = await nodeOutput<Buffer>(createRewriteStream({type: 'html', retrievalUrl: pageUrl, to: 'absolute'}), [
		bytes,
	]);
	return {lines: links.map(link => `${link.kind} ${link.url}\n`).join(''), page: Buffer.concat(pieces)};
}

/** The examples and type tests compiled against the installed package, then run. */
async function examples(tally: Tally, app: string, pageUrl: string): Promise<void> {
	const files = readmeExamples(pageUrl);
	for (const [name, code] of Object.entries(files)) writeFileSync(join(app, name), code);
	/** How many `//=>` results an example checks (each one prints a `checked` line). */
	const results = (name: string): number =>
		(files[name] ?? '').split('\n').filter(line => line.startsWith('check(')).length;
	for (const name of readdirSync(join(ROOT, 'test/types')).filter(file => file.endsWith('.ts'))) {
		const types = readFileSync(join(ROOT, 'test/types', name), 'utf8')
			.replaceAll("'../../src/index.js'", "'linkstream'")
			.replaceAll("'../../src/web.js'", "'linkstream/web'");
		writeFileSync(join(app, `types-${name}`), types);
	}
	writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, '\t'));
	copyFileSync(PAGE, join(app, 'page.html'));
	const typecheck = await run(TSC, ['-p', '.'], app).then(
		() => '',
		(error: Error) => error.message,
	);
	check(
		tally,
		'docs examples and type tests type-check against the installed typings',
		typecheck === '',
		() => typecheck,
	);
	const node = await nodeAnswers(pageUrl);
	const usage = await run(process.execPath, ['out/usage.js'], app).catch((error: Error) => error.message);
	check(
		tally,
		'docs usage runs, its results as written',
		results('usage.js') > 0 && (usage.match(/^checked /gm) ?? []).length === results('usage.js'),
		() => usage,
	);
	const rewrite = await run(process.execPath, ['out/rewrite.js'], app).catch((error: Error) => error.message);
	check(
		tally,
		'docs rewriteLinks examples give what they say',
		results('rewrite.js') > 0 && (rewrite.match(/^checked /gm) ?? []).length === results('rewrite.js'),
		() => rewrite,
	);
	const deno = await run(process.execPath, ['out/deno.js'], app).catch((error: Error) => error.message);
	check(
		tally,
		"docs Deno example on Node gives Node's Links",
		deno === node.lines,
		() => `got\n${deno}\nexpected\n${node.lines}`,
	);
	const handled = await run(process.execPath, ['out/handler-run.js'], app).catch((error: Error) => error.message);
	check(
		tally,
		"docs fetch handler gives Node's rewrite",
		handled === node.page.toString('utf8'),
		() => `got\n${handled.slice(0, 400)}`,
	);
}

const tally: Tally = {name: 'package', passed: 0, failed: 0};
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'linkstream-package-'));
const server = createServer((_request, response) =>
	response.writeHead(200, {'content-type': 'text/html'}).end(readFileSync(PAGE)),
);
await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/page.html`;
let skipped: string | undefined;
try {
	const tarball = await pack(tally, dir);
	const app = join(dir, 'app');
	mkdirSync(app);
	writeFileSync(join(app, 'package.json'), JSON.stringify({name: 'app', private: true, type: 'module'}));
	const installed = await run(
		'npm',
		['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
		app,
	).then(
		() => true,
		(error: Error) => {
			skipped = `npm install of the tarball failed (no registry or cache?): ${error.message.split('\n')[0]}`;
			return false;
		},
	);
	if (installed) {
		mapsCarrySources(tally, join(app, 'node_modules/linkstream/dist'));
		await examples(tally, app, pageUrl);
	}
} finally {
	server.close();
	rmSync(dir, {recursive: true, force: true});
}
console.log(`whole suite: ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (skipped !== undefined && tally.failed === 0) console.log(`package: skipped (${skipped})`);
else console.log(`package: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
