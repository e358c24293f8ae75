import test from 'ava';
import fc from 'fast-check';
import {
	Base64Decoder,
	MAX_QP_LINE,
	QuotedPrintableDecoder,
	createTransferDecoder,
} from '../../src/archive/mail/transfer.js';
import type {TransferDecoder} from '../../src/archive/mail/transfer.js';
import {fcParams} from '../helpers/seed.js';

function decode(decoder: TransferDecoder, chunks: Array<string | Uint8Array>): string {
	const parts: Uint8Array[] = chunks.map(chunk =>
		decoder.write(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk),
	);
	parts.push(decoder.end());
	return Buffer.concat(parts).toString('latin1');
}

function splitAt(input: string, cuts: number[]): string[] {
	const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
	const chunks: string[] = [];
	let last = 0;
	for (const point of [...points, input.length]) {
		chunks.push(input.slice(last, point));
		last = point;
	}
	return chunks;
}

// Expected values below follow RFC 2045 §6.7 rules 1-5, worked by hand.
const qpCases: Array<[string, string, string]> = [
	['rule 1: =XX is one octet', 'caf=E9 =3D', 'caf\u00e9 ='],
	['lower-case hex is accepted', 'caf=e9', 'caf\u00e9'],
	['rule 5: soft line break (CRLF) vanishes inside a URL', 'http://exa=\r\nmple.com/\r\n', 'http://example.com/\r\n'],
	['soft line break with LF only', 'h=\nttp://x/\n', 'http://x/\n'],
	['rule 3: trailing white space is transport padding', 'word   \r\nnext\t\r\n', 'word\r\nnext\r\n'],
	['encoded trailing space is kept', 'word=20\r\n', 'word \r\n'],
	['soft break after padding', 'a=  \r\nb', 'ab'],
	['an = without hex digits is kept as written', 'a=ZZ b=\u00e9 c=4', 'a=ZZ b=\u00e9 c=4'],
	['final soft break at the end of the part', 'end=', 'end'],
	['no final line break', 'abc', 'abc'],
];

for (const [title, input, expected] of qpCases) {
	test(`quoted-printable: ${title}`, t => {
		t.is(decode(new QuotedPrintableDecoder(), [input]), expected);
	});
}

test('quoted-printable: the same output for any split of the input', t => {
	const input =
		'See http://www.example.com/a/very/long/path/that/is/spl=\r\nit/by/qp.html?x=3D1&y=3D2=20\r\ncaf=C3=A9   \r\n=\r\nend=';
	const expected = decode(new QuotedPrintableDecoder(), [input]);
	t.is(
		expected,
		'See http://www.example.com/a/very/long/path/that/is/split/by/qp.html?x=1&y=2 \r\ncaf\u00c3\u00a9\r\nend',
	);
	fc.assert(
		fc.property(
			fc.array(fc.nat(), {maxLength: 12}),
			cuts => decode(new QuotedPrintableDecoder(), splitAt(input, cuts)) === expected,
		),
		fcParams(t, 300),
	);
});

test('quoted-printable: an overlong line is decoded in pieces without splitting an escape', t => {
	const line = 'a'.repeat(MAX_QP_LINE - 1) + '=41=42' + 'b'.repeat(10);
	const decoder = new QuotedPrintableDecoder();
	const first = Buffer.from(decoder.write(Buffer.from(line, 'latin1'))).toString('latin1');
	t.true(first.length > 0, 'something is emitted before the line ends');
	t.is(first + decode(decoder, ['\r\n']), 'a'.repeat(MAX_QP_LINE - 1) + 'AB' + 'b'.repeat(10) + '\r\n');
});

test('base64: RFC 4648 §10 test vectors, with line breaks anywhere', t => {
	const vectors: Array<[string, string]> = [
		['Zg==', 'f'],
		['Zm8=', 'fo'],
		['Zm9v', 'foo'],
		['Zm9vYg==', 'foob'],
		['Zm9vYmE=', 'fooba'],
		['Zm9vYmFy', 'foobar'],
		['Zm9v\r\nYmFy\r\n', 'foobar'],
	];
	for (const [input, expected] of vectors) t.is(decode(new Base64Decoder(), [input]), expected, input);
});

test('base64: lines padded one by one decode as their concatenation', t => {
	t.is(decode(new Base64Decoder(), ['Zg==\r\nZm8=\r\n']), 'ffo');
});

test('base64: the same output for any split of the input', t => {
	const text = 'Mirror: http://mirror.example.net/pub/\nFrom here: ftp://ftp.example.net/pub/README\n';
	const input = Buffer.from(text)
		.toString('base64')
		.replace(/(.{20})/g, '$1\r\n');
	t.notThrows(() => {
		fc.assert(
			fc.property(
				fc.array(fc.nat(), {maxLength: 12}),
				cuts => decode(new Base64Decoder(), splitAt(input, cuts)) === text,
			),
			fcParams(t, 300),
		);
	});
});

test('createTransferDecoder: identity for 7bit, 8bit, binary, absent and unknown encodings', t => {
	for (const encoding of ['7bit', '8BIT', 'binary', false as const, undefined, 'x-uuencode']) {
		t.is(decode(createTransferDecoder(encoding), ['a=3D\r\n']), 'a=3D\r\n', String(encoding));
	}
	t.is(decode(createTransferDecoder(' Quoted-Printable '), ['a=3D']), 'a=');
	t.is(decode(createTransferDecoder('BASE64'), ['YQ==']), 'a');
});
