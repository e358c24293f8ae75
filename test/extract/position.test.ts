/**
 * LineTracker against the definition (CR LF, CR and LF each end one line; columns count
 * UTF-16 units from 1), character by character, over random texts, windows and targets.
 */
import {fc} from '@fast-check/ava';
import test from 'ava';
import {SourceWindow} from '../../src/extract/html/source.js';
import {LineTracker} from '../../src/extract/position.js';
import {fcParams} from '../helpers/seed.js';

/** The definition, one character at a time. */
function reference(text: string, target: number): {line: number; column: number} {
	let line = 1;
	let column = 1;
	for (let i = 0; i < target; i++) {
		const c = text[i];
		if (c === '\n' && text[i - 1] === '\r') column = 1;
		else if (c === '\n' || c === '\r') {
			line++;
			column = 1;
		} else column++;
	}
	return {line, column};
}

test('line tracker: CR LF, lone CR and lone LF', t => {
	const text = 'ab\r\ncd\re\n\nf';
	const tracker = new LineTracker();
	t.deepEqual(
		[0, 2, 3, 4, 6, 7, 8, 9, 10, 11].map(target => tracker.locate(text, 0, target)),
		[
			{line: 1, column: 1},
			{line: 1, column: 3},
			{line: 2, column: 1},
			{line: 2, column: 1},
			{line: 2, column: 3},
			{line: 3, column: 1},
			{line: 3, column: 2},
			{line: 4, column: 1},
			{line: 5, column: 1},
			{line: 5, column: 2},
		],
	);
	t.throws(() => tracker.locate(text, 0, 3), {instanceOf: RangeError});
});

test('line tracker: equals the definition for increasing targets over sliding windows', t => {
	const property = fc.property(
		fc.string({unit: fc.constantFrom('a', 'b', '\r', '\n', ' ', '\u{1F600}')}),
		fc.array(fc.nat(), {maxLength: 20}),
		fc.nat(),
		(text, rawTargets, windowSeed) => {
			const targets = [...new Set(rawTargets.map(n => n % (text.length + 1)))].sort((a, b) => a - b);
			const tracker = new LineTracker();
			let previous = 0;
			let ok = true;
			for (const target of targets) {
				// The caller may pass any window covering [previous, target), starting at or before previous.
				const windowStart = previous - (windowSeed % (previous + 1));
				const windowEnd = target + (windowSeed % (text.length - target + 1));
				ok =
					t.deepEqual(
						tracker.locate(text.slice(windowStart, windowEnd), windowStart, target),
						reference(text, target),
					) && ok;
				previous = target;
			}
			return ok;
		},
	);
	fc.assert(property, fcParams(t, 500));
	t.pass();
});

test('source window: line and column without a Position equal the definition, over chunks and drops', t => {
	const property = fc.property(
		fc.array(fc.string({unit: fc.constantFrom('a', '\r', '\n', ' ', '\u{1F600}')}), {maxLength: 8}),
		fc.array(fc.nat(), {maxLength: 20}),
		(chunks, rawTargets) => {
			const text = chunks.join('');
			const targets = [...new Set(rawTargets.map(n => n % (text.length + 1)))].sort((a, b) => a - b);
			const window = new SourceWindow();
			let written = 0;
			let chunk = 0;
			let ok = true;
			for (const target of targets) {
				// Write the chunks up to the target; drop what is behind the last offset located.
				while (written < target && chunk < chunks.length) {
					window.append(chunks[chunk]!);
					written += chunks[chunk++]!.length;
				}
				const line = window.line(target);
				ok = t.deepEqual({line, column: window.column(target)}, reference(text, target)) && ok;
				window.drop(target);
			}
			return ok;
		},
	);
	fc.assert(property, fcParams(t, 500));
	t.pass();
});
