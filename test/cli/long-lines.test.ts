/**
 * Lines of Links with long fields (16 Mi NULs in an href gave one Link whose NDJSON line,
 * built whole, took about 38 times the value): made in pieces, the same text as the line
 * built whole, byte for byte, and no piece or encoding step larger than a bounded size.
 */
import test from 'ava';
import fc from 'fast-check';
import {lineFormatter} from '../../src/cli/output/format.js';
import {ndjsonLine, ndjsonPrefix} from '../../src/cli/output/ndjson.js';
import {printable} from '../../src/cli/inputs/names.js';
import {LineBytes, PIECE_BYTES} from '../../src/cli/output/output.js';
import {LONG_FIELD, slices} from '../../src/cli/output/slices.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

/** Units around a cut: surrogate pairs, lone halves, what JSON and TSV escape, plain text. */
const unit = fc.constantFrom(
	'a',
	'é',
	'😀',
	'\ud800',
	'\udc80',
	'\udfff',
	'"',
	'\\',
	'\n',
	'\t',
	'\u0000',
	'\u001b',
	'\u2028',
);

/** A string over LONG_FIELD units: a random pattern repeated, shifted so pairs fall on every slice boundary in some run. */
const long = fc.tuple(fc.array(unit, {minLength: 1, maxLength: 7}), fc.nat({max: 6})).map(([pattern, shift]) => {
	const piece = pattern.join('');
	return 'x'.repeat(shift) + piece.repeat(Math.ceil((LONG_FIELD + 10) / piece.length));
});

const link = (value: string, raw: string, url: string | null): Link => ({
	value,
	raw,
	start: 9,
	end: 9 + raw.length,
	line: 1,
	column: 10,
	kind: 'navigation',
	url,
	base: 'https://example.com/',
	baseSource: 'retrieval',
	element: 'a',
	attribute: 'href',
	...(url === null ? {error: 'invalid-url' as const} : {}),
});

/** Every piece of a line, and the line they make. */
function pieces(line: string | Iterable<string> | null): {all: string[]; text: string} {
	const all = line === null ? [] : typeof line === 'string' ? [line] : [...line];
	return {all, text: all.join('')};
}

test('an NDJSON line with long fields comes in pieces that make JSON.stringify({file, ...link}) and a newline', t => {
	fc.assert(
		fc.property(long, long, fc.option(long, {nil: null}), (value, raw, url) => {
			const l = link(value, raw, url);
			const line = ndjsonLine(ndjsonPrefix('a.html'), l);
			const {all, text} = pieces(line);
			// Escaping makes a unit at most 6 characters (\u0000).
			return (
				typeof line !== 'string' &&
				text === `${JSON.stringify({file: 'a.html', ...l})}\n` &&
				all.every(piece => piece.length <= 6 * LONG_FIELD + 256)
			);
		}),
		fcParams(t, 60),
	);
	t.pass();
});

test('a TSV line with long fields comes in pieces that make the line built whole', t => {
	fc.assert(
		fc.property(long, fc.option(long, {nil: null}), (value, url) => {
			const l = link(value, value, url);
			const {all, text} = pieces(lineFormatter('tsv', 'a.html')(l));
			const expected = `a.html\t1\t10\tnavigation\ta\thref\t${printable(url ?? '')}\t${printable(value)}\t\n`;
			// Escaping makes a unit at most 6 characters (a format character, \u202E).
			return all.length > 1 && text === expected && all.every(piece => piece.length <= 6 * LONG_FIELD + 256);
		}),
		fcParams(t, 60),
	);
	t.pass();
});

test('a long string is encoded a slice at a time: the bytes of TextEncoder on the whole, in pieces of at most a piece size', t => {
	fc.assert(
		fc.property(long, fc.nat({max: 40}), (s, times) => {
			const whole = s.repeat(times + 1);
			const out: Uint8Array[] = [];
			const bytes = new LineBytes(piece => out.push(piece));
			bytes.add('head\n');
			bytes.add(whole);
			bytes.flush();
			const expected = new TextEncoder().encode(`head\n${whole}`);
			return (
				Buffer.concat(out).equals(expected) &&
				out.every(piece => piece.length <= PIECE_BYTES) &&
				bytes.total === expected.length
			);
		}),
		fcParams(t, 40),
	);
	t.pass();
});

test('slices never cut a surrogate pair and give back the string', t => {
	t.deepEqual([...slices('aaaaa', 2)], ['aa', 'aa', 'a']);
	t.deepEqual([...slices('a\u{1F600}b', 2)], ['a', '\u{1F600}', 'b']);
	// A lone high surrogate at the end stays where it is.
	t.deepEqual([...slices('ab\ud800', 2)], ['ab', '\ud800']);
	t.deepEqual([...slices('', 2)], []);
});
