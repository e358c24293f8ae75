/**
 * File names as bytes (src/cli/inputs/names.ts) and the glob matcher of the walk (src/cli/inputs/walk.ts).
 * Expected values are worked out by hand from UTF-8 (RFC 3629 §4) and shell glob rules.
 */
import {mkdirSync, mkdtempSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import fc from 'fast-check';
import {decodeName, fileUrlOf, fsPath, printable, segmentOctets} from '../../src/cli/inputs/names.js';
import {fileUrl} from '../../src/cli/inputs/site-files.js';
import {globFiles, splitPattern} from '../../src/cli/inputs/walk.js';
import {fcParams} from '../helpers/seed.js';

test('decodeName: UTF-8 as text; each byte of an invalid sequence as U+DC00 + byte', t => {
	t.is(decodeName(Buffer.from('caf\u00e9.html')), 'caf\u00e9.html');
	t.is(decodeName(Buffer.from([0x61, 0xff, 0x62])), 'a\uDCFFb');
	// An overlong "/" (C0 AF), a UTF-8-encoded surrogate (ED A0 80), a truncated sequence (E2 82): byte by byte.
	t.is(decodeName(Buffer.from([0xc0, 0xaf])), '\uDCC0\uDCAF');
	t.is(decodeName(Buffer.from([0xed, 0xa0, 0x80])), '\uDCED\uDCA0\uDC80');
	t.is(decodeName(Buffer.from([0xe2, 0x82, 0x78])), '\uDCE2\uDC82x');
	// A valid sequence after an invalid byte stays a character: ff, then € (E2 82 AC).
	t.is(decodeName(Buffer.from([0xff, 0xe2, 0x82, 0xac])), '\uDCFF\u20ac');
	t.is(decodeName(Buffer.from([0xf0, 0x9f, 0x92, 0xa9, 0xfe])), '\u{1F4A9}\uDCFE');
});

test('fsPath gives back the exact bytes of any name (property)', t => {
	fc.assert(
		fc.property(fc.uint8Array({maxLength: 24}), bytes => {
			const path = fsPath(decodeName(bytes));
			return Buffer.from(typeof path === 'string' ? Buffer.from(path) : path).equals(Buffer.from(bytes));
		}),
		fcParams(t, 2000),
	);
	t.is(fsPath('a.html'), 'a.html');
	t.deepEqual(fsPath('d/\uDCFF.html'), Buffer.from([0x64, 0x2f, 0xff, 0x2e, 0x68, 0x74, 0x6d, 0x6c]));
	// A surrogate pair is a character, not two bytes.
	t.is(fsPath('\u{1F4A9}'), '\u{1F4A9}');
});

test('printable: tab, line breaks, backslash by name; other controls and name bytes as \\xHH; two names never print alike', t => {
	t.is(printable('plain/é.html'), 'plain/é.html');
	t.is(printable('a\tb\nc\rd\\e'), 'a\\tb\\nc\\rd\\\\e');
	t.is(printable('\u0007\u001B[2J\u007F\u009B'), '\\x07\\x1B[2J\\x7F\\x9B');
	t.is(printable('\uDCFF.html'), '\\xFF.html');
	t.is(printable('\\xFF.html'), '\\\\xFF.html');
	t.is(printable('\u{1F4A9}'), '\u{1F4A9}');
});

test('printable: bidirectional controls, other format characters and line separators as \\uHHHH (a terminal would act on them)', t => {
	// "invoice\u202Egpj.html" shows as "invoicelmth.jpg" where the Unicode bidirectional algorithm applies.
	t.is(printable('invoice\u202Egpj.html'), 'invoice\\u202Egpj.html');
	t.is(printable('a\u2066b\u2069c\u200Fd\u061Ce'), 'a\\u2066b\\u2069c\\u200Fd\\u061Ce');
	t.is(printable('line\u2028para\u2029'), 'line\\u2028para\\u2029');
	t.is(printable('zw\u200Bsp\uFEFF\u00AD'), 'zw\\u200Bsp\\uFEFF\\u00AD');
	// A tag character (U+E0041, Cf) is one code point outside the BMP.
	t.is(printable('flag\u{E0041}'), 'flag\\u{E0041}');
	// Letters, a surrogate pair, and a byte that is not UTF-8 as before.
	t.is(printable('\u05D0\u0628\u{1F4A9}\uDCFF'), '\u05D0\u0628\u{1F4A9}\\xFF');
	t.is(printable('\\u202E'), '\\\\u202E');
});

test('URLs of names that are not UTF-8: their bytes percent-encoded (RFC 3986 §2.1)', t => {
	t.is(segmentOctets('100%\uDCFF'), '100%25%FF');
	t.is(fileUrl('https://example.com/docs/', '\uDCFF/\uDCFE.html'), 'https://example.com/docs/%FF/%FE.html');
	t.is(fileUrl('https://example.com/docs/', '\uFFFD.html'), 'https://example.com/docs/%EF%BF%BD.html');
	t.is(fileUrlOf('/srv/\uDCFF a.html'), 'file:///srv/%FF%20a.html');
	t.is(fileUrlOf('/srv/a.html'), 'file:///srv/a.html');
});

const matches = (pattern: string, path: string): boolean => splitPattern(pattern).matcher.test(path);

test('the glob matcher: *, ?, classes, braces, ** over folders; wildcards skip dot names', t => {
	t.is(splitPattern('site/**/*.html').root, 'site');
	t.is(splitPattern('*.html').root, '');
	t.is(splitPattern('/abs/d/*.css').root, '/abs/d');
	t.true(matches('site/**/*.html', 'a.html'));
	t.true(matches('site/**/*.html', 'x/y/a.html'));
	t.false(matches('site/**/*.html', 'x/a.css'));
	t.false(matches('site/**/*.html', '.hidden/a.html'));
	t.false(matches('site/*.html', '.a.html'));
	t.true(matches('site/.*.html', '.a.html'));
	t.false(matches('site/*.html', 'x/a.html'));
	t.true(matches('d/p?.htm', 'p1.htm'));
	t.false(matches('d/p?.htm', 'p10.htm'));
	t.true(matches('d/[a-c].css', 'b.css'));
	t.false(matches('d/[!a-c].css', 'b.css'));
	t.true(matches('d/[!a-c].css', 'd.css'));
	t.true(matches('d/*.{html,css}', 'a.css'));
	t.true(matches('d/{a,b{1,2}}.html', 'b2.html'));
	t.false(matches('d/{a,b{1,2}}.html', 'b3.html'));
	t.true(matches('d/*+(b).html', 'a+(b).html'));
	t.false(matches('d/*+(b).html', 'a+b.html'));
	t.true(matches('d/**', 'x/y'));
	t.true(matches('d/*', '\uDCFF.html'));
});

test("globFiles: regular files only, sorted, no symbolic link followed, folders past the pattern's depth not entered", async t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-glob-'));
	for (const path of ['b.html', 'a.html', 'sub/c.html', 'sub/deep/d.html']) {
		mkdirSync(join(root, path, '..'), {recursive: true});
		writeFileSync(join(root, path), '');
	}
	symlinkSync('.', join(root, 'loop'));
	symlinkSync('a.html', join(root, 'link.html'));
	const found = async (pattern: string): Promise<string[]> => {
		const paths: string[] = [];
		for await (const file of globFiles(join(root, pattern))) paths.push(file.relative);
		return paths;
	};
	t.deepEqual(await found('**/*.html'), ['a.html', 'b.html', 'sub/c.html', 'sub/deep/d.html']);
	t.deepEqual(await found('*/*.html'), ['sub/c.html']);
	t.deepEqual(await found('*.html'), ['a.html', 'b.html']);
});
