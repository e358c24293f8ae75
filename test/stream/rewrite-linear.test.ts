/**
 * Unfinished and oversized tokens cost linear time in a rewrite: the
 * input is written in small pieces while the extractor holds one long token, and the units
 * the rewrite copies to hold it and read it (RewritePipeline.copied) stay within a small
 * multiple of the input, whatever the number of writes. Counted, not timed: the splicer
 * and the rewriter's text window used to copy all they held again at each write.
 */
import test from 'ava';
import {checkRewriteOptions} from '../../src/options.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {InputType} from '../../src/types.js';

/** Units per write: small, so that a copy of all held at each write would be ~1,000 times the input. */
const PIECE = 1024;
const SIZE = 1 << 20;
/** Each unit is copied into the byte store once and at most once more per doubling, and the text read once: 4 is ample. */
const MAX_COPIES_PER_UNIT = 4;

/** An unfinished or huge token: its opening, then one unit repeated (CSS and text: their own types). */
const SHAPES: ReadonlyArray<{name: string; type: InputType; prefix: string; unit: string}> = [
	{name: 'unterminated comment', type: 'html', prefix: '<p><!--', unit: 'x'},
	{name: 'script raw text', type: 'html', prefix: '<script>', unit: 'x'},
	{name: 'style raw text (one CSS token)', type: 'html', prefix: '<style>', unit: 'x'},
	{name: 'a huge tag', type: 'html', prefix: '<a ', unit: 'b '},
	{name: 'an unterminated attribute quote', type: 'html', prefix: '<a href="', unit: 'x'},
	{name: 'CDATA', type: 'xhtml', prefix: '<![CDATA[', unit: 'x'},
	{name: 'a CSS url( token', type: 'css', prefix: 'a{b:url(http://e/', unit: 'x'},
	{name: 'a CSS string', type: 'css', prefix: 'a{b:"', unit: 'x'},
	{name: 'plain text without whitespace', type: 'text', prefix: '', unit: 'x'},
];

function run(type: InputType, input: string, bytes: boolean): {output: string; copied: number} {
	const pipeline = new RewritePipeline(
		checkRewriteOptions({type, to: 'absolute', retrievalUrl: 'https://example.com/d/'}),
		nodeCodecs,
	);
	const out: Array<string | Uint8Array> = [];
	const whole = bytes ? Buffer.from(input, 'latin1') : input;
	for (let at = 0; at < whole.length; at += PIECE) out.push(...pipeline.write(whole.slice(at, at + PIECE)));
	out.push(...pipeline.end());
	const output = bytes ? Buffer.concat(out as Uint8Array[]).toString('latin1') : out.join('');
	return {output, copied: pipeline.copied};
}

for (const {name, type, prefix, unit} of SHAPES) {
	for (const bytes of [false, true]) {
		test(`${name} (${type}, ${bytes ? 'bytes' : 'text'}): 1 MiB in 1 KiB writes copies at most ${MAX_COPIES_PER_UNIT} units per unit`, t => {
			const input = prefix + unit.repeat((SIZE - prefix.length) / unit.length);
			const {output, copied} = run(type, input, bytes);
			t.true(output === input, 'identity: nothing to rewrite');
			t.true(copied <= MAX_COPIES_PER_UNIT * input.length, `copied ${copied} units for ${input.length}`);
		});
	}
}
