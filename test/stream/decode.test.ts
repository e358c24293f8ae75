/**
 * Byte decoding: BOM, transport label, HTML meta prescan, XML declaration, CSS @charset,
 * legacy decoders, invalid bytes, chunk invariance. Expected values come from the
 * Encoding Standard's indexes and the HTML/CSS sniffing algorithms, checked by hand.
 */
import test from 'ava';
import fc from 'fast-check';
import {createDecoder} from '../../src/stream/core/decode.js';
import type {DecoderOptions} from '../../src/stream/core/decode.js';
import {getEncoding} from '../../src/stream/core/encoding.js';
import {fcParams} from '../helpers/seed.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, c => c.charCodeAt(0));

function decode(chunks: readonly Uint8Array[], options: DecoderOptions): {text: string; encoding: string} {
	const decoder = createDecoder(options, nodeCodecs);
	let text = '';
	for (const chunk of chunks) text += decoder.write(chunk);
	text += decoder.end();
	return {text, encoding: decoder.encoding};
}

const whole = (bytes: Uint8Array, options: DecoderOptions) => decode([bytes], options);
const bytewise = (bytes: Uint8Array, options: DecoderOptions) =>
	decode(
		[...bytes].map(b => Uint8Array.of(b)),
		options,
	);

// Encoding Standard, index-windows-1252.txt, pointers 0–31 (bytes 0x80–0x9F).
const WINDOWS_1252_C1 = [
	0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
	0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

test('labels: the Encoding Standard table, trimmed and case-insensitive', t => {
	const rows: Array<[string, string | null]> = [
		['latin1', 'windows-1252'],
		[' ISO-8859-1\n', 'windows-1252'],
		['ascii', 'windows-1252'],
		['US-ASCII', 'windows-1252'],
		['utf8', 'utf-8'],
		['unicode-1-1-utf-8', 'utf-8'],
		['utf-16', 'utf-16le'],
		['UTF-16BE', 'utf-16be'],
		['sjis', 'shift_jis'],
		['windows-31j', 'shift_jis'],
		['gb2312', 'gbk'],
		['x-mac-ukrainian', 'x-mac-cyrillic'],
		['iso-8859-9', 'windows-1254'],
		['tis-620', 'windows-874'],
		['ks_c_5601-1987', 'euc-kr'],
		['iso-2022-kr', 'replacement'],
		['utf-7', null],
		['latin-1', null],
		['', null],
	];
	for (const [label, name] of rows) t.is(getEncoding(label), name, label);
});

test('an unknown transport label is a TypeError naming the option, at construction', t => {
	const error = t.throws(() => createDecoder({type: 'html', encoding: 'utf-7'}, nodeCodecs), {instanceOf: TypeError});
	t.true(error?.message.includes('`encoding`'), error?.message);
});

test('windows-1252: bytes 0x80–0x9F per the Encoding Standard index (not C1 controls)', t => {
	const bytes = Uint8Array.from({length: 32}, (_, i) => 0x80 + i);
	const {text} = whole(bytes, {type: 'text', encoding: 'windows-1252'});
	t.deepEqual(
		[...text].map(c => c.codePointAt(0)),
		WINDOWS_1252_C1,
	);
	t.is(whole(latin1('\xE9\xFF'), {type: 'text', encoding: 'latin1'}).text, 'éÿ');
});

test('BOM beats the transport label and the meta prescan', t => {
	const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<meta charset="koi8-r">é')]);
	t.deepEqual(whole(utf8, {type: 'html', encoding: 'windows-1252'}), {
		text: '<meta charset="koi8-r">é',
		encoding: 'utf-8',
	});
	t.deepEqual(bytewise(utf8, {type: 'html', encoding: 'windows-1252'}), {
		text: '<meta charset="koi8-r">é',
		encoding: 'utf-8',
	});
	const le = new Uint8Array([0xff, 0xfe, ...Buffer.from('a€', 'utf16le')]);
	t.deepEqual(bytewise(le, {type: 'css'}), {text: 'a€', encoding: 'utf-16le'});
	const be = new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0x20, 0xac]);
	t.deepEqual(bytewise(be, {type: 'text', encoding: 'utf-8'}), {text: 'a€', encoding: 'utf-16be'});
	// A second BOM is content.
	t.is(whole(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]), {type: 'text'}).text, '\uFEFFa');
});

test('a lone BOM prefix at the end is not a BOM', t => {
	t.deepEqual(whole(new Uint8Array([0xef, 0xbb]), {type: 'text'}), {text: '\uFFFD', encoding: 'utf-8'});
	t.deepEqual(whole(new Uint8Array([0xfe]), {type: 'text', encoding: 'windows-1252'}), {
		text: 'þ',
		encoding: 'windows-1252',
	});
});

test('the transport label beats <meta charset>', t => {
	const page = latin1('<meta charset="windows-1252">caf\xC3\xA9');
	t.deepEqual(whole(page, {type: 'html', encoding: 'utf-8'}), {
		text: '<meta charset="windows-1252">café',
		encoding: 'utf-8',
	});
	t.is(whole(page, {type: 'html'}).encoding, 'windows-1252');
});

const prescan: Array<[string, string, string]> = [
	['meta charset', '<!doctype html><meta charset="ISO-8859-2"><p>x', 'iso-8859-2'],
	['unquoted, upper-case META', '<HTML><HEAD><META CHARSET=KOI8-R>', 'koi8-r'],
	['<meta/charset>', '<meta/charset=latin1>', 'windows-1252'],
	['http-equiv form', '<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">', 'shift_jis'],
	[
		'content before http-equiv, quoted charset',
		`<meta content='text/html; charset="euc-jp"' http-equiv=content-type>`,
		'euc-jp',
	],
	['content without http-equiv needs the pragma', '<meta content="text/html; charset=koi8-r"><p>', 'utf-8'],
	[
		'charset attribute wins over content',
		'<meta http-equiv=content-type content="text/html; charset=koi8-r" charset=iso-8859-5>',
		'iso-8859-5',
	],
	['duplicate attribute: the first counts', '<meta charset=koi8-r charset=iso-8859-5>', 'koi8-r'],
	['comments are skipped', '<!-- <meta charset=koi8-r> --><meta charset=iso-8859-7>', 'iso-8859-7'],
	['<!--> closes at once', '<!--><meta charset=iso-8859-7>-->', 'iso-8859-7'],
	[
		'values inside other tags are skipped',
		'<a title="<meta charset=koi8-r>"><meta charset=windows-1251>',
		'windows-1251',
	],
	[
		'<!doctype>, </x> and <? are skipped',
		'<!DOCTYPE x <meta charset=koi8-r>><? <meta charset=koi8-r> ?></p <meta charset=koi8-r>><meta charset=gbk>',
		'gbk',
	],
	['an unknown label fails, a later meta counts', '<meta charset=bogus><meta charset=big5>', 'big5'],
	['utf-16 from meta means utf-8', '<meta charset=utf-16le>', 'utf-8'],
	['x-user-defined from meta means windows-1252', '<meta charset=x-user-defined>', 'windows-1252'],
	['a meta cut by the end of input', '<meta charset="koi8-r', 'utf-8'],
	['no declaration: utf-8', '<p>hello', 'utf-8'],
	['XML declaration as the fallback', '<?xml version="1.0" encoding="windows-1250"?><html>', 'windows-1250'],
];

for (const [title, page, encoding] of prescan) {
	test(`prescan: ${title}`, t => {
		const bytes = latin1(page);
		t.is(whole(bytes, {type: 'html'}).encoding, encoding);
		t.is(bytewise(bytes, {type: 'html'}).encoding, encoding, 'one byte at a time');
	});
}

test('prescan: a charset after the first 1024 bytes is ignored', t => {
	const before = `<!doctype html><title>${'x'.repeat(1100)}</title><meta charset=koi8-r>`;
	t.is(whole(latin1(before), {type: 'html'}).encoding, 'utf-8');
	const within = `<!doctype html><title>${'x'.repeat(900)}</title><meta charset=koi8-r>`;
	t.is(whole(latin1(within), {type: 'html'}).encoding, 'koi8-r');
	// Straddling the boundary: the tag is cut at 1024 bytes, so it does not count.
	const straddle = `${' '.repeat(1024 - 20)}<meta charset="koi8-r">`;
	t.is(whole(latin1(straddle), {type: 'html'}).encoding, 'utf-8');
});

test('prescan: bytes are held until decided, then decoded', t => {
	const decoder = createDecoder({type: 'html'}, nodeCodecs);
	t.is(decoder.write(latin1(`<p>${'a'.repeat(500)}`)), '');
	// Decided at 1024 bytes: utf-8. The last byte may start a sequence, so it waits.
	const text = decoder.write(latin1(`${'b'.repeat(600)}\xC3`));
	t.is(text, `<p>${'a'.repeat(500)}${'b'.repeat(600)}`);
	t.is(decoder.write(latin1('<meta charset=latin1>')), '\uFFFD<meta charset=latin1>');
	t.is(decoder.encoding, 'utf-8');
	// An early meta decides at once.
	const early = createDecoder({type: 'html'}, nodeCodecs);
	t.is(early.write(latin1('<meta charset=latin1>\xE9')), '<meta charset=latin1>é');
});

test('prescan: UTF-16 XML declaration without a BOM', t => {
	t.is(whole(new Uint8Array(Buffer.from('<?xml version="1.0"?><a/>', 'utf16le')), {type: 'html'}).encoding, 'utf-16le');
});

test('xhtml: the XML declaration, not <meta>', t => {
	t.is(whole(latin1("<?xml version='1.0' encoding='Shift_JIS'?><html>"), {type: 'xhtml'}).encoding, 'shift_jis');
	t.is(whole(latin1('<html><meta charset=koi8-r>'), {type: 'xhtml'}).encoding, 'utf-8');
	t.is(whole(latin1('<?xml version="1.0" encoding="UTF-16"?>'), {type: 'xhtml'}).encoding, 'utf-8');
});

const charsets: Array<[string, string, string]> = [
	['@charset "…"; at the very start', '@charset "ISO-8859-5"; a{}', 'iso-8859-5'],
	['utf-16 means utf-8', '@charset "utf-16"; a{}', 'utf-8'],
	['single quotes do not count', "@charset 'koi8-r'; a{}", 'utf-8'],
	['not at the very start', ' @charset "koi8-r"; a{}', 'utf-8'],
	['upper case does not count', '@CHARSET "koi8-r"; a{}', 'utf-8'],
	['a space before ; does not count', '@charset "koi8-r" ; a{}', 'utf-8'],
	['unknown label', '@charset "bogus"; a{}', 'utf-8'],
];

for (const [title, sheet, encoding] of charsets) {
	test(`css @charset: ${title}`, t => {
		t.is(whole(latin1(sheet), {type: 'css'}).encoding, encoding);
		t.is(bytewise(latin1(sheet), {type: 'css'}).encoding, encoding);
	});
}

test('css: the transport label beats @charset', t => {
	t.is(whole(latin1('@charset "koi8-r"; a{}'), {type: 'css', encoding: 'windows-1251'}).encoding, 'windows-1251');
});

test('invalid UTF-8 becomes U+FFFD (maximal subparts), never throws', t => {
	t.is(whole(latin1('a\xC3(b'), {type: 'text'}).text, 'a\uFFFD(b');
	t.is(whole(latin1('\xF0\x9F\x98'), {type: 'text'}).text, '\uFFFD');
	t.is(whole(latin1('\xED\xA0\x80'), {type: 'text'}).text, '\uFFFD\uFFFD\uFFFD'); // a surrogate
	t.is(whole(latin1('a\xFF\xFE\xFD'), {type: 'text', encoding: 'utf-8'}).text, 'a\uFFFD\uFFFD\uFFFD');
	t.is(bytewise(latin1('\xF0\x9F\x98\x80 \xC3\xA9'), {type: 'text'}).text, '😀 é');
});

test('legacy multi-byte encodings, split inside a character', t => {
	// Shift_JIS 0x95 0x5C is 表 (its trail byte is "\"); 0x82 0xA0 is あ.
	t.is(bytewise(latin1('\x95\x5C\x82\xA0'), {type: 'text', encoding: 'shift_jis'}).text, '表あ');
	// GBK 0xD6 0xD0 is 中; 0x80 is €.
	t.is(bytewise(latin1('\xD6\xD0\x80'), {type: 'text', encoding: 'gbk'}).text, '中€');
	// EUC-KR 0xC7 0xD1 is 한.
	t.is(bytewise(latin1('\xC7\xD1'), {type: 'text', encoding: 'euc-kr'}).text, '한');
	// EUC-JP 0xB0 0xA1 is 亜; ISO-2022-JP ESC $ B 0x30 0x21 ESC ( B is 亜 too.
	t.is(bytewise(latin1('\xB0\xA1'), {type: 'text', encoding: 'euc-jp'}).text, '亜');
	t.is(bytewise(latin1('\x1B$B0!\x1B(BA'), {type: 'text', encoding: 'iso-2022-jp'}).text, '亜A');
	// Big5 0xA4 0x40 is 一.
	t.is(bytewise(latin1('\xA4\x40'), {type: 'text', encoding: 'big5'}).text, '一');
	// A lead byte at the end: U+FFFD.
	t.is(whole(latin1('a\x95'), {type: 'text', encoding: 'shift_jis'}).text, 'a\uFFFD');
});

test('single-byte encodings, x-user-defined and replacement', t => {
	t.is(whole(latin1('\xC1\xB3'), {type: 'text', encoding: 'koi8-r'}).text, 'аЁ');
	t.is(whole(latin1('\xB3'), {type: 'text', encoding: 'iso-8859-2'}).text, 'ł');
	t.is(whole(latin1('\xA4'), {type: 'text', encoding: 'iso-8859-15'}).text, '€');
	t.is(whole(latin1('a\x80\xFF'), {type: 'text', encoding: 'x-user-defined'}).text, 'a\uF780\uF7FF');
	t.is(whole(latin1('anything'), {type: 'text', encoding: 'iso-2022-kr'}).text, '\uFFFD');
	t.is(whole(new Uint8Array(0), {type: 'text', encoding: 'iso-2022-kr'}).text, '');
});

/** Pages whose declarations fall near chunk edges and the 1024-byte window. */
const page = fc
	.record({
		bom: fc.constantFrom('', '\xEF\xBB\xBF', '\xFF\xFE'),
		padding: fc.nat({max: 1100}),
		declaration: fc.constantFrom(
			'<meta charset=koi8-r>',
			'<meta http-equiv=content-type content="text/html;charset=shift_jis">',
			'<!-- x -->',
			'<meta charset=utf-8>',
			'',
		),
		body: fc.array(fc.constantFrom('a', '\xE9', '\xC3\xA9', '\x95\x5C', '\xF0\x9F\x98\x80', '\x80', '<p>'), {
			maxLength: 30,
		}),
	})
	.map(({bom, padding, declaration, body}) =>
		latin1(`${bom}<!doctype html>${' '.repeat(padding)}${declaration}${body.join('')}`),
	);

test('chunk invariance: any split gives the same text and encoding (seeded)', t => {
	fc.assert(
		fc.property(
			page,
			fc.array(fc.nat(), {maxLength: 8}),
			fc.constantFrom<DecoderOptions>({type: 'html'}, {type: 'html', encoding: 'windows-1252'}, {type: 'css'}),
			(bytes, cuts, options) => {
				const expected = whole(bytes, options);
				const points = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b);
				const chunks: Uint8Array[] = [];
				let last = 0;
				for (const point of [...points, bytes.length]) {
					chunks.push(bytes.subarray(last, point));
					last = point;
				}
				t.deepEqual(decode(chunks, options), expected);
			},
		),
		fcParams(t, 300),
	);
});

test('multi-byte decoders: any split of random bytes decodes as the whole (seeded)', t => {
	const bytesLike = fc.array(
		fc.oneof(
			fc.integer({min: 0, max: 255}),
			fc.constantFrom(0x3c, 0x61, 0x81, 0x95, 0x5c, 0xa1, 0xb0, 0xf0, 0x30, 0x39, 0x84),
		),
		{maxLength: 40},
	);
	fc.assert(
		fc.property(
			bytesLike,
			fc.array(fc.nat(), {maxLength: 6}),
			fc.constantFrom('shift_jis', 'euc-jp', 'euc-kr', 'big5', 'gbk', 'gb18030', 'iso-2022-jp', 'utf-8', 'utf-16be'),
			(list, cuts, encoding) => {
				const bytes = Uint8Array.from(list);
				const options: DecoderOptions = {type: 'text', encoding};
				const expected = whole(bytes, options);
				const points = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b);
				const chunks: Uint8Array[] = [];
				let last = 0;
				for (const point of [...points, bytes.length]) {
					chunks.push(bytes.subarray(last, point));
					last = point;
				}
				t.deepEqual(decode(chunks, options), expected);
				t.deepEqual(bytewise(bytes, options), expected);
			},
		),
		fcParams(t, 1000),
	);
});
