/**
 * URL Standard #concept-basic-url-parser step 3: ASCII tab and newline are removed from the
 * input before anything else, so `h<TAB>ttp://evil.example/a` is `http://evil.example/a`
 * (the URL Standard's answer, which browsers implement), whatever the runtime's own URL
 * makes of it. (Node 20.20's URL already gives these answers: the tests guard the step.)
 */
import test from 'ava';
import {normalize, resolve} from '../../src/index.js';
import {parseUrl} from '../../src/uri/whatwg.js';

const CASES: Array<[string, string]> = [
	['h\tttp://evil.example/a', 'http://evil.example/a'],
	['ht\ntp://evil.example/a', 'http://evil.example/a'],
	['http\r://evil.example/a', 'http://evil.example/a'],
	['https://ev\til.example/a\nb', 'https://evil.example/ab'],
];

for (const [input, expected] of CASES) {
	test(`whatwg: ${JSON.stringify(input)} is ${expected}`, t => {
		t.is(parseUrl(input)?.href, expected);
		t.is(resolve(input, 'https://site.example/d/', {dialect: 'whatwg'}), expected);
		t.is(normalize(input, {dialect: 'whatwg'}), expected);
	});
}
