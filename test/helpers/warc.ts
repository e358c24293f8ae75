/** WARC records written for tests and benchmarks, as warcio and crawlers write them. */

/**
 * A WARC/1.1 response record (ISO 28500 §6.3) for `url` holding the HTTP message `http`,
 * its WARC-Record-ID a UUID ending in `id`.
 *
 * @example
 * warcResponse('https://e.x/', Buffer.from('HTTP/1.1 200 OK\r\n\r\n<a href="a">'), 7); // 'WARC/1.1\r\nWARC-Type: response\r\n...'
 */
export function warcResponse(url: string, http: Buffer, id: number): Buffer {
	const head = [
		'WARC/1.1',
		'WARC-Type: response',
		`WARC-Target-URI: ${url}`,
		'WARC-Date: 2026-01-01T00:00:00Z',
		`WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-${String(id).padStart(12, '0')}>`,
		'Content-Type: application/http;msgtype=response',
		`Content-Length: ${http.length}`,
	];
	return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), http, Buffer.from('\r\n\r\n')]);
}
