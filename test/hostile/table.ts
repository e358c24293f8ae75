/**
 * The bad-input table, shared by the extraction side
 * (bad-input.test.ts) and the rewrite side (bad-input-rewrite.test.ts): each row names a
 * hostile input and builds it on demand.
 */

export const MB = 1 << 20;

/** Deterministic pseudo-random bytes (xorshift), so failures replay. */
export function garbage(length: number, seed = 0x9e3779b9): Uint8Array {
	const bytes = new Uint8Array(length);
	let x = seed;
	for (let i = 0; i < length; i++) {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		bytes[i] = x & 0xff;
	}
	return bytes;
}

export const TABLE: ReadonlyArray<[string, () => string | Uint8Array]> = [
	[
		'invalid UTF-8 sequences',
		() =>
			Buffer.concat([
				Buffer.from('<a href="x'),
				Buffer.from([0xff, 0xc3, 0x28, 0xe2, 0x82, 0xf0, 0x9f]),
				Buffer.from('.html">a</a> http://e.example/\xff'),
			]),
	],
	['lone surrogates', () => '<a href="a\ud800b.html">x</a> http://e.example/\udc00 url(\ud83d.png)'],
	['NUL bytes', () => '<a\0 href="\0a.html"\0>\0</a> http://e.example/\0 url(\0.png)'],
	['binary garbage', () => garbage(256 * 1024)],
	['a 10 MB attribute value', () => `<a href="${'a'.repeat(10 * MB)}">x</a>`],
	['100,000 attributes on one tag', () => `<a ${'x=1 '.repeat(100_000)}href="last.html">x</a>`],
	['1e6 nested elements', () => `${'<div>'.repeat(1_000_000)}<a href="deep.html">x</a>`],
	['EOF inside a tag', () => '<a href="ok.html">x</a><img src="eof.png'],
	['EOF inside an attribute name', () => '<a href="ok.html">x</a><img sr'],
	['EOF inside a comment', () => '<a href="ok.html">x</a><!-- <a href="hidden.html">'],
	['EOF inside <script>', () => '<a href="ok.html">x</a><script>var a = "<a href=x>";'],
	['EOF inside <style>', () => '<a href="ok.html">x</a><style>body{background:url(eof.png'],
	['EOF inside CDATA', () => '<a href="ok.html">x</a><svg><![CDATA[ <a href="x">'],
	['EOF inside a <...> text URL', () => 'see <http://example.com/a/\n  b'],
	['a <base> with a 1 MB href', () => `<base href="https://b.example/${'d'.repeat(MB)}/"><a href="x.html">x</a>`],
	['an unterminated url( in CSS', () => 'a{background:url(  "x.png" '],
	['a 32 MB single line of text', () => `${'word '.repeat(6 * MB)}http://end.example/`],
	['CRLF line ends', () => '<a\r\nhref="a.html">a</a>\r\nhttp://e.example/crlf\r\n<b>url(c.png)</b>'],
	['CR line ends', () => '<a\rhref="a.html">a</a>\rhttp://e.example/cr\r<b>url(c.png)</b>'],
	['LF line ends', () => '<a\nhref="a.html">a</a>\nhttp://e.example/lf\n<b>url(c.png)</b>'],
	[
		'a BOM in the middle',
		() =>
			Buffer.concat([
				Buffer.from('<a href="one.html">1</a>'),
				Buffer.from([0xef, 0xbb, 0xbf]),
				Buffer.from('<a href="two.html">2</a> http://e.example/bom url(b.png)'),
			]),
	],
];
