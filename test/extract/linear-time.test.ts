/**
 * Linear time across chunk boundaries, without timing anything: the CSS
 * scanner counts the code units it walks (each call from where it resumed), the text core
 * the units of held text it copies. For the adversarial shapes of bench/scaling.ts, fed in
 * chunks from one unit to 64 KiB, both stay within a small multiple of the input length;
 * rescanning a held token at each write would make them grow with (length / chunk) × length.
 */
import test from 'ava';
import {CssExtractor} from '../../src/extract/css/extractor.js';
import {StyleText} from '../../src/extract/html/style.js';
import {LineTracker} from '../../src/extract/position.js';
import {TextExtractor} from '../../src/extract/text/extractor.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import type {Link} from '../../src/types.js';

const N = 200_000;
const CHUNK_SIZES = [1, 7, 100, 4096, 65_536];

function chunks(input: string, size: number): string[] {
	const out: string[] = [];
	for (let i = 0; i < input.length; i += size) out.push(input.slice(i, i + size));
	return out;
}

interface CssShape {
	input: string;
	/** The values found (the same whatever the chunking). */
	values: string[];
}

const CSS_SHAPES: Record<string, CssShape> = {
	// One bad-url token to the end: §4.3.6 a "(" in an unquoted url makes it bad; §4.3.14 its remnants run to EOF.
	'run of "url("': {input: 'url('.repeat(N / 4), values: []},
	// One url token of N/2 escaped backslashes (§4.3.7 "\\" escapes "\").
	'url( + run of "\\" + )': {input: `url(${'\\'.repeat(N)})`, values: ['\\'.repeat(N / 2)]},
	'one long ident': {input: 'a'.repeat(N), values: []},
	'one long number': {input: '1'.repeat(N), values: []},
	'one long string in url()': {input: `url("${'x'.repeat(N)}")`, values: ['x'.repeat(N)]},
	// §4.3.6: whitespace after url( is skipped; the content is "x" (EOF ends the token).
	'url( + long whitespace': {input: `url(${' '.repeat(N)}x`, values: ['x']},
};

for (const [name, shape] of Object.entries(CSS_SHAPES)) {
	test(`css: ${name}: each unit walked once, whatever the chunks`, t => {
		for (const size of CHUNK_SIZES) {
			const links: Link[] = [];
			const core = new CssExtractor({type: 'css', retrievalUrl: 'https://example.com/s.css'}, link => links.push(link));
			for (const chunk of chunks(shape.input, size)) core.write(chunk);
			core.end();
			t.deepEqual(
				links.map(l => l.value),
				shape.values,
				`chunks of ${size}`,
			);
			// The margin kept unread at the end of each call is re-read by the next one: a few units per call.
			t.true(
				core.walked <= shape.input.length * 1.01 + 100,
				`chunks of ${size}: walked ${core.walked} for ${shape.input.length}`,
			);
		}
	});
}

test('html <style>: a long token streamed through StyleText is walked once', t => {
	const input = 'url('.repeat(N / 4) + 'url(\\)';
	for (const size of CHUNK_SIZES) {
		const tracker = new LineTracker();
		const events: ReferenceEvent[] = [];
		const style = new StyleText(
			offset => tracker.locate(input, 0, offset),
			event => events.push(event),
		);
		let offset = 0;
		for (const chunk of chunks(input, size)) {
			style.write(chunk, offset);
			offset += chunk.length;
		}
		style.end();
		t.deepEqual(events, [], `chunks of ${size}: a bad url is no URL`);
		t.true(style.walked <= input.length * 1.01 + 100, `chunks of ${size}: walked ${style.walked}`);
	}
});

const TEXT_SHAPES: Record<string, {input: string; links: number}> = {
	// No whitespace: held up to MAX_TEXT_WINDOW, then skipped as plain text.
	'run of "("': {input: '('.repeat(N), links: 0},
	'unclosed "<URL:" + long line': {input: `<URL:${'a'.repeat(N)}`, links: 0},
	// Each "<" waits for its ">" (tried again only once the text after it has doubled), then fails at the next "<".
	'"<http://x/" + wrap, repeated': {
		input: '<http://x.example/a-\n  '.repeat(Math.floor(N / 23)),
		links: Math.floor(N / 23),
	},
	// A bracket of 4,000 units, wrapped every 4: decided only at its ">".
	'long wrapped brackets': {input: `<${'a-\n '.repeat(1000)}>\n`.repeat(50), links: 0},
};

for (const [name, shape] of Object.entries(TEXT_SHAPES)) {
	test(`text: ${name}: held text copied a bounded number of times, whatever the chunks`, t => {
		for (const size of CHUNK_SIZES) {
			let links = 0;
			const core = new TextExtractor({type: 'text', fuzzy: {domains: true, emails: true}}, () => links++);
			for (const chunk of chunks(shape.input, size)) core.write(chunk);
			core.end();
			t.is(links, shape.links, `chunks of ${size}`);
			t.true(
				core.copied <= 3 * shape.input.length,
				`chunks of ${size}: copied ${core.copied} for ${shape.input.length}`,
			);
		}
	});
}
