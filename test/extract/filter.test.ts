import test from 'ava';
import {withoutCredentials} from '../../src/extract/filter.js';
import {extractLinks} from '../../src/index.js';

test('withoutCredentials removes only the userinfo', t => {
	t.is(withoutCredentials('https://user:secret@example.com/a'), 'https://example.com/a');
	t.is(withoutCredentials('ftp://anonymous@ftp.example.org/pub/'), 'ftp://ftp.example.org/pub/');
	t.is(withoutCredentials('http://a%40b:c@host.example:8080/x?y@z#w@v'), 'http://host.example:8080/x?y@z#w@v');
	t.is(withoutCredentials('https://example.com/a@b'), 'https://example.com/a@b', '@ in the path is not userinfo');
	t.is(withoutCredentials('https://example.com?q=a@b'), 'https://example.com?q=a@b');
	t.is(withoutCredentials('mailto:someone@example.com'), 'mailto:someone@example.com', 'opaque: no authority');
});

const page =
	'<a href="https://u:p@example.com/x">x</a><a href="mailto:a@b.example">m</a><a href="javascript:void(0)">j</a><img src="/i.png">';

test('redactCredentials drops user:password from url but keeps value and raw', t => {
	const links = extractLinks(page, {type: 'html', retrievalUrl: 'https://site.example/', redactCredentials: true});
	t.is(links[0]?.url, 'https://example.com/x');
	t.is(links[0]?.value, 'https://u:p@example.com/x');
	t.is(links[0]?.raw, 'https://u:p@example.com/x');
});

test('schemes keeps only Links whose URL has a listed scheme', t => {
	const links = extractLinks(page, {type: 'html', retrievalUrl: 'https://site.example/', schemes: ['HTTP', 'https']});
	t.deepEqual(
		links.map(link => link.url),
		['https://u:p@example.com/x', 'https://site.example/i.png'],
	);
});

test('bad schemes option is a clear error', t => {
	const error = t.throws(() => extractLinks('', {type: 'html', schemes: ['http', 'not a scheme']}));
	t.true(error?.message.includes('`schemes`'));
});
