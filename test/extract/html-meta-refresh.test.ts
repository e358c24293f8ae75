/**
 * Meta refresh (HTML "shared declarative refresh steps"). Expectations worked out by hand
 * from the steps; `null` = the steps fail (no refresh), `url: null` = refresh this page.
 */
import test from 'ava';
import {parseMetaRefresh} from '../../src/extract/meta-refresh.js';

/** input → [time, url string as sliced by the span] | [time, null] | null */
const ROWS: ReadonlyArray<[string, [number, string | null] | null]> = [
	["0;URL='x.html'", [0, 'x.html']],
	['5, url=x.html', [5, 'x.html']],
	['0 url=x.html', [0, 'x.html']],
	['5; x.html', [5, 'x.html']],
	['5url=x', null],
	['5; up.html', [5, 'up.html']],
	['5; URL', [5, 'URL']],
	['5; ur=x', [5, 'ur=x']],
	['5; URL = "a b.html" trailing', [5, 'a b.html']],
	["0; url='unterminated.html  ", [0, 'unterminated.html']],
	['0;URL=x.html   ', [0, 'x.html']],
	['0; "quoted.html"', [0, 'quoted.html']],
	['0; u"x"', [0, 'u"x"']],
	['.5; url=a.html', [0, 'a.html']],
	['1.5.6 ; url=b.html', [1, 'b.html']],
	['  3  ', [3, null]],
	['5;', [5, null]],
	['3 ;  ', [3, null]],
	['abc', null],
	['', null],
	['0;url=', [0, '']],
	['7x', null],
	['0;;url=x', [0, ';url=x']],
	['0, URL=http://example.com/?a=1;b=2', [0, 'http://example.com/?a=1;b=2']],
];

for (const [input, expected] of ROWS) {
	test(`meta refresh: ${JSON.stringify(input)}`, t => {
		const result = parseMetaRefresh(input);
		if (expected === null) {
			t.is(result, null);
			return;
		}
		t.not(result, null);
		t.is(result?.time, expected[0]);
		const url = result?.url;
		t.is(url === null || url === undefined ? null : input.slice(url.start, url.end), expected[1]);
	});
}
