/**
 * The bad-input table: every input type takes every hostile input without
 * throwing, finishes, keeps every span exact, and loses no reference it can see.
 * The 1 GB single line is in bench/memory.ts (streamed); here lines are tens of MB.
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';
import type {ExtractOptions, InputType, Link} from '../../src/index.js';
import {MB, TABLE} from './table.js';

const TYPES: readonly InputType[] = ['html', 'xhtml', 'xml', 'css', 'text'];

function options(type: InputType): ExtractOptions {
	return {type, retrievalUrl: 'https://example.com/dir/page.html'};
}

function decoded(input: string | Uint8Array): string {
	return typeof input === 'string' ? input : new TextDecoder().decode(input);
}

function check(t: import('ava').ExecutionContext, input: string | Uint8Array, type: InputType): Link[] {
	const links = extractLinks(input, options(type));
	const text = decoded(input);
	for (const link of links) {
		if (text.slice(link.start, link.end) !== link.raw)
			t.fail(`${type}: span ${link.start}-${link.end} does not slice to raw ${JSON.stringify(link.raw.slice(0, 40))}`);
		if (link.url === null && link.error === undefined) t.fail(`${type}: url null without error`);
	}
	return links;
}

for (const [name, make] of TABLE) {
	test(`bad input: ${name}`, t => {
		const input = make();
		for (const type of TYPES) {
			const links = t.notThrows(() => check(t, input, type), type);
			void links;
		}
		t.pass();
	});
}

test('no reference is lost in hostile HTML: the visible references all come out', t => {
	const urls = (input: string | Uint8Array): string[] =>
		extractLinks(input, options('html')).map(link => link.url ?? `(${link.error})`);
	// HTML tokenizer: EOF in a tag emits nothing (eof-in-tag); what came before stays.
	t.deepEqual(urls('<a href="ok.html">x</a><img src="eof.png'), ['https://example.com/dir/ok.html']);
	t.deepEqual(urls('<a href="ok.html">x</a><img sr'), ['https://example.com/dir/ok.html']);
	// CSS Syntax 3 §4.3.6: EOF in a url token returns the token.
	t.deepEqual(urls('<a href="ok.html">x</a><style>body{background:url(eof.png'), [
		'https://example.com/dir/ok.html',
		'https://example.com/dir/eof.png',
	]);
	t.deepEqual(
		extractLinks('a{background:url(  "x.png" ', options('css')).map(link => link.url),
		['https://example.com/dir/x.png'],
	);
	// A <...> never closed: not a delimiter; outside brackets the line break ends the URL (App. E).
	t.deepEqual(
		extractLinks('see <http://example.com/a/\n  b', options('text')).map(link => link.url),
		['http://example.com/a/'],
	);
	t.deepEqual(urls(`<a ${'x=1 '.repeat(100_000)}href="last.html">x</a>`), ['https://example.com/dir/last.html']);
	t.deepEqual(urls(`${'<div>'.repeat(1_000_000)}<a href="deep.html">x</a>`), ['https://example.com/dir/deep.html']);
	const big = extractLinks(`<a href="${'a'.repeat(10 * MB)}">x</a>`, options('html'));
	t.is(big.length, 1);
	t.is(big[0]?.value.length, 10 * MB);
	const bom = urls(TABLE[20]![1]());
	t.true(
		bom.includes('https://example.com/dir/one.html') && bom.includes('https://example.com/dir/two.html'),
		bom.join(' '),
	);
	t.deepEqual(
		urls('<a href="ok.html">x</a><!-- <a href="hidden.html">'),
		['https://example.com/dir/ok.html'],
		'comments hide references',
	);
});

test('line ends: CRLF, CR and LF give the same lines and columns', t => {
	const lines = (input: string): Array<[number, number]> =>
		extractLinks(input, options('html')).map(link => [link.line, link.column]);
	const lf = lines(decoded(TABLE[19]![1]()));
	t.deepEqual(lines(decoded(TABLE[17]![1]())), lf);
	t.deepEqual(lines(decoded(TABLE[18]![1]())), lf);
	t.deepEqual(lf, [[2, 7]]);
});
