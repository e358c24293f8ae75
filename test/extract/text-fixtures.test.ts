/**
 * fixtures/text/*.txt (our own linkify-it-style line fixtures) through TextExtractor:
 * first Link's value and url, raw = source slice, bare and wrapped in newlines.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {TextExtractor} from '../../src/extract/text/extractor.js';
import type {FuzzyOptions, Link} from '../../src/types.js';
import {parseLinks, parseNotLinks, type LineEntry} from '../helpers/line-fixtures.js';

const BASE = 'http://base.example/dir/page.txt';
const FUZZY: FuzzyOptions = {domains: true, emails: true};

function extract(input: string, fuzzy: FuzzyOptions | undefined): Link[] {
	const links: Link[] = [];
	const core = new TextExtractor({type: 'text', retrievalUrl: BASE, ...(fuzzy === undefined ? {} : {fuzzy})}, link =>
		links.push(link),
	);
	core.write(input);
	core.end();
	return links;
}

function read(name: string): string {
	return readFileSync(new URL(`../../fixtures/text/${name}`, import.meta.url), 'utf8');
}

function checkLink(entry: LineEntry, fuzzy: FuzzyOptions | undefined): string | null {
	for (const [input, offset] of [
		[entry.input, 0],
		[`\n${entry.input}\n`, 1],
	] as const) {
		const link = extract(input, fuzzy)[0];
		if (link === undefined) return `no link in ${JSON.stringify(input)}`;
		if (link.value !== entry.expected)
			return `value ${JSON.stringify(link.value)}, expected ${JSON.stringify(entry.expected)}`;
		if (link.raw !== input.slice(link.start, link.end))
			return `raw ${JSON.stringify(link.raw)} is not the source slice`;
		if (link.kind !== 'text' || link.start < offset) return `kind ${link.kind}, start ${link.start}`;
		if (entry.url !== undefined && link.url !== entry.url)
			return `url ${JSON.stringify(link.url)}, expected ${entry.url}`;
		if (link.url === null) return `url null (${link.error})`;
	}
	return null;
}

const LINK_FILES: Array<[string, FuzzyOptions | undefined]> = [
	['links.txt', undefined],
	['links-fuzzy.txt', FUZZY],
];
const NOT_LINK_FILES: Array<[string, FuzzyOptions | undefined]> = [
	['not-links.txt', undefined],
	['not-links-fuzzy.txt', FUZZY],
];

for (const [file, fuzzy] of LINK_FILES) {
	for (const entry of parseLinks(read(file), true)) {
		test(`${file}:${entry.line} ${JSON.stringify(entry.input)}`, t => {
			t.is(checkLink(entry, fuzzy), null);
		});
	}
}

for (const [file, fuzzy] of NOT_LINK_FILES) {
	for (const entry of parseNotLinks(read(file), true)) {
		test(`${file}:${entry.line} ${JSON.stringify(entry.input)} is not a link`, t => {
			t.deepEqual(
				extract(entry.input, fuzzy).map(link => link.value),
				[],
			);
		});
	}
}

test('the fixture files are not empty', t => {
	t.true(parseLinks(read('links.txt'), true).length > 80);
	t.true(parseNotLinks(read('not-links.txt'), true).length > 30);
});

test('fixtures/text/mail-sample.txt: every Link, in order, as hand-labelled in mail-sample.urls.txt', t => {
	const expected = read('mail-sample.urls.txt')
		.split('\n')
		.filter(line => line !== '' && !line.startsWith('%'));
	const input = read('mail-sample.txt');
	const core: Link[] = [];
	const extractor = new TextExtractor(
		{type: 'text', encapsulatingBase: 'http://lists.example.org/archive/2025/11/msg1.html'},
		link => core.push(link),
	);
	extractor.write(input);
	extractor.end();
	t.deepEqual(
		core.map(link => `${link.delimiter} ${link.url}`),
		expected,
	);
	for (const link of core) t.is(input.slice(link.start, link.end), link.raw);
});
