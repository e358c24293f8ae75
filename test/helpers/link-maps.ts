/**
 * Run by test/extract/link-shape.test.ts in a child process started with
 * `--allow-natives-syntax`: extracts `argv[2]`'s documents (JSON: type and texts) one after
 * the other, and prints, per set of Link keys, how many hidden classes (V8 maps) its Links
 * had, plus each Link's keys and numbers.
 */
import {extractLinks} from '../../src/index.js';
import type {InputType} from '../../src/types.js';

const {type, documents} = JSON.parse(process.argv[2]!) as {type: InputType; documents: string[]};
// %HaveSameMap compares the maps as they are: it migrates neither object off a deprecated map.
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const maps = new Map<string, object[]>();
const links: {keys: string; numbers: Record<string, number>}[] = [];
for (const text of documents) {
	for (const link of extractLinks(text, {type, retrievalUrl: 'https://example.com/a/'})) {
		const keys = Object.keys(link).join(',');
		const seen = maps.get(keys) ?? [];
		if (!seen.some(other => sameMap(other, link))) seen.push(link);
		maps.set(keys, seen);
		const numbers: Record<string, number> = {};
		for (const [key, value] of Object.entries(link)) if (typeof value === 'number') numbers[key] = value;
		links.push({keys, numbers});
	}
}
const counts = Object.fromEntries([...maps].map(([keys, seen]) => [keys, seen.length]));
process.stdout.write(JSON.stringify({maps: counts, links}));
