import test from 'ava';
import {createExtractStream, extractLinks} from '../src/index.js';
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
