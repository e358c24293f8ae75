/**
 * Security properties:
 * (a) no rewrite breaks out of its context: attacker-chosen new values in attacker-chosen
 *     (generated) markup; parse5, an HTML parser independent of ours, sees the same
 *     elements and attributes, and each Link reads back as the value given (in its
 *     documented written form);
 * (b) relativize never gives a reference that resolves elsewhere, on hostile targets and
 *     through the relative rewrite of documents;
 * (c) percent-escaped delimiters are never decoded into any output;
 * (d) `javascript:`, `data:` and `vbscript:` come only from references that are such URLs;
 * (e) `redactCredentials` and `schemes` hold for rewrites too.
 * FC_SEED=<n> replays the fast-check properties.
 */
import test from 'ava';
import fc from 'fast-check';
import {parse} from 'parse5';
import {extractLinks, normalize, relativize, resolve, rewriteLinks} from '../../src/index.js';
import type {Dialect, Link, RelativeForm} from '../../src/index.js';
import {hostileValue, htmlDocument, uriReference} from '../fuzz/generators.js';
import {fcParams} from '../helpers/seed.js';

type Node = {nodeName: string; tagName?: string; attrs?: Array<{name: string}>; childNodes?: Node[]; content?: Node};

/** Element names and attribute names in tree order, as parse5 builds the document. */
function shape(html: string): string[] {
	const out: string[] = [];
	const walk = (node: Node): void => {
		if (node.tagName !== undefined) out.push(`${node.tagName}[${(node.attrs ?? []).map(a => a.name).join(' ')}]`);
		for (const child of node.childNodes ?? []) walk(child);
		if (node.content !== undefined) walk(node.content);
	};
	walk(parse(html) as unknown as Node);
	return out;
}

const PAGE = 'https://example.com/dir/page.html';

/**
 * The value a Link written with `given` reads back as: HTML and CSS make NUL U+FFFD
 * (CSS also lone surrogates); HTML strips the whitespace around a URL attribute; lists,
 * srcset, meta refresh and text percent-encode what would end the value (meta refresh also
 * drops C0 controls and spaces at its ends), and may put
 * "./" before a relative path whose first character would be read as syntax.
 */
function readsAs(after: Link, given: string): boolean {
	const decoded = unescapeWritten(after.value);
	const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
	// CSS: a lone surrogate reads back as U+FFFD while a NUL is written %00 (found by this property; see the test below).
	const candidates = new Set([
		given,
		given.replaceAll('\0', '\ufffd'),
		given.replace(loneSurrogate, '\ufffd'),
		given.replace(loneSurrogate, '\ufffd').replaceAll('\0', '\ufffd'),
	]);
	for (const candidate of [...candidates]) candidates.add(candidate.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, ''));
	// Meta refresh: the writer drops C0 controls and spaces at either end of the URL, which the URL
	// parser would remove anyway (URL Standard `#concept-basic-url-parser`; found by this property).
	if (after.element === 'meta' && after.attribute === 'content')
		for (const candidate of [...candidates]) candidates.add(candidate.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, ''));
	return [...candidates].some(
		c => after.value === c || decoded === unescapeWritten(c) || decoded === unescapeWritten(`./${c}`),
	);
}

/** The escapes a writer may add (controls, space, DEL, quotes, angle brackets, comma), decoded; on both sides of a comparison. */
function unescapeWritten(s: string): string {
	return s.replace(/%([\dA-Fa-f]{2})/g, (escape, hex: string) => {
		const c = Number.parseInt(hex, 16);
		return c <= 0x20 || c === 0x7f || '"\'<>,'.includes(String.fromCharCode(c)) ? String.fromCharCode(c) : escape;
	});
}

test('(a) attacker-chosen values in attacker-chosen markup: same elements and attributes, every value reads back', t => {
	fc.assert(
		fc.property(htmlDocument(16), fc.array(hostileValue, {minLength: 1, maxLength: 6}), (html, values) => {
			// The function is not called for Links with nothing written (an absent form action): key by span.
			const given = new Map<string, string>();
			const key = (link: Link): string => `${link.start}:${link.end}:${link.element ?? ''}:${link.attribute ?? ''}`;
			const output = rewriteLinks(html, {
				type: 'html',
				retrievalUrl: PAGE,
				to: link => {
					const value = values[given.size % values.length] ?? '';
					given.set(key(link), value);
					return value;
				},
			});
			t.deepEqual(shape(output), shape(html), output);
			const before = extractLinks(html, {type: 'html', retrievalUrl: PAGE});
			const after = extractLinks(output, {type: 'html', retrievalUrl: PAGE});
			t.is(after.length, before.length, `the same number of Links: ${output}`);
			after.forEach((link, i) => {
				const value = before[i] === undefined ? undefined : given.get(key(before[i]));
				// An empty URL no srcset, list or meta refresh can hold: kept as written (rewrite/write-value.ts).
				const unwritable = value === '' && link.value === before[i]?.value;
				if (value !== undefined && value !== before[i]?.value && !unwritable && !readsAs(link, value))
					t.fail(`Link ${i} reads ${JSON.stringify(link.value)}, given ${JSON.stringify(value)}: ${output}`);
			});
		}),
		fcParams(t, 300),
	);
	t.pass();
});

test('(a) CSS: a lone surrogate in a new value reads back as U+FFFD, a NUL as %00', t => {
	const html = rewriteLinks("<style>a{background:image-set('a.png' 1x)}</style>", {
		type: 'html',
		to: () => '\ud800/\0b',
	});
	t.deepEqual(
		extractLinks(html, {type: 'html'}).map(link => link.value),
		['\ufffd/%00b'],
	);
});

test('(a) CSS: a new value never ends its string, url token or <style> element', t => {
	fc.assert(
		fc.property(fc.array(hostileValue, {minLength: 1, maxLength: 4}), values => {
			const css = '@import "a.css"; b{background:url(b.png)} i{background:url( \'c.png\' )}';
			let n = 0;
			const to = (): string => values[n++ % values.length] ?? '';
			const sheet = rewriteLinks(css, {type: 'css', to});
			t.is(extractLinks(sheet, {type: 'css'}).length, 3, sheet);
			n = 0;
			const html = rewriteLinks(`<style>${css}</style><p id=after>`, {type: 'html', to});
			t.deepEqual(shape(html), shape(`<style>${css}</style><p id=after>`), html);
		}),
		fcParams(t, 300),
	);
	t.pass();
});

const DIALECTS: readonly Dialect[] = ['whatwg', 'rfc3986', 'rfc2396'];
const FORMS: readonly RelativeForm[] = ['path-relative', 'root-relative', 'shortest'];

/** Targets an attacker would pick: "//" paths, ":" in a first segment, "%2e%2e", backslashes, case, ports. */
const HOSTILE_TARGETS = [
	'http://a/b//c',
	'http://a//b/c',
	'http://a/b/c:d',
	'http://a/c:d/e',
	'http://a/%2e%2e/x',
	'http://a/b/%2E%2E/x',
	'http://a/b/..%2fx',
	'http://a/b\\c\\d',
	'http://a/b/c\\..\\x',
	'http://A/b/c',
	'http://a:80/b/c',
	'http://a:8080/b/c',
	'http://a/b/c?x#y',
	'http://a/b/c#',
	'http://a/b/c?',
	'http://a/./b/../c',
	'http://a/b/c/.',
	'http://a/b/c/..',
	'http://a/b/%2F/c',
	'http://a/b/;x',
	'http://a/b/?//x',
	'http://a//',
	'http://a///x',
	'file:///c:/x/y',
	'file:///x//y',
	'foo://a/b//c',
	'foo:/b//c',
	'http://a/b/c%3Ad',
	'http://u:p@a/b',
];
const BASES = [
	'http://a/b/c/d;p?q',
	'http://a/b/',
	'http://a/',
	'http://a//x/',
	'http://A:80/b/c',
	'file:///c:/x/',
	'foo://a/b/c',
	'http://a/b\\c/d',
];

test('(b) relativize never gives a reference that resolves elsewhere (hostile targets, every dialect and form)', t => {
	let checked = 0;
	for (const dialect of DIALECTS) {
		for (const form of FORMS) {
			for (const base of BASES) {
				for (const target of HOSTILE_TARGETS) {
					let expected: string;
					let reference: string;
					try {
						// The target as the dialect reads it (whatwg: serialized; rfc: dot segments removed for rfc3986).
						expected = resolve(target, base, {dialect});
						reference = relativize(expected, base, {dialect, form});
					} catch {
						continue; // not absolute in this dialect, or an opaque base: nothing to relativize
					}
					t.is(
						resolve(reference, base, {dialect}),
						expected,
						`${dialect} ${form}: ${target} from ${base} -> ${reference}`,
					);
					if (form !== 'shortest')
						t.false(reference.startsWith('//'), `${dialect} ${form}: no network-path unless asked (${reference})`);
					checked++;
				}
			}
		}
	}
	t.true(checked > 500, `${checked} pairs`);
});

test('(b) relativize: generated targets and bases resolve back (fast-check)', t => {
	fc.assert(
		fc.property(
			uriReference,
			fc.constantFrom(...BASES),
			fc.constantFrom(...DIALECTS),
			fc.constantFrom(...FORMS),
			(ref, base, dialect, form) => {
				let target: string;
				try {
					target = resolve(ref, base, {dialect});
					const r = relativize(target, base, {dialect, form});
					return resolve(r, base, {dialect}) === target;
				} catch {
					return true; // the reference does not resolve in this dialect
				}
			},
		),
		fcParams(t, 3000),
	);
	t.pass();
});

test('(b) the relative rewrite of a document keeps every URL (hostile hrefs, BASE elements)', t => {
	const hrefs = HOSTILE_TARGETS.map(target => `<a href="${target.replaceAll('"', '&quot;')}">x</a>`).join('');
	for (const base of ['', '<base href="/b/">', '<base href="http://a//x/">', '<base href="http://A:80/b/c">']) {
		for (const retrievalUrl of ['http://a/b/c/d', 'http://a/', 'http://a//x/y']) {
			const html = `${base}${hrefs}`;
			const output = rewriteLinks(html, {type: 'html', retrievalUrl, to: 'relative'});
			const before = extractLinks(html, {type: 'html', retrievalUrl}).map(link => link.url);
			t.deepEqual(
				extractLinks(output, {type: 'html', retrievalUrl}).map(link => link.url),
				before,
				`${base} at ${retrievalUrl}: ${output}`,
			);
		}
	}
});

// Not %2E: "." is unreserved, and RFC 3986 §6.2.2.2 normalization decodes it.
const ESCAPED = ['%2F', '%2f', '%0D%0A', '%23', '%3F', '%25', '%5C'];

test('(c) percent-escaped delimiters are never decoded: Link.url, normalize, relativize, rewrite output', t => {
	for (const escape of ESCAPED) {
		const ref = `a${escape}b/c${escape}d?q=${escape}#f${escape}`;
		const html = `<a href="${ref}">x</a><img srcset="${ref} 2x"><div style="background:url(${ref})"></div>`;
		const options = {type: 'html', retrievalUrl: 'https://example.com/dir/page.html'} as const;
		const upper = escape.toUpperCase();
		for (const link of extractLinks(html, options)) {
			t.true(link.url?.toUpperCase().includes(`A${upper}B/C${upper}D?Q=${upper}#F${upper}`), `url ${link.url}`);
			for (const dialect of DIALECTS) {
				const url = resolve(ref, 'https://example.com/dir/page.html', {dialect});
				const normal = normalize(url, {dialect});
				t.true(normal.toUpperCase().includes(`${upper}B/C${upper}`), `${dialect} normalize ${normal}`);
				const relative = relativize(url, 'https://example.com/dir/other.html', {dialect});
				t.true(relative.toUpperCase().includes(`A${upper}B/C${upper}D`), `${dialect} relativize ${relative}`);
			}
		}
		for (const to of ['absolute', 'relative'] as const) {
			const output = rewriteLinks(html, {...options, to, documentUrl: 'https://example.com/other/page.html'});
			t.is(output.toUpperCase().split(`A${upper}B/C${upper}D`).length - 1, 3, `${to}: ${output}`);
			t.false(/%0D%0A/i.test(escape) && /\r\n/.test(output), 'no CR LF decoded');
		}
	}
});

const SCRIPT_SCHEME = /^(?:javascript|data|vbscript):/i;
const NEUTRAL = 'http://neutral.example/dir/';

test('(d) javascript:, data: and vbscript: URLs come only from references that are such URLs (any base, any BASE element)', t => {
	const bases = [
		'https://example.com/a/',
		'javascript:alert(1)',
		'data:text/html,x',
		'vbscript:x',
		'javascript://example.com/a/',
		'data:/x/',
	];
	const baseElements = [
		'',
		'<base href="javascript:alert(1)//">',
		'<base href="data:text/html,/">',
		'<base href="vbscript:x/">',
		'<base href="java\tscript:x/">',
		'<base href="JAVASCRIPT://x/">',
	];
	fc.assert(
		fc.property(
			uriReference,
			fc.constantFrom(...bases),
			fc.constantFrom(...baseElements),
			fc.constantFrom(...DIALECTS),
			(ref, base, element, dialect) => {
				const html = `${element}<a href="${ref.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">x</a>`;
				for (const link of extractLinks(html, {type: 'html', retrievalUrl: base, dialect})) {
					if (link.url === null || !SCRIPT_SCHEME.test(link.url) || link.kind === 'base') continue;
					// The reference itself is a script URL: it resolves to one against any base.
					let itself: string;
					try {
						itself = resolve(link.value, NEUTRAL, {dialect});
					} catch {
						itself = link.value;
					}
					t.regex(itself, SCRIPT_SCHEME, `${JSON.stringify(link.value)} against ${base} ${element} gave ${link.url}`);
				}
			},
		),
		fcParams(t, 1500),
	);
	// HTML: a BASE href with a data: or javascript: URL is ignored (document base URL steps).
	t.deepEqual(
		extractLinks('<base href="javascript:alert(1)//"><a href="x">', {
			type: 'html',
			retrievalUrl: 'https://example.com/',
		})
			.filter(l => l.kind !== 'base')
			.map(l => l.url),
		['https://example.com/x'],
	);
});

test('(e) schemes and redactCredentials in a rewrite: Links left out are kept as written; redacted URLs carry no credentials', t => {
	const html = '<a href="https://u:p@x.example/a">a</a><a href="rel.html">r</a><a href="mailto:a@b.example">m</a>';
	// Only mailto: Links are emitted, so only they could change: the others stay as written.
	t.is(
		rewriteLinks(html, {type: 'html', retrievalUrl: 'https://x.example/d/', to: 'absolute', schemes: ['mailto']}),
		html,
	);
	t.is(
		rewriteLinks(html, {
			type: 'html',
			retrievalUrl: 'https://x.example/d/',
			to: () => 'https://y.example/',
			schemes: ['ftp'],
		}),
		html,
	);
	// Credentials are dropped from what a rewrite writes, as from what extraction emits.
	const output = rewriteLinks(html, {
		type: 'html',
		retrievalUrl: 'https://x.example/d/',
		to: 'absolute',
		redactCredentials: true,
	});
	t.is(
		output,
		'<a href="https://x.example/a">a</a><a href="https://x.example/d/rel.html">r</a><a href="mailto:a@b.example">m</a>',
	);
	t.false(output.includes('u:p@'));
});
