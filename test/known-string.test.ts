/**
 * The V8 typing hints of src/known-string.ts change nothing but speed: the same string,
 * the same char codes (NaN past either end), for strings of every representation.
 */
import test from 'ava';
import fc from 'fast-check';
import {codeAt, knownString} from '../src/known-string.js';
import {fcParams} from './helpers/seed.js';

/** `s` as a slice, a join, a copy or itself. */
function represent(s: string, kind: number): string {
	const padded = `${'x'.repeat(20)}${s}${'y'.repeat(20)}`;
	if (kind === 0) return padded.slice(20, 20 + s.length);
	if (kind === 1) return ['', ''].join(s);
	if (kind === 2) return `${s.slice(0, 1)}${s.slice(1)}`;
	return s;
}

test('knownString and codeAt: the same string and char codes as the string methods', t => {
	fc.assert(
		fc.property(
			fc.string({unit: 'binary', maxLength: 40}),
			fc.nat(3),
			fc.integer({min: -2, max: 45}),
			(s, kind, index) => {
				const value = represent(s, kind);
				const code = codeAt(value, index);
				const expected = s.charCodeAt(index);
				return knownString(value) === s && (Number.isNaN(expected) ? Number.isNaN(code) : code === expected);
			},
		),
		fcParams(t, 500),
	);
	t.pass();
});
