/**
 * The Web Streams examples of docs/web-streams.md, run on Node's Response and Web Streams: the worker-style
 * fetch handler and the Deno-style Link loop. Expected output written by hand.
 */
import test from 'ava';
import {ExtractStream, RewriteStream} from '../../src/web.js';

const PAGE = '<link rel=stylesheet href="../css/a.css"><a href="b.html">b</a><img srcset="c.png 1x, /d.png 2x">';

test('the fetch handler makes every reference absolute on the way through', async t => {
	const request = new Request('https://example.com/docs/page.html');
	const upstream = new Response(PAGE, {
		headers: {'content-type': 'text/html; charset=utf-8', 'content-length': String(PAGE.length)},
	});
	// The docs' handler, after its fetch:
	const body = upstream.body!.pipeThrough(new RewriteStream({type: 'html', retrievalUrl: request.url, to: 'absolute'}));
	const headers = new Headers(upstream.headers);
	headers.delete('content-length');
	const response = new Response(body, {status: upstream.status, headers});
	t.is(response.headers.get('content-type'), 'text/html; charset=utf-8');
	t.is(response.headers.get('content-length'), null);
	t.is(
		await response.text(),
		'<link rel=stylesheet href="https://example.com/css/a.css"><a href="https://example.com/docs/b.html">b</a><img srcset="https://example.com/docs/c.png 1x, https://example.com/d.png 2x">',
	);
});

test('the Link loop gets each reference, resolved', async t => {
	const response = new Response(PAGE);
	const links = response.body!.pipeThrough(
		new ExtractStream({type: 'html', retrievalUrl: 'https://example.com/docs/page.html'}),
	);
	const urls: string[] = [];
	for await (const link of links) urls.push(`${link.kind} ${link.url}`);
	t.deepEqual(urls, [
		'resource https://example.com/css/a.css',
		'navigation https://example.com/docs/b.html',
		'resource https://example.com/docs/c.png',
		'resource https://example.com/d.png',
	]);
});
