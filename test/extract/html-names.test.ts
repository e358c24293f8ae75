/** Attribute and element names matched in the source by char codes (NameTable), as the HTML tokenizer folds them. */
import {fc} from '@fast-check/ava';
import test from 'ava';
import {interestingAttributes, NameTable} from '../../src/extract/html/attributes.js';
import {fcParams} from '../helpers/seed.js';
import {rows} from './html-collect.js';

const table = new NameTable(['href', 'src', 'xlink:href', 'data-src']);

test("NameTable: ASCII letters fold, the set's own string is returned", t => {
	t.is(table.find('<a HREF=x>', 3, 7), 'href');
	t.is(table.find('<a hReF=x>', 3, 7), 'href');
	t.is(table.find('XLINK:HREF', 0, 10), 'xlink:href');
	t.is(table.find('DATA-SRC', 0, 8), 'data-src');
});

test('NameTable: nothing else matches (length, non-letters, non-ASCII)', t => {
	t.is(table.find('<a hreff=x>', 3, 8), undefined);
	t.is(table.find('<a hre=x>', 3, 6), undefined);
	// U+212A KELVIN SIGN lower-cases to "k" with toLowerCase, but HTML folds ASCII upper alpha only (§13.2.5.33).
	t.is(table.find('xlin\u212A:href', 0, 10), undefined);
	// 0x1A | 0x20 would be ":" and 0x0D | 0x20 "-": only A–Z are folded.
	t.is(table.find('xlink\u001Ahref', 0, 10), undefined);
	t.is(table.find('data\rsrc', 0, 8), undefined);
	t.is(table.find('\u00E9', 0, 1), undefined);
});

test('NameTable: agrees with lower-casing ASCII and a set lookup', t => {
	const names = [...interestingAttributes()];
	const all = new NameTable(names);
	const set = new Set(names);
	const unit = fc.constantFrom(...'hrefsctyplnamdox-:HREFSCTYPLNAMDOX\u212A\u0130'.split(''));
	const name = fc.oneof(fc.constantFrom(...names), fc.string({unit, minLength: 1, maxLength: 12}));
	const property = fc.property(name, fc.boolean(), (raw, upper) => {
		const source = upper ? raw.toUpperCase() : raw;
		const folded = source.replace(/[A-Z]/g, c => c.toLowerCase());
		const expected = set.has(folded) ? folded : undefined;
		return all.find(`<x ${source}=1>`, 3, 3 + source.length) === expected;
	});
	fc.assert(property, fcParams(t, 2000));
	t.pass();
});

test('extractor: upper-case tag and attribute names are read; a Kelvin sign makes another name', t => {
	t.deepEqual(rows('<A HREF="x">X</A><IMG SRC=y><Div Style="background:url(z)">'), [
		'a href https://site.example/dir/x',
		'img src https://site.example/dir/y',
		'div style https://site.example/dir/z',
	]);
	t.deepEqual(rows('<svg><a xlin\u212A:href="x"/></svg>'), []);
});
