/**
 * What a late BASE releases goes out a step at a time (CoreOptions.releaseStep): the
 * pipeline hands on a step, then waits for `releaseNext()` (its drivers wait on their
 * consumer in between). The streams' side: release-backpressure.test.ts.
 */
import test from 'ava';
import {ExtractPipeline, RELEASE_STEP} from '../../src/stream/core/pipeline.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';
import type {Link} from '../../src/types.js';

const FOLDER = `https://h.example/${'f'.repeat(1000)}/`;
const page = (links: number): string => '<a href="x">'.repeat(links) + `<base href="${FOLDER}">`;

test("the pipeline releases a late BASE's references a step at a time, each step on demand", t => {
	const links: Link[] = [];
	const pipeline = new ExtractPipeline(
		{type: 'html', baseHold: 'document', releaseStep: RELEASE_STEP},
		nodeCodecs,
		link => links.push(link),
	);
	pipeline.write(page(5000));
	t.true(pipeline.pending);
	t.is(links.length, RELEASE_STEP);
	let steps = 0;
	while (pipeline.pending) {
		const before = links.length;
		pipeline.releaseNext();
		t.true(links.length - before <= RELEASE_STEP);
		steps++;
	}
	pipeline.end();
	t.false(pipeline.pending);
	t.is(steps, Math.ceil(5001 / RELEASE_STEP) - 1);
	t.is(links.length, 5001);
	t.true(links.slice(0, 5000).every(link => link.url === `${FOLDER}x`));
});

test("past the hold's bound, a link-dense chunk's references queue behind the step without being walked again per event", t => {
	// 100,000 references in one write: the hold settles at 32,768, and the rest queue behind
	// the step; walking the queue at each event (as the bound's check did) took minutes here.
	let count = 0;
	let last = '';
	const pipeline = new ExtractPipeline(
		{type: 'html', baseHold: 'document', retrievalUrl: 'https://h.example/', releaseStep: RELEASE_STEP},
		nodeCodecs,
		link => {
			count++;
			last = link.value;
		},
	);
	pipeline.write(Array.from({length: 100_000}, (_, i) => `<a href="${i}">`).join(''));
	while (pipeline.pending) pipeline.releaseNext();
	pipeline.end();
	while (pipeline.pending) pipeline.releaseNext();
	t.is(count, 100_000);
	t.is(last, '99999');
});
