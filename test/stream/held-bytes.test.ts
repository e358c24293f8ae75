/**
 * Held bytes in the byte layer stay linear however the bytes are split:
 * the multi-byte legacy decoder holds bytes until one that ends every sequence (up to
 * MAX_HELD_BYTES), and the sniffing decoder holds up to 1024 bytes for the prescan.
 * Counted, not timed: `HeldBytes.copied`.
 */
import test from 'ava';
import {createDecoder} from '../../src/stream/core/decode.js';
import {createByteDecoder, HeldBytes, MAX_HELD_BYTES} from '../../src/stream/core/encoding.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

test('HeldBytes: a byte at a time, copies stay within a small multiple of the bytes held', t => {
	const held = new HeldBytes();
	for (let i = 0; i < MAX_HELD_BYTES; i++) held.append(Uint8Array.of(i & 0xff));
	t.is(held.length, MAX_HELD_BYTES);
	// Each byte once on append, at most once more per doubling (the sizes sum to less than the total).
	t.true(held.copied <= 2 * MAX_HELD_BYTES, `copied ${held.copied}`);
	const all = held.takeWith(Uint8Array.of(7));
	t.is(all.length, MAX_HELD_BYTES + 1);
	t.is(all[1000], 1000 & 0xff);
	t.is(all[MAX_HELD_BYTES], 7);
	t.is(held.length, 0);
	t.is(held.takeWith(Uint8Array.of(1, 2)).length, 2);
});

test('HeldBytes: the caller may reuse its buffer after append', t => {
	const held = new HeldBytes();
	const buffer = Uint8Array.of(1, 2, 3);
	held.append(buffer);
	buffer.fill(9);
	t.deepEqual([...held.view()], [1, 2, 3]);
});

test('shift_jis: 60,000 bytes with no ASCII byte, written one at a time, decode as written whole', t => {
	// Shift_JIS 0x82 0xA0 is U+3042 HIRAGANA LETTER A; both bytes are at or above 0x40, so the decoder holds them all.
	const bytes = new Uint8Array(60_000);
	for (let i = 0; i < bytes.length; i += 2) bytes.set([0x82, 0xa0], i);
	const decoder = createByteDecoder('shift_jis', nodeCodecs);
	let text = '';
	for (let i = 0; i < bytes.length; i++) text += decoder.write(bytes.subarray(i, i + 1));
	text += decoder.end();
	t.is(text, 'あ'.repeat(30_000));
});

test('prescan: a <meta charset> near byte 1000, written one byte at a time', t => {
	const html = `<!doctype html>${' '.repeat(950)}<meta charset="windows-1252"><p>\x93hi\x94</p>`;
	const bytes = Uint8Array.from(html, c => c.charCodeAt(0));
	const decoder = createDecoder({type: 'html'}, nodeCodecs);
	let text = '';
	for (let i = 0; i < bytes.length; i++) text += decoder.write(bytes.subarray(i, i + 1));
	text += decoder.end();
	t.is(decoder.encoding, 'windows-1252');
	// Encoding Standard index-windows-1252: 0x93 is U+201C, 0x94 is U+201D.
	t.true(text.endsWith('<p>\u201Chi\u201D</p>'));
	t.is(text.length, html.length);
});
