/**
 * createRewriteStream: the one-shot output for any split of the bytes (real rewrites,
 * not only identity), strings in and strings out, backpressure, bounded memory, and
 * errors as stream errors.
 */
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import test from 'ava';
import fc from 'fast-check';
import {checkRewriteOptions} from '../../src/options.js';
import {createRewriteStream, rewriteLinks} from '../../src/index.js';
import {RewritePipeline} from '../../src/stream/core/rewrite-pipeline.js';
import type {RewriteOptions} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut, fixtureInputs} from './inputs.js';
import {nodeCodecs} from '../../src/stream/node/codecs.js';

async function collect(chunks: ReadonlyArray<Buffer | string>, options: RewriteOptions): Promise<Buffer | string> {
	const out: Array<Buffer | string> = [];
	for await (const piece of Readable.from(chunks, {objectMode: false}).pipe(createRewriteStream(options)))
		out.push(piece as Buffer | string);
	return typeof chunks[0] === 'string' ? out.join('') : Buffer.concat(out as Buffer[]);
}

const MODES: Array<Pick<RewriteOptions, 'to'>> = [{to: 'absolute'}, {to: 'relative'}, {to: link => `${link.value}#x`}];

for (const name of [
	'html/attributes.html',
	'html/css.html',
	'html/srcdoc.html',
	'html/srcset.html',
	'html-unit/everything.html',
	'text/mail-sample.txt',
	'css/site.css',
	'html/legacy-windows-1252.html',
	'html/base-after-links.html',
]) {
	test(`stream: the one-shot output for any split (${name})`, async t => {
		const input = fixtureInputs().find(i => i.name === name);
		if (input === undefined) return t.fail(`no fixture ${name}`);
		for (const mode of MODES) {
			const options = {...input.options, ...mode} as RewriteOptions;
			const expected = Buffer.from(rewriteLinks(input.bytes, options));
			if (mode.to !== 'relative') t.notDeepEqual(expected, input.bytes, 'the rewrite changes something');
			t.deepEqual(await collect([input.bytes], options), expected);
			t.deepEqual(
				await collect(
					[...input.bytes].map(b => Buffer.of(b)),
					options,
				),
				expected,
				'one byte at a time',
			);
			await fc.assert(
				fc.asyncProperty(fc.array(fc.nat(), {maxLength: 12}), async cuts => {
					t.deepEqual(await collect(cut(input.bytes, cuts), options), expected);
				}),
				fcParams(t, 40),
			);
		}
	});
}

for (const name of [
	'html/late-base-body.html',
	'html/late-base-table.html',
	'html/late-base-1024.html',
	'html/srcdoc-late-base.html',
]) {
	test(`stream with baseHold 'document': the one-shot output for any split; the default 'head' differs (${name})`, async t => {
		const input = fixtureInputs().find(i => i.name === name);
		if (input === undefined) return t.fail(`no fixture ${name}`);
		for (const mode of MODES) {
			const options = {
				...input.options,
				...mode,
				documentUrl: 'https://elsewhere.example/moved/page.html',
			} as RewriteOptions;
			const expected = Buffer.from(rewriteLinks(input.bytes, options));
			const held = {...options, baseHold: 'document'} as RewriteOptions;
			t.deepEqual(await collect([input.bytes], held), expected);
			t.deepEqual(Buffer.from(rewriteLinks(input.bytes, held)), expected, "'document' is the one-shot default");
			await fc.assert(
				fc.asyncProperty(fc.array(fc.nat(), {maxLength: 12}), async cuts => {
					t.deepEqual(await collect(cut(input.bytes, cuts), held), expected);
				}),
				fcParams(t, 20),
			);
			// The late BASE governs the references before it only when they are held to the end.
			if (name.includes('srcdoc'))
				t.deepEqual(
					await collect([input.bytes], options),
					expected,
					'a srcdoc document is read whole by either policy',
				);
			else if (typeof mode.to === 'string')
				t.notDeepEqual(await collect([input.bytes], options), expected, 'the head policy releases them first');
		}
	});
}

test('stream: strings in, strings out', async t => {
	const options: RewriteOptions = {type: 'html', retrievalUrl: 'https://example.com/a/', to: 'absolute'};
	const out = await collect(['<a hr', 'ef="b.html">é</a>'], options);
	t.is(out, '<a href="https://example.com/a/b.html">é</a>');
});

/** A long page: many links, no BASE (settled at the first body content). */
function* longPage(pages: number): Generator<Buffer> {
	yield Buffer.from('<!doctype html><title>long</title><body>');
	const block = Buffer.from(
		'<p><a href="x/y.html">link</a> some text &amp; more <img src=i.png srcset="a.png 1x, b.png 2x"></p>\n'.repeat(100),
	);
	for (let i = 0; i < pages; i++) yield block;
}

test('bounded memory: the held input stays small while a long page streams through', t => {
	const pipeline = new RewritePipeline(
		checkRewriteOptions({type: 'html', retrievalUrl: 'https://example.com/', to: 'absolute'}),
		nodeCodecs,
	);
	let maxHeld = 0;
	let written = 0;
	let output = 0;
	for (const chunk of longPage(2000)) {
		for (const piece of pipeline.write(chunk)) output += piece.length;
		written += chunk.length;
		maxHeld = Math.max(maxHeld, pipeline.held);
	}
	for (const piece of pipeline.end()) output += piece.length;
	t.true(written > 10_000_000);
	t.true(output > written, 'every link got longer');
	t.true(maxHeld < 20_000, `held at most ${maxHeld} bytes`);
});

test('backpressure: a slow consumer paces the stream and gets everything', async t => {
	const options: RewriteOptions = {type: 'html', retrievalUrl: 'https://example.com/', to: 'absolute'};
	const expected = Buffer.from(rewriteLinks(Buffer.concat([...longPage(200)]), options));
	const received: Buffer[] = [];
	await pipeline(
		Readable.from(longPage(200)),
		createRewriteStream(options),
		new Writable({
			highWaterMark: 1024,
			write(chunk: Buffer, _encoding, callback) {
				received.push(chunk);
				setImmediate(callback);
			},
		}),
	);
	t.deepEqual(Buffer.concat(received), expected);
});

test('errors are stream errors with a clear message', async t => {
	t.throws(() => createRewriteStream({type: 'html', to: 'sideways'} as unknown as RewriteOptions), {
		message: /option `to`/,
	});
	const stream = createRewriteStream({type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/'});
	await t.throwsAsync(
		pipeline(
			Readable.from([Buffer.from('<a href=x>'), '<a href=y>'], {objectMode: true}),
			stream,
			new Writable({write: (_c, _e, cb) => cb()}),
		),
		{message: /either strings or bytes/},
	);
});
