import {deflateRawSync, gzipSync} from 'node:zlib';
import test from 'ava';
import {MAX_HTTP_HEAD_BYTES, extractWarc} from '../../src/archive/warc/warc.js';
import type {WarcError} from '../../src/archive/warc/warc.js';
import {codings, parseHttpHead, parseMediaType, readHttpHead} from '../../src/archive/warc/http.js';
import {linkValues} from '../../src/archive/warc/link-header.js';
import {bodyEncoding, sniffsAsHtml} from '../../src/archive/warc/payload.js';
import type {Link} from '../../src/types.js';

// Expected values are worked by hand from RFC 8288 §3, RFC 9110/9112 and WARC 1.1.

test('linkValues: commas inside <...> and quoted strings stay; junk members are skipped', t => {
	const value = '<https://cdn.example.net/a,b.css>; rel=stylesheet, </canonical>; rel="canonical"';
	t.deepEqual(linkValues(value), [
		{start: 1, end: 32, rel: ['stylesheet']},
		{start: 52, end: 62, rel: ['canonical']},
	]);
	t.is(value.slice(1, 32), 'https://cdn.example.net/a,b.css');
	t.is(value.slice(52, 62), '/canonical');
	const quoted = '<a>; title="x, <b>; y", <c>; rel="Next  PREV"';
	t.deepEqual(
		linkValues(quoted).map(l => [quoted.slice(l.start, l.end), l.rel]),
		[
			['a', []],
			['c', ['next', 'prev']],
		],
	);
	t.deepEqual(
		linkValues('junk, <d>, , <e>;rel=x,<f').map(l => [l.start, l.end, l.rel]),
		[
			[7, 8, []],
			[14, 15, ['x']],
		],
	);
	t.deepEqual(linkValues(''), []);
	// http-link-header rejects the parameters: the URI is still reported, without rel.
	t.deepEqual(linkValues('<g> rel=x'), [{start: 1, end: 2, rel: []}]);
});

test('parseHttpHead: status, lower-cased names, value spans, obs-fold, bare LF, ISO-8859-1 fallback', t => {
	const head = parseHttpHead(
		Buffer.from('HTTP/1.1 301 Moved\r\nLOCATION:  /a b \r\nX-Folded: one\r\n  two\r\nLink:\r\n <c>\r\n\r\n'),
	);
	t.is(head.status, 301);
	t.is(head.statusLine, 'HTTP/1.1 301 Moved');
	t.deepEqual(
		head.fields.map(f => [
			f.name,
			f.value,
			head.text.slice(f.start, f.end).length === f.value.length,
			f.line,
			f.column,
		]),
		[
			['location', '/a b', true, 2, 12],
			['x-folded', 'one    two', true, 3, 11],
			['link', '<c>', true, 6, 2],
		],
	);
	const bare = parseHttpHead(Buffer.from('HTTP/1.0 200\nContent-Type: text/html\n\n'));
	t.is(bare.status, 200);
	t.deepEqual(
		bare.fields.map(f => [f.name, f.value]),
		[['content-type', 'text/html']],
	);
	// Not UTF-8: each byte one character (0xE9 = é in ISO-8859-1).
	t.is(
		parseHttpHead(Buffer.from('HTTP/1.1 302 Found\r\nLocation: /caf\xe9\r\n\r\n', 'latin1')).fields[0]!.value,
		'/café',
	);
	t.is(
		parseHttpHead(Buffer.from('HTTP/1.1 302 Found\r\nLocation: /caf\xc3\xa9\r\n\r\n', 'latin1')).fields[0]!.value,
		'/café',
	);
	t.is(parseHttpHead(Buffer.from('ICY 200 OK\r\n\r\n')).status, undefined);
	t.is(parseHttpHead(Buffer.from('HTTP/1.1 200 \r\n\r\n')).status, 200);
});

test('readHttpHead: splits at the first empty line; too long is null', async t => {
	const parts = ['HTTP/1.1 200 OK\r', '\nA: b\r\n\r', '\n<html>', 'rest'].map(s => Buffer.from(s));
	let i = 0;
	const split = await readHttpHead(async () => parts[i++]);
	t.is(Buffer.from(split!.head).toString(), 'HTTP/1.1 200 OK\r\nA: b\r\n\r\n');
	t.is(Buffer.from(split!.rest).toString(), '<html>');
	const long = [Buffer.from('HTTP/1.1 200 OK\r\n'), Buffer.alloc(MAX_HTTP_HEAD_BYTES, 0x61), Buffer.from('\r\n\r\n')];
	let j = 0;
	t.is(await readHttpHead(async () => long[j++]), null);
});

test('parseMediaType and codings', t => {
	t.deepEqual(parseMediaType('Text/HTML ; Charset="windows-1252"'), {essence: 'text/html', charset: 'windows-1252'});
	t.deepEqual(parseMediaType('text/css'), {essence: 'text/css'});
	t.is(parseMediaType('html'), undefined);
	t.is(parseMediaType(''), undefined);
	const head = parseHttpHead(
		Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: gzip, chunked\r\n\r\n'),
	);
	t.deepEqual(codings(head, 'content-encoding'), ['gzip']);
	t.deepEqual(bodyEncoding(head), {chunked: true, codings: ['gzip', 'gzip']});
	t.is(bodyEncoding(parseHttpHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: compress\r\n\r\n'))), 'compress');
	t.deepEqual(bodyEncoding(parseHttpHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\n\r\n'))), {
		chunked: false,
		codings: [],
	});
});

test('sniffsAsHtml (MIME Sniffing §7.1 HTML patterns)', t => {
	t.true(sniffsAsHtml(Buffer.from(' \n<!DOCTYPE HTML>')));
	t.true(sniffsAsHtml(Buffer.from('<a href="x">')));
	t.true(sniffsAsHtml(Buffer.from('<!-- c -->')));
	t.false(sniffsAsHtml(Buffer.from('<abbr>')));
	t.false(sniffsAsHtml(Buffer.from('{"a": 1}')));
	t.false(sniffsAsHtml(Buffer.from('<?xml version="1.0"?>')));
});

/** A WARC/1.1 record (WARC 1.1 §4), for in-memory inputs. */
function record(type: string, fields: Record<string, string>, block: Buffer | string): Buffer {
	const bytes = typeof block === 'string' ? Buffer.from(block, 'latin1') : block;
	const head = [
		'WARC/1.1',
		`WARC-Type: ${type}`,
		'WARC-Record-ID: <urn:x:1>',
		'WARC-Date: 2025-01-01T00:00:00Z',
		...Object.entries(fields).map(([k, v]) => `${k}: ${v}`),
		`Content-Length: ${bytes.length}`,
	];
	return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), bytes, Buffer.from('\r\n\r\n')]);
}

const response = (uri: string, http: Buffer | string): Buffer =>
	record('response', {'WARC-Target-URI': uri, 'Content-Type': 'application/http; msgtype=response'}, http);

async function collect(...records: Buffer[]): Promise<{links: Link[]; errors: WarcError[]}> {
	const links: Link[] = [];
	const errors: WarcError[] = [];
	async function* input(): AsyncGenerator<Uint8Array> {
		yield Buffer.concat(records);
	}
	for await (const link of extractWarc(input(), {onError: error => errors.push(error)})) links.push(link);
	return {links, errors};
}

test('in memory: unsupported coding and an over-long head are reported; the next record is still read', async t => {
	const {links, errors} = await collect(
		response(
			'http://a.example/',
			'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: compress\r\nLocation: /moved\r\n\r\n<a href="x">',
		),
		response('http://b.example/', `HTTP/1.1 200 OK\r\nX-Long: ${'a'.repeat(MAX_HTTP_HEAD_BYTES)}\r\n\r\n<a href="y">`),
		response('http://c.example/', 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href="z">'),
	);
	// The head's own references come before the body is looked at.
	t.deepEqual(
		links.map(l => l.url),
		['http://a.example/moved', 'http://c.example/z'],
	);
	t.deepEqual(
		errors.map(e => e.code),
		['unsupported-coding', 'malformed-http'],
	);
});

test('in memory: a truncated gzip body keeps the Links before the fault and reports it', async t => {
	const gzip = gzipSync(Buffer.from(`<a href="first.html">1</a>${' '.repeat(5000)}<a href="second.html">2</a>`));
	const cut = gzip.subarray(0, gzip.length - 12);
	const {links, errors} = await collect(
		response(
			'http://a.example/',
			Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n'), cut]),
		),
	);
	t.deepEqual(
		links.map(l => l.url),
		['http://a.example/first.html', 'http://a.example/second.html'],
	);
	t.deepEqual(
		errors.map(e => e.code),
		['undecodable-body'],
	);
});

test('in memory: raw deflate, a gzip label on a stored-decoded body, an unknown charset label, x-gzip', async t => {
	const {links, errors} = await collect(
		response(
			'http://a.example/d/',
			Buffer.concat([
				Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: deflate\r\n\r\n'),
				deflateRawSync(Buffer.from('<a href="raw">')),
			]),
		),
		response(
			'http://b.example/',
			'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=x-no-such\r\nContent-Encoding: gzip\r\n\r\n<a href="plain">',
		),
		response(
			'http://c.example/',
			Buffer.concat([
				Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/css\r\nContent-Encoding: x-gzip\r\n\r\n'),
				gzipSync('a{background:url("i.png")}'),
			]),
		),
	);
	t.deepEqual(
		links.map(l => l.url),
		['http://a.example/d/raw', 'http://b.example/plain', 'http://c.example/i.png'],
	);
	t.deepEqual(errors, []);
});

test('in memory: a relative target URI gives no base (no-base errors), a non-HTTP response is read as a resource, dns: has none', async t => {
	const {links, errors} = await collect(
		response('relative/page', 'HTTP/1.1 302 Found\r\nLocation: /x\r\nLink: <https://abs.example/>\r\n\r\n'),
		record(
			'response',
			{'WARC-Target-URI': 'dns:www.example.com', 'Content-Type': 'text/dns'},
			'20250101000000\nwww.example.com. 300 IN A 192.0.2.1\n',
		),
		record('response', {'WARC-Target-URI': 'http://r.example/a/', 'Content-Type': 'text/html'}, '<a href="b">'),
		record(
			'request',
			{'WARC-Target-URI': 'http://r.example/a/', 'Content-Type': 'application/http; msgtype=request'},
			'GET /a/ HTTP/1.1\r\nReferer: http://elsewhere.example/\r\n\r\n',
		),
	);
	t.deepEqual(
		links.map(l => [l.url, l.error ?? null, l.record?.source]),
		[
			[null, 'no-base', 'header:location'],
			['https://abs.example/', null, 'header:link'],
			['http://r.example/a/b', null, 'body'],
		],
	);
	t.deepEqual(errors, []);
});

test('in memory: the rfc3986 dialect resolves header and body references by RFC 3986 §5.2', async t => {
	const links: Link[] = [];
	async function* input(): AsyncGenerator<Uint8Array> {
		yield response(
			'http://a.example/b/c',
			'HTTP/1.1 302 Found\r\nLocation: ../../../g\r\nContent-Type: text/html\r\n\r\n<a href="./d/../e">',
		);
	}
	for await (const link of extractWarc(input(), {dialect: 'rfc3986'})) links.push(link);
	// RFC 3986 §5.4.2: "../../../g" from http://a/b/c/d;p?q is "http://a/g".
	t.deepEqual(
		links.map(l => l.url),
		['http://a.example/g', 'http://a.example/b/e'],
	);
});

test('a Content-Length past 2^53 (10^25): reported, and reading goes on at the next WARC version line, the records after it all read', async t => {
	const page = (i: number): Buffer =>
		response(
			`http://r.example/${i}.html`,
			`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href="to${i}.html">${i}</a>`,
		);
	const huge = Buffer.from(
		[
			'WARC/1.1',
			'WARC-Type: response',
			'WARC-Record-ID: <urn:x:huge>',
			'WARC-Target-URI: http://r.example/huge.html',
			'Content-Type: application/http; msgtype=response',
			'Content-Length: 10000000000000000000000000',
			'',
			'HTTP/1.1 200 OK\r\n\r\n<a href="lost.html">WARC/1.0 inside a line is not a record</a>\r\n\r\n',
		].join('\r\n'),
		'latin1',
	);
	const before = page(0);
	const after = Array.from({length: 30}, (_, i) => page(i + 1));
	const {links, errors} = await collect(before, huge, ...after);
	t.deepEqual(
		links.map(link => link.url),
		Array.from({length: 31}, (_, i) => `http://r.example/to${i}.html`),
	);
	t.is(errors.length, 1);
	t.is(errors[0]!.code, 'malformed-record');
	const next = before.length + huge.length;
	t.is(
		errors[0]!.message,
		`WARC input, offset ${before.length}, response record, <urn:x:huge>, for http://r.example/huge.html: invalid Content-Length "10000000000000000000000000": skipped to the next "WARC/1.x" line, at offset ${next}`,
	);
});

test('a Content-Length past 2^53 with no record after it: the rest of the input is skipped, said once', async t => {
	const huge = Buffer.from(
		[
			'WARC/1.1',
			'WARC-Type: resource',
			'WARC-Record-ID: <urn:x:huge>',
			'Content-Length: 1e25',
			'',
			'x'.repeat(200_000),
		].join('\r\n'),
		'latin1',
	);
	const {links, errors} = await collect(huge);
	t.deepEqual(links, []);
	t.deepEqual(
		errors.map(error => error.message),
		[
			'WARC input, offset 0, resource record, <urn:x:huge>: invalid Content-Length "1e25": no WARC record after it; the rest of the input is skipped',
		],
	);
});
