/**
 * What a Link costs, over the shared corpus (html pages or feeds), with the compiled library
 * (dist/): the bytes a held Link keeps (heap after a full GC with every Link of the corpus
 * held three times over, divided by the Links), and the bytes allocated per Link while
 * extracting (each page's heap growth with a young generation large enough that no
 * scavenge runs within a page; everything extraction allocates, the reader's work too).
 * Prints one JSON line.
 *
 * Usage: npm run build && node --expose-gc --max-semi-space-size=256 bench/link-cost.mjs SHARED_DIR [html|xml]
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {extractLinks} from '../dist/index.js';

const [shared, type = 'html'] = process.argv.slice(2);
if (shared === undefined || typeof globalThis.gc !== 'function') {
	console.error('usage: node --expose-gc --max-semi-space-size=256 bench/link-cost.mjs SHARED_DIR [html|xml]');
	process.exit(2);
}
const folder = join(shared, 'corpus', type === 'html' ? 'html' : 'feeds');
const documents = readdirSync(folder)
	.filter(name => (type === 'html' ? name.endsWith('.html') : !name.endsWith('.md')))
	.sort()
	.map(name => ({
		data: type === 'html' ? readFileSync(join(folder, name), 'utf8') : readFileSync(join(folder, name)),
		options: {type, retrievalUrl: `https://corpus.example/${name}/index.html`},
	}));

// Warm up: the code optimized, as in a long run.
for (let round = 0; round < 3; round++) for (const {data, options} of documents) extractLinks(data, options);

let allocated = 0;
let links = 0;
for (const {data, options} of documents) {
	globalThis.gc();
	const before = process.memoryUsage().heapUsed;
	links += extractLinks(data, options).length;
	allocated += Math.max(0, process.memoryUsage().heapUsed - before);
}

const settled = () => {
	for (let i = 0; i < 3; i++) globalThis.gc();
	return process.memoryUsage().heapUsed;
};
const empty = settled();
const held = [];
for (let round = 0; round < 3; round++) for (const {data, options} of documents) held.push(extractLinks(data, options));
const retained = settled() - empty;
const count = held.reduce((sum, list) => sum + list.length, 0);
console.log(
	JSON.stringify({
		type,
		documents: documents.length,
		links,
		allocatedPerLink: Math.round(allocated / links),
		retainedPerLink: Math.round(retained / count),
	}),
);
