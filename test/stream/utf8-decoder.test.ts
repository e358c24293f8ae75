/**
 * The UTF-8 byte decoder (encoding.ts) decodes whole sequences and keeps an unfinished one
 * for the next write: for any bytes and any split, the text is the streaming TextDecoder's
 * (the Encoding Standard's decoder, U+FFFD per maximal invalid subpart).
 */
import test from 'ava';
import fc from 'fast-check';
import {createByteDecoder, unfinishedUtf8} from '../../src/stream/core/encoding.js';
import {fcParams} from '../helpers/seed.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

/** Bytes rich in UTF-8 edge cases: lead bytes of every length, bounds of the second-byte ranges, stray continuations. */
const byte = fc.oneof(
	fc.constantFrom(
		0x41,
		0x7f,
		0x80,
		0x8f,
		0x90,
		0x9f,
		0xa0,
		0xbf,
		0xc0,
		0xc1,
		0xc2,
		0xdf,
		0xe0,
		0xe1,
		0xec,
		0xed,
		0xee,
		0xef,
		0xf0,
		0xf1,
		0xf3,
		0xf4,
		0xf5,
		0xff,
	),
	fc.integer({min: 0, max: 255}),
);

function streamed(bytes: Uint8Array, cuts: number[]): string {
	const decoder = new TextDecoder('utf-8', {ignoreBOM: true});
	let text = '';
	let at = 0;
	for (const cut of [...cuts, bytes.length]) {
		text += decoder.decode(bytes.subarray(at, Math.max(at, cut)), {stream: true});
		at = Math.max(at, cut);
	}
	return text + decoder.decode();
}

test('the same text as the streaming TextDecoder, for any bytes and split (property)', t => {
	fc.assert(
		fc.property(fc.array(byte, {maxLength: 24}), fc.array(fc.nat(24), {maxLength: 6}), (list, rawCuts) => {
			const bytes = Uint8Array.from(list);
			const cuts = rawCuts.map(c => Math.min(c, bytes.length)).sort((a, b) => a - b);
			const decoder = createByteDecoder('utf-8', nodeCodecs);
			let text = '';
			let at = 0;
			for (const cut of [...cuts, bytes.length]) {
				text += decoder.write(bytes.subarray(at, Math.max(at, cut)));
				at = Math.max(at, cut);
			}
			text += decoder.end();
			return text === streamed(bytes, cuts);
		}),
		fcParams(t, 20_000),
	);
	t.pass();
});

test('unfinishedUtf8: the bytes a decoder must wait on (hand-checked against Encoding Standard §8.1.1)', t => {
	const cases: Array<[bytes: number[], held: number]> = [
		[[0x41], 0],
		[[0xc2], 1],
		[[0xc2, 0xa9], 0],
		[[0xc1], 0], // never a lead byte
		[[0xe2, 0x82], 2],
		[[0xe2, 0x82, 0xac], 0],
		[[0xe0, 0x9f], 0], // E0 needs A0–BF next
		[[0xe0, 0xa0], 2],
		[[0xed, 0xa0], 0], // ED needs 80–9F next (no surrogates)
		[[0xed, 0x9f], 2],
		[[0xf0, 0x8f], 0], // F0 needs 90–BF next
		[[0xf0, 0x90, 0x80], 3],
		[[0xf4, 0x90], 0], // F4 needs 80–8F next (≤ U+10FFFF)
		[[0xf4, 0x8f, 0xbf], 3],
		[[0xf5], 0],
		[[0x80, 0x80, 0x80], 0],
		[[0x41, 0xf0, 0x9f, 0x98], 3],
	];
	for (const [bytes, held] of cases)
		t.is(unfinishedUtf8(Uint8Array.from(bytes)), held, bytes.map(b => b.toString(16)).join(' '));
});

test('the bytes of an unfinished sequence are its own: a caller may reuse its Buffer once a write returns', t => {
	// A stream's writer may fill the same Buffer again after the write callback (Node's StringDecoder copies such bytes too).
	const decoder = createByteDecoder('utf-8', nodeCodecs);
	const chunk = Buffer.from([0x61, 0xe2, 0x82]); // 'a', then the first two bytes of € (E2 82 AC)
	const text = decoder.write(chunk);
	chunk.fill(0x41);
	t.is(text + decoder.write(Uint8Array.of(0xac)) + decoder.end(), 'a€');
});
