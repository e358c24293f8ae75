/**
 * Regressions found by the fuzzer (scripts/fuzz.ts, test/fuzz/fuzz.test.ts): each row is
 * the smallest input that showed the bug, with the expected output worked out by hand.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import type {RewriteOptions} from '../../src/types.js';

const PAGE = 'https://example.com/dir/page.html';

function urls(input: string): Array<string | null> {
	return extractLinks(input, {type: 'html', retrievalUrl: PAGE}).map(link => link.url);
}

test('srcset: a relative reference starting with a comma keeps its meaning ("./," not "%2C")', t => {
	const input = '<source srcset="./,#x y,http://example.com/">';
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: PAGE, to: 'relative'});
	// WHATWG URL: "%2C" is not decoded, so "%2C#x" would be another URL than ",#x".
	t.is(output, '<source srcset="./,#x y,http://example.com/">');
	t.deepEqual(urls(output), ['https://example.com/dir/,#x', 'http://example.com/']);
	const fn: RewriteOptions = {type: 'html', retrievalUrl: PAGE, to: () => ',a.png'};
	t.is(rewriteLinks('<img srcset="b.png 2x">', fn), '<img srcset="./,a.png 2x">');
});

test('meta refresh: a quote inside an unquoted URL is not percent-encoded (the extractor says there is no quote)', t => {
	const input = `<meta http-equiv=refresh content="2.5;ingle.html'onal.html">`;
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: PAGE, to: 'absolute'});
	t.is(output, `<meta http-equiv=refresh content="2.5;https://example.com/dir/ingle.html'onal.html">`);
	t.deepEqual(urls(output), urls(input));
});

test('meta refresh: a new value starting with a quote or "url =" gets "./", not a percent-escape', t => {
	const to = (value: string): RewriteOptions => ({type: 'html', retrievalUrl: PAGE, to: () => value});
	t.is(
		rewriteLinks('<meta http-equiv=refresh content="0; x.html">', to("'q.html")),
		`<meta http-equiv=refresh content="0; ./'q.html">`,
	);
	t.is(
		rewriteLinks('<meta http-equiv=refresh content="0; x.html">', to('url =u.html')),
		'<meta http-equiv=refresh content="0; ./url%20=u.html">',
	);
	// Inside quotes, only the closing quote is escaped: "%27" is what the writer can do there.
	t.is(
		rewriteLinks(`<meta http-equiv=refresh content="0; url='x.html'">`, to("it's.html")),
		`<meta http-equiv=refresh content="0; url='it%27s.html'">`,
	);
	t.deepEqual(urls(rewriteLinks('<meta http-equiv=refresh content="0; x.html">', to("'q.html"))), [
		"https://example.com/dir/'q.html",
	]);
});

test('text: a rewritten URL without delimiters cannot take in the text after it (angle brackets, App. E)', t => {
	const text = (input: string, to: RewriteOptions['to']): string => rewriteLinks(input, {type: 'text', to});
	// "www.foo" stops at ":bar"; "http://www.foo/" would run on into it.
	t.is(text('www.foo:bar', 'absolute'), '<http://www.foo/>:bar');
	t.deepEqual(
		extractLinks('<http://www.foo/>:bar', {type: 'text'}).map(link => link.url),
		['http://www.foo/'],
	);
	t.is(text('x www.foo..bar', 'absolute'), 'x <http://www.foo/>..bar');
	t.is(text('see www.foo bar', 'absolute'), 'see http://www.foo/ bar', 'whitespace around: no brackets needed');
});

test('text: an absolute URL is kept as written by the absolute mode (its serialization may not read as a URL)', t => {
	// WHATWG serializes the opaque host of "ttp:" percent-encoded, which running text does not take as a host.
	const input = 'h\nttp://bücher.example/straße';
	t.is(rewriteLinks(input, {type: 'text', to: 'absolute'}), input);
	t.is(rewriteLinks('<URL:HTTP://X.EXAMPLE/a>', {type: 'text', to: 'absolute'}), '<URL:HTTP://X.EXAMPLE/a>');
	t.is(
		rewriteLinks('<URL:b.html>', {type: 'text', to: 'absolute', retrievalUrl: PAGE}),
		'<URL:https://example.com/dir/b.html>',
	);
});

test('XHTML: CSS in a CDATA section is raw text, so a rewrite does not escape "&" there', t => {
	const input = '<style><![CDATA[ a{b:url(&amp;x.png)} ]]></style><style>a{b:url(&amp;y.png)}</style>';
	const options = {type: 'xhtml', retrievalUrl: 'http://a.example/'} as const;
	// XML: the CDATA section is not decoded ("&amp;x.png"); the second style's text is ("&y.png").
	t.deepEqual(
		extractLinks(input, options).map(link => link.url),
		['http://a.example/&amp;x.png', 'http://a.example/&y.png'],
	);
	const output = rewriteLinks(input, {...options, to: 'absolute'});
	t.is(
		output,
		'<style><![CDATA[ a{b:url(http://a.example/&amp;x.png)} ]]></style><style>a{b:url(http://a.example/&amp;y.png)}</style>',
	);
	// A new value cannot close the section: ">" is a CSS escape.
	t.is(
		rewriteLinks(input, {...options, to: () => ']]><a href=x>'}),
		'<style><![CDATA[ a{b:url(]]\\3e \\3c a\\20 href=x\\3e )} ]]></style><style>a{b:url(]]\\3e \\3c a\\20 href=x\\3e )}</style>',
	);
});

test('meta refresh: a new value starting with "," or ";" right after the time is not read as the separator', t => {
	const output = rewriteLinks('<meta http-equiv=refresh content="0 x.html">', {
		type: 'html',
		retrievalUrl: PAGE,
		to: () => ',y.html',
	});
	t.is(output, '<meta http-equiv=refresh content="0 ./,y.html">');
	t.deepEqual(urls(output), ['https://example.com/dir/,y.html']);
});

test('text: a new URL the scanner would not read whole (a closer left unpaired by escaping) goes in angle brackets', t => {
	// "{" is percent-encoded in the serialization, "}" in the fragment is not: unpaired, it would be cut off.
	const input = 'ftp.example.org/pub{x#}';
	const output = rewriteLinks(input, {type: 'text', to: 'absolute'});
	t.is(output, '<ftp://ftp.example.org/pub%7Bx#}>');
	t.deepEqual(
		extractLinks(output, {type: 'text'}).map(link => link.url),
		extractLinks(input, {type: 'text'}).map(link => link.url),
	);
});

test('a legacy entity without ";" before the span keeps its reading whatever the new value starts with', t => {
	// Attribute: "&quot" followed by "�" is a quote; followed by "h" it would not be decoded.
	const input = '<div style="background:url(&quot\ufffdx.png&quot;)"></div>';
	const output = rewriteLinks(input, {type: 'html', retrievalUrl: PAGE, to: 'absolute'});
	t.is(output, '<div style="background:url(&quot&#104;ttps://example.com/dir/%EF%BF%BDx.png&quot;)"></div>');
	t.deepEqual(urls(output), urls(input));
	// Text: "&not" + "in;" would read as "&notin;".
	const text = rewriteLinks('<p>&nothttp://a.example/x y</p>', {type: 'html', textLinks: true, to: () => 'in;x'});
	t.false(text.includes('&notin;'), text);
});

test('a relative reference against a data: or javascript: base is not resolved into a script URL', t => {
	const links = extractLinks('<a href="//h.example/x">x</a><a href="data:text/plain,hi">d</a>', {
		type: 'html',
		retrievalUrl: 'data:/x/',
	});
	t.deepEqual(
		links.map(link => [link.url, link.error ?? null]),
		[
			[null, 'invalid-base'],
			['data:text/plain,hi', null],
		],
	);
});
