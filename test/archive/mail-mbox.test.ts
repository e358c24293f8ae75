import {readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import {MAX_SEPARATOR_LINE, MboxSplitter, isFromLine} from '../../src/archive/mail/mbox.js';
import type {MboxFormat, MboxMessageStart} from '../../src/archive/mail/mbox.js';
import {NewsDecoder} from '../../src/archive/mail/news.js';
import {fcParams} from '../helpers/seed.js';

interface Message extends MboxMessageStart {
	text: string;
}

function split(chunks: Uint8Array[], format?: MboxFormat): Message[] {
	const messages: Message[] = [];
	let parts: Uint8Array[] = [];
	const splitter = new MboxSplitter(format === undefined ? {} : {format}, {
		start: start => {
			messages.push({...start, text: ''});
			parts = [];
		},
		data: bytes => parts.push(bytes.slice()),
		end: () => {
			messages.at(-1)!.text = Buffer.concat(parts).toString('utf8');
		},
	});
	for (const chunk of chunks) splitter.write(chunk);
	splitter.end();
	return messages;
}

function cut(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
	const points = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b);
	return [...points, bytes.length].map((point, k) => bytes.subarray(k === 0 ? 0 : points[k - 1], point));
}

const list = readFileSync(new URL('../../fixtures/mail/list.mbox', import.meta.url));

test('mbox: fixtures/mail/list.mbox has four messages; BOM and separator lines removed', t => {
	const messages = split([list]);
	t.deepEqual(
		messages.map(({index, separator}) => [index, separator]),
		[
			[0, 'From carol@example.org Mon Mar  3 09:15:00 2025'],
			[1, 'From -'],
			[2, 'From dave@example.org Tue Mar  4 10:00:00 2025'],
			[3, 'From - Wed Mar  5 11:30:00 2025'],
		],
	);
	t.true(messages[0]!.text.startsWith('From: Carol <carol@example.org>\n'));
	t.is(messages[0]!.offset, 3, 'the From_ line starts after the 3-byte BOM');
	t.is(list.subarray(messages[1]!.offset, messages[1]!.offset + 7).toString(), 'From -\n');
	t.true(messages[1]!.text.startsWith('This line is not a header field at all\n'));
	t.true(
		messages[2]!.text.endsWith('</body></html>\n'),
		'a dated From_ line without a blank line before it still separates',
	);
});

test('mbox: mboxrd unquoting (one ">" less), and a "From " body line that is not a From_ line stays', t => {
	const [first] = split([list]);
	t.true(first!.text.includes('\nFrom the changelog: https://docs.example.org/changelog#v2\n'));
	t.true(first!.text.includes('\n>From a quoted reply: https://docs.example.org/quoted\n'));
	t.true(first!.text.includes('\n\nFrom Monday on, the build moves to https://ci.example.org/team/.\n'));
});

test('mbox: mboxo unquotes only ">From "', t => {
	const bytes = readFileSync(new URL('../../fixtures/mail/mboxo.mbox', import.meta.url));
	const messages = split([bytes], 'mboxo');
	t.is(messages.length, 2);
	t.true(messages[0]!.text.includes('\nFrom the old days: http://old.example.org/\n'));
	t.true(messages[0]!.text.includes('\n>>From a reply that was already quoted: http://deeper.example.org/\n'));
	t.true(split([bytes], 'mboxrd')[0]!.text.includes('\n>From a reply that was already quoted'));
});

test('mbox: the same messages for any split of the bytes', t => {
	const expected = split([list]);
	t.notThrows(() => {
		fc.assert(
			fc.property(
				fc.array(fc.nat(), {maxLength: 16}),
				cuts => JSON.stringify(split(cut(list, cuts))) === JSON.stringify(expected),
			),
			fcParams(t, 200),
		);
	});
});

test('mbox: RFC 4155 From_ line recognition', t => {
	t.true(isFromLine('From alice@example.org Sat Nov  1 10:00:00 2025', false));
	t.true(isFromLine('From - Mon Jun  3 12:50:27 1996', false));
	t.true(isFromLine('From -', false), 'Netscape');
	t.true(isFromLine('From - ', false));
	t.true(isFromLine('From MAILER-DAEMON Fri Jul  8 12:08:34 2011', false));
	t.true(isFromLine('From bob@example.org', true), 'a bare address after a blank line');
	t.false(isFromLine('From bob@example.org', false));
	t.false(isFromLine('From Russia with love', true));
	t.false(isFromLine('From 10:30 to 11:30 we meet', true), 'a time but no month or weekday');
	t.false(isFromLine('From ', true));
});

test('mbox: a file without a From_ line is one message; CRLF separators work', t => {
	t.deepEqual(
		split([Buffer.from('Subject: a\n\nbody\n')]).map(m => [m.index, m.separator, m.text]),
		[[0, '', 'Subject: a\n\nbody\n']],
	);
	const crlf = split([
		Buffer.from(
			'From a@b Sat Nov  1 10:00:00 2025\r\nSubject: a\r\n\r\nx\r\n\r\nFrom c@d Sat Nov  1 11:00:00 2025\r\nSubject: b\r\n\r\ny\r\n',
		),
	]);
	t.deepEqual(
		crlf.map(m => m.text),
		['Subject: a\r\n\r\nx\r\n\r\n', 'Subject: b\r\n\r\ny\r\n'],
	);
	t.deepEqual(split([]), []);
	t.deepEqual(
		split([Buffer.from('\n\r\nFrom a@b Sat Nov  1 10:00:00 2025\nSubject: a\n')]).map(m => [
			m.index,
			m.separator,
			m.text,
		]),
		[[0, 'From a@b Sat Nov  1 10:00:00 2025', 'Subject: a\n']],
		'blank lines before the first From_ line are not a message',
	);
});

test('mbox: a line longer than MAX_SEPARATOR_LINE passes through whole', t => {
	const long = `>From ${'x'.repeat(MAX_SEPARATOR_LINE * 3)}`;
	const [message] = split(cut(Buffer.from(`From a@b Sat Nov  1 10:00:00 2025\n${long}\nend\n`), [40, 1500, 2800]));
	t.is(message!.text, `${long.slice(1)}\nend\n`);
});

const wire = readFileSync(new URL('../../fixtures/mail/article-wire.news', import.meta.url));
const native = readFileSync(new URL('../../fixtures/mail/article.news', import.meta.url));

function unstuff(chunks: Uint8Array[], format?: 'auto' | 'wire' | 'native'): string {
	const decoder = new NewsDecoder(format === undefined ? {} : {format});
	return Buffer.concat([...chunks.map(chunk => decoder.write(chunk)), decoder.end()]).toString('latin1');
}

test('news: wire format is unstuffed and ends at the "." line (RFC 3977 §3.1.1)', t => {
	const text = unstuff([wire]);
	t.is(text.replaceAll('\r\n', '\n'), native.toString('latin1'));
	t.false(text.includes('after-terminator'));
});

test('news: native format passes through', t => {
	t.is(unstuff([native]), native.toString('latin1'));
	t.is(unstuff([Buffer.from('A: b\r\n\r\n..x\r\n')], 'native'), 'A: b\r\n\r\n..x\r\n');
});

test('news: the same article for any split of the wire bytes', t => {
	const expected = unstuff([wire]);
	t.notThrows(() => {
		fc.assert(
			fc.property(fc.array(fc.nat(), {maxLength: 16}), cuts => unstuff(cut(wire, cuts)) === expected),
			fcParams(t, 200),
		);
	});
});
