/**
 * Issue 17 item 12: whatever the dialect, a reference a rewrite writes into HTML or CSS
 * leads a browser (the WHATWG URL parser: Node's URL) to the host the reference it
 * replaced led to. `https://example.com/docs/\\evil.example/x` relativized under RFC 3986
 * is `\\evil.example/x`, which a browser reads as `https://evil.example/x`.
 * Property: for hostile references (test/fuzz generators), all three dialects, both
 * modes and every relative form, new URL(written, outputBase).host equals
 * new URL(original, inputBase).host whenever the latter parses.
 * FC_SEED=<n> replays.
 */
import test from 'ava';
import fc from 'fast-check';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import type {Dialect, RelativeForm} from '../../src/index.js';
import {hostileValue, uriReference} from '../fuzz/generators.js';
import {fcParams} from '../helpers/seed.js';

const DIALECTS: readonly Dialect[] = ['whatwg', 'rfc3986', 'rfc2396'];
const FORMS: readonly RelativeForm[] = ['path-relative', 'root-relative', 'shortest'];

/** Where the input was, and where its output goes (the same place, moved on the same host, to another scheme or host). */
const PLACES: ReadonlyArray<[string, string]> = [
	['https://example.com/docs/page.html', 'https://example.com/docs/page.html'],
	['https://example.com/docs/page.html', 'https://example.com/moved/deeper/page.html'],
	['http://a/b/c/d;p?q', 'http://a/b/c/d;p?q'],
	['http://a/b/c/d;p?q', 'http://a/x/'],
	['https://example.com/', 'https://example.com/a/b/'],
	['http://a/b\\c/d', 'http://a/b\\c/d'],
	['file:///c:/x/y.html', 'file:///c:/x/z/y.html'],
	['foo://a/b/c', 'foo://a/b/d/'],
	['https://example.com/docs/page.html', 'http://example.com/docs/page.html'],
	['https://example.com/docs/page.html', 'https://mirror.example/docs/page.html'],
];

/** References that differ between the RFCs and a browser: backslashes, controls, spaces, tabs and newlines, slashes after a scheme. */
const divergent = fc
	.tuple(
		fc.constantFrom('', '/', './', '../', 'https:', 'http:', 'HTTP:', 'https://example.com/docs/', 'http://a/b/'),
		fc.constantFrom(
			'\\\\',
			'\\/',
			'/\\',
			'\\',
			'//',
			'/\t/',
			'\t//',
			'\n\\',
			'\u0001//',
			'\u0000',
			' //',
			'/\r\n/',
			'%5C\\',
		),
		fc.constantFrom(
			'evil.example/x',
			'evil.example\\@example.com/',
			'a\\b',
			'',
			'evil.example:8080/y?q#f',
			'..\\..\\x',
		),
	)
	.map(parts => parts.join(''));

const reference = fc.oneof(
	{weight: 3, arbitrary: divergent},
	{weight: 2, arbitrary: uriReference},
	{weight: 1, arbitrary: hostileValue},
);

function host(reference: string, base: string): string | undefined {
	try {
		return new URL(reference, base).host;
	} catch {
		return undefined;
	}
}

/** An attribute value written by hand: `&`, `"` and `<` as character references. */
function attribute(value: string): string {
	return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** A CSS string's content written by hand (CSS Syntax 3 §4.3.7): `"`, `\`, newlines and `<` as hex escapes; NUL as U+FFFD reads back. */
function cssString(value: string): string {
	return value.replace(/["\\\n\r\f<\u0000]/g, c => `\\${c.charCodeAt(0).toString(16)} `);
}

test('a rewrite leads a browser to the host the original did (every dialect, mode and form)', t => {
	let compared = 0;
	fc.assert(
		fc.property(
			reference,
			fc.constantFrom(...PLACES),
			fc.constantFrom(...DIALECTS),
			fc.constantFrom<'absolute' | 'relative'>('absolute', 'relative'),
			fc.constantFrom(...FORMS),
			(ref, [inputBase, outputBase], dialect, to, form) => {
				const html = `<a href="${attribute(ref)}">x</a><style>p{background:url("${cssString(ref)}")}</style>`;
				const options = {type: 'html', retrievalUrl: inputBase, dialect} as const;
				const output = rewriteLinks(html, {
					...options,
					to,
					form,
					documentUrl: to === 'relative' ? outputBase : inputBase,
				});
				const written = to === 'relative' ? outputBase : inputBase;
				const before = extractLinks(html, options);
				const after = extractLinks(output, {...options, retrievalUrl: written});
				t.is(after.length, before.length, output);
				for (const [i, link] of before.entries()) {
					// Same-document and empty references follow the document by design (src/rewrite/targets.ts).
					if (link.sameDocument === true || link.value === '') continue;
					const want = host(link.value, inputBase);
					if (want === undefined) continue;
					const got = after[i] === undefined ? undefined : host(after[i].value, written);
					if (got !== want)
						t.fail(
							`${dialect} ${to} ${form}: ${JSON.stringify(link.value)} at ${inputBase} (host ${want}) written ${JSON.stringify(after[i]?.value)} at ${written} (host ${got}): ${output}`,
						);
					compared++;
				}
			},
		),
		fcParams(t, 3000),
	);
	t.true(compared > 1000, `${compared} references compared`);
});

test('the backslash case: relativized under RFC 3986 and RFC 2396, written %5C%5C, same host', t => {
	const page = 'https://example.com/docs/page.html';
	const html = '<a href="https://example.com/docs/\\\\evil.example/x">x</a>';
	for (const dialect of ['rfc3986', 'rfc2396'] as const) {
		const output = rewriteLinks(html, {type: 'html', retrievalUrl: page, to: 'relative', dialect});
		// RFC 2396 §2.4.3: "\" is unwise and must be escaped; the reference stays a relative path.
		t.is(output, '<a href="%5C%5Cevil.example/x">x</a>', dialect);
		t.is(new URL('%5C%5Cevil.example/x', page).host, 'example.com');
	}
	// In CSS too: the url token's content is what the browser parses.
	const css = rewriteLinks('a{background:url("https://example.com/docs/\\\\\\\\evil.example/x")}', {
		type: 'css',
		retrievalUrl: page,
		to: 'relative',
		dialect: 'rfc3986',
	});
	t.is(css, 'a{background:url("%5C%5Cevil.example/x")}');
});

test('an original the RFC and a browser read differently is kept: it leads a browser where it did', t => {
	const page = 'https://example.com/docs/page.html';
	// RFC 3986: a path under /docs/; a browser: https://evil.example/x. In place, the source keeps both meanings.
	const html = '<a href="\\\\evil.example/x">x</a>';
	t.is(rewriteLinks(html, {type: 'html', retrievalUrl: page, to: 'absolute', dialect: 'rfc3986'}), html);
	// Moved, no reference means both: the host a browser was led to wins (here the source still leads there).
	t.is(
		rewriteLinks(html, {
			type: 'html',
			retrievalUrl: page,
			documentUrl: 'https://example.com/other/page.html',
			to: 'relative',
			dialect: 'rfc3986',
		}),
		html,
	);
	// RFC 2396: authority "c\d"; a browser: host "c", path "/d".
	t.is(
		rewriteLinks('<base href="//c\\d">', {type: 'html', retrievalUrl: page, to: 'absolute', dialect: 'rfc2396'}),
		'<base href="//c\\d">',
	);
});
