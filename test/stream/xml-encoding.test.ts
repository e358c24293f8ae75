/**
 * The encoding of XML bytes (RFC 7303 §3; XML 1.0 Appendix F): a BOM, then the transport's
 * charset (the `encoding` option), then the XML declaration's `encoding`, then UTF-8;
 * legacy charsets as for HTML (WHATWG labels: ISO-8859-1 is windows-1252).
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';

const RETRIEVAL = 'https://enc.example/f/feed';

/** `<rss>` with one `<link>` whose path has an é, written in `bytes` for the é. */
function feed(declaration: string, e: number[]): Buffer {
	return Buffer.concat([
		Buffer.from(`${declaration}<rss><channel><link>caf`),
		Buffer.from(e),
		Buffer.from('.html</link></channel></rss>'),
	]);
}

const LATIN1_E = [0xe9];
const UTF8_E = [0xc3, 0xa9];

function value(bytes: Uint8Array, encoding?: string): string | undefined {
	return extractLinks(bytes, {type: 'xml', retrievalUrl: RETRIEVAL, ...(encoding === undefined ? {} : {encoding})})[0]
		?.value;
}

test('the XML declaration names the encoding', t => {
	t.is(value(feed('<?xml version="1.0" encoding="ISO-8859-1"?>', LATIN1_E)), 'café.html');
});

test('no declaration: UTF-8', t => {
	t.is(value(feed('', UTF8_E)), 'café.html');
	t.is(value(feed('<?xml version="1.0"?>', UTF8_E)), 'café.html');
});

test('the transport charset beats the declaration', t => {
	t.is(value(feed('<?xml version="1.0" encoding="ISO-8859-1"?>', UTF8_E), 'utf-8'), 'café.html');
});

test('a BOM beats the transport charset and the declaration', t => {
	const bytes = Buffer.concat([
		Buffer.from([0xef, 0xbb, 0xbf]),
		feed('<?xml version="1.0" encoding="ISO-8859-1"?>', UTF8_E),
	]);
	t.is(value(bytes, 'windows-1252'), 'café.html');
});

test('a legacy-encoded feed rewrites in its own encoding, identity byte for byte', t => {
	const bytes = feed('<?xml version="1.0" encoding="ISO-8859-1"?>', LATIN1_E);
	t.deepEqual(Buffer.from(rewriteLinks(bytes, {type: 'xml', to: () => undefined, retrievalUrl: RETRIEVAL})), bytes);
	// The absolute URL is ASCII (WHATWG URL: the path's é percent-encoded as UTF-8).
	t.is(
		Buffer.from(rewriteLinks(bytes, {type: 'xml', to: 'absolute', retrievalUrl: RETRIEVAL})).toString('latin1'),
		'<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><link>https://enc.example/f/caf%C3%A9.html</link></channel></rss>',
	);
});
