import {readFileSync} from 'node:fs';
import test from 'ava';
import fc from 'fast-check';
import {fieldText} from '../../src/archive/mail/header-text.js';
import {extractMail} from '../../src/archive/mail/mail.js';
import type {MailWarning} from '../../src/archive/mail/mail.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const fixture = (name: string): URL => new URL(`../../fixtures/mail/${name}`, import.meta.url);

async function linksOf(bytes: Uint8Array, warnings: MailWarning[] = [], errors: Error[] = []): Promise<Link[]> {
	const links: Link[] = [];
	async function* input(): AsyncGenerator<Uint8Array> {
		yield bytes;
	}
	for await (const link of extractMail(input(), {
		type: 'eml',
		onWarning: warning => warnings.push(warning),
		onError: error => errors.push(error),
	}))
		links.push(link);
	return links;
}

/** The units of `text` with their source spans, as `[unit, start, end]`. */
function spans(field: ReturnType<typeof fieldText>): Array<[string, number, number]> {
	return [...field.text].flatMap((_, k) =>
		k < field.text.length ? [[field.text[k]!, field.starts[k]!, field.ends[k]!] as [string, number, number]] : [],
	);
}

// Expected values below are worked by hand from RFC 2047 (Q and B encodings, §6.2 white
// space between adjacent encoded words), RFC 5322 §2.2.3 (folding) and RFC 6532 (raw UTF-8).

test('fieldText: plain ASCII maps one unit to one byte; a fold stays a line break', t => {
	const header = 'Subject: a\r\n b\r\n';
	const field = fieldText(header, 8, 14);
	t.is(field.text, ' a\r\n b');
	t.deepEqual(field.starts, [8, 9, 10, 11, 12, 13]);
	t.deepEqual(field.ends, [9, 10, 11, 12, 13, 14]);
});

test('fieldText: a Q encoded word decodes; each of its units spans the whole word', t => {
	const header = 'Subject: =?utf-8?q?see_http://example.org/?=\r\n';
	const field = fieldText(header, 8, header.length - 2);
	t.is(field.text, ' see http://example.org/');
	t.deepEqual(spans(field)[0], [' ', 8, 9]);
	// "=?utf-8?q?" (10) + "see_http://example.org/" (23) + "?=" (2): 9 to 44.
	t.true(
		spans(field)
			.slice(1)
			.every(([, start, end]) => start === 9 && end === 44),
	);
});

test('fieldText: a UTF-8 character split between two B words spans both; the space between them is dropped (RFC 2047 §6.2)', t => {
	// "caf" = Y2Fm; C3 alone = ww==; A9 alone = qQ==.
	const header = 'X: =?UTF-8?B?Y2Fmww==?= =?UTF-8?B?qQ==?=';
	const field = fieldText(header, 2, header.length);
	t.is(field.text, ' café');
	const first = [3, 3 + '=?UTF-8?B?Y2Fmww==?='.length] as const;
	const second = [first[1] + 1, header.length] as const;
	t.deepEqual(spans(field), [
		[' ', 2, 3],
		['c', ...first],
		['a', ...first],
		['f', ...first],
		['é', first[0], second[1]],
	]);
	t.deepEqual(field.unknownCharsets, []);
});

test('fieldText: adjacent words in different charsets are decoded apart; the white space between them is dropped all the same', t => {
	const header = 'X: =?iso-8859-1?q?caf=E9?=\r\n =?utf-8?q?_=C3=A9t=C3=A9?=';
	t.is(fieldText(header, 3, header.length).text, 'café été');
});

test('fieldText: an encoded word in an unknown charset is read as UTF-8 and reported; an RFC 2231 language suffix is ignored', t => {
	const header = 'X: =?x-unknown?q?http://a.example/?= =?utf-8*en?q?_ok?=';
	const field = fieldText(header, 3, header.length);
	t.is(field.text, 'http://a.example/ ok');
	t.deepEqual(field.unknownCharsets, ['x-unknown']);
});

test('fieldText: raw 8-bit text is UTF-8 when valid (RFC 6532), else one unit per byte', t => {
	const utf8 = 'X: caf\u00c3\u00a9 x';
	const field = fieldText(utf8, 2, utf8.length);
	t.is(field.text, ' café x');
	t.deepEqual(spans(field)[4], ['é', 6, 8]);
	t.deepEqual(spans(field)[5], [' ', 8, 9]);
	const latin1 = 'X: caf\u00e9 x';
	t.is(fieldText(latin1, 2, latin1.length).text, ' café x');
});

test('headers.eml: free-text fields of the message, its parts and its attached message are scanned as text; structured fields are not', async t => {
	const bytes = readFileSync(fixture('headers.eml'));
	const source = bytes.toString('latin1');
	const links = await linksOf(bytes);
	// [url, value, attribute, part, line, column] worked by hand from the fixture.
	t.deepEqual(
		links.map(link => [link.url, link.value, link.attribute, link.message?.part, link.line, link.column]),
		[
			['https://www.example.org/notes/2.0', 'https://www.example.org/notes/2.0', 'subject', 'HEADER', 3, 27],
			// Wrapped inside <...> over a fold: RFC 2396 Appendix E.
			[
				'https://www.example.org/very/long/path.html',
				'https://www.example.org/very/long/path.html',
				'subject',
				'HEADER',
				4,
				3,
			],
			['https://www.example.org/', 'https://www.example.org/', 'organization', 'HEADER', 9, 28],
			// Two Q words, é split between them.
			['https://www.example.org/caf%C3%A9/', 'https://www.example.org/café/', 'x-url', 'HEADER', 10, 8],
			// Relative: against the message's Content-Base.
			['https://base.example.org/dir/guide.html', 'guide.html', 'comments', 'HEADER', 12, 26],
			['http://www.example.net/m%C3%A9nu', 'http://www.example.net/ménu', 'comments', 'HEADER', 13, 2],
			// RFC 2396 Appendix F: www. completed with http://.
			['http://www.example.com/kw', 'www.example.com/kw', 'keywords', 'HEADER', 14, 20],
			['https://lists.example.org/archive/', 'https://lists.example.org/archive/', 'list-archive', 'HEADER', 16, 16],
			// Part 1's own header (IMAP section 1.MIME): Content-Description only, not its Subject.
			['http://www.example.org/desc.html', 'http://www.example.org/desc.html', 'content-description', '1.MIME', 2, 38],
			['http://body.example.org/', 'http://body.example.org/', undefined, '1', 1, 6],
			['http://fwd.example.org/', 'http://fwd.example.org/', 'content-description', '2.MIME', 2, 37],
			['http://inner.example.org/subject', 'http://inner.example.org/subject', 'subject', '2.HEADER', 1, 15],
		],
	);
	const header = links.filter(link => link.message?.part === 'HEADER');
	// The message header starts the file: each span is the exact source text.
	t.deepEqual(
		header.map(link => link.raw),
		[
			'https://www.example.org/notes/2.0',
			'https://www.example.org/very/long/\r\n path.html',
			'https://www.example.org/',
			'=?UTF-8?Q?https://www.example.org/caf=C3?=\r\n =?UTF-8?Q?=A9/?=',
			'guide.html',
			'=?iso-8859-1?q?menu_http://www.example.net/m=E9nu?=',
			'www.example.com/kw',
			'https://lists.example.org/archive/',
		],
	);
	t.true(header.every(link => source.slice(link.start, link.end) === link.raw));
	// Each starts where its text first appears after its field's name.
	const lower = source.toLowerCase();
	t.true(header.every(link => source.indexOf(link.raw, lower.indexOf(`${link.attribute!}:`)) === link.start));
	t.like(header[0], {
		kind: 'text',
		delimiter: 'none',
		base: 'https://base.example.org/dir/',
		baseSource: 'encapsulating',
	});
	t.like(header[1], {delimiter: '<>'});
	t.like(header[4], {delimiter: '<URL:>'});
	t.like(header[7], {kind: 'metadata', delimiter: '<>'});
	// Part headers: spans are offsets into the part's own header block.
	const partHeader = source.slice(source.indexOf('Content-Type: text/plain; charset=utf-8'));
	t.is(partHeader.slice(links[8]!.start, links[8]!.end), 'http://www.example.org/desc.html');
	t.false(
		links.some(link => link.url?.includes('not-') === true),
		'References, X-Mailer and a part header Subject are not scanned',
	);
});

const URLS = [
	'http://example.org/a',
	'https://www.example.com/caf\u00e9/x',
	'ftp://ftp.example.net/pub/',
	'https://example.org/q?x=1&y=2',
];

/** One token of a Subject: its source, and the URL it holds (the expected Link value) if any. */
interface Token {
	source: string;
	url?: string;
}

const q = (text: string): string =>
	[...Buffer.from(text)]
		.map(c =>
			c === 0x20
				? '_'
				: /[A-Za-z0-9./:]/.test(String.fromCharCode(c))
					? String.fromCharCode(c)
					: `=${c.toString(16).toUpperCase().padStart(2, '0')}`,
		)
		.join('');

const token: fc.Arbitrary<Token> = fc.oneof(
	fc.constantFrom('see', 'and', 'Re:', '(notes)', 'caf\u00c3\u00a9').map(source => ({source})),
	fc.constantFrom(...URLS).map(url => ({source: Buffer.from(url).toString('latin1'), url})),
	// An encoded word holding " URL " (spaces inside, so that adjacent words do not join URLs).
	fc.tuple(fc.constantFrom(...URLS), fc.boolean()).map(([url, b]) => ({
		source: b ? `=?utf-8?b?${Buffer.from(` ${url} `).toString('base64')}?=` : `=?utf-8?q?${q(` ${url} `)}?=`,
		url,
	})),
	// The same, split into two B words at any byte of the URL (a character may be cut), folded or not.
	fc.tuple(fc.constantFrom(...URLS), fc.nat(), fc.constantFrom(' ', '\r\n ', '\r\n\t')).map(([url, at, gap]) => {
		const bytes = Buffer.from(` ${url} `);
		// Both words hold bytes of the URL: the cut falls between its first and its last byte.
		const cut = 2 + (at % (bytes.length - 3));
		const word = (part: Buffer): string => `=?UTF-8?B?${part.toString('base64')}?=`;
		return {source: `${word(bytes.subarray(0, cut))}${gap}${word(bytes.subarray(cut))}`, url};
	}),
);

test('property: every URL of a Subject is found, with its value decoded and its span exactly its source', async t => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.tuple(token, fc.constantFrom(' ', '\r\n ', '\r\n\t')), {minLength: 1, maxLength: 8}),
			async tokens => {
				const value = tokens.map(([{source}, gap], k) => (k === 0 ? source : `${gap}${source}`)).join('');
				const header = `Subject: ${value}\r\n\r\n`;
				const links = await linksOf(Buffer.from(header, 'latin1'));
				const expected = tokens.filter(([{url}]) => url !== undefined);
				t.deepEqual(
					links.map(link => link.value),
					expected.map(([{url}]) => url),
				);
				t.deepEqual(
					links.map(link => link.raw),
					expected.map(([{source}]) => source),
				);
				t.true(links.every(link => header.slice(link.start, link.end) === link.raw && link.attribute === 'subject'));
			},
		),
		fcParams(t, 200),
	);
});

const PIECES = [
	'=?',
	'?',
	'?=',
	'utf-8',
	'x-bad',
	'B',
	'Q',
	'q',
	'=C3',
	'=A9',
	'_',
	' ',
	'\r\n ',
	'\t',
	'http://a.example/',
	'www.b.example',
	'<',
	'>',
	'"',
	'\u00e9',
	'\u00c3\u00a9',
	'Y2Fm',
	'ww==',
	'==',
];

test('property: any free-text field value gives Links whose span is exactly their raw text, and never an error', async t => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.array(fc.constantFrom(...PIECES), {maxLength: 30}), {minLength: 3, maxLength: 3}),
			async ([subject, description, url]) => {
				const header = `Subject: ${subject!.join('')}\r\nContent-Description: ${description!.join('')}\r\nX-URL: ${url!.join('')}\r\n\r\n`;
				const warnings: MailWarning[] = [];
				const errors: Error[] = [];
				const links = await linksOf(Buffer.from(`${header}body\r\n`, 'latin1'), warnings, errors);
				t.deepEqual(errors, []);
				for (const link of links.filter(link => link.message?.part === 'HEADER')) {
					t.is(header.slice(link.start, link.end), link.raw);
					const before = header.slice(0, link.start);
					t.is(link.line, before.split('\r\n').length);
					t.is(link.column, link.start - (before.lastIndexOf('\n') + 1) + 1);
				}
				t.true(warnings.every(warning => warning.code === 'unknown-charset' && warning.part === 'HEADER'));
			},
		),
		fcParams(t, 300),
	);
});
