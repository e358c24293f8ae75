import test from 'ava';
import fc from 'fast-check';
import {FlowedDecoder, MAX_FLOWED_LINE} from '../../src/archive/mail/flowed.js';
import {fcParams} from '../helpers/seed.js';

function unflow(chunks: string[], delSp: boolean): string {
	const decoder = new FlowedDecoder({delSp});
	return chunks.map(chunk => decoder.write(chunk)).join('') + decoder.end();
}

const long1 = 'a'.repeat(30);
const long2 = 'b'.repeat(30);

// Expected outputs worked by hand from RFC 3676 §4.1-§4.5 (and the module's DelSp rule).
const cases: Array<[string, string, boolean, string]> = [
	['§4.2 a soft line break joins lines, the space kept (DelSp=no)', 'Hello \r\nworld\r\n', false, 'Hello world\n'],
	['§4.2 DelSp=yes deletes the space inside a long word', `${long1} \r\n${long2}\r\n`, true, `${long1}${long2}\n`],
	[
		'§4.2 DelSp=yes joins a URL split inside',
		'at https://example.org/flow \r\ned/x.html now\r\n',
		true,
		'at https://example.org/flowed/x.html now\n',
	],
	['§4.2 DelSp=yes with two trailing spaces keeps one', 'word  \r\nnext\r\n', true, 'word next\n'],
	['a hard line break ends the paragraph', 'one\r\ntwo\r\n', true, 'one\ntwo\n'],
	['§4.5 same quote depth joins, marks canonical', '>a \r\n> b\r\n', false, '> a b\n'],
	['§4.5 another quote depth does not join', '> a \r\n>> b\r\n', false, '> a \n>> b\n'],
	['§4.4 space-stuffing is removed', ' From here\r\n', false, 'From here\n'],
	['§4.3 the signature separator is not flowed', '-- \r\nsig\r\n', true, '-- \nsig\n'],
	[
		'no final line break: a last soft break has nothing to join (DelSp=yes)',
		'https://example.com/ ',
		true,
		'https://example.com/',
	],
	['no final line break (DelSp=no)', 'https://example.com/ ', false, 'https://example.com/ '],
	['LF line ends', 'a \nb\n', false, 'a b\n'],
	[
		'mislabelled DelSp: short ordinary words keep their space',
		'there is \r\na record of the \r\nrecord\r\n',
		true,
		'there is a record of the record\n',
	],
	[
		'mislabelled DelSp: a word never glues onto a following URL',
		'see \r\nhttps://example.org/x\r\n',
		true,
		'see https://example.org/x\n',
	],
	['mislabelled DelSp: never onto <URL', 'at \r\n<http://example.org/>\r\n', true, 'at <http://example.org/>\n'],
];

for (const [title, input, delSp, expected] of cases) {
	test(`flowed: ${title}`, t => {
		t.is(unflow([input], delSp), expected);
	});
}

test('flowed: the same output for any split of the input', t => {
	const input =
		'The notes are at https://wiki.example.org/design/bounde \r\nd-memory/overview.html.\r\n> quoted \r\n> https://quoted.example.org/one\r\n>> deeper \r\n> back\r\n -- stuffed\r\n-- \r\nsig \r\nend ';
	const expected = unflow([input], true);
	t.is(
		expected,
		'The notes are at https://wiki.example.org/design/bounded-memory/overview.html.\n> quoted https://quoted.example.org/one\n>> deeper \n> back\n-- stuffed\n-- \nsig end',
	);
	t.notThrows(() => {
		fc.assert(
			fc.property(fc.array(fc.nat({max: input.length}), {maxLength: 10}), cuts => {
				const points = [...new Set(cuts)].sort((a, b) => a - b);
				const chunks = [...points, input.length].map((point, k) => input.slice(k === 0 ? 0 : points[k - 1], point));
				return unflow(chunks, true) === expected;
			}),
			fcParams(t, 300),
		);
	});
});

test('flowed: a line longer than MAX_FLOWED_LINE is emitted before its line break, as a fixed line', t => {
	const decoder = new FlowedDecoder({delSp: false});
	const head = decoder.write('x'.repeat(MAX_FLOWED_LINE + 10));
	t.is(head.length, MAX_FLOWED_LINE + 10);
	t.is(decoder.write('yy \r\nnext\r\n') + decoder.end(), 'yy \nnext\n');
});
