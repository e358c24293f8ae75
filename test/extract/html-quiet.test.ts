/**
 * The quiet loop (FastTokenizer.quiet) against htmlparser2's stock Tokenizer, the oracle: with
 * the HTML extractor's own name tables, the tags, attributes and raw-text boundaries a quiet
 * host reads are the same, and the extractor's Links are the same as when the stock
 * Tokenizer drives it, on the fixtures and the fuzz suite's documents, whole and at random splits.
 */
import test from 'ava';
import fc from 'fast-check';
import {Tokenizer, type TokenizerCallbacks} from 'htmlparser2';
import type {CoreOptions} from '../../src/extract/base.js';
import type {LinkSink} from '../../src/extract/core.js';
import {interestingAttributes, NameTable} from '../../src/extract/html/attributes.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import {SPECIAL_END_TAGS, SPECIAL_START_TAGS} from '../../src/extract/html/tree.js';
import {FastTokenizer} from '../../src/extract/markup/tokenizer.js';
import type {Link} from '../../src/types.js';
import {htmlDocument} from '../fuzz/html-arbitrary.js';
import {fcParams} from '../helpers/seed.js';
import {PAGE_URL, splitAt} from './html-collect.js';
import {type Call, calls, fixtureChunks, spelled} from './tokenizer-calls.js';

const ATTRIBUTES = new NameTable(interestingAttributes());
const START = new NameTable(SPECIAL_START_TAGS);
const END = new NameTable(SPECIAL_END_TAGS);

/** Tags a quiet host skips (no special name, no attribute it reads) beside those it reads, and the HTML that hides markup. */
const quietPiece = fc.constantFrom(
	'<div class=x>',
	'</div>',
	'<span title="a>b">',
	"<p data-x='<a href=q>'>",
	'<b>',
	'</b>',
	'<br/>',
	'<br / >',
	'<hr noshade>',
	'<p id=frag>',
	'<a name=n>',
	'<div style="background:url(s.png)">',
	'<x-y data-src=z href=h>',
	'<DIV HREF="u" CLASS=c>',
	'<section\nclass="c"\n>',
	'<img src=i.png>',
	'<a href="h.html">t</a>',
	'<template><img src=t.png></template>',
	'<svg><image href=s.svg /></svg>',
	'<math><mi><a href=m>x</a></mi></math>',
	'<script>"<a href=no>"</script>',
	'<style>a{background:url(c.png)}</style>',
	'<title><a href=no></title>',
	'<textarea><img src=no></textarea>',
	'<!-- <a href=no> -->',
	'<!---->',
	'<!-->',
	'<!-- x --!>',
	'<!--',
	'-->',
	'<!x>',
	'<script src=s.js>',
	'</script>',
	'<title id=t>',
	'</SCRIPT >',
	'<base href="/b/">',
	'<meta http-equiv=refresh content="0;url=r">',
	'<form>',
	'</form>',
	'</head>',
	'<body>',
	'text http://t.example/x ',
	'<',
	'>',
	'"',
	'=',
	'/',
	' ',
);

/** A document of fuzz-suite pieces and pieces a quiet host skips. */
const document = fc.oneof(
	htmlDocument(),
	fc.array(fc.oneof(quietPiece, htmlDocument(3)), {maxLength: 40}).map(parts => parts.join('')),
);

/**
 * What a quiet host reads of a callback log: no text; a start tag only if its name is
 * special or it has an attribute the table names (then with those attributes only); an end
 * tag only if special. Comments, declarations and CDATA (which end raw text or hide markup) stay.
 */
function readByQuietHost(log: readonly Call[], input: string): Call[] {
	const out: Call[] = [];
	let tag: Call[] | null = null;
	let special = false;
	let kept = false;
	let attribute: boolean | null = null;
	const named = (table: NameTable, start: number, end: number): boolean => table.find(input, start, end) !== undefined;
	for (const call of log) {
		const [name, start = 0, end = 0] = call;
		if (name === 'opentagname') {
			tag = [call];
			special = named(START, start, end);
			kept = false;
			attribute = null;
		} else if (name === 'attribname') {
			attribute = named(ATTRIBUTES, start, end);
			if (attribute) {
				kept = true;
				tag?.push(call);
			}
		} else if (name === 'attribdata' || name === 'attribend') {
			if (attribute === true) tag?.push(call);
			if (name === 'attribend') attribute = null;
		} else if (name === 'opentagend' || name === 'selfclosingtag') {
			if (tag !== null && (special || kept)) out.push(...tag, call);
			tag = null;
		} else if (name === 'closetag') {
			if (named(END, start, end)) out.push(call);
		} else if (name !== 'text') out.push(call);
	}
	return out;
}

function quietTokenizer(callbacks: TokenizerCallbacks): FastTokenizer {
	const tokenizer = new FastTokenizer({decodeEntities: false}, callbacks);
	tokenizer.attributeNames = ATTRIBUTES;
	tokenizer.startTagNames = START;
	tokenizer.endTagNames = END;
	tokenizer.quiet = true;
	return tokenizer;
}

test('quiet, the tokenizer makes no callback for text nor for a tag the host does not read', t => {
	const input = '<div class=x>a<span title="a>b">b</span><br/><img src=i alt=a>c</div><a href=h>d</a><p id=f>';
	const log = calls(quietTokenizer, [input]);
	t.deepEqual(spelled(log, input), [
		'opentagname img',
		'attribname src',
		'attribdata i',
		'attribend',
		'opentagend',
		'opentagname a',
		'attribname href',
		'attribdata h',
		'attribend',
		'opentagend',
		'closetag a',
		'end',
	]);
});

test('quiet, the tokenizer reads the same tags and attributes as the stock Tokenizer, whole and at random splits (property)', t => {
	fc.assert(
		fc.property(document, fc.array(fc.nat(), {maxLength: 6}), (html, cuts) => {
			for (const chunks of [[html], split(html, cuts)]) {
				const stock = readByQuietHost(
					calls(callbacks => new Tokenizer({decodeEntities: false}, callbacks), chunks),
					html,
				);
				for (const oneCall of [false, true])
					t.deepEqual(
						readByQuietHost(calls(quietTokenizer, chunks, undefined, oneCall), html),
						stock,
						JSON.stringify(chunks),
					);
			}
		}),
		fcParams(t, 2000),
	);
	t.pass();
});

/**
 * Tags one after another and end tags of every shape (`#end-tag-open-state`,
 * `#tag-name-state`): `</a>` read whole, and those with whitespace, `/` or attributes before
 * the `>`, a name the host reads or not in either case, `</` then no letter (a bogus comment),
 * `</>` (nothing); short texts between them (`#data-state`).
 */
const tagRunPiece = fc.constantFrom(
	'</a>',
	'</A>',
	'</a >',
	'</a\n>',
	'</a/>',
	'</a x="y>z">',
	'</span>',
	'</SPAN\t>',
	'</head>',
	'</form/ >',
	'</mi>',
	'</ a>',
	'</>',
	'</',
	'</1>',
	'<a href=h>',
	'<span class="kw">',
	'<p>',
	'<a',
	'<',
	'>',
	'x',
	'\n',
	' ',
	'<!-- c -->',
	'<script>x</script>',
);

test('end tags and tags one after another: the same as the stock Tokenizer, quiet or not, at random splits (property)', t => {
	fc.assert(
		fc.property(
			fc.array(tagRunPiece, {maxLength: 30}).map(parts => parts.join('')),
			fc.array(fc.nat(), {maxLength: 6}),
			(html, cuts) => {
				for (const chunks of [[html], split(html, cuts)]) {
					const stockLog = calls(callbacks => new Tokenizer({decodeEntities: false}, callbacks), chunks);
					const label = JSON.stringify(chunks);
					for (const oneCall of [false, true])
						t.deepEqual(
							readByQuietHost(calls(quietTokenizer, chunks, undefined, oneCall), html),
							readByQuietHost(stockLog, html),
							label,
						);
					const loud = (callbacks: TokenizerCallbacks): FastTokenizer =>
						new FastTokenizer({decodeEntities: false}, callbacks);
					t.deepEqual(calls(loud, chunks), stockLog, label);
				}
			},
		),
		fcParams(t, 3000),
	);
	t.pass();
});

/** `input` cut at each of `cuts` (positions taken modulo its length). */
function split(input: string, cuts: readonly number[]): string[] {
	return splitAt(
		input,
		cuts.map(cut => cut % (input.length + 1)),
	);
}

/** The HTML extractor driven by htmlparser2's stock Tokenizer (never quiet): the oracle. */
class StockDriven extends HtmlExtractor {
	constructor(options: CoreOptions, sink: LinkSink) {
		super(options, sink);
		const fast = this.tokenizer as unknown as {cbs: TokenizerCallbacks};
		const stock = Object.assign(new Tokenizer({decodeEntities: false}, fast.cbs), {quiet: false, quietEnd: 0});
		(this as unknown as {tokenizer: unknown}).tokenizer = stock;
	}
}

const OPTIONS: ReadonlyArray<Partial<CoreOptions>> = [
	{},
	{baseHold: 'document'},
	{anchorText: true},
	{textLinks: true},
	{onFragmentTarget: () => undefined},
];

function extract(make: typeof HtmlExtractor, options: Partial<CoreOptions>, chunks: readonly string[]): Link[] {
	const links: Link[] = [];
	const core = new make({type: 'html', retrievalUrl: PAGE_URL, ...options} as CoreOptions, link => links.push(link));
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return links;
}

test('the stock-driven oracle is really driven by the stock Tokenizer', t => {
	const core = new StockDriven({type: 'html', retrievalUrl: PAGE_URL} as CoreOptions, () => undefined);
	t.false((core as unknown as {tokenizer: unknown}).tokenizer instanceof FastTokenizer);
	t.true((core as unknown as {tokenizer: unknown}).tokenizer instanceof Tokenizer);
});

test('the same Links as the stock Tokenizer gives, on every HTML fixture page, whole and in chunks of 1000 and 7', t => {
	for (const [label, chunks] of fixtureChunks())
		for (const options of OPTIONS)
			t.deepEqual(
				extract(HtmlExtractor, options, chunks),
				extract(StockDriven, options, chunks),
				`${label} ${JSON.stringify(options)}`,
			);
});

test("the same Links as the stock Tokenizer gives, on the fuzz suite's documents at random splits (property)", t => {
	fc.assert(
		fc.property(document, fc.array(fc.nat(), {maxLength: 6}), fc.constantFrom(...OPTIONS), (html, cuts, options) => {
			const chunks = split(html, cuts);
			t.deepEqual(
				extract(HtmlExtractor, options, chunks),
				extract(StockDriven, options, chunks),
				JSON.stringify({chunks, options}),
			);
		}),
		fcParams(t, 1500),
	);
	t.pass();
});

test('the source of tags and text skipped while quiet is let go (memory bounded with no callback)', t => {
	const core = new HtmlExtractor(
		{type: 'html', retrievalUrl: PAGE_URL, baseHold: 'document'} as CoreOptions,
		() => undefined,
	);
	let most = 0;
	for (let i = 0; i < 200; i++) {
		core.write('<i><b class="c">'.repeat(500));
		most = Math.max(most, core.heldLength);
	}
	core.end();
	// 200 writes of 8,000 characters: what is held stays within a write or two.
	t.true(most <= 16_000, `held ${most}`);
});

test('quiet, a raw-text element the host does not name is read without any callback', t => {
	const input = '<script>"<a href=no>"</script><title>t</title><img src=i>';
	const log = calls(
		callbacks => {
			const tokenizer = quietTokenizer(callbacks);
			tokenizer.startTagNames = new NameTable(['img']);
			tokenizer.endTagNames = new NameTable(['img']);
			return tokenizer;
		},
		[input],
	);
	t.deepEqual(
		log.map(call => call[0]),
		['opentagname', 'attribname', 'attribdata', 'attribend', 'opentagend', 'end'],
	);
});

test('the source of a long script read in the loop is let go as it is read (memory bounded)', t => {
	for (const options of OPTIONS) {
		const core = new HtmlExtractor({type: 'html', retrievalUrl: PAGE_URL, ...options} as CoreOptions, () => undefined);
		core.write('<p><script src=s.js>');
		let most = 0;
		for (let i = 0; i < 200; i++) {
			core.write('if (a<b) c("</scr" + "ipt>");'.repeat(300));
			most = Math.max(most, core.heldLength);
		}
		core.write('</script>');
		core.end();
		// 200 writes of 8,700 characters: what is held stays within a write or two.
		t.true(most <= 18_000, `held ${most} ${JSON.stringify(options)}`);
	}
});
