/**
 * The hand-checked XML fixtures (fixtures/xml/): every Link of each document, read as
 * bytes (its own encoding declaration decides), against the expectations worked out by
 * hand from the specifications' base rules.
 */
import {readdirSync, readFileSync} from 'node:fs';
import test from 'ava';
import {extractLinks, type Link} from '../../src/index.js';

const FOLDER = new URL('../../fixtures/xml/', import.meta.url);

interface Expected {
	kind: string;
	element: string;
	attribute?: string;
	rel?: string[];
	value: string;
	raw?: string;
	url: string | null;
	baseSource: string | null;
	embed?: string;
}

/** The fields an expectation names, from a Link. */
function project(link: Link, expected: Expected): Expected {
	const row: Expected = {
		kind: link.kind,
		element: link.element ?? '',
		value: link.value,
		url: link.url,
		baseSource: link.baseSource,
	};
	if (link.attribute !== undefined) row.attribute = link.attribute;
	if (link.rel !== undefined) row.rel = link.rel;
	if (expected.raw !== undefined) row.raw = link.raw;
	if (link.embed !== undefined) row.embed = link.embed.element;
	return row;
}

for (const name of readdirSync(FOLDER).filter(file => file.endsWith('.links.json'))) {
	const {retrievalUrl, links} = JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8')) as {
		retrievalUrl: string;
		links: Array<Expected & {note?: string}>;
	};
	const document = readdirSync(FOLDER).find(file => file !== name && file.startsWith(name.replace('.links.json', '.')));
	test(`fixtures/xml/${document}`, t => {
		const bytes = new Uint8Array(readFileSync(new URL(document ?? '', FOLDER)));
		const found = extractLinks(bytes, {type: 'xml', retrievalUrl});
		const expected = links.map(({note: _note, ...row}) => row);
		t.deepEqual(
			found.map((link, i) => project(link, expected[i] ?? (link as unknown as Expected))),
			expected,
		);
		const text = new TextDecoder('windows-1252').decode(bytes);
		for (const link of found) t.is(text.slice(link.start, link.end), link.raw, 'raw is the span of the source');
	});
}
