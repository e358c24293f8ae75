/**
 * Plain text for fuzzing, as mail and news hold it: RFC 2396 Appendix E delimiters
 * (`<...>`, `<URL:...>`, `"..."`), URLs wrapped across lines (with quote prefixes and a
 * hyphen at the break), trailing punctuation, brackets, IPv6 literals, userinfo, IDN,
 * Appendix F abbreviations (www., ftp.), e-mail addresses.
 */
import fc from 'fast-check';
import {hazard, uriReference} from './pieces.js';

const ABSOLUTE = [
	'http://example.com/',
	'https://example.com/a/b.html?x=1&y=2#f',
	'http://[::1]:8080/p',
	'http://[2001:db8::1]/',
	'ftp://u:p@ftp.example/pub/',
	'http://bücher.example/straße',
	'http://xn--bcher-kva.example/',
	'http://example.com/wiki/Foo_(bar)',
	'http://e.example/a,b;c',
	'news:comp.lang',
	'mailto:a@b.example',
	'file:///etc/passwd',
	'http://e.example/%2e%2e/%2F',
	'HTTP://E.EXAMPLE/X',
	'http://e.example:80/',
	'telnet://h.example',
	'www.example.org',
	'ftp.example.org/pub',
	'WWW.EXAMPLE.ORG',
	'http://',
	'http://.',
	'http://-a.example',
	'javascript:alert(1)',
];

const absolute = fc.oneof(
	{weight: 3, arbitrary: fc.constantFrom(...ABSOLUTE)},
	{
		weight: 2,
		arbitrary: fc
			.tuple(
				fc.constantFrom('http://', 'https://', 'ftp://'),
				fc.constantFrom('a.example', 'b.example/dir', 'c.example:81'),
				uriReference,
			)
			.map(([s, h, r]) => `${s}${h}/${r.replace(/^\/+/, '')}`),
	},
);

/** A URL split across lines, as mailers wrap it: the break may carry a quote prefix. */
const wrapped = fc
	.tuple(absolute, fc.nat(), fc.constantFrom('\n', '\r\n', '\n  ', '\n> ', '\n>> ', '\n\t', '-\n', '-\n  ', '\r'))
	.map(([url, at, brk]) => {
		const i = url.length === 0 ? 0 : at % url.length;
		return url.slice(0, i) + brk + url.slice(i);
	});

const delimited = fc.oneof(
	fc.tuple(fc.oneof(absolute, wrapped), fc.boolean()).map(([u, closed]) => `<${u}${closed ? '>' : ''}`),
	fc
		.tuple(fc.oneof(absolute, wrapped, uriReference), fc.constantFrom('URL:', 'url:', 'URL: ', 'URL:\n'))
		.map(([u, p]) => `<${p}${u}>`),
	absolute.map(u => `"${u}"`),
	absolute.map(u => `URL:${u}`),
	absolute.map(u => `(${u})`),
	absolute.map(u => `[${u}]`),
	absolute.map(u => `{${u}}`),
	absolute.map(u => `'${u}'`),
);

const punctuation = fc.constantFrom(
	'.',
	',',
	';',
	':',
	'!',
	'?',
	')',
	').',
	'...',
	'"',
	"'",
	'>',
	']',
	'}',
	'-',
	'*',
	'_',
);

const word = fc.constantFrom(
	'see',
	'at',
	'the',
	'and',
	'Re:',
	'a@b.example',
	'x.y',
	'foo:bar',
	'http:',
	'www.',
	'<',
	'>',
	'"',
	'(',
	')',
	'((',
	'))',
	'é',
	'😀',
	'--',
	'\u00a0',
);

/** One piece of a plain-text message. */
const textPiece: fc.Arbitrary<string> = fc.oneof(
	{weight: 4, arbitrary: fc.tuple(absolute, fc.option(punctuation, {nil: ''})).map(([u, p]) => u + p)},
	{weight: 3, arbitrary: delimited},
	{weight: 2, arbitrary: wrapped},
	{weight: 4, arbitrary: word},
	{weight: 4, arbitrary: fc.constantFrom(' ', '  ', '\n', '\n> ', '\n\n', '\t', '\r\n')},
	{weight: 1, arbitrary: hazard},
);

/** A plain-text document of up to `maxPieces` pieces. */
export function textDocument(maxPieces = 30): fc.Arbitrary<string> {
	return fc.array(textPiece, {maxLength: maxPieces}).map(pieces => pieces.join(''));
}
