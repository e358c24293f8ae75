import test from 'ava';
import fc from 'fast-check';
import {PlainBase, plainAbsolute, PlainResolver} from '../../src/extract/plain-base.js';
import {fcParams} from '../helpers/seed.js';
import {URL_PUNCTUATION} from '../helpers/url-pieces.js';

/** The reference: Node's WHATWG URL parser (the `whatwg` dialect delegates to it). */
function href(ref: string, base?: string): string | null {
	try {
		return new URL(ref, base).href;
	} catch {
		return null;
	}
}

const BASE = 'https://h.example/a/b.html?q=1#f';

// Expected values worked out by hand from the URL Standard's relative-state steps.
const resolved: ReadonlyArray<[ref: string, url: string]> = [
	['', 'https://h.example/a/b.html?q=1'],
	['#', 'https://h.example/a/b.html?q=1#'],
	['#top', 'https://h.example/a/b.html?q=1#top'],
	['?', 'https://h.example/a/b.html?'],
	['?x=2', 'https://h.example/a/b.html?x=2'],
	['c.html', 'https://h.example/a/c.html'],
	['c/d?e#f', 'https://h.example/a/c/d?e#f'],
	['.c', 'https://h.example/a/.c'],
	['/x/y', 'https://h.example/x/y'],
	['//cdn.example', 'https://cdn.example/'],
	['//cdn.example/s.js', 'https://cdn.example/s.js'],
	['//cdn.example:8443?v', 'https://cdn.example:8443/?v'],
	['http://o.example', 'http://o.example/'],
	['http://o.example?q', 'http://o.example/?q'],
	['http://o.example/p#h', 'http://o.example/p#h'],
	['javascript:void(0)', 'javascript:void(0)'],
	// The query and fragment are copied as written: a dot segment there needs no parse.
	['c?x/../y', 'https://h.example/a/c?x/../y'],
	['#x/./y', 'https://h.example/a/b.html?q=1#x/./y'],
	['https://o.example/p/q?r#s', 'https://o.example/p/q?r#s'],
	['mailto:a@b.example', 'mailto:a@b.example'],
	// The first letters of special schemes, in references with other schemes or none.
	['ftp://f.example/p', 'ftp://f.example/p'],
	['wss://s.example/', 'wss://s.example/'],
	['www.x/y', 'https://h.example/a/www.x/y'],
	['http.html', 'https://h.example/a/http.html'],
	['h:x', 'h:x'],
	// Dot segments first (links between generated documentation pages): "path state", "shorten a URL's path".
	['./c', 'https://h.example/a/c'],
	['../c', 'https://h.example/c'],
	['../../../c#x', 'https://h.example/c#x'],
	['.', 'https://h.example/a/'],
	['..', 'https://h.example/'],
	['./', 'https://h.example/a/'],
	['..?x', 'https://h.example/?x'],
	['.#x', 'https://h.example/a/#x'],
	['.//c', 'https://h.example/a//c'],
	['./../c/d.html#e', 'https://h.example/c/d.html#e'],
];

// Each of these needs the parser (null from the fast path), whatever the parser then says.
const parsed: readonly string[] = [
	'../c/../d',
	'./c/./d',
	'.%2e/c',
	'%2e./c',
	'...',
	'..c/../d',
	'..\\c',
	'.\\c',
	'c/./d',
	'c/../d',
	'/x/%2e/y',
	'a b',
	' c',
	'c\t',
	'c\\d',
	'é',
	"?a='b'",
	'#a`b',
	'//Cdn.example/',
	'//cdn.example:443/',
	'//cdn.example:0443/',
	'//u@cdn.example/',
	'//1.2.3.4/',
	'//xn--nxasmq6b.example/',
	'//cdn.example./',
	'HTTP://o.example/',
	'http:c',
	'https:/x',
	'f:/x',
	'http://o.eXample/',
	'http://u@o.example/',
	':c',
	'mailto:a b',
	'mailto:?subject=x',
	'JavaScript:x',
	'file:///c',
	'x://h/a/../b',
	'x:/a',
];

/**
 * The two tests each base gets: its `resolved` pairs answered without a parse (and what
 * `new URL` gives too), its `parsed` references left to the parser (null).
 */
function baseTests(
	title: string,
	baseUrl: string,
	resolvedPairs: ReadonlyArray<[ref: string, url: string]>,
	parsedRefs: readonly string[],
): void {
	test(`${title}references resolved without a parse (hand-checked values)`, t => {
		const base = PlainBase.of(baseUrl);
		if (base === null) return t.fail('the base is plain');
		for (const [ref, url] of resolvedPairs) {
			t.is(base.resolve(ref), url, ref);
			t.is(href(ref, baseUrl), url, `URL agrees on ${ref}`);
		}
	});
	test(`${title}references that need the parser are left to it`, t => {
		const base = PlainBase.of(baseUrl);
		if (base === null) return t.fail('the base is plain');
		for (const ref of parsedRefs) t.is(base.resolve(ref), null, ref);
	});
}

baseTests('', BASE, resolved, parsed);

const FILE_BASE = 'file:///site/a/b.html?q#f';

// Against a file: base (URL Standard #file-state, #file-slash-state, #shorten-a-urls-path), by hand.
const fileResolved: ReadonlyArray<[ref: string, url: string]> = [
	['', 'file:///site/a/b.html?q'],
	['#top', 'file:///site/a/b.html?q#top'],
	['?x', 'file:///site/a/b.html?x'],
	['c.html', 'file:///site/a/c.html'],
	['img/a.png', 'file:///site/a/img/a.png'],
	['/css/s.css', 'file:///css/s.css'],
	['/', 'file:///'],
	['../x.html#y', 'file:///site/x.html#y'],
	['./x', 'file:///site/a/x'],
	['../../../x', 'file:///x'],
	['..', 'file:///site/'],
	['https://o.example/p', 'https://o.example/p'],
	['mailto:a@b.example', 'mailto:a@b.example'],
	// A scheme, not a drive letter: "scheme state" comes first.
	['c:x', 'c:x'],
];

// Against a file: base these need the parser: a host, a drive letter, a backslash.
const fileParsed: readonly string[] = [
	'//h.example/x',
	'//localhost/x',
	'//',
	'C|/x',
	'c|',
	'/C|/x',
	'/c:/x',
	'../C|/x',
	'./c:',
	'a\\b',
	'\\x',
	'file:///x',
	'FILE:x',
];

baseTests('file: bases: ', FILE_BASE, fileResolved, fileParsed);

test('file: bases: the root and a folder with escapes (hand-checked values)', t => {
	t.is(PlainBase.of('file:///')?.resolve('x'), 'file:///x');
	t.is(PlainBase.of('file:///a%20b/c')?.resolve('../d'), 'file:///d');
});

test('bases that are not plain serializations give no parts', t => {
	for (const url of [
		'https://h.example',
		'HTTPS://h.example/',
		'file://localhost/a/b',
		'file://h.example/a/b',
		'file:///C:/a/b',
		'file:///c|/a',
		'file:///c:',
		'file:////a/b',
		'file:///a/../b',
		'file:///a?',
		'file:///a#',
		'file:///a/%2e/b',
		'file:///a b',
		'file:/a/b',
		'file:a/b',
		'FILE:///a/b',
		'https://h.example/a/../b',
		'about:blank',
		'https://h.example:443/',
	]) {
		t.is(PlainBase.of(url), null, url);
	}
});

test('plainAbsolute', t => {
	t.is(plainAbsolute('https://h.example?q'), 'https://h.example/?q');
	t.is(plainAbsolute('wss://h.example:8080/s'), 'wss://h.example:8080/s');
	t.is(plainAbsolute('ftp://h.example:21/'), null);
	t.is(plainAbsolute('javascript:a?b'), null);
	t.is(plainAbsolute('c/d'), null);
	t.is(plainAbsolute('1c:d'), null);
});

test('PlainResolver keeps two bases apart', t => {
	const resolver = new PlainResolver();
	t.is(resolver.resolve('x', 'https://a.example/p/q'), 'https://a.example/p/x');
	t.is(resolver.resolve('x', 'https://b.example/'), 'https://b.example/x');
	t.is(resolver.resolve('x', 'https://a.example/p/q'), 'https://a.example/p/x');
	t.is(resolver.resolve('x', 'file://localhost/a'), null);
	t.is(resolver.resolve('x', 'file:///a/b'), 'file:///a/x');
	t.is(resolver.resolve('y', 'https://b.example/'), 'https://b.example/y');
});

const piece = fc.constantFrom(
	'http:',
	'https:',
	'ws:',
	'ftp:',
	'file:',
	'mailto:',
	'javascript:',
	'HTTP:',
	'//',
	'/',
	'\\',
	'a',
	'Z',
	'h.example',
	'xn--',
	'-',
	'.',
	'..',
	':',
	':80',
	':443',
	':8080',
	':0',
	':99999',
	...URL_PUNCTUATION,
	'\n',
	'\u0000',
	'1',
	'0x7f',
	';',
	'=',
	'&',
	'(',
	')',
	'[',
	']',
	'C:',
	'c|',
	'/C:',
	'localhost',
	'%20',
);

const bases = fc.constantFrom(
	'https://h.example/a/b.html?q=1#f',
	'http://h.example/',
	'http://h.example:8080/a/',
	'ws://s.example/x?y',
	'ftp://f.example/pub/',
	'wss://s.example/a#b',
	'file:///site/a/b.html?q=1#f',
	'file:///',
	'file:///a%20b/c%2E/d',
	'file://localhost/a/b',
	'file:///C:/a/b.html',
	'file:///c|/a/',
	'file:///c:',
	'file:////a/b',
	'file:///a/./b/../c',
);

test('every fast answer is what new URL gives (property)', t => {
	fc.assert(
		fc.property(fc.array(piece, {maxLength: 12}), bases, (parts, baseUrl) => {
			const ref = parts.join('');
			const fast = new PlainResolver().resolve(ref, baseUrl);
			if (fast !== null) t.is<string | null, string | null>(fast, href(ref, baseUrl), `${ref} against ${baseUrl}`);
			const absolute = plainAbsolute(ref);
			if (absolute !== null) t.is<string | null, string | null>(absolute, href(ref), ref);
			// A reference that starts with a scheme gets plainAbsolute's answer, whatever the plain base.
			if (/^[a-z][a-z\d+.-]*:/i.test(ref) && PlainBase.of(baseUrl) !== null)
				t.is(fast, absolute, `${ref} against ${baseUrl}`);
		}),
		fcParams(t, 50_000),
	);
	t.pass();
});

test('references that start with dot segments, against deep and shallow bases (property)', t => {
	const deep = fc.constantFrom(
		'https://h.example/a/b/c/d.html?q#f',
		'http://h.example/',
		'http://h.example/a',
		'https://h.example/a//b/',
		'http://h.example:8080/x/y/',
		'file:///a/b/c/d.html?q#f',
		'file:///',
		'file:///a',
		'file:///a//b/',
		'file:///C:/a/b/',
		'file://localhost/a/b/',
	);
	const dots = fc.array(fc.constantFrom('./', '../', '.', '..', '/'), {minLength: 1, maxLength: 8});
	const plainTail = fc.constantFrom('', 'x.html', 'x.html#y', 'x/', 'x/y?z', '?q', '#h', '/x');
	fc.assert(
		fc.property(
			dots,
			fc.oneof(
				plainTail,
				fc.array(piece, {maxLength: 6}).map(p => p.join('')),
			),
			deep,
			(d, tail, baseUrl) => {
				const ref = `.${d.join('')}${tail}`;
				const fast = new PlainResolver().resolve(ref, baseUrl);
				if (fast !== null) t.is<string | null, string | null>(fast, href(ref, baseUrl), `${ref} against ${baseUrl}`);
			},
		),
		fcParams(t, 20_000),
	);
	// Dot segments then a plain tail: answered without the parser.
	for (const ref of ['../x.html#y', '../../_static/a.css', './x', '..', '../']) {
		t.not(new PlainResolver().resolve(ref, 'https://h.example/a/b/c/d.html?q#f'), null, ref);
	}
});

test('file: bases with drive letters, hosts, encoded and dot segments (property)', t => {
	const fileBase = fc
		.tuple(
			fc.constantFrom('file://', 'file:///', 'file://localhost/', 'file://h.example/', 'FILE:///'),
			fc.array(fc.constantFrom('a', 'C:', 'c|', 'C:x', '%20', '%2e', '.', '..', '', 'b.html', 'D:'), {maxLength: 4}),
			fc.constantFrom('', '?q', '?', '#f', '?q#f', '/'),
		)
		.map(([start, segments, end]) => start + segments.join('/') + end);
	const fileRef = fc
		.array(
			fc.constantFrom(
				'/',
				'//',
				'\\',
				'.',
				'..',
				'./',
				'../',
				'C:',
				'c|',
				'C|/',
				'x',
				'localhost',
				'%2e',
				'%20',
				'?',
				'#',
				':',
				'|',
			),
			{maxLength: 8},
		)
		.map(p => p.join(''));
	fc.assert(
		fc.property(fileRef, fileBase, (ref, baseUrl) => {
			const fast = new PlainResolver().resolve(ref, baseUrl);
			if (fast !== null) t.is<string | null, string | null>(fast, href(ref, baseUrl), `${ref} against ${baseUrl}`);
		}),
		fcParams(t, 30_000),
	);
	// The site-build shapes are answered without the parser.
	for (const ref of ['../x.html#y', 'img/a.png', '/css/s.css', './x', '?q', '#f', '']) {
		t.not(new PlainResolver().resolve(ref, 'file:///site/a/b.html'), null, ref);
	}
});

test('a reference of millions of short segments goes to the parser, never overflowing the stack', t => {
	const long = 'a/'.repeat(4 * 1024 * 1024);
	const resolver = new PlainResolver();
	t.is(resolver.resolve(long, 'file:///site/a.html'), null);
	t.is(resolver.resolve(long, 'https://h.example/a.html'), null);
	t.is(resolver.resolve('a/b', 'file:///site/a.html'), 'file:///site/a/b');
});
