import {readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import {extractMail} from '../../src/archive/mail/mail.js';
import type {MailErrorContext, MailWarning} from '../../src/archive/mail/mail.js';
import {MAX_HELD_LINKS} from '../../src/archive/mail/mime.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/mail/${name}`, import.meta.url));

interface Run {
	links: Link[];
	warnings: Array<{warning: MailWarning; context: MailErrorContext}>;
	errors: Error[];
}

async function run(bytes: Uint8Array, sizes: number[] = [bytes.length]): Promise<Run> {
	const result: Run = {links: [], warnings: [], errors: []};
	async function* chunks(): AsyncGenerator<Uint8Array> {
		for (let k = 0, position = 0; position < bytes.length; k++) {
			const size = Math.max(1, sizes[k % sizes.length]!);
			yield bytes.subarray(position, position + size);
			position += size;
		}
	}
	const options = {
		type: 'eml',
		onWarning: (warning: MailWarning, context: MailErrorContext) => result.warnings.push({warning, context}),
		onError: (error: Error) => result.errors.push(error),
	} as const;
	for await (const link of extractMail(chunks(), options)) result.links.push(link);
	return result;
}

// Expected Links are worked by hand from the fixtures; what is expected of a body without a
// working boundary is what mail readers show: the body as plain text (RFC 2046 §5.1.1 has
// a multipart's preamble ignored only once a delimiter line has been found).

test('no-boundary.eml: multipart/mixed without a boundary parameter: the body is read as text/plain, with a warning', async t => {
	const {links, warnings, errors} = await run(fixture('no-boundary.eml'));
	t.deepEqual(errors, []);
	t.deepEqual(
		links.map(link => [link.url, link.kind, link.message?.part, link.message?.contentType]),
		[
			['http://lost.example.org/a', 'text', '1', 'multipart/mixed'],
			['http://lost.example.org/wrapped/path', 'text', '1', 'multipart/mixed'],
		],
	);
	t.is(links[1]!.delimiter, '<>');
	t.deepEqual(
		warnings.map(({warning}) => [warning.code, warning.part]),
		[['no-boundary', '1']],
	);
	t.regex(warnings[0]!.warning.message, /multipart\/mixed with no boundary parameter: its body is read as text\/plain/);
	t.like(warnings[0]!.context, {offset: 0, messageId: 'no-boundary-1@example.org'});
});

test('cut-boundary.eml: a nested multipart whose boundary was cut off is read as text/plain; the outer preamble is still ignored', async t => {
	const {links, warnings} = await run(fixture('cut-boundary.eml'));
	t.deepEqual(
		links.map(link => [link.url, link.message?.part, link.message?.contentType]),
		[
			['http://cut.example.org/plain', '1', 'multipart/alternative'],
			// The HTML of the lost part, read as text: the quoted URL (RFC 2396 Appendix E).
			['http://cut.example.org/html', '1', 'multipart/alternative'],
			['http://cut.example.org/second', '2', 'text/plain'],
		],
	);
	t.is(links[1]!.delimiter, '""');
	t.deepEqual(
		warnings.map(({warning}) => [warning.code, warning.part]),
		[['no-boundary', '1']],
	);
	t.regex(warnings[0]!.warning.message, /no delimiter line of boundary "=_inn"/);
});

test('unknown-encodings.eml: an unknown transfer encoding is read as 8bit, an unknown charset as UTF-8 (text) or sniffed (HTML), each with a warning', async t => {
	const {links, warnings} = await run(fixture('unknown-encodings.eml'));
	t.deepEqual(
		links.map(link => [link.url, link.kind, link.message?.part]),
		[
			['http://enc.example.org/a', 'text', '1'],
			['http://charset.example.org/b', 'text', '2'],
			['http://charset.example.org/c', 'navigation', '3'],
		],
	);
	t.deepEqual(
		warnings.map(({warning}) => [warning.code, warning.part]),
		[
			['unknown-transfer-encoding', '1'],
			['unknown-charset', '2'],
			['unknown-charset', '3'],
		],
	);
	t.regex(warnings[0]!.warning.message, /"8bit-weird"/);
	t.regex(warnings[1]!.warning.message, /"x-no-such-charset": read as UTF-8/);
});

test('a working boundary gives no warning; an empty multipart without a boundary gives none either', async t => {
	const good =
		'Subject: x\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\npreamble http://preamble.example/\r\n--b\r\n\r\nhttp://part.example/\r\n--b--\r\nepilogue http://epilogue.example/\r\n';
	const first = await run(Buffer.from(good));
	t.deepEqual(
		first.links.map(link => link.url),
		['http://part.example/'],
	);
	t.deepEqual(first.warnings, []);
	const empty = await run(Buffer.from('Subject: x\r\nContent-Type: multipart/mixed\r\n\r\n\r\n'));
	t.deepEqual(empty.links, []);
	t.deepEqual(empty.warnings, []);
});

test('a boundary parameter with an unterminated quote still works (read up to the line end, as libmime does): no fallback, no warning', async t => {
	const message =
		'Subject: x\r\nContent-Type: multipart/mixed; boundary="abc\r\n\r\n--abc\r\nContent-Type: text/plain\r\n\r\nhttp://part.example/\r\n--abc--\r\n';
	const {links, warnings} = await run(Buffer.from(message));
	t.deepEqual(
		links.map(link => [link.url, link.message?.part]),
		[['http://part.example/', '1']],
	);
	t.deepEqual(warnings, []);
});

test('an attached message in an unknown transfer encoding, and an encoded word in an unknown charset, are read with a warning', async t => {
	const message = [
		'Subject: =?x-unknown?q?http://subject.example/?=',
		'Content-Type: multipart/mixed; boundary="b"',
		'',
		'--b',
		'Content-Type: message/rfc822',
		'Content-Transfer-Encoding: x-weird',
		'',
		'Subject: inner',
		'',
		'http://inner.example/',
		'--b--',
		'',
	].join('\r\n');
	const {links, warnings} = await run(Buffer.from(message));
	t.deepEqual(
		links.map(link => [link.url, link.message?.part]),
		[
			['http://subject.example/', 'HEADER'],
			['http://inner.example/', '1.1'],
		],
	);
	t.deepEqual(
		warnings.map(({warning}) => [warning.code, warning.part]),
		[
			['unknown-charset', 'HEADER'],
			['unknown-transfer-encoding', '1'],
		],
	);
});

test('a body without parts past MAX_HELD_LINKS: every Link is given, with one warning', async t => {
	const urls = Array.from({length: MAX_HELD_LINKS + 5}, (_, k) => `http://x.example/${k}`);
	const message = `Subject: many\r\nContent-Type: multipart/mixed; boundary="never"\r\n\r\n${urls.join('\r\n')}\r\n`;
	const {links, warnings} = await run(Buffer.from(message), [4096]);
	t.deepEqual(
		links.map(link => link.url),
		urls,
	);
	t.is(warnings.length, 1);
});

test('the same Links and warnings for any split of the input bytes', async t => {
	const params = fcParams(t, 25);
	for (const name of ['no-boundary.eml', 'cut-boundary.eml', 'unknown-encodings.eml', 'headers.eml']) {
		const bytes = fixture(name);
		const whole = await run(bytes);
		t.true(whole.links.length >= 2, name);
		const expected = JSON.stringify(whole);
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({min: 1, max: 64}), {minLength: 1, maxLength: 6}),
				async sizes => JSON.stringify(await run(bytes, sizes)) === expected,
			),
			params,
		);
	}
});
