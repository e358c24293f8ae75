/**
 * `npm run bench [SHARED_DIR]`: every benchmark in one run, written to BENCHMARKS.md with the
 * machine, Node and peer versions. SHARED_DIR defaults to ../shared.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {cpus, totalmem} from 'node:os';
import {join} from 'node:path';

const shared = process.argv[2] ?? '../shared';
if (!existsSync(join(shared, 'corpus'))) {
	console.error(`bench: the shared data folder ${shared} (with corpus/) is needed`);
	process.exit(2);
}

function version(name: string): string {
	try {
		return (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {version: string}).version;
	} catch {
		return '?';
	}
}

const peers = [
	'htmlparser2',
	'cheerio',
	'parse5',
	'parse5-sax-parser',
	'parse5-html-rewriting-stream',
	'html-rewriter-wasm',
	'uri-js',
	'urijs',
	'linkify-it',
	'autolinker',
	'url-regex-safe',
	'feedparser',
	'fast-xml-parser',
];
const sections: string[] = [
	'# Benchmarks',
	'',
	`Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}.`,
	`Peers: ${peers.map(p => `${p} ${version(p)}`).join(', ')}.`,
	'Each figure is the median of several runs in this one process, with the range; ratios compare rows of the same run.',
	'',
];

const {runUriBench} = await import('./uri.js');
sections.push(await runUriBench(shared));
const {runHtmlBench} = await import('./html.js');
sections.push(await runHtmlBench(shared));
const {runRewriteBench} = await import('./rewrite.js');
sections.push(await runRewriteBench(shared));
const {runWebBench} = await import('./web.js');
sections.push(await runWebBench(shared));
const {runTextBench} = await import('./text.js');
sections.push(await runTextBench(shared));
const {runFeedsBench} = await import('./feeds.js');
sections.push(await runFeedsBench(shared));
const {runMemoryBench} = await import('./memory.js');
sections.push(await runMemoryBench());
const {runSiteBench} = await import('./site.js');
sections.push(await runSiteBench());
const {runCliBench} = await import('./cli.js');
sections.push(await runCliBench(shared));
const {runHostileBench} = await import('./hostile.js');
sections.push(await runHostileBench());
const {runScaling, MAX_RATIO} = await import('./scaling.js');
const scaling = runScaling();
sections.push(
	`## Scaling\n\nCPU time through the extraction pipeline at n, 4n, 16n (linear is 4; bound ${MAX_RATIO}), best of 11 interleaved rounds.\n\n${scaling.table}\n\nWorst step ratio: ${scaling.worst.toFixed(2)}.\n`,
);

writeFileSync('BENCHMARKS.md', `${sections.join('\n')}\n`);
console.log(sections.join('\n'));
