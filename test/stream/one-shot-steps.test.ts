/**
 * The one-shot calls feed their pipeline in steps of at most ONE_SHOT_STEP units and join the output as
 * it comes (src/stream/core/one-shot.ts): a link-dense document gives a few pieces, not two
 * per link (an 8.8 MB page of 420,000 links rewritten whole peaked at 407 MB RSS), and the
 * result is the one of the pipeline fed the whole input at once.
 */
import test from 'ava';
import {checkedRewriteOptions, extractAll, ONE_SHOT_STEP, rewriteAll} from '../../src/stream/core/one-shot.js';
import {ExtractPipeline} from '../../src/stream/core/pipeline.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {Link} from '../../src/types.js';

const STEP = ONE_SHOT_STEP;
// 60,000 anchors (780,000 units), a multi-byte character on every step boundary somewhere.
const DENSE = `${'<a href="p">é'.repeat(60_000)}<a href="last">`;
const OPTIONS = {type: 'html', retrievalUrl: 'https://example.com/d/', baseHold: 'document'} as const;

function wholeRewrite(input: string | Uint8Array): Array<string | Uint8Array> {
	const pipeline = new RewritePipeline(checkedRewriteOptions({...OPTIONS, to: 'absolute'}), nodeCodecs);
	return [...pipeline.write(input), ...pipeline.end()];
}

for (const [name, input] of [
	['text', DENSE],
	['bytes', new TextEncoder().encode(DENSE)],
] as const) {
	test(`rewriteAll (${name}): a piece per step at most, the same output as the pipeline fed whole`, t => {
		const {pieces, rewritten} = rewriteAll(input, {...OPTIONS, to: 'absolute'}, nodeCodecs);
		t.is(rewritten, 60_001);
		t.true(pieces.length <= Math.ceil(input.length / STEP) + 1, `${pieces.length} pieces for ${input.length} units`);
		const join = (parts: Array<string | Uint8Array>): string =>
			parts.map(part => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8'))).join('');
		t.is(join(pieces), join(wholeRewrite(input)));
	});

	test(`extractAll (${name}): the Links of the pipeline fed whole`, t => {
		const whole: Link[] = [];
		const pipeline = new ExtractPipeline(OPTIONS, nodeCodecs, link => whole.push(link));
		pipeline.write(input);
		pipeline.end();
		t.deepEqual(extractAll(input, OPTIONS, nodeCodecs), whole);
	});
}
