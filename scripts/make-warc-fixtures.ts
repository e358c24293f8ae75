/**
 * Writes the project's own WARC fixtures (fixtures/warc/), every byte composed here:
 *   crawl.warc.gz    one gzip member per record: redirects, Link/Refresh/Content-Location
 *                    headers, windows-1252 + BASE, chunked + gzip, br, deflate, a stored-decoded
 *                    body, an untyped body, a WARC/1.0 `<uri>` target, a malformed record in
 *                    the middle, a revisit, a text resource, records without Links
 *   plain.warc       uncompressed; a record without a target URI in the middle, and a last
 *                    record cut short (the input ends inside it)
 *   whole.warc.gz    the records of plain.warc's first and third records, gzipped as one member
 *   corrupt.warc.gz  three members, the second with damaged deflate data
 *   legacy.arc       an ARC 1.0 file (rejected)
 * Expected Links are in fixtures/warc/README.md, worked by hand.
 *
 * Run: npx tsx scripts/make-warc-fixtures.ts
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {brotliCompressSync, deflateSync, gzipSync} from 'node:zlib';
import iconv from 'iconv-lite';

const out = new URL('../fixtures/warc/', import.meta.url);
const CRLF = '\r\n';
let serial = 0;

/** A WARC record: version line, named fields, Content-Length, blank line, block, CRLF CRLF (WARC 1.1 §4). */
function record(
	type: string,
	fields: Record<string, string>,
	block: Buffer = Buffer.alloc(0),
	version = 'WARC/1.1',
): Buffer {
	serial++;
	const lines = [
		version,
		`WARC-Type: ${type}`,
		`WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(serial).padStart(12, '0')}>`,
		'WARC-Date: 2025-06-01T12:00:00Z',
		...Object.entries(fields).map(([name, value]) => `${name}: ${value}`),
		`Content-Length: ${block.length}`,
	];
	return Buffer.concat([Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1'), block, Buffer.from(CRLF + CRLF)]);
}

/** An HTTP/1.1 message: status line, fields (repeats allowed), blank line, body. */
function http(statusLine: string, fields: Array<[string, string]>, body: Buffer | string = ''): Buffer {
	const head = [statusLine, ...fields.map(([name, value]) => `${name}: ${value}`)].join(CRLF) + CRLF + CRLF;
	return Buffer.concat([Buffer.from(head, 'latin1'), typeof body === 'string' ? Buffer.from(body) : body]);
}

/** RFC 9112 §7.1 chunked coding, cut at the given sizes. */
function chunked(body: Buffer, sizes: number[]): Buffer {
	const parts: Buffer[] = [];
	let position = 0;
	for (const size of [...sizes, body.length]) {
		const piece = body.subarray(position, position + size);
		if (piece.length === 0) break;
		parts.push(Buffer.from(`${piece.length.toString(16)}${CRLF}`), piece, Buffer.from(CRLF));
		position += piece.length;
	}
	parts.push(Buffer.from(`0${CRLF}${CRLF}`));
	return Buffer.concat(parts);
}

const response = (uri: string, block: Buffer, extra: Record<string, string> = {}, version?: string): Buffer =>
	record(
		'response',
		{'WARC-Target-URI': uri, 'Content-Type': 'application/http; msgtype=response', ...extra},
		block,
		version,
	);
const request = (uri: string, path: string, host: string): Buffer =>
	record(
		'request',
		{'WARC-Target-URI': uri, 'Content-Type': 'application/http; msgtype=request'},
		Buffer.from(`GET ${path} HTTP/1.1${CRLF}Host: ${host}${CRLF}${CRLF}`),
	);

const warcinfo = record(
	'warcinfo',
	{'Content-Type': 'application/warc-fields'},
	Buffer.from(`software: linkstream fixture script${CRLF}format: WARC File Format 1.1${CRLF}`),
);

const landing = iconv.encode(
	'<!DOCTYPE html><html><head><title>Café</title>\n<base href="http://mirror.example/b/">\n<link rel="stylesheet" href="../s.css">\n</head><body>\n<a href="q?s=é">café</a>\n<img src="pics/été.png">\n</body></html>\n',
	'win1252',
);
const gzipped = gzipSync(
	Buffer.from('<html><body><a href="c/1.html">one</a> <a href="../up.html">up</a></body></html>'),
);
const crawl: Buffer[] = [
	warcinfo,
	request('http://shop.example/old', '/old', 'shop.example'),
	// 1. A redirect: relative Location; two Link lines, commas inside <...> and inside a quoted parameter.
	response(
		'http://shop.example/old',
		http(
			'HTTP/1.1 301 Moved Permanently',
			[
				['Location', 'new/'],
				['Link', '<https://cdn.example/s,1.css>; rel="preload"; as=style, </home>; rel=canonical'],
				['link', '<../feed?a=1,2>; rel="alternate Feed"; title="x, <y>"'],
				['Content-Type', 'text/html'],
			],
			'<a href="new/">moved</a>',
		),
	),
	// 2. windows-1252 with a BASE element: header references ignore it, body references use it.
	response(
		'http://shop.example/new/',
		http(
			'HTTP/1.1 200 OK',
			[
				['Content-Type', 'text/html; charset=windows-1252'],
				['Content-Location', 'index.html'],
				['Refresh', '5; url=../later.html'],
				['Link', '<https://cdn.example/a,b.js>; rel=preload; as=script'],
			],
			landing,
		),
	),
	// 3. Transfer-Encoding: chunked over Content-Encoding: gzip, chunks cutting the gzip data.
	response(
		'http://shop.example/chunky/page.html',
		http(
			'HTTP/1.1 200 OK',
			[
				['Content-Type', 'text/html'],
				['Content-Encoding', 'gzip'],
				['Transfer-Encoding', 'chunked'],
			],
			chunked(gzipped, [7, 30]),
		),
	),
	// 4. Brotli CSS.
	response(
		'http://shop.example/css/style.css',
		http(
			'HTTP/1.1 200 OK',
			[
				['Content-Type', 'text/css'],
				['Content-Encoding', 'br'],
			],
			brotliCompressSync(Buffer.from('@import "base.css";\nbody { background: url(../img/bg.png) }\n')),
		),
	),
	// 5. deflate (zlib format).
	response(
		'https://shop.example/deflate.html',
		http(
			'HTTP/1.1 200 OK',
			[
				['Content-Type', 'text/html; charset=utf-8'],
				['Content-Encoding', 'deflate'],
			],
			deflateSync(Buffer.from('<p><a href="/d?x=1">d</a></p>')),
		),
	),
	// 6. A malformed record in the middle: a response block that is not HTTP.
	response(
		'http://shop.example/broken',
		Buffer.from(`this is not an HTTP response${CRLF}${CRLF}<a href="nope.html">nope</a>`),
	),
	// 7. Common Crawl style: stored decoded, the original coding header renamed.
	response(
		'http://shop.example/cc.html',
		http(
			'HTTP/1.1 200 OK',
			[
				['Content-Type', 'text/html'],
				['X-Crawler-Content-Encoding', 'gzip'],
			],
			'<a href="cc/x.html">x</a>',
		),
	),
	// 8. No Content-Type: sniffed as HTML (MIME Sniffing §7.1).
	response('http://shop.example/untyped', http('HTTP/1.1 200 OK', [], '\n<!DOCTYPE html><a href="sniffed.html">s</a>')),
	// 9. An image: no Links.
	response(
		'http://shop.example/logo.png',
		http(
			'HTTP/1.1 200 OK',
			[['Content-Type', 'image/png']],
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		),
	),
	// 10. WARC/1.0 with the target URI in angle brackets (as wget writes it).
	response(
		'<http://old.example/dir/page>',
		http('HTTP/1.0 200 OK', [['Content-Type', 'text/html']], '<a href="sub/x.html">x</a>'),
		{},
		'WARC/1.0',
	),
	// 11. A revisit of record 1: HTTP head only.
	record(
		'revisit',
		{
			'WARC-Target-URI': 'http://shop.example/old',
			'WARC-Profile': 'http://netpreserve.org/warc/1.1/revisit/identical-payload-digest',
			'WARC-Refers-To-Target-URI': 'http://shop.example/old',
			'Content-Type': 'application/http; msgtype=response',
		},
		Buffer.from(`HTTP/1.1 301 Moved Permanently${CRLF}Location: new/${CRLF}${CRLF}`),
	),
	// 12. A text resource (no HTTP envelope); its target URI has a raw space.
	record(
		'resource',
		{'WARC-Target-URI': 'http://shop.example/notes/read me.txt', 'Content-Type': 'text/plain; charset=utf-8'},
		Buffer.from('See <URL:http://shop.example/doc/\n  a.html> and ../x.txt\n'),
	),
	// 13. Heritrix-style metadata: no Links.
	record(
		'metadata',
		{'WARC-Target-URI': 'http://shop.example/new/', 'Content-Type': 'application/warc-fields'},
		Buffer.from(`outlink: http://shop.example/later.html R Refresh:${CRLF}`),
	),
];

const plainRecords = [
	response(
		'http://plain.example/a.html',
		http('HTTP/1.1 200 OK', [['Content-Type', 'text/html']], '<a href="b.html">b</a>'),
	),
	// A response without WARC-Target-URI: reported, skipped.
	record(
		'response',
		{'Content-Type': 'application/http; msgtype=response'},
		http('HTTP/1.1 200 OK', [['Content-Type', 'text/html']], '<a href="lost.html">lost</a>'),
	),
	response('http://plain.example/c/', http('HTTP/1.1 302 Found', [['Location', '../d.html']])),
];
const cut = response(
	'http://plain.example/cut.html',
	http(
		'HTTP/1.1 200 OK',
		[['Content-Type', 'text/html']],
		'<a href="kept.html">kept</a><a href="never.html">never</a>',
	),
);
const plain = Buffer.concat([...plainRecords, cut.subarray(0, cut.indexOf('<a href="never'))]);

const members = [
	response('http://gz.example/1', http('HTTP/1.1 200 OK', [['Content-Type', 'text/html']], '<a href="one.html">1</a>')),
	response('http://gz.example/2', http('HTTP/1.1 200 OK', [['Content-Type', 'text/html']], '<a href="two.html">2</a>')),
	response(
		'http://gz.example/3',
		http('HTTP/1.1 200 OK', [['Content-Type', 'text/html']], '<a href="three.html">3</a>'),
	),
].map(bytes => gzipSync(bytes));
const damaged = Buffer.from(members[1]!);
damaged.fill(0xff, 12, 40);

const arc = [
	'filedesc://legacy.arc 0.0.0.0 20250601120000 text/plain 71',
	'1 0 Fixture',
	'URL IP-address Archive-date Content-type Archive-length',
	'',
	'http://arc.example/ 192.0.2.1 20250601120000 text/html 24',
	'<a href="x.html">x</a>\n',
].join('\n');

mkdirSync(out, {recursive: true});
writeFileSync(new URL('crawl.warc.gz', out), Buffer.concat(crawl.map(bytes => gzipSync(bytes))));
writeFileSync(new URL('plain.warc', out), plain);
writeFileSync(new URL('whole.warc.gz', out), gzipSync(Buffer.concat([plainRecords[0]!, plainRecords[2]!])));
writeFileSync(new URL('corrupt.warc.gz', out), Buffer.concat([members[0]!, damaged, members[2]!]));
writeFileSync(new URL('legacy.arc', out), arc);
