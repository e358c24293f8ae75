/**
 * Run by test/extract/link-young.test.ts in a child process started with
 * `--allow-natives-syntax`: extracts three times a page of 90,000 references, keeping every
 * Link (as a caller's array does while a large page is read), then one small document whose
 * Links have each element shape (with and without `rel`, with and without `sameDocument`),
 * and prints, for each of those Links, whether it was made in the young generation.
 */
import {extractLinks} from '../../src/index.js';

const inYoung = new Function('o', 'return %InYoungGeneration(o)') as (o: object) => boolean;
const options = {type: 'html', retrievalUrl: 'https://example.com/'} as const;
const page = Array.from(
	{length: 30_000},
	(_, i) => `<a href="p/${i}">${i}</a><link rel=icon href="i/${i}"><a href="#s${i}">`,
).join('\n');
const kept = [];
for (let round = 0; round < 3; round++) kept.push(extractLinks(page, options));
const links = extractLinks(
	'<a href="a">a</a><a href="#b">b</a><link rel=icon href="c"><link rel=x href="#d">',
	options,
);
process.stdout.write(JSON.stringify({kept: kept.length, young: links.map(link => inYoung(link))}));
