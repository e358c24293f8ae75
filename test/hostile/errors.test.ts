/**
 * Clear errors: every public function rejects bad options with a
 * TypeError whose message names the option and the expected form, and stream errors
 * carry the position in the input.
 */
import {Readable} from 'node:stream';
import test from 'ava';
import {
	createExtractStream,
	createRewriteStream,
	extractLinks,
	normalize,
	parseReference,
	relativize,
	resolve,
	rewriteLinks,
	validate,
} from '../../src/index.js';

type Call = () => unknown;
const bad = <T>(value: unknown): T => value as T;

/** [function, what is wrong, the call, the name the message must give, the expected form it must state]. */
const ROWS: Array<[string, string, Call, string, RegExp]> = [
	[
		'resolve',
		'unknown dialect',
		() => resolve('a', 'http://x/', {dialect: bad('rfc1808')}),
		'`dialect`',
		/'whatwg', 'rfc3986', 'rfc2396'/,
	],
	['resolve', 'relative base (whatwg)', () => resolve('a', 'x/y'), '`base`', /absolute URL/],
	['resolve', 'relative base (rfc3986)', () => resolve('a', 'x/y', {dialect: 'rfc3986'}), '`base`', /absolute URI/],
	['resolve', 'relative base (rfc2396)', () => resolve('a', '/x/y', {dialect: 'rfc2396'}), '`base`', /absolute URI/],
	['resolve', 'options not an object', () => resolve('a', 'http://x/', bad('whatwg')), 'options', /an object/],
	['resolve', 'ref not a string', () => resolve(bad(3), 'http://x/'), '`ref`', /a string/],
	[
		'relativize',
		'unknown dialect',
		() => relativize('http://x/a', 'http://x/', {dialect: bad('url')}),
		'`dialect`',
		/'whatwg'/,
	],
	[
		'relativize',
		'unknown form',
		() => relativize('http://x/a', 'http://x/', {form: bad('relative')}),
		'`form`',
		/'path-relative', 'root-relative', 'shortest'/,
	],
	['relativize', 'relative base', () => relativize('http://x/a', 'x/'), '`base`', /absolute URL/],
	['relativize', 'relative target', () => relativize('a', 'http://x/'), '`target`', /absolute URL/],
	[
		'relativize',
		'relative scope',
		() => relativize('http://x/a', 'http://x/', {scope: 'docs/'}),
		'`scope`',
		/absolute URI prefix/,
	],
	[
		'relativize',
		'scope not a string',
		() => relativize('http://x/a', 'http://x/', {scope: bad(1)}),
		'`scope`',
		/absolute URI prefix/,
	],
	['normalize', 'unknown dialect', () => normalize('http://x/', {dialect: bad('html')}), '`dialect`', /'whatwg'/],
	['normalize', 'uri not a string', () => normalize(bad(null)), '`uri`', /a string/],
	['validate', 'unknown dialect', () => validate('http://x/', {dialect: bad('RFC3986')}), '`dialect`', /'rfc3986'/],
	['parseReference', 'ref not a string', () => parseReference(bad(undefined)), '`ref`', /a string/],
	[
		'extractLinks',
		'unknown type',
		() => extractLinks('', {type: bad('pdf')}),
		'`type`',
		/'html', 'xhtml', 'xml', 'css', 'text'/,
	],
	[
		'extractLinks',
		'unknown dialect',
		() => extractLinks('', {type: 'html', dialect: bad('x')}),
		'`dialect`',
		/'whatwg'/,
	],
	[
		'extractLinks',
		'relative retrievalUrl',
		() => extractLinks('', {type: 'html', retrievalUrl: 'page.html'}),
		'`retrievalUrl`',
		/absolute URI/,
	],
	[
		'extractLinks',
		'unknown encoding (string input)',
		() => extractLinks('', {type: 'html', encoding: 'klingon'}),
		'`encoding`',
		/WHATWG encoding label/,
	],
	[
		'extractLinks',
		'unknown encoding (bytes)',
		() => extractLinks(Buffer.from('x'), {type: 'html', encoding: 'utf-7'}),
		'`encoding`',
		/WHATWG encoding label/,
	],
	[
		'extractLinks',
		'input not text or bytes',
		() => extractLinks(bad(42), {type: 'html'}),
		'input',
		/string or a Uint8Array/,
	],
	[
		'createExtractStream',
		'unknown encoding',
		() => createExtractStream({type: 'html', encoding: 'klingon'}),
		'`encoding`',
		/WHATWG encoding label/,
	],
	[
		'createExtractStream',
		'relative defaultBase',
		() => createExtractStream({type: 'css', defaultBase: '/x'}),
		'`defaultBase`',
		/absolute URI/,
	],
	[
		'rewriteLinks',
		'unknown to',
		() => rewriteLinks('', {type: 'html', to: bad('absolutes')}),
		'`to`',
		/'absolute', 'relative' or a function/,
	],
	[
		'rewriteLinks',
		'unknown form',
		() => rewriteLinks('', {type: 'html', to: 'relative', form: bad('short')}),
		'`form`',
		/'shortest'/,
	],
	[
		'rewriteLinks',
		'relative documentUrl',
		() => rewriteLinks('', {type: 'html', to: 'relative', documentUrl: 'out/page.html'}),
		'`documentUrl`',
		/absolute URI/,
	],
	[
		'rewriteLinks',
		'unknown encoding',
		() => rewriteLinks(Buffer.from(''), {type: 'html', to: 'absolute', encoding: 'x-none'}),
		'`encoding`',
		/WHATWG encoding label/,
	],
	[
		'createRewriteStream',
		'relative scope',
		() => createRewriteStream({type: 'html', to: 'relative', scope: 'docs/'}),
		'`scope`',
		/absolute URI/,
	],
	[
		'createRewriteStream',
		'unknown dialect',
		() => createRewriteStream({type: 'text', to: 'absolute', dialect: bad('rfc1738')}),
		'`dialect`',
		/'rfc2396'/,
	],
];

for (const [name, what, call, option, form] of ROWS) {
	test(`${name} rejects ${what}: a TypeError naming ${option} and the expected form`, t => {
		const error = t.throws(call, {instanceOf: TypeError});
		t.true(error?.message.includes(option), error?.message);
		t.regex(error?.message ?? '', form);
	});
}

test('every public function is covered by the table', t => {
	t.deepEqual(
		new Set(ROWS.map(([name]) => name)),
		new Set([
			'resolve',
			'relativize',
			'normalize',
			'validate',
			'parseReference',
			'extractLinks',
			'createExtractStream',
			'rewriteLinks',
			'createRewriteStream',
		]),
	);
});

test('good options still pass (the checks reject only what is wrong)', t => {
	t.is(resolve('b', 'http://x/a/', {dialect: 'rfc2396'}), 'http://x/a/b');
	t.is(relativize('http://x/a/b', 'http://x/a/', {form: 'shortest', scope: 'http://x/'}), 'b');
	t.is(normalize('HTTP://X/%7e', {dialect: 'rfc3986'}), 'http://x/~');
	t.deepEqual(validate('http://x/', {dialect: 'rfc2396'}), []);
	t.is(
		extractLinks('<a href=b>', {type: 'html', retrievalUrl: 'http://x/', encoding: ' Latin1 '})[0]?.url,
		'http://x/b',
	);
});

test('stream errors carry the position in the input (extract and rewrite)', async t => {
	// A rewrite function that throws is the caller's bug: the stream reports it with the offset of the chunk.
	const failing = createRewriteStream({
		type: 'html',
		to: () => {
			throw new Error('boom');
		},
	});
	const chunks = [Buffer.from('<p>first chunk</p>'), Buffer.from('<a href="x.html">x</a>')];
	const error = await t.throwsAsync(async () => {
		for await (const piece of Readable.from(chunks).pipe(failing)) void piece;
	});
	t.regex(error?.message ?? '', /boom/);
	t.regex(error?.message ?? '', /input offset \d+/);
	// Strings after bytes in one rewrite: refused, with the offset where it happened.
	const mixed = await t.throwsAsync(async () => {
		for await (const piece of Readable.from([Buffer.from('<a href=x>'), 'text'], {objectMode: true}).pipe(
			createRewriteStream({type: 'html', to: 'absolute'}),
		))
			void piece;
	});
	t.regex(mixed?.message ?? '', /either strings or bytes.*input offset 10/);
});
