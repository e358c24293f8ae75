/**
 * The attribute list both tag readers share (src/extract/markup/attributes.ts): the first of
 * a name written twice wins, in HTML (`#attribute-name-state`) and in XML alike, however many
 * attributes the tag has; spans of quoted, unquoted, empty and absent values.
 */
import test from 'ava';
import {type AttributeRecord, AttributeList} from '../../src/extract/markup/attributes.js';
import {QuoteType} from '../../src/extract/markup/tokenizer.js';
import {extractLinks} from '../../src/index.js';

/** The records as plain objects (the list hands out pooled records of its own class). */
const plain = (records: readonly AttributeRecord[]) => records.map(record => ({...record}));

test('spans and quoting of each kind of value', t => {
	const source = '<a b="x" c=y d=\'\' e>';
	const list = new AttributeList((start, end) => source.slice(start, end));
	list.begin('b', 4);
	list.data(6, 7);
	list.end(QuoteType.Double, 8);
	list.begin('c', 10);
	list.data(11, 12);
	list.end(QuoteType.Unquoted, 12);
	list.begin('d', 14);
	list.end(QuoteType.Single, 17);
	list.begin('e', 19);
	list.end(QuoteType.NoValue, 19);
	t.deepEqual(plain(list.take()), [
		{name: 'b', nameEnd: 4, valueStart: 6, valueEnd: 7, raw: 'x', quote: '"'},
		{name: 'c', nameEnd: 10, valueStart: 11, valueEnd: 12, raw: 'y', quote: ''},
		{name: 'd', nameEnd: 14, valueStart: 16, valueEnd: 16, raw: '', quote: "'"},
		{name: 'e', nameEnd: 19, valueStart: 19, valueEnd: 19, raw: '', quote: undefined},
	]);
	t.false(list.some);
});

test('add: one call per attribute makes the same records, the first of a name written twice winning', t => {
	const source = '<a b="x" c=y d=\'\' e b=z>';
	const list = new AttributeList((start, end) => source.slice(start, end));
	list.add('b', 4, 6, 7, QuoteType.Double);
	list.add('c', 10, 11, 12, QuoteType.Unquoted);
	list.add('d', 14, 16, 16, QuoteType.Single);
	list.add('e', 19, 0, 0, QuoteType.NoValue);
	list.add('b', 21, 22, 23, QuoteType.Unquoted);
	t.deepEqual(plain(list.take()), [
		{name: 'b', nameEnd: 4, valueStart: 6, valueEnd: 7, raw: 'x', quote: '"'},
		{name: 'c', nameEnd: 10, valueStart: 11, valueEnd: 12, raw: 'y', quote: ''},
		{name: 'd', nameEnd: 14, valueStart: 16, valueEnd: 16, raw: '', quote: "'"},
		{name: 'e', nameEnd: 19, valueStart: 19, valueEnd: 19, raw: '', quote: undefined},
	]);
});

test('the first of a name written twice wins, with few attributes and with many', t => {
	for (const before of [0, 20]) {
		const names = [...Array.from({length: before}, (_, i) => `n${i}`), 'href', 'href'];
		const list = new AttributeList(() => 'v');
		names.forEach((name, i) => {
			list.begin(name, i * 10);
			list.data(i * 10 + 2, i * 10 + 3);
			list.end(QuoteType.Double, i * 10 + 4);
		});
		const kept = list.take();
		t.is(kept.length, before + 1);
		t.is(kept.filter(attribute => attribute.name === 'href')[0]?.nameEnd, before * 10);
	}
});

test('HTML and XML keep the first of two equal attribute names', t => {
	// HTML: the duplicate is removed from the token; XML (not well-formed) is read on the same way.
	const html = extractLinks('<a href="/one" HREF="/two">x</a>', {type: 'html', retrievalUrl: 'https://d.example/'});
	t.deepEqual(
		html.map(link => link.url),
		['https://d.example/one'],
	);
	const many = Array.from({length: 12}, (_, i) => `a${i}="${i}"`).join(' ');
	const xml = extractLinks(`<feed xmlns="http://www.w3.org/2005/Atom"><link ${many} href="/one" href="/two"/></feed>`, {
		type: 'xml',
		retrievalUrl: 'https://d.example/',
	});
	t.deepEqual(
		xml.map(link => link.url),
		['https://d.example/one'],
	);
});

test('each tag gets its own records: none of an earlier tag is left over or changed', t => {
	const source = '<a b="x" c=y><a d e="zz">';
	const list = new AttributeList((start, end) => source.slice(start, end));
	list.add('b', 4, 6, 7, QuoteType.Double);
	list.add('c', 10, 11, 12, QuoteType.Unquoted);
	t.deepEqual(plain(list.take()), [
		{name: 'b', nameEnd: 4, valueStart: 6, valueEnd: 7, raw: 'x', quote: '"'},
		{name: 'c', nameEnd: 10, valueStart: 11, valueEnd: 12, raw: 'y', quote: ''},
	]);
	list.begin('d', 17);
	list.end(QuoteType.NoValue, 17);
	list.begin('b', 19);
	list.data(21, 23);
	list.end(QuoteType.Double, 24);
	t.deepEqual(plain(list.take()), [
		{name: 'd', nameEnd: 17, valueStart: 17, valueEnd: 17, raw: '', quote: undefined},
		{name: 'b', nameEnd: 19, valueStart: 21, valueEnd: 23, raw: 'zz', quote: '"'},
	]);
	t.deepEqual(list.take(), []);
	// A name kept on the earlier tag is not a duplicate on this one; one skipped mid-value is not kept.
	list.begin('c', 3);
	list.skip();
	t.false(list.some);
});

test('the attributes of a tag after an iframe srcdoc (read by a nested document inside the tag) are its own', t => {
	const links = extractLinks(
		'<iframe srcdoc="<a href=in.html title=t>x</a><img src=pic.png>" src="out.html" longdesc="desc.html"></iframe>',
		{type: 'html', retrievalUrl: 'https://d.example/'},
	);
	t.deepEqual(
		links.map(link => [link.element, link.attribute, link.url]),
		[
			['a', 'href', 'https://d.example/in.html'],
			['img', 'src', 'https://d.example/pic.png'],
			['iframe', 'src', 'https://d.example/out.html'],
			['iframe', 'longdesc', 'https://d.example/desc.html'],
		],
	);
});

test('once the tag is read, its records let their strings go, and past a bound the records too', t => {
	// A record's raw may be a slice holding a whole written chunk: kept past the tag, it would
	// hold memory the source window has dropped.
	const source = `<a ${Array.from({length: 1000}, (_, i) => `n${i}="v${i}"`).join(' ')}>`;
	const list = new AttributeList((start, end) => source.slice(start, end));
	for (let i = 0; i < 1000; i++) list.add(`n${i}`, 0, 1, 3, QuoteType.Double);
	const records = list.take();
	t.is(records.length, 1000);
	t.is(records[999]?.name, 'n999');
	list.reset();
	t.true(records.every(record => record.raw === '' && record.name === ''));
	// White box: the pool keeps a bounded number of records for the next tags.
	t.true((Reflect.get(list, 'pool') as unknown[]).length <= 64);
	// `n0="v0"`: the value is at [7, 9).
	list.add('href', 5, 7, 9, QuoteType.Double);
	t.deepEqual(plain(list.take()), [{name: 'href', nameEnd: 5, valueStart: 7, valueEnd: 9, raw: 'v0', quote: '"'}]);
});
