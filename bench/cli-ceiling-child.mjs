/**
 * Child process of bench/cli.ts: the ceiling of `linkstream extract`, the library in one
 * process on the same bytes, with no command around it. Plain JavaScript on the compiled
 * dist/, so that it pays Node's start and the library's loading as the command does, and
 * no TypeScript loader. Each Link is stringified with its file, as the command's NDJSON
 * line (`JSON.stringify({file, ...link})`); nothing is written. Prints `links N`.
 *
 * Usage: node bench/cli-ceiling-child.mjs folder DIR [PART PARTS] | stdin FILE | warc FILE
 * (PART PARTS: only the files whose index in name order is PART modulo PARTS.)
 */
import {createReadStream, readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {extractLinks} from '../dist/index.js';
import {extractWarc} from '../dist/archive/warc/warc.js';

const [mode, path, part = '0', parts = '1'] = process.argv.slice(2);
let links = 0;
let chars = 0;
if (mode === 'folder') {
	for (const [index, name] of readdirSync(path).sort().entries()) {
		if (index % Number(parts) !== Number(part)) continue;
		const file = join(path, name);
		for (const link of extractLinks(readFileSync(file), {
			type: 'html',
			retrievalUrl: pathToFileURL(resolve(file)).href,
		})) {
			chars += JSON.stringify({file, ...link}).length;
			links++;
		}
	}
} else if (mode === 'stdin') {
	for (const link of extractLinks(readFileSync(path), {type: 'html'})) {
		chars += JSON.stringify(link).length;
		links++;
	}
} else if (mode === 'warc') {
	for await (const link of extractWarc(createReadStream(path))) {
		chars += JSON.stringify({file: path, ...link}).length;
		links++;
	}
} else {
	throw new Error('usage: node bench/cli-ceiling-child.mjs folder DIR [PART PARTS] | stdin FILE | warc FILE');
}
console.log(`links ${links} chars ${chars}`);
