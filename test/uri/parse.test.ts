import {readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import type {UriReference} from '../../src/types.js';
import {parseReference, recompose} from '../../src/uri/index.js';
import {check} from './fc-seed.js';

const fixture = JSON.parse(
	readFileSync(new URL('../../fixtures/uri/decompositions.json', import.meta.url), 'utf8'),
) as {
	rows: Array<UriReference & {input: string}>;
};

const decomposes = test.macro({
	exec(t, row: UriReference & {input: string}) {
		const {input, ...expected} = row;
		t.deepEqual(parseReference(input), expected);
		t.is(recompose(parseReference(input)), input);
	},
	title: (_given, row: {input: string}) => `Appendix B: ${JSON.stringify(row.input)}`,
});

for (const row of fixture.rows) test(decomposes, row);

test('recompose builds the authority from userinfo, host and port when authority is unset', t => {
	t.is(
		recompose({scheme: 'http', userinfo: 'u', host: 'h', port: '8', path: '/p', query: '', fragment: ''}),
		'http://u@h:8/p?#',
	);
	t.is(recompose({scheme: 'http', host: '', path: ''}), 'http://');
	t.is(recompose({path: ''}), '');
});

test('recompose keeps a "//" path without authority from turning into an authority', t => {
	t.is(recompose({scheme: 'foo', path: '//b'}), 'foo:/.//b');
	t.deepEqual(parseReference('foo:/.//b'), {scheme: 'foo', path: '/.//b'});
});

test('recompose(parseReference(s)) === s for every string (property)', t => {
	const uriish = fc.constantFrom(...':/?#[]@%.-'.split(''));
	const anyChar = fc.string({unit: 'binary', minLength: 1, maxLength: 2});
	const piece = fc.oneof(
		{weight: 3, arbitrary: uriish},
		{weight: 1, arbitrary: anyChar},
		{weight: 1, arbitrary: fc.constantFrom('http', 'a', '//', '[::1]', ':80', 'ü')},
	);
	const s = fc.array(piece, {maxLength: 24}).map(p => p.join(''));
	check(
		t,
		fc.property(s, input => recompose(parseReference(input)) === input),
	);
});

test('parse keeps undefined and empty apart (property over separators)', t => {
	check(
		t,
		fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (scheme, authority, query, fragment) => {
			const input = (scheme ? 's:' : '') + (authority ? '//' : '') + (query ? '?' : '') + (fragment ? '#' : '');
			const parts = parseReference(input);
			return (
				(parts.scheme !== undefined) === scheme &&
				(parts.authority !== undefined) === authority &&
				(parts.query !== undefined) === query &&
				(parts.fragment !== undefined) === fragment &&
				parts.path === ''
			);
		}),
		100,
	);
});
