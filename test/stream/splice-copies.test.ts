/**
 * A byte rewrite copies the input's bytes as few times as it can: a whole input fed in
 * steps is held as views of itself (rewrite/held.ts), the first write that decides the
 * encoding is decoded where it lies (decode.ts), ASCII runs are mapped to byte offsets
 * without measuring their text (offsets.ts), and the one-shot output is written once into
 * one array (one-shot.ts). Counted, not timed; the outputs are checked by hand.
 */
import test from 'ava';
import fc from 'fast-check';
import {HeldByteArray} from '../../src/rewrite/held.js';
import type {Codecs} from '../../src/stream/core/codecs.js';
import {createDecoder} from '../../src/stream/core/decode.js';
import {createOffsetMap, type TextSource} from '../../src/stream/core/offsets.js';
import {rewriteAll} from '../../src/stream/core/one-shot.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import {rewriteLinks} from '../../src/stream/node/rewrite.js';
import {fcParams} from '../helpers/seed.js';

const bytes = (length: number): Uint8Array => Uint8Array.from({length}, (_, i) => i & 0xff);

test('HeldByteArray: views of one buffer, each beginning where the last ended, are held without a copy', t => {
	const whole = bytes(1000);
	const held = new HeldByteArray();
	for (let at = 0; at < whole.length; at += 100) held.append(whole.subarray(at, at + 100));
	t.is(held.copied, 0);
	t.deepEqual([...held.contiguous().units], [...whole]);
	held.drop(500);
	t.deepEqual(held.contiguous().start, 500);
	t.deepEqual([...held.contiguous().units], [...whole.subarray(500)]);
	// Bytes of another buffer: what is held is copied into an array of its own, and the buffer is left as it was.
	held.append(Uint8Array.of(1, 2, 3));
	t.is(held.copied, 503);
	t.deepEqual([...held.contiguous().units], [...whole.subarray(500), 1, 2, 3]);
	t.deepEqual([...whole], [...bytes(1000)]);
});

test('HeldByteArray: a view of the same buffer that does not follow on (a gap, or the same bytes again) is copied', t => {
	const whole = bytes(300);
	const gap = new HeldByteArray();
	gap.append(whole.subarray(0, 100));
	gap.append(whole.subarray(200, 300));
	t.deepEqual([...gap.contiguous().units], [...whole.subarray(0, 100), ...whole.subarray(200, 300)]);
	const again = new HeldByteArray();
	again.append(whole.subarray(0, 100));
	again.append(whole.subarray(0, 100));
	t.deepEqual([...again.contiguous().units], [...whole.subarray(0, 100), ...whole.subarray(0, 100)]);
	t.deepEqual([...whole], [...bytes(300)]);
});

test('sniffing decoder: a first write that decides the encoding is decoded where it lies, not copied', t => {
	const page = `<meta charset=utf-8><p>${'x'.repeat(70_000)}é`;
	const decoder = createDecoder({type: 'html'}, nodeCodecs);
	t.is(decoder.write(Buffer.from(page)) + decoder.end(), page);
	t.is(decoder.encoding, 'utf-8');
	t.is(decoder.copied, 0);
	// A first write too short to decide is held (copied) until one more decides.
	const short = createDecoder({type: 'html'}, nodeCodecs);
	const latin = Buffer.from('<meta charset="windows-1252"><p>\x93', 'latin1');
	t.is(
		short.write(latin.subarray(0, 10)) + short.write(latin.subarray(10)) + short.end(),
		'<meta charset="windows-1252"><p>\u201C',
	);
	t.is(short.encoding, 'windows-1252');
	t.true(short.copied >= 10);
});

/** The text an offset map may measure (offsets.ts TextSource): all of `text`, as one piece. */
function wholeSource(text: string): TextSource {
	return (from, to, each) => {
		each(text.slice(from, to));
		return true;
	};
}

test('offset map (utf-8): ASCII bytes are mapped without measuring the text, the rest as before', t => {
	let measured = 0;
	const codecs: Codecs = {
		...nodeCodecs,
		utf8Length: text => {
			measured += text.length;
			return nodeCodecs.utf8Length(text);
		},
	};
	const text = '<a href="x">é<a href="y">';
	const input = Buffer.from(text);
	const map = createOffsetMap('utf-8', 0, codecs);
	if (map === null) return t.fail();
	const source = wholeSource(text);
	t.is(map.toByte(9, input, 0, false, source), 9);
	t.is(measured, 0);
	// Past é (two bytes in UTF-8, C3 A9): one byte more than its text offset.
	const y = text.indexOf('y');
	t.is(map.toByte(y, input, 0, false, source), y + 1);
	t.is(map.toByte(text.length, input, 0, true, source), input.length);
});

test('offset map (utf-8): an ASCII page is checked in a few native calls, not one per answer, and maps as before', t => {
	let calls = 0;
	let checked = 0;
	const codecs: Codecs = {
		...nodeCodecs,
		isAscii: bytes => {
			calls++;
			checked += bytes.length;
			return nodeCodecs.isAscii?.(bytes) ?? false;
		},
	};
	const tag = '<a href="x">';
	const text = tag.repeat(4096); // 49,152 bytes, all ASCII
	const input = Buffer.from(text);
	const map = createOffsetMap('utf-8', 0, codecs);
	if (map === null) return t.fail();
	// The span of each href value, as a rewrite asks: 8,192 answers in increasing order.
	for (let k = 0; k < 4096; k++) {
		t.is(map.toByte(k * tag.length + 9, input, 0, false), k * tag.length + 9);
		t.is(map.toByte(k * tag.length + 10, input, 0, false), k * tag.length + 10);
	}
	t.log(`${calls} calls`);
	t.true(calls <= 40, `${calls} calls`);
	// Each byte is checked at most twice.
	t.true(checked <= 2 * input.length, `${checked} bytes checked`);
});

test('offset map (utf-8): after a non-ASCII byte the ASCII stretch that follows is remembered anew', t => {
	let calls = 0;
	const codecs: Codecs = {
		...nodeCodecs,
		isAscii: bytes => {
			calls++;
			return nodeCodecs.isAscii?.(bytes) ?? false;
		},
	};
	// é is two bytes (C3 A9): every offset after it is one byte further than its text offset.
	const text = `é${'<a href="x">'.repeat(2048)}é${'<a href="y">'.repeat(2048)}`;
	const input = Buffer.from(text);
	const map = createOffsetMap('utf-8', 0, codecs);
	if (map === null) return t.fail();
	const source = wholeSource(text);
	for (let offset = 0, k = 0; offset <= text.length; offset += 1 + (k++ % 7)) {
		const expected = Buffer.byteLength(text.slice(0, offset));
		if (map.toByte(offset, input, 0, false, source) !== expected) return t.fail(`offset ${offset}`);
	}
	t.log(`${calls} calls`);
	t.true(calls <= 80, `${calls} calls`);
});

test('offset map (utf-8): long ASCII runs between other characters, held bytes growing: every answer is the byte length of the text before it', t => {
	const run = fc.oneof(
		fc.string({unit: fc.constantFrom('a', '<', '"', ' '), maxLength: 300}),
		fc.constantFrom('é', '€', '😀', '\uFFFD'),
	);
	fc.assert(
		fc.property(fc.array(run, {maxLength: 40}), fc.array(fc.nat(), {maxLength: 60}), (runs, picks) => {
			const text = runs.join('');
			const input = Buffer.from(text);
			const map = createOffsetMap('utf-8', 0, nodeCodecs);
			if (map === null) return false;
			const units = [...new Set(picks.map(p => p % (text.length + 1)))]
				.filter(u => (text.charCodeAt(u) & 0xfc00) !== 0xdc00) // not inside a surrogate pair
				.sort((a, b) => a - b);
			for (const unit of units) {
				const expected = Buffer.byteLength(text.slice(0, unit));
				// Held so far: the bytes up to the answer and a little more (as a stream gives them).
				const held = input.subarray(0, Math.min(input.length, expected + 1 + (unit % 97)));
				if (map.toByte(unit, held, 0, false) !== expected) return false;
			}
			return true;
		}),
		fcParams(t, 300),
	);
	t.pass();
});

/** nodeCodecs counting what an offset map asks of them: native ASCII checks, and units of text measured. */
function countingCodecs(): {codecs: Codecs; count: {calls: number; measured: number}} {
	const count = {calls: 0, measured: 0};
	const codecs: Codecs = {...nodeCodecs};
	codecs.utf8Length = text => {
		count.measured += text.length;
		return nodeCodecs.utf8Length(text);
	};
	codecs.isAscii = bytes => {
		count.calls++;
		return nodeCodecs.isAscii?.(bytes) ?? false;
	};
	return {codecs, count};
}

test('offset map (utf-8): a page of ASCII with a few other characters is mapped by its bytes, never by measuring its text', t => {
	const {codecs, count} = countingCodecs();
	// A typographic apostrophe (E2 80 99, three bytes) every 2,000 bytes or so, a link every 40.
	const paragraph = `<p>It${'\u2019'}s ${'<a href="x">link</a> and some text '.repeat(50)}</p>`;
	const text = paragraph.repeat(50);
	const input = Buffer.from(text);
	const map = createOffsetMap('utf-8', 0, codecs);
	if (map === null) return t.fail();
	const source = wholeSource(text);
	for (let at = text.indexOf('"x"'); at !== -1; at = text.indexOf('"x"', at + 1)) {
		for (const offset of [at, at + 3]) {
			const expected = Buffer.byteLength(text.slice(0, offset));
			if (map.toByte(offset, input, 0, false, source) !== expected) return t.fail(`offset ${offset}`);
		}
	}
	t.is(count.measured, 0);
	// A few native checks per apostrophe (50 of them) and per doubling of a stretch between them.
	t.log(`${count.calls} calls`);
	t.true(count.calls <= 50 * 16, `${count.calls} calls`);
});

// With the native ASCII check (Node), and without it (browsers: stream/web/codecs.ts).
const {isAscii: _native, ...withoutIsAscii} = nodeCodecs;
for (const [name, codecs] of [
	['with', nodeCodecs],
	['without', withoutIsAscii],
] as const) {
	test(`offset map (utf-8), ${name} a native ASCII check: text dense in other characters, invalid bytes and U+FFFD among them, read in pieces: every answer splits the decoding`, t => {
		const utf8 = new TextDecoder('utf-8', {ignoreBOM: true});
		const run = fc.oneof(
			fc.string({unit: fc.constantFrom('a', '<', '"'), maxLength: 200}),
			fc.string({unit: fc.constantFrom('é', '中', '文', '😀', '\uFFFD', 'a'), maxLength: 60}),
			fc.constantFrom('\xFF', '\xC3', '\xE2\x82', '\xF0\x9F\x98', '\xED\xA0\x80'),
		);
		fc.assert(
			fc.property(fc.array(run, {maxLength: 30}), fc.array(fc.nat(), {maxLength: 40}), (runs, picks) => {
				// Runs of text as UTF-8, the invalid ones as the bytes they name.
				const input = Buffer.concat(
					runs.map(r => (/^[\x80-\xff]+$/.test(r) ? Buffer.from(r, 'latin1') : Buffer.from(r))),
				);
				const text = utf8.decode(input);
				const map = createOffsetMap('utf-8', 0, codecs);
				if (map === null) return false;
				// The text as a stream gives it: in pieces (a decoder never cuts a surrogate pair, made of one UTF-8 sequence).
				const source = (from: number, to: number, each: (piece: string) => void): boolean => {
					let middle = from + ((to - from) >> 1);
					if ((text.charCodeAt(middle) & 0xfc00) === 0xdc00) middle++;
					each(text.slice(from, middle));
					each(text.slice(middle, to));
					return true;
				};
				const units = [...new Set(picks.map(p => p % (text.length + 1)))]
					.filter(u => (text.charCodeAt(u) & 0xfc00) !== 0xdc00) // not inside a surrogate pair
					.sort((a, b) => a - b);
				for (const unit of units) {
					const b = map.toByte(unit, input, 0, true, source);
					if (
						utf8.decode(input.subarray(0, b)) !== text.slice(0, unit) ||
						utf8.decode(input.subarray(b)) !== text.slice(unit)
					)
						return false;
				}
				return true;
			}),
			fcParams(t, 300),
		);
		t.pass();
	});
}

test('rewriteAll (bytes): a page of many steps comes out as one piece', t => {
	const page = Buffer.from('<a href="p">é'.repeat(30_000));
	const {pieces, rewritten} = rewriteAll(
		page,
		{type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/d/'},
		nodeCodecs,
	);
	t.is(rewritten, 30_000);
	t.is(pieces.length, 1);
	t.is(Buffer.from(pieces[0] as Uint8Array).toString(), '<a href="https://example.com/d/p">é'.repeat(30_000));
});

test('rewriteLinks (bytes): the output is its own, and keeps no array much larger than itself', t => {
	const page = Buffer.from('<a href="https://example.com/d/p">x'.repeat(10_000));
	const output = rewriteLinks(page, {type: 'html', to: 'relative', retrievalUrl: 'https://example.com/d/'});
	t.true(Buffer.isBuffer(output));
	t.is(output.toString(), '<a href="p">x'.repeat(10_000));
	t.true(output.buffer.byteLength <= (4 / 3) * output.length, `${output.buffer.byteLength} for ${output.length}`);
	output.fill(0);
	t.is(page.toString(), '<a href="https://example.com/d/p">x'.repeat(10_000));
});
