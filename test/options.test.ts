import test from 'ava';
import {createExtractStream, createRewriteStream, extractLinks, OptionError, rewriteLinks} from '../src/index.js';
import type {ExtractOptions} from '../src/index.js';

const bad: Array<[string, unknown, string]> = [
	['no options', undefined, 'options'],
	['unknown type', {type: 'pdf'}, '`type`'],
	['unknown dialect', {type: 'html', dialect: 'rfc1808'}, '`dialect`'],
	['relative retrievalUrl', {type: 'html', retrievalUrl: 'docs/index.html'}, '`retrievalUrl`'],
	['relative encapsulatingBase', {type: 'html', encapsulatingBase: '/x'}, '`encapsulatingBase`'],
	['number defaultBase', {type: 'html', defaultBase: 42}, '`defaultBase`'],
	['empty encoding', {type: 'html', encoding: ' '}, '`encoding`'],
	['string textLinks', {type: 'html', textLinks: 'yes'}, '`textLinks`'],
	['fuzzy not an object', {type: 'text', fuzzy: true}, '`fuzzy`'],
];

for (const [title, options, needle] of bad) {
	test(`extractLinks rejects ${title}, naming the option`, t => {
		const error = t.throws(() => extractLinks('', options as ExtractOptions), {instanceOf: TypeError});
		t.true(error?.message.includes(needle), error?.message);
	});
	test(`createExtractStream rejects ${title}, naming the option`, t => {
		const error = t.throws(() => createExtractStream(options as ExtractOptions), {instanceOf: TypeError});
		t.true(error?.message.includes(needle), error?.message);
	});
}

test('the error says what form is expected', t => {
	const error = t.throws(() => extractLinks('', {type: 'html', retrievalUrl: 'page.html'}));
	t.regex(error?.message ?? '', /absolute URI/);
	t.regex(error?.message ?? '', /"page\.html"/);
});

// An option a call does not take is an error, never ignored: a misspelt name would
// otherwise change nothing, silently (no base: every relative reference unresolved).
const unknownNames: Array<[string, () => unknown, string]> = [
	[
		'extractLinks, a misspelt base',
		() => extractLinks('', {type: 'html', baseUrl: 'https://a.example/'} as never),
		'baseUrl',
	],
	['extractLinks, a rewrite option', () => extractLinks('', {type: 'html', to: 'absolute'} as never), 'to'],
	['createExtractStream', () => createExtractStream({type: 'css', base: 'https://a.example/'} as never), 'base'],
	[
		'extractLinks, inside fuzzy',
		() => extractLinks('', {type: 'text', fuzzy: {domain: true}} as never),
		'fuzzy.domain',
	],
	['rewriteLinks', () => rewriteLinks('', {type: 'html', to: 'absolute', mode: 'absolute'} as never), 'mode'],
	[
		'createRewriteStream',
		() => createRewriteStream({type: 'html', to: 'relative', documentURL: 'https://a.example/'} as never),
		'documentURL',
	],
	// JSON.parse makes `__proto__` an own key (ECMA-262 `#sec-json.parse` defines it as a property), a name no call takes.
	[
		'extractLinks, an own __proto__ key',
		() => extractLinks('', JSON.parse('{"type": "html", "__proto__": {"retrievalUrl": "https://a.example/"}}')),
		'__proto__',
	],
	[
		'rewriteLinks, an own __proto__ key',
		() => rewriteLinks('', JSON.parse('{"type": "html", "to": "absolute", "__proto__": {"baseHold": "head"}}')),
		'__proto__',
	],
];

for (const [title, call, name] of unknownNames) {
	test(`${title}: an unknown option \`${name}\` is an OptionError naming it and the options`, t => {
		const error = t.throws(call, {instanceOf: OptionError});
		t.is(error?.option, name);
		t.true(error?.message.includes(`\`${name}\` is not`), error?.message);
		t.true(error?.message.includes(name.startsWith('fuzzy.') ? 'fuzzy.domains' : 'retrievalUrl'), error?.message);
	});
}

test("the one-shot calls and streams leave the caller's options object as it was", t => {
	const extract = {type: 'html', retrievalUrl: 'https://a.example/d/'} as const;
	const rewrite = {type: 'html', retrievalUrl: 'https://a.example/d/', to: 'absolute'} as const;
	extractLinks('<a href=x>', extract);
	rewriteLinks('<a href=x>', rewrite);
	rewriteLinks(new TextEncoder().encode('<a href=x>'), rewrite);
	createExtractStream(extract);
	createRewriteStream(rewrite);
	t.deepEqual(extract, {type: 'html', retrievalUrl: 'https://a.example/d/'});
	t.deepEqual(rewrite, {type: 'html', retrievalUrl: 'https://a.example/d/', to: 'absolute'});
});

test('every option the types name is taken', t => {
	const links = extractLinks('<a href=x>', {
		type: 'html',
		retrievalUrl: 'https://a.example/d/',
		encapsulatingBase: 'https://b.example/',
		defaultBase: 'https://c.example/',
		dialect: 'whatwg',
		encoding: 'utf-8',
		textLinks: false,
		anchorText: false,
		fuzzy: {domains: false, emails: false},
		redactCredentials: false,
		schemes: ['https'],
		baseHold: 'document',
	});
	// RFC 2396 §5.1.2: the encapsulating entity's base comes before the retrieval URL.
	t.is(links[0]?.url, 'https://b.example/x');
	const output = rewriteLinks('<a href=x>', {
		type: 'html',
		retrievalUrl: 'https://a.example/d/',
		to: 'relative',
		documentUrl: 'https://a.example/d/',
		scope: 'https://a.example/',
		form: 'path-relative',
		normalize: false,
		keepAbsolute: ['rel=canonical'],
	});
	t.is(output, '<a href=x>');
});
