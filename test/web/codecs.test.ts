/**
 * The web entry's multi-byte encoders (stream/web/codecs.ts) invert the platform's
 * TextDecoder; they must pick the sequence the Encoding Standard's encoders pick where
 * several decode to the same character. Expected bytes are worked by hand from the
 * Encoding Standard (§10.2.2 gb18030/gbk, §11.1.2 Big5, §12.1.2 EUC-JP, §12.3.2
 * Shift_JIS, §13.1.2 EUC-KR). Runs on Node's TextDecoder (ICU), which holds these
 * mappings; Shift_JIS U+0080 is left out, as Node's decoder drops byte 0x80.
 */
import test from 'ava';
import {webCodecs} from '../../src/stream/web/codecs.js';

const CASES: ReadonlyArray<[string, string, number[], string]> = [
	[
		'shift_jis',
		'ⅰ',
		[0xfa, 0x40],
		'pointers 8272–8835 (NEC-selected IBM extensions, 0xEEEF) are skipped for the IBM one',
	],
	['shift_jis', '≒', [0x81, 0xe0], 'the first pointer (row 2, not NEC row 13)'],
	['shift_jis', 'ｱ', [0xb1], 'half-width katakana: one byte'],
	['euc-jp', 'ｱ', [0x8e, 0xb1], 'half-width katakana: 0x8E and a byte'],
	['euc-jp', '日', [0xc6, 0xfc], 'JIS X 0208'],
	['big5', '═', [0xf9, 0xf9], 'U+2550 takes the last pointer'],
	['big5', '十', [0xa4, 0x51], 'otherwise the first pointer, never HKSCS below lead 0xA1'],
	['euc-kr', '한', [0xc7, 0xd1], 'KS X 1001'],
	['gbk', '€', [0x80], 'gbk writes U+20AC as 0x80'],
	['gb18030', '€', [0xa2, 0xe3], 'gb18030 writes U+20AC as two bytes'],
	['gb18030', '¥', [0x81, 0x30, 0x84, 0x36], 'a four-byte sequence from the ranges index'],
	['gb18030', '\u{10000}', [0x90, 0x30, 0x81, 0x30], 'supplementary: pointer 189000 + offset'],
	['gb18030', '\ue5e5', [0x3f], 'U+E5E5 is an error (written as ?)'],
	['gbk', '\u{10000}', [0x3f], 'gbk has no four-byte sequences'],
];

for (const [encoding, text, bytes, why] of CASES) {
	test(`${encoding} encodes ${JSON.stringify(text)} as ${bytes.map(b => b.toString(16)).join(' ')}: ${why}`, t => {
		t.deepEqual([...webCodecs.multiByte(encoding).encode(text)], bytes);
	});
}

test('what an encoder writes decodes back to the text (round trip on a mixed sample)', t => {
	for (const [encoding, text] of [
		['shift_jis', 'ab日本語ｱ'],
		['euc-kr', '한국어 x'],
		['gb18030', '中文¥€𐀀'],
		['big5', '中文字'],
		['euc-jp', '日本語ｱ'],
	] as const) {
		const codec = webCodecs.multiByte(encoding);
		t.is(codec.decode(codec.encode(text)), text, encoding);
	}
});

test('utf8Length counts as TextEncoder writes (lone surrogates as U+FFFD)', t => {
	for (const text of ['', 'abc', 'é', '日本', '😀', 'a\ud800b', '\udc00', 'x😀\ud83dy']) {
		t.is(webCodecs.utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
	}
});
