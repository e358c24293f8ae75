import test from 'ava';
import fc from 'fast-check';
import {Tokenizer} from 'htmlparser2';
import {
	type AttributeNames,
	FastTokenizer,
	type MarkupCallbacks,
	QuoteType,
	READS_TAGS_IN_ONE_LOOP,
	SKIPS_TAG_STATES,
	SKIPS_WITH_INDEX_OF,
} from '../../src/extract/markup/tokenizer.js';
import {htmlDocument} from '../fuzz/html-arbitrary.js';
import {fcParams} from '../helpers/seed.js';
import {splitAt} from './html-collect.js';
import {type Call, calls, fixtureChunks, spelled} from './tokenizer-calls.js';

test('the stock Tokenizer still has the loop FastTokenizer replaces', t => {
	// If this fails, htmlparser2 changed its internals: review html-tokenizer.ts.
	t.true(SKIPS_WITH_INDEX_OF);
	t.true(SKIPS_TAG_STATES);
	t.true(READS_TAGS_IN_ONE_LOOP);
	for (const state of [
		'stateInTagName',
		'stateInAttributeName',
		'stateBeforeAttributeName',
		'stateInAttributeValueNoQuotes',
	]) {
		t.not(
			(FastTokenizer.prototype as unknown as Record<string, unknown>)[state],
			(Tokenizer.prototype as unknown as Record<string, unknown>)[state],
			state,
		);
	}
	t.not(
		(FastTokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo,
		(Tokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo,
	);
});

const sample =
	'<p class="a">x &amp; y</p><!-- c --><script>if (a<b) {}</script><style>a{}</style><a href=\'q\'>t</a><![CDATA[z]]><?pi?>';

test('same callbacks as the stock Tokenizer on a sample, whole and one char at a time', t => {
	for (const xmlMode of [false, true]) {
		for (const decodeEntities of [false, true]) {
			const stock = calls(cbs => new Tokenizer({xmlMode, decodeEntities}, cbs), [sample]);
			t.true(stock.length > 10);
			t.deepEqual(
				calls(cbs => new FastTokenizer({xmlMode, decodeEntities}, cbs), [sample]),
				stock,
			);
			const chars = [...sample];
			t.deepEqual(
				calls(cbs => new FastTokenizer({xmlMode, decodeEntities}, cbs), chars),
				calls(cbs => new Tokenizer({xmlMode, decodeEntities}, cbs), chars),
			);
		}
	}
});

const piece = fc.constantFrom(
	'<',
	'>',
	'</',
	'/>',
	'<a',
	'<A ',
	' href',
	'=',
	'"',
	"'",
	'x',
	' ',
	'\n',
	'&amp;',
	'&',
	'<!--',
	'-->',
	'<!',
	'<?',
	'?>',
	'<![CDATA[',
	']]>',
	'<script>',
	'</script>',
	'<style>',
	'</style',
	'<title>',
	'</title>',
	'<textarea>',
	'<plaintext>',
	'é',
	'😀',
	// Runs the tag states skip over: names, whitespace of every kind, unquoted values.
	'\t',
	'\r',
	'\f',
	'  ',
	'div',
	'data-x',
	'/',
	' = ',
	'a=b',
	'x&y',
	'<img src=x>',
	'</p >',
	"<x-y\ty='z'>",
	'é=ü',
	// Names that switch to raw text or look like them, end tags the loop hands back, foreign content.
	'<SCRIPT>',
	'<scriptx>',
	'<scr',
	'<span',
	'<svg>',
	'</svg>',
	'<xmp>',
	'</xmp>',
	'<iframe>',
	'</ iframe>',
	'</>',
	'</1',
	'<1',
	'<a/b>',
	'<<',
	'<!doctype html>',
	'<br/ >',
	'<a b/ c>',
);

test('same callbacks as the stock Tokenizer for random inputs and splits (property)', t => {
	fc.assert(
		fc.property(
			fc.array(piece, {maxLength: 40}),
			fc.array(fc.nat(), {maxLength: 6}),
			fc.boolean(),
			fc.boolean(),
			(parts, cuts, xmlMode, decodeEntities) => {
				const chunks = split(parts.join(''), cuts);
				const stock = calls(cbs => new Tokenizer({xmlMode, decodeEntities}, cbs), chunks);
				for (const oneCall of [false, true])
					t.deepEqual(
						calls(cbs => new FastTokenizer({xmlMode, decodeEntities}, cbs), chunks, undefined, oneCall),
						stock,
						JSON.stringify(chunks),
					);
			},
		),
		fcParams(t, 3000),
	);
	t.pass();
});

/**
 * The callbacks of the stock Tokenizer and of FastTokenizer in the HTML extractor's mode, for
 * `chunks`: FastTokenizer's with the stock protocol, then with one call per attribute (calls' `oneCall`).
 */
function bothInHtmlMode(chunks: readonly string[]): [Call[], Call[], Call[]] {
	const fast = (oneCall: boolean): Call[] =>
		calls(cbs => new FastTokenizer({decodeEntities: false}, cbs), chunks, undefined, oneCall);
	return [fast(false), calls(cbs => new Tokenizer({decodeEntities: false}, cbs), chunks), fast(true)];
}

/** `input` cut at each of `cuts` (positions taken modulo its length). */
function split(input: string, cuts: readonly number[]): string[] {
	return splitAt(
		input,
		cuts.map(cut => cut % (input.length + 1)),
	);
}

test('same callbacks as the stock Tokenizer on every HTML fixture page, whole and in chunks of 1000 and 7', t => {
	for (const [label, chunks] of fixtureChunks()) {
		const [fast, stock, oneCall] = bothInHtmlMode(chunks);
		t.deepEqual(fast, stock, label);
		t.deepEqual(oneCall, stock, label);
	}
});

test("same callbacks as the stock Tokenizer on the fuzz suite's HTML documents, at random splits (property)", t => {
	fc.assert(
		fc.property(htmlDocument(), fc.array(fc.nat(), {maxLength: 6}), (html, cuts) => {
			const [fast, stock, oneCall] = bothInHtmlMode(split(html, cuts));
			t.deepEqual(fast, stock, JSON.stringify(html));
			t.deepEqual(oneCall, stock, JSON.stringify(html));
		}),
		fcParams(t, 1000),
	);
	t.pass();
});

/**
 * `calls` with the attributes `keep` rejects left out: an attribute's name, value pieces and
 * end go with its name (value pieces or an end with no reported name before them belong to
 * an attribute whose name was not reported).
 */
function keptAttributes(log: readonly Call[], input: string, keep: (name: string) => boolean, strict = false): Call[] {
	const out: Call[] = [];
	let current: boolean | null = null;
	for (const call of log) {
		const [name, start = 0, end = 0] = call;
		if (name === 'attribname') {
			current = keep(input.slice(start, end).toLowerCase());
			if (current) out.push(call);
		} else if (name === 'attribdata' || name === 'attribend') {
			// `strict`: a value piece or end with no name before it is kept (so that it shows).
			if (current === true || (strict && current === null)) out.push(call);
			if (name === 'attribend') current = null;
		} else {
			if (name === 'opentagname') current = null;
			out.push(call);
		}
	}
	return out;
}

/** The callbacks of a FastTokenizer that reports only the attributes `table` names, fed `written`. */
function namedCalls(table: AttributeNames, written: readonly string[], oneCall: boolean): Call[] {
	return calls(
		cbs => {
			const tokenizer = new FastTokenizer({decodeEntities: false}, cbs);
			tokenizer.attributeNames = table;
			return tokenizer;
		},
		written,
		undefined,
		oneCall,
	);
}

test('with attributeNames set, the same callbacks but for the attributes not named (property)', t => {
	const names = ['href', 'src', 'style'];
	const table = {
		find: (text: string, start: number, end: number) =>
			names.find(name => name === text.slice(start, end).toLowerCase()),
	};
	const attributePiece = fc.constantFrom(
		'<a',
		'<img',
		' href="h"',
		' HREF=h',
		" src='s'",
		' class="c"',
		' id=i',
		' style',
		' data-x="y"',
		'>',
		'/>',
		'text',
		' ',
		'=',
		'"',
		'</a>',
		'<script>',
		'</script>',
	);
	fc.assert(
		fc.property(
			fc.oneof(
				htmlDocument(),
				fc.array(attributePiece, {maxLength: 30}).map(parts => parts.join('')),
			),
			fc.array(fc.nat(), {maxLength: 6}),
			fc.boolean(),
			(html, cuts, oneCall) => {
				const named = (written: readonly string[]): Call[] => namedCalls(table, written, oneCall);
				const chunks = split(html, cuts);
				const stock = calls(cbs => new Tokenizer({decodeEntities: false}, cbs), chunks);
				const keep = (name: string): boolean => names.includes(name);
				t.deepEqual(
					keptAttributes(named(chunks), html, keep),
					keptAttributes(stock, html, keep),
					JSON.stringify(chunks),
				);
				// Written whole, with every attribute closed, no value piece or end of an attribute whose name was not reported.
				const wholeStock = calls(cbs => new Tokenizer({decodeEntities: false}, cbs), [html]);
				const count = (log: readonly Call[], name: string): number => log.filter(call => call[0] === name).length;
				if (count(wholeStock, 'attribname') === count(wholeStock, 'attribend'))
					t.deepEqual(
						keptAttributes(named([html]), html, keep, true),
						keptAttributes(wholeStock, html, keep),
						JSON.stringify(html),
					);
			},
		),
		fcParams(t, 2000),
	);
	t.pass();
});

/**
 * Whether an `svg` or `math` element is open, from the callbacks so far (start tags of those
 * names less end tags): a host's foreign content, near enough to ask both tokenizers the same.
 */
function foreignIn(input: string): (log: readonly Call[]) => boolean {
	return log => {
		let depth = 0;
		for (const [name, start = 0, end = 0] of log) {
			if (name !== 'opentagname' && name !== 'closetag') continue;
			const tag = input.slice(start, end).toLowerCase();
			if (tag === 'svg' || tag === 'math') depth += name === 'opentagname' ? 1 : -1;
		}
		return depth > 0;
	};
}

/** Raw-text start tags with attributes, their end tags and near misses, foreign content, and comments. */
const rawTextPiece = fc.constantFrom(
	'<script>',
	'<SCRIPT type="a>b">',
	"<script src='s.js' async>",
	'<script/>',
	'<script\n>',
	'<Style media=x>',
	'<style>',
	'<title id=t>',
	'<textarea name=n>',
	'<xmp>',
	'<iframe src=f>',
	'<noembed>',
	'<noframes>',
	'<noscript>',
	'<plaintext>',
	'</script>',
	'</SCRIPT>',
	'</ScRiPt >',
	'</script/',
	'</scriptx>',
	'</scr',
	'ipt>',
	'</',
	'<',
	'<</script>',
	'\x1c/script>',
	'<\x0fscript>',
	'</ script>',
	'</style>',
	'</stYle\t',
	'</title>',
	'</textarea>',
	'</xmp>',
	'</iframe>',
	'</noembed>',
	'</noframes>',
	'<svg>',
	'</svg>',
	'<math>',
	'</math>',
	'<a href=x>',
	'x',
	' ',
	'>',
	'/',
	'"',
	'if (a<b) {}',
	'<!-- c -->',
	'&amp;',
	// Comments, their odd ends and near misses.
	'<!--',
	'-->',
	'--!>',
	'<!-->',
	'<!--->',
	'<!---->',
	'<!-',
	'<!',
	'-',
	'--',
	'!',
	'--!',
	'<!doctype x>',
	'<![CDATA[',
);

test('raw text: same callbacks as the stock Tokenizer, with attributes, end tag variants, foreign content and random splits (property)', t => {
	fc.assert(
		fc.property(
			fc.array(rawTextPiece, {maxLength: 30}),
			fc.array(fc.nat(), {maxLength: 6}),
			fc.boolean(),
			(parts, cuts, decodeEntities) => {
				const input = parts.join('');
				const foreign = foreignIn(input);
				for (const chunks of [[input], split(input, cuts)]) {
					const stock = calls(cbs => new Tokenizer({decodeEntities}, cbs), chunks, foreign);
					for (const oneCall of [false, true])
						t.deepEqual(
							calls(cbs => new FastTokenizer({decodeEntities}, cbs), chunks, foreign, oneCall),
							stock,
							JSON.stringify(chunks),
						);
				}
			},
		),
		fcParams(t, 3000),
	);
	t.pass();
});

/** Raw text whose end tag hides in near misses (htmlparser2's rule: `</`, the name in any case, then whitespace, `/` or `>`). */
const RAW_TEXT_DOCUMENTS = [
	'<script type="x">a</scr</script><p>',
	'<style>a{}</STYLE\n><title>t<\x1c/title>x</title>',
	'<textarea><\x0ftextarea ></textarea>b',
	'<svg><style>x</style><script>y</script></svg><script>z</script>',
	'<script><</script >a<script></scriptx></script/>',
	'<xmp></xmpx></xmp/><noframes></noembed></noframes>',
	'<iframe src=a></iframe\t><noembed>\x1c\x1c/noembed></noembed>',
	'<script>x</sc',
	'<!---->a<!-- x --!>b<!-->c<!--->d<!-- -- - --->e<!--x--!-->f<!--- -!>-->g',
	'<!--a--!x-- >--!->-->h<!--<script>--></script><!--',
];

test('raw text: same callbacks as the stock Tokenizer at every split point and one character at a time', t => {
	for (const input of RAW_TEXT_DOCUMENTS) {
		const foreign = foreignIn(input);
		const splits = [
			[...input],
			...Array.from({length: input.length + 1}, (_, k) => [input.slice(0, k), input.slice(k)]),
		];
		for (const chunks of splits) {
			const stock = calls(cbs => new Tokenizer({decodeEntities: false}, cbs), chunks, foreign);
			for (const oneCall of [false, true])
				t.deepEqual(
					calls(cbs => new FastTokenizer({decodeEntities: false}, cbs), chunks, foreign, oneCall),
					stock,
					JSON.stringify(chunks),
				);
		}
	}
});

test('a raw-text start tag is read in the loop: its attributes too are reported only if named', t => {
	const input = '<script type=module src="s.js" async>x</script>';
	const log = calls(
		cbs => {
			const tokenizer = new FastTokenizer({decodeEntities: false}, cbs);
			tokenizer.attributeNames = {find: (text, start, end) => (text.slice(start, end) === 'src' ? 'src' : undefined)};
			return tokenizer;
		},
		[input],
	);
	t.deepEqual(spelled(log, input), [
		'opentagname script',
		'attribname src',
		'attribdata s.js',
		'attribend',
		'opentagend',
		'text x',
		'closetag script',
		'end',
	]);
});

test('with onattribute, one call per attribute read whole, under the name attributeNames found; a value a write cuts off from its name is reported by the stock calls', t => {
	const input = '<a HREF="h" data-x=1 src=s.png alt hidden>';
	const log: unknown[][] = [];
	const record =
		(name: string) =>
		(...args: unknown[]): void =>
			void log.push([name, ...args]);
	const make = (): FastTokenizer => {
		const tokenizer = new FastTokenizer({decodeEntities: false}, {
			...Object.fromEntries(
				['attribdata', 'attribend', 'attribname', 'opentagend', 'opentagname'].map(name => [`on${name}`, record(name)]),
			),
			onattribute: record('attribute'),
		} as unknown as MarkupCallbacks);
		tokenizer.attributeNames = {
			find: (text, start, end) => ['href', 'src', 'hidden'].find(name => name === text.slice(start, end).toLowerCase()),
		};
		return tokenizer;
	};
	let tokenizer = make();
	tokenizer.write(input);
	// Offsets hand-counted (end exclusive): `a` 1-2, `HREF` 3-7, `h` 9-10, `src` 21-24, `s.png` 25-30, `hidden` 35-41, `>` at 41.
	t.deepEqual(log, [
		['opentagname', 1, 2],
		['attribute', 'href', 3, 7, 9, 10, QuoteType.Double],
		['attribute', 'src', 21, 24, 25, 30, QuoteType.Unquoted],
		['attribute', 'hidden', 35, 41, 41, 41, QuoteType.NoValue],
		['opentagend', 41],
	]);
	log.length = 0;
	tokenizer = make();
	tokenizer.write('<a href="h');
	tokenizer.write('i">');
	t.deepEqual(log, [
		['opentagname', 1, 2],
		['attribname', 3, 7],
		['attribdata', 9, 10],
		['attribdata', 10, 11],
		['attribend', QuoteType.Double, 12],
		['opentagend', 12],
	]);
});

/**
 * Start tags whose attributes the loop reads in one run, and each way out of it: values
 * quoted both ways, unquoted, empty, with `>` inside; a bare name before `>`, `/` or
 * whitespace; `=` before whitespace or `>`; a name starting with `=`; no whitespace
 * between attributes; whitespace of every kind.
 */
const ATTRIBUTE_RUNS = [
	'<a b="x"c=\'y\' d=e f g/ h = "i" j=>k',
	'<img src="a>b" alt=\'\' hidden>t<br/>',
	'<p x= "y" =z\tw\n=\f"v"\r/>u',
	'<div class=c id="i"/><input value=a/b disabled/>',
	'<a href=x>y</a><a HREF="h" data-x=1 src=s.png alt hidden>',
	"<x-y\ty='z' a=\"'\" b='\"'>",
];

test('attributes read in one run: same callbacks as the stock Tokenizer at every split point, with and without attributeNames', t => {
	const named = ['href', 'src', 'hidden', 'x', 'j'];
	const table = {
		find: (text: string, start: number, end: number) =>
			named.find(name => name === text.slice(start, end).toLowerCase()),
	};
	for (const input of ATTRIBUTE_RUNS) {
		const splits = [
			[...input],
			...Array.from({length: input.length + 1}, (_, k) => [input.slice(0, k), input.slice(k)]),
		];
		for (const chunks of splits) {
			const stock = calls(cbs => new Tokenizer({decodeEntities: false}, cbs), chunks);
			for (const oneCall of [false, true]) {
				t.deepEqual(
					calls(cbs => new FastTokenizer({decodeEntities: false}, cbs), chunks, undefined, oneCall),
					stock,
					JSON.stringify(chunks),
				);
				const keep = (name: string): boolean => named.includes(name);
				t.deepEqual(
					keptAttributes(namedCalls(table, chunks, oneCall), input, keep),
					keptAttributes(stock, input, keep),
					JSON.stringify(chunks),
				);
			}
		}
	}
});
