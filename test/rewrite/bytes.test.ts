/**
 * Bytes: the output is in the input's own encoding, untouched bytes are the input's own
 * (invalid UTF-8, a BOM), offsets map back exactly, and new text is encoded in the
 * document's encoding with the documented fallbacks.
 */
import test from 'ava';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import {rewriteLinks} from '../../src/index.js';
import {createByteDecoder} from '../../src/stream/core/encoding.js';
import {createOffsetMap} from '../../src/stream/core/offsets.js';
import type {RewriteOptions} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut, rewriteChunks} from './inputs.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

function decode(encoding: string, bytes: Uint8Array): string {
	const decoder = createByteDecoder(encoding, nodeCodecs);
	return decoder.write(bytes) + decoder.end();
}

/** Offsets that are not inside a surrogate pair. */
function boundaries(text: string): number[] {
	const out: number[] = [];
	for (let i = 0; i <= text.length; i++) {
		const c = text.charCodeAt(i - 1);
		if (!(c >= 0xd800 && c <= 0xdbff)) out.push(i);
	}
	return out;
}

/** Whether some byte offset splits the decoding at `target` (brute force, the reference). */
function splits(encoding: string, bytes: Uint8Array, text: string, target: number): boolean {
	for (let b = 0; b <= bytes.length; b++) {
		if (
			decode(encoding, bytes.subarray(0, b)) === text.slice(0, target) &&
			decode(encoding, bytes.subarray(b)) === text.slice(target)
		)
			return true;
	}
	return false;
}

const BYTES_BY_ENCODING: Record<string, fc.Arbitrary<number[]>> = {
	'utf-8': fc.array(
		fc.oneof(
			fc.integer({min: 0, max: 255}),
			fc.constantFrom(0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xc3, 0xa9, 0x3c),
		),
		{maxLength: 40},
	),
	'windows-1252': fc.array(fc.integer({min: 0, max: 255}), {maxLength: 40}),
	shift_jis: fc.array(
		fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0x82, 0xa0, 0x81, 0x40, 0x3c, 0x22, 0xe0)),
		{maxLength: 40},
	),
	gbk: fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0x81, 0x30, 0x39, 0xa1, 0xfe, 0x22)), {
		maxLength: 40,
	}),
	big5: fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0xa4, 0x40, 0xa1, 0x7e, 0x22)), {
		maxLength: 40,
	}),
	'euc-kr': fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0xb0, 0xa1, 0x41, 0x22)), {
		maxLength: 40,
	}),
	'euc-jp': fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0xa4, 0xa2, 0x8e, 0x8f, 0x22)), {
		maxLength: 40,
	}),
	'utf-16le': fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0xd8, 0xdc, 0xdb)), {maxLength: 40}),
	'utf-16be': fc.array(fc.oneof(fc.integer({min: 0, max: 255}), fc.constantFrom(0xd8, 0xdc, 0xdb)), {maxLength: 40}),
};

for (const [encoding, arbitrary] of Object.entries(BYTES_BY_ENCODING)) {
	test(`offset map (${encoding}): each text offset maps to the byte offset that splits the decoding there`, t => {
		fc.assert(
			fc.property(arbitrary, fc.array(fc.nat(), {maxLength: 6}), (list, picks) => {
				const bytes = Uint8Array.from(list);
				const text = decode(encoding, bytes);
				const map = createOffsetMap(encoding, 0, nodeCodecs);
				if (map === null) return false;
				const offsets = boundaries(text);
				const targets = [...new Set(picks.map(p => offsets[p % offsets.length] ?? 0))].sort((a, b) => a - b);
				for (const target of targets) {
					// iconv-lite decodes some gb18030 sequences to two lone surrogates: no cut lies between them.
					if (!splits(encoding, bytes, text, target)) continue;
					const b = map.toByte(target, bytes, 0, true);
					if (
						decode(encoding, bytes.subarray(0, b)) !== text.slice(0, target) ||
						decode(encoding, bytes.subarray(b)) !== text.slice(target)
					)
						return false;
				}
				return true;
			}),
			fcParams(t, 400),
		);
		t.pass();
	});
}

const page = 'https://bytes.example/dir/page.html';

test('invalid UTF-8 and a BOM around rewritten values stay byte for byte', t => {
	const parts = [
		Buffer.of(0xef, 0xbb, 0xbf),
		Buffer.from('<p>'),
		Buffer.of(0xff, 0xc3),
		Buffer.from('<a href="a.html">x'),
		Buffer.of(0xe2, 0x82),
		Buffer.from("</a><img src=b.png alt='"),
		Buffer.of(0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98),
		Buffer.from("'>"),
	];
	const input = Buffer.concat(parts);
	const expected = Buffer.concat([
		parts[0]!,
		Buffer.from('<p>'),
		Buffer.of(0xff, 0xc3),
		Buffer.from(`<a href="https://bytes.example/dir/a.html">x`),
		Buffer.of(0xe2, 0x82),
		Buffer.from(`</a><img src=https://bytes.example/dir/b.png alt='`),
		Buffer.of(0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98),
		Buffer.from("'>"),
	]);
	const options: RewriteOptions = {type: 'html', retrievalUrl: page, to: 'absolute'};
	t.deepEqual(Buffer.from(rewriteLinks(input, options)), expected);
	t.deepEqual(
		rewriteChunks(
			[...input].map(b => Buffer.of(b)),
			options,
		),
		expected,
		'one byte at a time',
	);
});

test('windows-1252: new values in the page encoding; characters it lacks as &#N; in attributes', t => {
	const input = iconv.encode('<meta charset="windows-1252"><a href="caf\u00e9.html">\u201cx\u201d</a>', 'windows-1252');
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: page, to: link => `${link.value}?q=\u00e9\u2713`});
	t.deepEqual(
		Buffer.from(output),
		Buffer.concat([
			iconv.encode(
				'<meta charset="windows-1252"><a href="caf\u00e9.html?q=\u00e9&#10003;">\u201cx\u201d</a>',
				'windows-1252',
			),
		]),
	);
});

test('windows-1252 absolute mode: the query is encoded in the page encoding (as browsers resolve it)', t => {
	const input = iconv.encode('<meta charset="windows-1252"><a href="s?q=caf\u00e9">x</a>', 'windows-1252');
	const output = Buffer.from(rewriteLinks(input, {type: 'html', retrievalUrl: page, to: 'absolute'})).toString(
		'latin1',
	);
	t.is(output, '<meta charset="windows-1252"><a href="https://bytes.example/dir/s?q=caf%E9">x</a>');
});

test('shift_jis: bytes around edits unchanged; new text encoded in shift_jis', t => {
	const source =
		'<meta charset="shift_jis"><p>\u65e5\u672c\u8a9e<a href="\u30da\u30fc\u30b8.html">\u30ea\u30f3\u30af</a>\u3067\u3059<img src=b.png>';
	const input = iconv.encode(source, 'shiftjis');
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: page, to: link => `new/${link.value}`});
	t.deepEqual(
		Buffer.from(output),
		iconv.encode(source.replace('"\u30da', '"new/\u30da').replace('src=b', 'src=new/b'), 'shiftjis'),
	);
	t.deepEqual(
		rewriteChunks(
			[...input].map(b => Buffer.of(b)),
			{type: 'html', retrievalUrl: page, to: link => `new/${link.value}`},
		),
		Buffer.from(output),
	);
});

test('UTF-16LE with a BOM: the output stays UTF-16LE, BOM included', t => {
	const source = '<a href="a.html">\u00e9</a>';
	const input = Buffer.concat([Buffer.of(0xff, 0xfe), Buffer.from(source, 'utf16le')]);
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: page, to: 'absolute'});
	t.deepEqual(
		Buffer.from(output),
		Buffer.concat([
			Buffer.of(0xff, 0xfe),
			Buffer.from(source.replace('a.html', 'https://bytes.example/dir/a.html'), 'utf16le'),
		]),
	);
});

test('plain text in a legacy encoding: characters it lacks are percent-encoded UTF-8', t => {
	const input = iconv.encode('See <URL:a.txt> here.', 'windows-1252');
	const output = rewriteLinks(input, {
		type: 'text',
		encoding: 'windows-1252',
		retrievalUrl: 'http://t.example/',
		to: () => 'http://t.example/\u2713',
	});
	t.is(Buffer.from(output).toString('latin1'), 'See <URL:http://t.example/%E2%9C%93> here.');
});

test('CSS in a legacy encoding: characters it lacks become CSS escapes', t => {
	const input = iconv.encode('a{background:url(x.png)}', 'windows-1252');
	const output = rewriteLinks(input, {
		type: 'css',
		encoding: 'windows-1252',
		retrievalUrl: 'http://t.example/',
		to: () => '\u2713.png',
	});
	t.is(Buffer.from(output).toString('latin1'), 'a{background:url(\\2713 .png)}');
});

test('strings in, string out; bytes of valid UTF-8 give the same edits as their text', t => {
	fc.assert(
		fc.property(
			fc.array(
				fc.constantFrom(
					'<a href="x.html">',
					'<img src=y.png>',
					'\u00e9',
					'\ud83d\ude00',
					'url(z.png)',
					'<style>a{b:url(c.png)}</style>',
					' ',
					'\r\n',
				),
				{maxLength: 20},
			),
			fc.array(fc.nat(), {maxLength: 6}),
			(parts, cuts) => {
				const text = parts.join('');
				const options: RewriteOptions = {type: 'html', retrievalUrl: page, to: 'absolute'};
				const fromText = rewriteLinks(text, options);
				const fromBytes = rewriteChunks(cut(Buffer.from(text), cuts), options);
				return (
					Buffer.from(fromText).equals(fromBytes as Buffer) && rewriteChunks(cut(text, cuts), options) === fromText
				);
			},
		),
		fcParams(t, 300),
	);
	t.pass();
});

test('mixing strings and bytes in one rewrite is an error', t => {
	t.throws(() => rewriteChunks(['<a href=x>', Buffer.from('y')], {type: 'html', to: 'absolute', retrievalUrl: page}), {
		message: /either strings or bytes/,
	});
});
