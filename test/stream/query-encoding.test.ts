/**
 * makeQueryEncoder: the URL Standard query state with a legacy document encoding.
 * Byte values are from the Encoding Standard indexes, checked by hand.
 */
import test from 'ava';
import {makeQueryEncoder} from '../../src/stream/core/query-encoding.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

function encoder(encoding: string): (reference: string) => string {
	const encode = makeQueryEncoder(encoding, nodeCodecs);
	if (encode === undefined) throw new Error(`no encoder for ${encoding}`);
	return encode;
}

test('UTF-8 output encodings need no work', t => {
	for (const encoding of ['utf-8', 'utf-16le', 'utf-16be', 'replacement'])
		t.is(makeQueryEncoder(encoding, nodeCodecs), undefined, encoding);
});

test('windows-1252: é is 0xE9; path and fragment stay as they are', t => {
	const encode = encoder('windows-1252');
	t.is(encode('search?q=café'), 'search?q=caf%E9');
	t.is(encode('café/x?q=é#é'), 'café/x?q=%E9#é');
	t.is(encode('x?q=€“'), 'x?q=%80%93'); // index-windows-1252: € 0x80, “ 0x93
});

test('a character the encoding lacks becomes %26%23NNNN%3B', t => {
	t.is(encoder('windows-1252')('x?q=ā'), 'x?q=%26%23257%3B'); // U+0101
	t.is(encoder('windows-1252')('x?q=😀'), 'x?q=%26%23128512%3B'); // one code point, not two surrogates
	t.is(encoder('iso-8859-2')('x?q=łā'), 'x?q=%B3%26%23257%3B');
});

test('nothing to do: the same string back', t => {
	const encode = encoder('windows-1252');
	for (const reference of ['plain', 'a?b=c&d', 'é/only-path', 'x#é', 'x?q=a#é', '']) t.is(encode(reference), reference);
});

test('multi-byte encodings', t => {
	// Shift_JIS 表 is 0x95 0x5C: the trail byte is "\" and stays literal (not in the query set).
	t.is(encoder('shift_jis')('s?q=表'), 's?q=%95\\');
	t.is(encoder('shift_jis')('s?q=¥'), 's?q=\\'); // Encoding Standard: U+00A5 -> 0x5C
	t.is(encoder('gbk')('s?q=中'), 's?q=%D6%D0');
	t.is(encoder('euc-kr')('s?q=한'), 's?q=%C7%D1');
	t.is(encoder('euc-jp')('s?q=亜'), 's?q=%B0%A1');
	t.is(encoder('big5')('s?q=一'), 's?q=%A4@');
	// ISO-2022-JP: ESC $ B, JIS 0x30 0x21 ("0!"), then ESC ( B before ASCII and at the end.
	t.is(encoder('iso-2022-jp')('s?q=亜x'), 's?q=%1B$B0!%1B(Bx');
	t.is(encoder('iso-2022-jp')('s?q=亜'), 's?q=%1B$B0!%1B(B');
});

test('ASCII next to encoded characters keeps its meaning', t => {
	t.is(encoder('windows-1252')("x?a=é&b='c d'"), 'x?a=%E9&b=%27c%20d%27');
});
