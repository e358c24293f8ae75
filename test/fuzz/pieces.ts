/**
 * Building blocks of the fuzz generators: URI references (relative, absolute, hostile),
 * HTML character references in every form, CSS escapes, and raw hazards (CR, NUL, lone
 * surrogates, a BOM). Each is a fast-check arbitrary of strings.
 */
import fc from 'fast-check';

/** Path segments with the characters that matter to resolution and escaping. */
const SEGMENTS = [
	'a',
	'b.html',
	'dir',
	'..',
	'.',
	'',
	'%2e%2e',
	'%2E',
	'%2F',
	'%25',
	'%0D%0A',
	'%23',
	'%3F',
	'a:b',
	'x;p=1',
	'é',
	'😀',
	'a b',
	'c\\d',
	'i.png',
	'q(1)',
	"it's",
	'&',
	'~u',
	'@',
	'[x]',
	',',
	'*/',
	'-->',
];

const HOSTS = [
	'example.com',
	'EXAMPLE.com',
	'a.example',
	'xn--bcher-kva.example',
	'bücher.example',
	'[::1]',
	'[2001:db8::7]',
	'127.0.0.1',
	'u:p@h.example',
	'user@h.example',
	'h.example:8080',
	'h.example:',
	'h.example:0080',
	'%41.example',
];

const SCHEMES = [
	'http',
	'https',
	'HTTP',
	'ftp',
	'file',
	'ws',
	'foo',
	'urn',
	'mailto',
	'data',
	'javascript',
	'vbscript',
	'JaVaScRiPt',
];

/** A relative path of 0–4 segments, optionally rooted. */
const path = fc
	.tuple(fc.constantFrom('', '/', '//', './', '../', '\\'), fc.array(fc.constantFrom(...SEGMENTS), {maxLength: 4}))
	.map(([lead, segments]) => lead + segments.join('/'));

const query = fc.constantFrom('', '?', '?q=1', '?a=1&b=2', '?a=%26&b=%3D', '?x=é', '?%2F');
const fragment = fc.constantFrom('', '#', '#f', '#a%23b', '#x y');

/** A URI reference: relative, network-path, absolute, opaque, or a hostile literal. */
export const uriReference: fc.Arbitrary<string> = fc.oneof(
	{weight: 4, arbitrary: fc.tuple(path, query, fragment).map(p => p.join(''))},
	{
		weight: 3,
		arbitrary: fc
			.tuple(
				fc.constantFrom(...SCHEMES),
				fc.constantFrom('://', ':', ':/', ':\\\\'),
				fc.constantFrom(...HOSTS),
				path,
				query,
				fragment,
			)
			.map(([scheme, sep, host, p, q, f]) =>
				sep === ':' ? `${scheme}:${p}${q}` : `${scheme}${sep}${host}${p.startsWith('/') ? p : `/${p}`}${q}${f}`,
			),
	},
	{weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTS), path).map(([host, p]) => `//${host}/${p}`)},
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'',
			' ',
			'#',
			'?',
			'.',
			'..',
			'/',
			'//',
			'///x',
			'javascript:alert(1)',
			' javascript:x',
			'java\tscript:x',
			'jav&#x09;ascript:x',
			'data:text/html,<script>',
			'vbscript:msgbox',
			'mailto:a@b.example',
			'http:x',
			'http:/x',
			'http:\\\\x\\y',
			'a\nb',
			'a\r\nb',
			'\u0000',
			'http://[::1',
			'http://a b/',
			'https://%00/',
			'http://xn--/',
			'%zz',
			'%',
			'http://a/%2e%2e/b',
			'c:/windows',
		),
	},
);

/** HTML character references: named with and without `;`, numeric, out of range, and look-alikes. */
export const entity: fc.Arbitrary<string> = fc.constantFrom(
	'&amp;',
	'&amp',
	'&AMP;',
	'&lt;',
	'&lt',
	'&gt',
	'&quot;',
	'&quot',
	'&apos;',
	'&#39;',
	'&#x27;',
	'&#34',
	'&copy',
	'&copy;',
	'&notit;',
	'&notin;',
	'&not',
	'&ampx',
	'&amp=',
	'&#x2F;',
	'&#47',
	'&#0;',
	'&#xD800;',
	'&#x110000;',
	'&#128;',
	'&#x80;',
	'&#9;',
	'&#10;',
	'&#32;',
	'&',
	'&;',
	'&#;',
	'&#x;',
	'&unknown;',
	'&NotNestedGreaterGreater;',
	'&frac12',
	'&lt-',
);

/** Raw hazards anywhere in a document. */
export const hazard: fc.Arbitrary<string> = fc.constantFrom(
	'\r',
	'\n',
	'\r\n',
	'\u0000',
	'\ud800',
	'\udc00',
	'\udbff\udfff',
	'\ufeff',
	'\t',
	'\f',
	'\u0085',
	'\u2028',
	'\ufffd',
);

/** CSS escapes, valid and not. */
export const cssEscape: fc.Arbitrary<string> = fc.constantFrom(
	'\\29',
	'\\29 ',
	'\\28',
	'\\22',
	'\\27',
	'\\5c',
	'\\0',
	'\\d800',
	'\\110000',
	'\\000041',
	'\\41x',
	'\\)',
	'\\(',
	'\\ ',
	'\\\n',
	'\\\\',
	'\\"',
	"\\'",
	'\\',
	'\\u',
	'\\E9',
	'\\1F600',
);

/** A URI reference with HTML hazards mixed in: entities, raw quotes, whitespace. */
export const attributeText: fc.Arbitrary<string> = fc
	.array(
		fc.oneof(
			{weight: 5, arbitrary: uriReference},
			{weight: 2, arbitrary: entity},
			{weight: 1, arbitrary: hazard},
			{weight: 1, arbitrary: fc.constantFrom('"', "'", '<', '>', '=', '`', ' ', '/')},
		),
		{minLength: 1, maxLength: 3},
	)
	.map(parts => parts.join(''));

/** A CSS URL value with escapes and hazards mixed in. */
export const cssText: fc.Arbitrary<string> = fc
	.array(
		fc.oneof(
			{weight: 5, arbitrary: uriReference},
			{weight: 2, arbitrary: cssEscape},
			{weight: 1, arbitrary: fc.constantFrom('"', "'", '(', ')', ' ', '\n', '/*', '*/', '\u0000')},
		),
		{minLength: 1, maxLength: 3},
	)
	.map(parts => parts.join(''));

/** Anything at all, code point by code point (lone surrogates included). */
export const anyText: fc.Arbitrary<string> = fc.string({unit: 'binary', maxLength: 12});

/** Attacker-chosen values for a rewrite: every character that could end a context. */
export const hostileValue: fc.Arbitrary<string> = fc
	.array(
		fc.oneof(
			{
				weight: 3,
				arbitrary: fc.constantFrom(
					'"',
					"'",
					'<',
					'>',
					'&',
					'(',
					')',
					'`',
					' ',
					'\n',
					'\r',
					'\t',
					'\f',
					'\\',
					';',
					',',
					'=',
					'#',
					'%',
					'%22',
					'%0A',
				),
			},
			{
				weight: 2,
				arbitrary: fc.constantFrom(
					'</style',
					'</style>',
					'</script>',
					'</textarea>',
					'-->',
					'<!--',
					'*/',
					'/*',
					']]>',
					'&quot;',
					'&amp;',
					'url(',
					'javascript:',
					'\u0000',
					'\ud800',
					'é',
					'😀',
				),
			},
			{weight: 2, arbitrary: uriReference},
		),
		{minLength: 1, maxLength: 8},
	)
	.map(parts => parts.join(''));
