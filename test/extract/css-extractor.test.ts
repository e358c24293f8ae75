/**
 * CssExtractor: the `type: 'css'` core. Links, base, positions, chunk invariance (whole vs
 * one code unit at a time vs random splits, seeded fast-check) and bounded memory.
 */
import test from 'ava';
import fc from 'fast-check';
import type {CoreOptions} from '../../src/extract/base.js';
import {CssExtractor, scanCss} from '../../src/extract/css/extractor.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

const sheet = 'https://example.com/css/site.css';

function run(
	chunks: readonly string[],
	options: CoreOptions = {type: 'css', retrievalUrl: sheet},
	maxToken?: number,
): Link[] {
	const links: Link[] = [];
	const core = new CssExtractor(options, link => links.push(link), maxToken === undefined ? {} : {maxToken});
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return links;
}

function splitAt(input: string, cuts: readonly number[]): string[] {
	const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
	const chunks: string[] = [];
	let last = 0;
	for (const point of [...points, input.length]) {
		chunks.push(input.slice(last, point)); // empty chunks too: they must be harmless
		last = point;
	}
	return chunks;
}

test('Links: resolved against the sheet URL, kind resource, element style', t => {
	const input = '@import "reset.css";\n.a { background: url(../img/a.png) }\n.b { background: image-set("b.png" 1x) }';
	const links = run([input]);
	t.deepEqual(
		links.map(l => [l.url, l.attribute, l.kind, l.element, l.baseSource, l.base]),
		[
			['https://example.com/css/reset.css', 'import', 'resource', 'style', 'retrieval', sheet],
			['https://example.com/img/a.png', 'url', 'resource', 'style', 'retrieval', sheet],
			['https://example.com/css/b.png', 'url', 'resource', 'style', 'retrieval', sheet],
		],
	);
	for (const link of links) t.is(input.slice(link.start, link.end), link.raw);
});

test('Links: line and column of the value (CR LF, CR and LF each end a line)', t => {
	const input = 'a{}\r\n b{c:url(x)}\rd{e:url("y")}\n\nf{g:url(z)}';
	t.deepEqual(
		run([input]).map(l => [l.value, l.line, l.column]),
		[
			['x', 2, 10],
			['y', 3, 10],
			['z', 5, 9],
		],
	);
});

test('Links: escapes decoded in value, raw kept; url(#id) is same-document', t => {
	const [a, b] = run(['a{b:url(caf\\e9 .png) c:url(#x)}']);
	t.is(a?.raw, 'caf\\e9 .png');
	t.is(a?.value, 'café.png');
	t.is(a?.url, 'https://example.com/css/caf%C3%A9.png');
	t.is(b?.sameDocument, true);
	t.is(b?.url, 'https://example.com/css/site.css#x');
});

test('Links: the §5.1 fallback order, and no base at all', t => {
	const both = run(['a{b:url(x)}'], {type: 'css', encapsulatingBase: 'https://mail.example/m/', retrievalUrl: sheet});
	t.is(both[0]?.url, 'https://mail.example/m/x');
	t.is(both[0]?.baseSource, 'encapsulating');
	const none = run(['a{b:url(x) c:url(https://abs.example/y)}'], {type: 'css'});
	t.deepEqual(
		none.map(l => [l.url, l.error, l.baseSource]),
		[
			[null, 'no-base', null],
			['https://abs.example/y', undefined, null],
		],
	);
});

test('Links: CSS URLs are UTF-8 even when the byte layer found a legacy encoding', t => {
	const links = run(['a{b:url(x?q=é)}'], {type: 'css', retrievalUrl: sheet, encodeQuery: () => 'x?q=%E9'});
	t.is(links[0]?.url, 'https://example.com/css/x?q=%C3%A9');
});

/** CSS made of the pieces that matter at chunk boundaries. */
const pieces = [
	'url(',
	'URL(',
	'\\75rl(',
	'url( "',
	"'",
	'"',
	')',
	'(',
	'\\',
	'\\41 ',
	'\\\n',
	'\r\n',
	'\n',
	' ',
	'/*',
	'*/',
	'*',
	'/',
	'@import ',
	'@namespace ',
	'image-set(',
	'src(',
	';',
	'{',
	'}',
	'[',
	']',
	'a',
	'b.png',
	'#',
	'-',
	'10',
	'.5e+3',
	'é',
	'😀',
	'\uD83D',
	'<!--',
	'-->',
	'\u0000',
	'x ',
	',',
	':',
];
const cssText = fc.array(fc.constantFrom(...pieces), {maxLength: 60}).map(parts => parts.join(''));

test('chunk invariance: whole = one code unit at a time = random splits (seeded)', t => {
	fc.assert(
		fc.property(cssText, fc.array(fc.nat(), {maxLength: 10}), (input, cuts) => {
			const whole = run([input]);
			t.deepEqual(run([...input]), whole);
			t.deepEqual(run(splitAt(input, cuts)), whole);
			for (const link of whole) {
				if (input.slice(link.start, link.end) !== link.raw) return false;
			}
			// The core and the one-shot scanner agree.
			t.deepEqual(
				whole.map(l => [l.start, l.end, l.value]),
				scanCss(input).map(m => [m.start, m.end, m.value]),
			);
			return true;
		}),
		fcParams(t, 400),
	);
});

test('chunk invariance with a tiny token limit (the cut path)', t => {
	fc.assert(
		fc.property(
			cssText,
			fc.array(fc.nat(), {maxLength: 10}),
			fc.integer({min: 1, max: 12}),
			(input, cuts, maxToken) => {
				const whole = run([input], undefined, maxToken);
				t.deepEqual(run([...input], undefined, maxToken), whole);
				t.deepEqual(run(splitAt(input, cuts), undefined, maxToken), whole);
				t.deepEqual(
					whole.map(l => [l.start, l.end, l.value]),
					scanCss(input, {maxToken}).map(m => [m.start, m.end, m.value]),
				);
			},
		),
		fcParams(t, 400),
	);
});

test('bounded memory: long comments, strings and urls fed one unit at a time', t => {
	const long = 'x'.repeat(20_000);
	const input = `/* ${long} */ a{b:url("${long}") c:url(${long}) d:${long}} e{f:url(ok.png)}`;
	const links: Link[] = [];
	const core = new CssExtractor({type: 'css', retrievalUrl: sheet}, link => links.push(link), {maxToken: 1000});
	let most = 0;
	for (const c of input) {
		core.write(c);
		most = Math.max(most, core.held);
	}
	core.end();
	t.deepEqual(
		links.map(l => l.value),
		['ok.png'],
	);
	t.true(most <= 2 * 1000 + 8, `held at most ${most} code units`);
});

// Rescanning the held value at each of its 133,000 chunks would take hours: a regression fails by
// ava's timeout (counted bounds: test/extract/linear-time.test.ts), never by a clock here.
test('linear time: a long value split into tiny chunks is not rescanned each time', t => {
	const long = 'y'.repeat(400_000);
	const input = `a{b:url("${long}")}`;
	const chunks: string[] = [];
	for (let i = 0; i < input.length; i += 3) chunks.push(input.slice(i, i + 3));
	const links = run(chunks);
	t.is(links[0]?.value.length, long.length);
});
