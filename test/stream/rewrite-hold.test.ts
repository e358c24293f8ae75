/**
 * What a rewrite holds back (RewritePipeline.held): the input from the extractor's
 * watermark on, never the document. Bounds checked over a few MB written in 64 KiB
 * pieces, for each input type, and for iso-2022-jp (no offset map: written out as it comes).
 */
import test from 'ava';
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import type {InputType} from '../../src/types.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

const PIECE = 1 << 16;

const PAGES: Record<'html' | 'css' | 'text', (i: number) => string> = {
	html: i =>
		`<p><a href="a/${i}.html">link ${i}</a> <img src="i/${i}.png" srcset="i/${i}@2x.png 2x"> words words words</p>\n`,
	css: i => `.c${i} { background: url(i/${i}.png) } @import "s${i}.css";\n`,
	text: i => `See <http://example.com/${i}> and http://example.com/x/${i} here.\n`,
};

function document(type: 'html' | 'css' | 'text', size: number): Buffer {
	let text = type === 'html' ? '<!DOCTYPE html><html><head><title>t</title></head><body>\n' : '';
	for (let i = 0; text.length < size; i++) text += PAGES[type](i);
	return Buffer.from(text);
}

/** Writes `input` in pieces; returns the output and the most units held after any write. */
function rewrite(
	input: Buffer,
	type: InputType,
	extra: object = {},
): {output: Buffer; maxHeld: number; outBeforeEnd: number} {
	const pipeline = new RewritePipeline(
		checkRewriteOptions({type, to: 'absolute', retrievalUrl: 'https://example.com/d/', ...extra}),
		nodeCodecs,
	);
	const pieces: Uint8Array[] = [];
	let maxHeld = 0;
	for (let at = 0; at < input.length; at += PIECE) {
		pieces.push(...(pipeline.write(input.subarray(at, at + PIECE)) as Uint8Array[]));
		maxHeld = Math.max(maxHeld, pipeline.held);
	}
	const outBeforeEnd = pieces.reduce((n, piece) => n + piece.length, 0);
	pieces.push(...(pipeline.end() as Uint8Array[]));
	return {output: Buffer.concat(pieces), maxHeld, outBeforeEnd};
}

for (const type of ['html', 'css', 'text'] as const) {
	test(`${type}: 4 MB rewritten with at most two pieces held at any time`, t => {
		const input = document(type, 4 << 20);
		const {output, maxHeld, outBeforeEnd} = rewrite(input, type);
		// Text URLs are absolute already: the output is the input.
		if (type === 'text') t.true(output.equals(input));
		else t.true(output.includes('https://example.com/d/i/7.png'), 'references were rewritten');
		t.true(maxHeld <= 2 * PIECE, `held ${maxHeld}`);
		t.true(outBeforeEnd >= output.length - 2 * PIECE, 'output flowed as input did');
	});
}

test('iso-2022-jp without references to change: the bytes flow out unchanged, nothing is held', t => {
	// ESC $ B (JIS X 0208) "亜" ESC ( B (ASCII), then plain text: no reference anywhere.
	const line = Buffer.concat([
		Buffer.from([0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42]),
		Buffer.from(' plain words, no links at all\n'),
	]);
	const input = Buffer.concat(Array.from({length: 60_000}, () => line));
	const {output, maxHeld, outBeforeEnd} = rewrite(input, 'text', {encoding: 'iso-2022-jp'});
	t.true(output.equals(input));
	t.true(maxHeld <= PIECE, `held ${maxHeld}`);
	t.true(outBeforeEnd >= input.length - PIECE);
});

test('iso-2022-jp: a reference that would change is still an error', t => {
	const input = Buffer.from('<p>x</p>'.repeat(20_000) + '<a href="b.html">b</a>');
	t.throws(() => rewrite(input, 'html', {encoding: 'iso-2022-jp'}), {
		message: /cannot rewrite references in iso-2022-jp input/,
	});
});
