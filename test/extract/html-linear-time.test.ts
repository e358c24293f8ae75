/**
 * Linear time in the HTML core across chunk boundaries, without timing
 * anything: the source window counts the units it copies to read text spanning written
 * chunks (HtmlExtractor.sourceCopied). For the adversarial HTML shapes of bench/scaling.ts,
 * fed in chunks from one unit to 64 KiB, the count stays within a small multiple of the
 * input length; a window kept as one string grown by `+=` is copied whole at each read
 * (V8 flattens the rope), which grows with (length / chunk) × length.
 * Also: the piece-list window against the whole text, and srcset spans without records.
 */
import {fc} from '@fast-check/ava';
import test from 'ava';
import {NameFilter} from '../../src/extract/html/attributes.js';
import type {CoreOptions} from '../../src/extract/base.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import {MIN_PIECE_LENGTH, SourceWindow} from '../../src/extract/html/source.js';
import {LineTracker} from '../../src/extract/position.js';
import {forEachSrcsetUrl, parseSrcset} from '../../src/extract/srcset.js';
import {MAX_TAG_REFERENCES} from '../../src/extract/html/tag-cap.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const N = 200_000;
const CHUNK_SIZES = [1, 7, 100, 4096, 65_536];
const BASE = 'https://example.com/a/';

function chunks(input: string, size: number): string[] {
	const out: string[] = [];
	for (let i = 0; i < input.length; i += size) out.push(input.slice(i, i + size));
	return out;
}

interface Shape {
	input: string;
	options?: Partial<CoreOptions>;
	/** Checks the Links found (the same whatever the chunking). */
	check: (links: Link[]) => boolean;
}

const k = (piece: string): number => Math.floor(N / piece.length);

const SHAPES: Record<string, Shape> = {
	// One attribute value across every chunk; one Link per candidate, at 13 + 10i ('<img srcset="' is 13 units),
	// up to MAX_TAG_REFERENCES, then one Link over the rest (tag-cap.ts).
	'srcset of many candidates': {
		input: `<img srcset="${'a.png 1x, '.repeat(k('a.png 1x, '))}">`,
		check: links =>
			links.length === MAX_TAG_REFERENCES + 1 &&
			links.slice(0, -1).every((l, i) => l.value === 'a.png' && l.start === 13 + 10 * i && l.url === `${BASE}a.png`) &&
			links.at(-1)?.error === 'too-many' &&
			links.at(-1)?.end === 13 + 10 * (k('a.png 1x, ') - 1) + 5,
	},
	// CSS Syntax 3 §4.3.6: "(" in an unquoted url makes a bad url; its remnants run to </style>. No URL.
	'style of many url(': {input: `<style>${'url('.repeat(k('url('))}</style>`, check: links => links.length === 0},
	'one tag, many attributes': {
		input: `<a ${'b=1 '.repeat(k('b=1 '))}href=x>`,
		check: links => links.length === 1 && links[0]?.url === `${BASE}x`,
	},
	// "&&" is no character reference: the value is the run itself.
	'run of "&" in an href': {
		input: `<a href="${'&'.repeat(N)}">x</a>`,
		check: links => links.length === 1 && links[0]?.value === '&'.repeat(N),
	},
	'run of "<"': {input: '<'.repeat(N), check: links => links.length === 0},
	'unclosed comment': {input: `<!--${'<a href=x>'.repeat(k('<a href=x>'))}`, check: links => links.length === 0},
	// Text held in parts cut at whitespace (MAX_TEXT_LENGTH): every URL once.
	'text links, many URLs': {
		input: `<p>${'http://x.example/a '.repeat(k('http://x.example/a '))}</p>`,
		options: {textLinks: true},
		check: links => links.length === k('http://x.example/a ') && links.every(l => l.url === 'http://x.example/a'),
	},
	'text links, no whitespace': {
		input: `<p>${'x'.repeat(N)}</p>`,
		options: {textLinks: true},
		check: links => links.length === 0,
	},
};

for (const [name, shape] of Object.entries(SHAPES)) {
	test(`html: ${name}: source copied a bounded number of times, whatever the chunks`, t => {
		for (const size of CHUNK_SIZES) {
			const links: Link[] = [];
			const core = new HtmlExtractor({type: 'html', retrievalUrl: `${BASE}b.html`, ...shape.options}, link =>
				links.push(link),
			);
			for (const chunk of chunks(shape.input, size)) core.write(chunk);
			core.end();
			t.true(shape.check(links), `chunks of ${size}: ${links.length} Links`);
			// Each unit is joined into a longer piece at most once, and read across pieces about once.
			t.true(
				core.sourceCopied <= 3 * shape.input.length + 4096,
				`chunks of ${size}: copied ${core.sourceCopied} for ${shape.input.length}`,
			);
		}
	});
}

/** A small deterministic generator for the operations below (the seed comes from fast-check). */
function random(seed: number): (below: number) => number {
	let state = seed >>> 0 || 1;
	return below => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) % Math.max(1, below);
	};
}

const PIECE = fc.tuple(
	fc.string({unit: fc.constantFrom('a', 'h', 's', 'r', '\r', '\n', ' ', '<', 'é'), maxLength: 40}),
	fc.constantFrom(1, 1, 1, 3, 60),
);

test('SourceWindow: slices, names and positions across pieces are those of the whole text', t => {
	const names = new NameFilter(['href', 'src', 'style', 'a']);
	const property = fc.property(fc.array(PIECE, {maxLength: 60}), fc.integer(), (specs, seed) => {
		const next = random(seed);
		const window = new SourceWindow();
		const reference = new LineTracker();
		let whole = '';
		let kept = 0;
		let located = 0;
		for (const [piece, times] of specs) {
			const chunk = piece.repeat(times);
			window.append(chunk);
			whole += chunk;
			if (window.end !== whole.length || window.held !== whole.length - kept) return false;
			// A span of the held text, then a name at a random held offset.
			const start = kept + next(whole.length - kept + 1);
			const end = start + next(whole.length - start + 1);
			if (window.slice(start, end) !== whole.slice(start, end)) return false;
			if (end > start && window.mayHave(names, start, end) !== names.mayHave(whole, start, end)) return false;
			// Positions in increasing order, then a drop up to somewhere at or after the last one.
			located += next(whole.length - located + 1);
			const position = window.locate(located);
			const expected = reference.locate(whole, 0, located);
			if (position.line !== expected.line || position.column !== expected.column) return false;
			if (next(3) === 0) {
				kept = Math.max(kept, located + next(whole.length - located + 1));
				window.drop(kept);
				located = Math.max(located, kept);
				if (!window.holds(kept) || (kept > 0 && window.holds(kept - 1))) return false;
			}
		}
		return true;
	});
	fc.assert(property, fcParams(t, 500));
	t.pass();
});

test('SourceWindow: one-unit writes are joined into pieces, each unit copied once', t => {
	const window = new SourceWindow();
	const text = 'ab\r\ncd '.repeat(3000);
	for (const unit of text) window.append(unit);
	// Every full run of MIN_PIECE_LENGTH units was joined once; nothing read across pieces yet.
	t.is(window.copied, text.length - (text.length % MIN_PIECE_LENGTH));
	t.is(window.slice(5, text.length - 5), text.slice(5, -5));
	t.deepEqual(window.locate(text.length), new LineTracker().locate(text, 0, text.length));
	window.drop(text.length);
	t.is(window.held, 0);
	t.is(window.slice(text.length, text.length), '');
});

test('SourceWindow: its lists stay at the pieces held, and a list it lets go points to no piece', t => {
	// V8: a list that lived long is in the old generation; dead there, it still keeps what it
	// points to alive through every scavenge until the next full GC (64 KiB chunks promoted).
	const window = new SourceWindow();
	const internals = (window as unknown as {text: {pieces: string[]}}).text; // its TextPieces (src/text-pieces.ts)
	const chunk = 'x'.repeat(4 * MIN_PIECE_LENGTH);
	const letGo = new Set<string[]>();
	let longest = 0;
	for (let i = 0; i < 300; i++) {
		const before = internals.pieces;
		window.append(chunk);
		// As the extractor does: a token across the chunk boundary keeps the tail, and now and
		// then nothing is held.
		window.drop(i % 7 === 0 ? window.end : window.end - 10);
		if (internals.pieces !== before) letGo.add(before);
		longest = Math.max(longest, internals.pieces.length);
	}
	t.true(longest <= 2, `the list grew to ${longest} slots`);
	t.true(letGo.size > 0);
	t.true(
		[...letGo].every(list => list.every(piece => piece === '')),
		'a list let go still points to a piece',
	);
});

test('srcset: forEachSrcsetUrl gives the spans of parseSrcset', t => {
	const unit = fc.constantFrom('a', '.', ',', ' ', '\t', '(', ')', '1', 'x', 'w', 'h', '\n');
	const property = fc.property(fc.string({unit, maxLength: 80}), input => {
		const spans: string[] = [];
		forEachSrcsetUrl(input, (start, end) => spans.push(`${start}-${end}`));
		const expected = parseSrcset(input).map(candidate => `${candidate.start}-${candidate.end}`);
		return spans.join() === expected.join();
	});
	fc.assert(property, fcParams(t, 2000));
	t.pass();
});

test('srcset: hand-checked spans (commas in URLs kept, in parentheses not splitting)', t => {
	const spans: Array<[number, number]> = [];
	// HTML §4.8.4.3.10: "a,b" is one URL (step 5); "(1x, 2x)" is one descriptor (step 8, in parens).
	forEachSrcsetUrl(' a,b 1x, c (1x, 2x), d,,', (start, end) => spans.push([start, end]));
	t.deepEqual(spans, [
		[1, 4],
		[9, 10],
		[21, 22],
	]);
});
