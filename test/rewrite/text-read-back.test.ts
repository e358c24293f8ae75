/**
 * Issue 17 item 13: a plain-text URL a rewrite writes reads back as the value written,
 * whatever delimits it (`"…"`, `<…>`, `<URL:…>`, parentheses, brackets, quotes,
 * whitespace, the ends of the text): a function returning `http://evil.example/p)http://x/`
 * must not re-extract as two URLs. Written values percent-encode what RFC 2396 §2.4.3
 * excludes from URIs in text (controls, space, `<`, `>`, `"`: the documented escaping),
 * so the value read back is the given one with those encoded, and nothing else changes.
 * FC_SEED=<n> replays.
 */
import test from 'ava';
import fc from 'fast-check';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import {hostileValue} from '../fuzz/generators.js';
import {fcParams} from '../helpers/seed.js';

/** Contexts of a plain-text URL: `%s` is the URL. */
const CONTEXTS = [
	'%s',
	'see %s now',
	'"%s"',
	'say "%s".',
	'<%s>',
	'<URL:%s>',
	'(%s)',
	'(see %s)',
	'[%s]',
	'{%s}',
	"'%s'",
	'%s.',
	'%s, and',
	'x\n%s\ny',
	'*%s*',
];

/** RFC 2396 §2.4.3 excluded characters as a text writer percent-encodes them (by hand, not the code under test). */
function encoded(value: string): string {
	return value.replace(
		/[\u0000-\u0020\u007f<>"]/g,
		c => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
	);
}

/**
 * A value the text scanner reads as one URL on its own in angle brackets (RFC 2396
 * Appendix E's recommended delimiters): a scheme, "//", a host, then anything. Values it
 * does not read as a URL at all (`http://x.example%22...`: no host) cannot be written as one.
 */
const hostileUrl = fc
	.tuple(
		fc.constantFrom('http://evil.example/', 'https://a.example/p', 'ftp://f.example/', 'http://x.example'),
		hostileValue,
		fc.constantFrom('', ')', ').', '"', "'", ']', '}', '.', ',', '>', ' ', 'http://x/'),
	)
	.map(parts => parts.join(''))
	.filter(value => {
		const found = extractLinks(`<${encoded(value)}>`, {type: 'text'});
		return found.length === 1 && found[0]?.value === encoded(value);
	});

test('the issue\'s case: ")" inside quotes, parentheses, brackets and whitespace', t => {
	const value = 'http://evil.example/p)http://x/';
	for (const context of ['"%s"', '<%s>', '(%s)', ' %s ', 'x %s y']) {
		const text = context.replace('%s', 'http://a.example/p');
		const output = rewriteLinks(text, {type: 'text', to: () => value});
		t.deepEqual(
			extractLinks(output, {type: 'text'}).map(link => link.value),
			[value],
			`${JSON.stringify(text)} -> ${JSON.stringify(output)}`,
		);
	}
	// Inside quotes the URL goes in angle brackets (RFC 2396 Appendix E), which keep it whole.
	t.is(rewriteLinks('"http://a.example/p"', {type: 'text', to: () => value}), `"<${value}>"`);
});

test('rewritten plain-text URLs read back as written, in every context (fast-check)', t => {
	fc.assert(
		fc.property(
			fc.array(fc.tuple(fc.constantFrom(...CONTEXTS), hostileUrl), {minLength: 1, maxLength: 4}),
			([...pieces]) => {
				const text = pieces.map(([context], i) => context.replace('%s', `http://p${i}.example/`)).join(' ; ');
				const before = extractLinks(text, {type: 'text'});
				if (before.length !== pieces.length) return; // the context swallowed a placeholder: nothing to compare
				let n = 0;
				const output = rewriteLinks(text, {type: 'text', to: () => pieces[n++]?.[1]});
				const after = extractLinks(output, {type: 'text'}).map(link => link.value);
				t.deepEqual(
					after,
					pieces.map(([, value]) => encoded(value)),
					`${JSON.stringify(text)} -> ${JSON.stringify(output)}`,
				);
			},
		),
		fcParams(t, 2000),
	);
	t.pass();
});
