/**
 * Character references in attribute values and text (html-url-attributes.md §5.2), and the
 * map back to source offsets. Expected decodings come from the HTML standard's named
 * character reference and numeric character reference end states.
 */
import test from 'ava';
import {CharacterReferenceDecoder, type DecodeMode} from '../../src/extract/html/decode.js';
import {collect} from './html-collect.js';

const decoder = new CharacterReferenceDecoder();

const ROWS: ReadonlyArray<[string, DecodeMode, string]> = [
	['?a=1&copy=2', 'attribute', '?a=1&copy=2'], // legacy name before "=" stays literal in attributes
	['x&notit=1', 'attribute', 'x&notit=1'], // ... and before an alphanumeric
	['x&notit=1', 'text', 'x\u00ACit=1'], // in text the longest legacy name decodes
	['&reg;', 'attribute', '\u00AE'],
	['a&amp;b', 'attribute', 'a&b'],
	['&copy', 'attribute', '\u00A9'], // at the end of the value
	['&copy;x', 'attribute', '\u00A9x'],
	['&#65;&#x42;&#X43', 'attribute', 'ABC'],
	['&#128;&#x9F;', 'attribute', '\u20AC\u0178'], // windows-1252 table for 0x80-0x9F
	['&#0;&#xD800;&#x110000;', 'attribute', '\uFFFD\uFFFD\uFFFD'],
	['&#x1F600;', 'attribute', '\u{1F600}'],
	['&#;&#x;&', 'attribute', '&#;&#x;&'], // no digits: not a reference
	['&unknown;', 'attribute', '&unknown;'],
	['a\0b', 'attribute', 'a\uFFFDb'],
	['a\r\nb\rc', 'attribute', 'a\nb\nc'],
	['&amp', 'strict', '&amp'], // XHTML: ";" required
	['&nbsp;', 'strict', '\u00A0'],
	['&NotEqualTilde;', 'attribute', '\u2242\u0338'], // two code points
];

for (const [input, mode, expected] of ROWS) {
	test(`decode ${mode}: ${JSON.stringify(input)}`, t => {
		t.is(decoder.decode(input, 0, mode).text, expected);
	});
}

test('decode: offsets map back to the source (identity and references)', t => {
	const source = 'ab&amp;c&#x1F600;d';
	const text = decoder.decode(source, 100, 'attribute');
	t.is(text.text, 'ab&c\u{1F600}d');
	// decoded offset → absolute source offset of its start
	t.deepEqual(
		[0, 1, 2, 3, 4, 6, 7].map(d => text.toSourceStart(d)),
		[100, 101, 102, 107, 108, 117, 118],
	);
	// a span ending after "&" ends after "&amp;"
	t.is(text.toSourceEnd(3), 107);
	t.is(text.sourceSlice(text.toSourceStart(2), text.toSourceEnd(4)), '&amp;c');
	// inside the surrogate pair: a start snaps back, an end forward
	t.is(text.toSourceStart(5), 108);
	t.is(text.toSourceEnd(5), 117);
});

test('decode: verbatim text keeps an identity map', t => {
	const text = decoder.decode('plain', 40, 'attribute');
	t.is(text.text, 'plain');
	t.is(text.toSourceStart(3), 43);
	t.is(text.toSourceEnd(5), 45);
});

test('decode: the map stays right across its blocks (40,000 runs)', t => {
	// "&amp;x" repeated: decoded "&x", the "&" from source 6k, the "x" from 6k + 5.
	const text = decoder.decode('&amp;x'.repeat(20_000), 7, 'attribute');
	t.is(text.text, '&x'.repeat(20_000));
	for (const k of [0, 1, 4095, 4096, 4097, 8191, 8192, 12_345, 19_999]) {
		t.is(text.toSourceStart(2 * k), 7 + 6 * k, `start of reference ${k}`);
		t.is(text.toSourceEnd(2 * k + 1), 7 + 6 * k + 5, `end of reference ${k}`);
		t.is(text.toSourceStart(2 * k + 1), 7 + 6 * k + 5, `start of x ${k}`);
		t.is(text.toSourceEnd(2 * k + 2), 7 + 6 * k + 6, `end of x ${k}`);
	}
});

test('decode: the map of a 4 MB value of references takes at most 8 bytes a reference', t => {
	// A 16 MB href or srcdoc of references was decoded whole, its map at 12 bytes a run.
	const references = 1 << 20;
	const text = decoder.decode('&amp'.repeat(references), 0, 'attribute');
	t.is(text.text.length, references);
	t.true(text.mapBytes <= 8 * references + 64 * 1024, `${text.mapBytes} bytes`);
	t.is(text.toSourceEnd(references), 4 * references);
});

test('attribute values in document order: each decoded or not as its own text says, whatever comes before or after it, in one chunk or cut anywhere', t => {
	// Values with and without "&", CR and NUL side by side, and references in the text between them.
	const input =
		'<a href="a.html">&amp;</a><a href="b&amp;c.html"></a><a href="d.html"></a>&copy;<img src="e.png">' +
		'<a href="f\r\ng.html"></a><a href="h.html"></a><a href="i\0j.html"></a><a href="k.html">\r\n</a><a href="l&#x2e;html">';
	const expected = [
		'a.html',
		'b&c.html',
		'd.html',
		'e.png',
		'f\ng.html',
		'h.html',
		'i\uFFFDj.html',
		'k.html',
		'l.html',
	];
	const raw = [
		'a.html',
		'b&amp;c.html',
		'd.html',
		'e.png',
		'f\r\ng.html',
		'h.html',
		'i\0j.html',
		'k.html',
		'l&#x2e;html',
	];
	for (let cut = 0; cut <= input.length; cut++) {
		const chunks = cut === 0 ? [input] : [input.slice(0, cut), input.slice(cut)];
		const {links} = collect(input, {}, chunks);
		t.deepEqual(
			links.map(link => link.value),
			expected,
			`cut at ${cut}`,
		);
		t.deepEqual(
			links.map(link => link.raw),
			raw,
			`cut at ${cut}`,
		);
	}
});
