/**
 * The one-line description of what linkstream reads is given in three places: package.json's
 * description (what npm shows), the README's tagline and src/index.ts's module comment (what
 * an editor shows). Each names every input the product reads (PRODUCT.md), so none of them
 * falls behind when an input is added.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';

const INPUTS = [
	'HTML',
	'XHTML',
	'CSS',
	'XML',
	'RSS',
	'Atom',
	'sitemaps',
	'SVG',
	'OPML',
	'plain text',
	'mail',
	'news',
	'mbox',
	'.eml',
	'MHTML',
	'news articles',
	'WARC',
];

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

const places: Array<[string, string]> = [
	['package.json description', (JSON.parse(read('package.json')) as {description: string}).description],
	[
		'README.md tagline',
		read('README.md')
			.split('\n')
			.find(line => line.startsWith('> ')) ?? '',
	],
	[
		'src/index.ts module comment',
		read('src/index.ts')
			.split('*/')[0]!
			.replace(/\n \* ?/g, ' '),
	],
];

for (const [place, text] of places) {
	test(`${place} names every input`, t => {
		t.deepEqual(
			INPUTS.filter(input => !text.includes(input)),
			[],
			text,
		);
	});
}
