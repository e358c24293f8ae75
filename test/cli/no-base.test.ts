/** A rewrite with no base says, once, how many relative references it left as written. */
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const WARNING = (n: string): string =>
	`linkstream rewrite: warning: ${n} left as written: no base URL to resolve ${n.startsWith('1 ') ? 'it' : 'them'} against (give one with --base-url URL)\n`;

test('standard input without --base-url: the text as it is, one warning with the count and --base-url, exit 0', t => {
	const input = '<a href="x.html">x</a><img src=y.png><a href="http://a/">a</a><a href="#top">t</a>';
	for (const to of ['absolute', 'relative']) {
		const result = runCli(['rewrite', '--to', to, '-'], input);
		t.is(result.status, 0, to);
		t.is(result.stdout, input, to);
		// x.html and y.png have no base; http://a/ needs none; #top is the document itself.
		t.is(result.stderr, WARNING('2 relative references'), to);
	}
	const one = runCli(['rewrite', '--to', 'absolute', '-'], '<a href="x.html">');
	t.is(one.stderr, WARNING('1 relative reference'));
});

test("no warning when a base is given, by --base-url or by the document's BASE", t => {
	const given = runCli(['rewrite', '--to', 'absolute', '--base-url', 'https://h.example/d/', '-'], '<a href="x.html">');
	t.is(given.stdout, '<a href="https://h.example/d/x.html">');
	t.is(given.stderr, '');
	const based = runCli(['rewrite', '--to', 'absolute', '-'], '<base href="https://h.example/d/"><a href="x.html">');
	t.is(based.stdout, '<base href="https://h.example/d/"><a href="https://h.example/d/x.html">');
	t.is(based.stderr, '');
});
