/**
 * Links are made where V8 makes short-lived objects (the young generation), however many
 * Links outlived a young collection before. Object literals have allocation sites that V8
 * pretenures once most of their objects survive one (as a large page's Links do, held in
 * the caller's array): then every Link went straight into the old generation, and the
 * strings of Links a caller let go were kept through each young collection (base.ts,
 * elementLinkConstructor). Whether an object is young is not visible from JavaScript, so
 * the check runs in a child process with `--allow-natives-syntax` (test/helpers/link-young.ts).
 */
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import test from 'ava';
import {extractLinks} from '../../src/index.js';

const helper = fileURLToPath(new URL('../helpers/link-young.ts', import.meta.url));

test('after a large page of Links kept, the Links of each element shape are still made young', t => {
	const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import=tsx', helper], {
		encoding: 'utf8',
	});
	const report = JSON.parse(out) as {kept: number; young: boolean[]};
	t.is(report.kept, 3);
	// a href; a href="#b" (sameDocument); link rel=icon (rel); link rel=x href="#d" (rel, sameDocument).
	t.deepEqual(report.young, [true, true, true, true]);
});

test('a Link is a plain object: Object.prototype, its fields in the Link order', t => {
	const links = extractLinks('<a href="#b">b</a><link rel=icon href="c">', {
		type: 'html',
		retrievalUrl: 'https://example.com/',
	});
	for (const link of links) {
		t.is(Object.getPrototypeOf(link), Object.prototype);
		t.is(link.constructor, Object);
	}
	// By hand: the fields in the order of the Link type, each as written or resolved.
	t.deepEqual(links, [
		{
			value: '#b',
			raw: '#b',
			start: 9,
			end: 11,
			line: 1,
			column: 10,
			kind: 'navigation',
			url: 'https://example.com/#b',
			base: 'https://example.com/',
			baseSource: 'retrieval',
			element: 'a',
			attribute: 'href',
			sameDocument: true,
		},
		{
			value: 'c',
			raw: 'c',
			start: 39,
			end: 40,
			line: 1,
			column: 40,
			kind: 'resource',
			url: 'https://example.com/c',
			base: 'https://example.com/',
			baseSource: 'retrieval',
			element: 'link',
			attribute: 'href',
			rel: ['icon'],
		},
	]);
	t.deepEqual(Object.keys(links[0]!), [
		'value',
		'raw',
		'start',
		'end',
		'line',
		'column',
		'kind',
		'url',
		'base',
		'baseSource',
		'element',
		'attribute',
		'sameDocument',
	]);
});
