/**
 * scanText and TextExtractor (`type: 'text'`): the TextMatch contract, delimiters and
 * spans, wrapped URLs, bases, positions, limits, chunk invariance (whole vs one unit at a
 * time vs random splits, seeded fast-check) and linear time on the known ReDoS shapes.
 */
import test from 'ava';
import fc from 'fast-check';
import type {CoreOptions} from '../../src/extract/base.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import {MAX_BRACKET_SPAN, MAX_TEXT_WINDOW, scanText, TextExtractor} from '../../src/extract/text/extractor.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

function run(chunks: readonly string[], options: CoreOptions = {type: 'text'}): Array<[Link, ReferenceEvent]> {
	const out: Array<[Link, ReferenceEvent]> = [];
	const core = new TextExtractor(options, (link, event) => out.push([link, event]));
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return out;
}

function links(input: string | readonly string[], options?: CoreOptions): Link[] {
	return run(typeof input === 'string' ? [input] : input, options).map(([link]) => link);
}

function splitAt(input: string, cuts: readonly number[]): string[] {
	const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
	const chunks: string[] = [];
	let last = 0;
	for (const point of [...points, input.length]) {
		chunks.push(input.slice(last, point));
		last = point;
	}
	return chunks;
}

test('scanText: the TextMatch contract (spans exclude delimiters; reference completes App. F)', t => {
	t.deepEqual(scanText('See <URL:http://www.w3.org/Addressing/> or www.example.com.'), [
		{
			start: 9,
			end: 38,
			value: 'http://www.w3.org/Addressing/',
			reference: 'http://www.w3.org/Addressing/',
			delimiter: '<URL:>',
		},
		{start: 43, end: 58, value: 'www.example.com', reference: 'http://www.example.com', delimiter: 'none'},
	]);
	t.deepEqual(scanText('ftp.example.org/pub'), [
		{start: 0, end: 19, value: 'ftp.example.org/pub', reference: 'ftp://ftp.example.org/pub', delimiter: 'none'},
	]);
	t.deepEqual(scanText('mail a@example.com', {fuzzy: {emails: true}}), [
		{start: 5, end: 18, value: 'a@example.com', reference: 'mailto:a@example.com', delimiter: 'none'},
	]);
	t.deepEqual(scanText('mail a@example.com'), []);
});

test('scanText: the RFC 2396 Appendix E example paragraph', t => {
	const text =
		'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n' +
		'but you can probably pick it up from <ftp://ds.internic.\n' +
		'net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n' +
		'ietf/uri/historical.html#WARNING>.';
	const matches = scanText(text);
	t.deepEqual(
		matches.map(m => [m.value, m.delimiter]),
		[
			['http://www.w3.org/Addressing/', '""'],
			['ftp://ds.internic.net/rfc/', '<>'],
			['http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING', '<>'],
		],
	);
	t.is(text.slice(matches[1]!.start, matches[1]!.end), 'ftp://ds.internic.\nnet/rfc/');
});

test('spans: raw keeps wrap whitespace and quote prefixes; value drops them', t => {
	const input = '> Read <URL: http://example.com/2024/\r\n>    05/a.html>, then';
	const [link] = links(input);
	t.is(link?.value, 'http://example.com/2024/05/a.html');
	t.is(link?.raw, 'http://example.com/2024/\r\n>    05/a.html');
	t.is(link?.raw, input.slice(link?.start, link?.end));
	t.is(link?.delimiter, '<URL:>');
});

test('Links: kind text, delimiter, and the event syntax text / container raw / reference', t => {
	const [[link, event]] = [run(['go to www.example.com/x now'], {type: 'text', retrievalUrl: 'http://r.example/'})[0]!];
	t.like(link, {
		kind: 'text',
		value: 'www.example.com/x',
		url: 'http://www.example.com/x',
		delimiter: 'none',
		base: 'http://r.example/',
		baseSource: 'retrieval',
	});
	t.like(event, {syntax: 'text', container: 'raw', against: 'base', reference: 'http://www.example.com/x'});
	t.false('reference' in link);
	t.false('syntax' in link);
});

test('base: relative references in <URL:...> use the §5.1 layers in order; absolute ones need none', t => {
	const input = 'see <URL:a/b.html> and http://x.example/';
	const none = links(input);
	t.like(none[0], {value: 'a/b.html', url: null, error: 'no-base', base: null, baseSource: null});
	t.like(none[1], {url: 'http://x.example/'});
	t.false('error' in none[1]!);
	const layered = links(input, {
		type: 'text',
		encapsulatingBase: 'http://mail.example/msg/',
		retrievalUrl: 'http://r.example/',
		defaultBase: 'http://d.example/',
	});
	t.like(layered[0], {url: 'http://mail.example/msg/a/b.html', baseSource: 'encapsulating'});
	t.like(links(input, {type: 'text', defaultBase: 'http://d.example/x/'})[0], {
		url: 'http://d.example/x/a/b.html',
		baseSource: 'default',
	});
});

test('base: an unresolvable reference is still emitted with an error', t => {
	t.like(links('<URL:http://[::1/>', {type: 'text', retrievalUrl: 'http://r.example/'})[0], {
		value: 'http://[::1/',
		url: null,
		error: 'invalid-url',
	});
	t.like(links('<URL:http://[::1/>')[0], {value: 'http://[::1/', url: null, error: 'no-base'});
});

test('positions: line and column of each start, across chunks and CR LF / CR / LF', t => {
	const input = 'a\r\nb http://one.example/\rc\n\n  <URL:http://two.example/\n   x>';
	for (const chunks of [[input], [...input]]) {
		t.deepEqual(
			links(chunks).map(l => [l.value, l.line, l.column, l.start]),
			[
				['http://one.example/', 2, 3, 5],
				['http://two.example/x', 5, 8, 35],
			],
		);
	}
});

test('limits: no ">" within MAX_BRACKET_SPAN: the "<" is plain text', t => {
	const long = `<http://example.com/${'a'.repeat(MAX_BRACKET_SPAN)}>`;
	const [match] = scanText(long);
	t.is(match?.delimiter, 'none');
	t.is(match?.end, long.length - 1); // ">" is not a URL character
	const shorter = `<http://example.com/${'a'.repeat(MAX_BRACKET_SPAN - 30)}>`;
	t.is(scanText(shorter)[0]?.delimiter, '<>');
});

test('limits: an unclosed "<" does not swallow the message', t => {
	const mail = '<http://example.com/start\n  continues\nand then a sentence with words.\n\nhttp://example.org/after';
	t.deepEqual(
		scanText(mail).map(m => [m.value, m.delimiter]),
		[
			['http://example.com/start', 'none'],
			['http://example.org/after', 'none'],
		],
	);
});

test('limits: a run without whitespace longer than MAX_TEXT_WINDOW is cut, not buffered', t => {
	const run1 = `http://example.com/${'a'.repeat(MAX_TEXT_WINDOW * 3)}`;
	const chunks: string[] = [];
	for (let i = 0; i < run1.length; i += 4096) chunks.push(run1.slice(i, i + 4096));
	chunks.push(' then http://example.org/ok');
	const found = links(chunks);
	t.is(found.length, 2);
	t.true(found[0]!.value.startsWith('http://example.com/aaa'));
	t.true(found[0]!.value.length <= MAX_TEXT_WINDOW + 4096);
	t.is(found[1]!.value, 'http://example.org/ok');
	t.is(found[1]!.start, run1.length + 6);
	// Below the window the same input in one piece gives the whole URL.
	t.is(links([`http://example.com/${'a'.repeat(1000)}`])[0]!.value.length, 1019);
});

test('options: extra opaque schemes through scanText({schemes})', t => {
	t.deepEqual(scanText('play spotify:track:6rqhFgbbKwnb9MLmUQDhG6'), []);
	t.deepEqual(
		scanText('play spotify:track:6rqhFgbbKwnb9MLmUQDhG6', {schemes: ['Spotify']}).map(m => m.value),
		['spotify:track:6rqhFgbbKwnb9MLmUQDhG6'],
	);
});

const FRAGMENTS = [
	'http://',
	'https://ex.com/',
	'www.',
	'ftp.',
	'example.com',
	'mailto:',
	'news:a.b',
	'user',
	'@',
	'<',
	'>',
	'<URL:',
	'URL: ',
	' ',
	'  ',
	'\n',
	'\r\n',
	'\r',
	'\t',
	'> ',
	'>> ',
	'| ',
	'-',
	'.',
	',',
	'!',
	'?',
	':',
	';',
	'(',
	')',
	'[',
	']',
	'"',
	"'",
	'*',
	'/',
	'#',
	'&',
	'=',
	'%41',
	'[::1]',
	':8080',
	'a',
	'b9',
	'é',
	'рф',
	'🍄',
	'“',
	'｜',
	'xn--p1ai',
	'_',
	'C:',
	'Re:',
];

const documents = fc.array(fc.constantFrom(...FRAGMENTS), {maxLength: 60}).map(parts => parts.join(''));
const fuzzyOptions: CoreOptions = {
	type: 'text',
	fuzzy: {domains: true, emails: true},
	retrievalUrl: 'http://base.example/d/',
};

test('chunk invariance: whole, one unit at a time and random splits give the same Links', t => {
	fc.assert(
		fc.property(documents, fc.array(fc.nat(), {maxLength: 8}), fc.boolean(), (input, cuts, fuzzy) => {
			const options = fuzzy ? fuzzyOptions : {type: 'text' as const};
			const whole = links([input], options);
			t.deepEqual(links([...input], options), whole);
			t.deepEqual(links(splitAt(input, cuts), options), whole);
			const scanned = scanText(input, fuzzy ? {fuzzy: {domains: true, emails: true}} : {});
			t.deepEqual(
				whole.map(l => [l.start, l.end, l.value]),
				scanned.map(m => [m.start, m.end, m.value]),
			);
		}),
		fcParams(t, 300),
	);
});

test('chunk invariance: a wrapped bracket split inside the wrap and the quote prefix', t => {
	const input = 'x <http://example.com/a/\r\n>  b/c>\n<URL:\n  www.example.org/z>';
	const whole = links([input]);
	t.is(whole.length, 2);
	for (let i = 0; i <= input.length; i++) t.deepEqual(links([input.slice(0, i), input.slice(i)]), whole);
});

test('matches: in order, not overlapping, raw is the source slice, value has no whitespace', t => {
	fc.assert(
		fc.property(documents, input => {
			let last = 0;
			for (const match of scanText(input, {fuzzy: {domains: true, emails: true}})) {
				t.true(match.start >= last && match.end > match.start);
				last = match.end;
				t.false(/\s/.test(match.value));
				if (match.delimiter === 'none' || match.delimiter === '""')
					t.is(match.value, input.slice(match.start, match.end));
			}
		}),
		fcParams(t, 300),
	);
});

/** The ReDoS shapes: each must scan in linear time (bench/text.ts measures ratios). */
const SHAPES: Record<string, (n: number) => string> = {
	'"a.com " then @': n => `${'a.com '.repeat(n)}@`,
	'thousands of (': n => `http://x.com/${'('.repeat(n)}`,
	'mailto: repeated': n => 'mailto:'.repeat(n),
	'long runs of <': n => '<'.repeat(n),
	'www. repeated': n => 'www.'.repeat(n),
	'a@ repeated': n => 'a@'.repeat(n),
	'<x\\n repeated': n => '<http://x.com/a\n'.repeat(n),
};

// No clock here (timings belong in bench/text.ts): at 2 M units a quadratic scan of any shape
// would run for hours, so a regression fails by ava's timeout, not by a timed assertion.
test('linear time: ReDoS shapes at 2 M units scan to the end', t => {
	for (const [name, make] of Object.entries(SHAPES)) {
		const input = make(2_000_000 / make(1).length);
		const links = scanText(input, {fuzzy: {domains: true, emails: true}});
		t.true(links.length <= input.length, `${name}: ${links.length} links`);
	}
});
