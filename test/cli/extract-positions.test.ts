/**
 * `extract --format urls` prints no line or column: its sink says so, and HTML is then read
 * without counting lines (CoreOptions.positions); the other formats print them, counted.
 */
import test from 'ava';
import {eachLink, type LinkSink} from '../../src/cli/inputs/sources.js';
import type {Link} from '../../src/types.js';
import {runCli} from '../helpers/cli.js';

const PAGE = '<!doctype html>\r\n<a href="a.html">a</a>\n\n<img src="b.png">\r<link href="c.css" rel=stylesheet>';

async function links(positions: false | undefined): Promise<Link[]> {
	const found: Link[] = [];
	const sink: LinkSink = {emit: link => void found.push(link), ready: () => undefined, keeps: false};
	if (positions === false) sink.positions = false;
	await eachLink(
		{path: 'page.html', type: 'html'},
		{retrievalUrl: 'https://example.com/'},
		new TextEncoder().encode(PAGE),
		sink,
		message => {
			throw new Error(message);
		},
	);
	return found;
}

test('a sink that reads no position gets the same Links at line 0, column 0', async t => {
	const counted = await links(undefined);
	// By hand: a.html after the CR LF (line 2, column 10), b.png after two LFs (line 4, column 11), c.css after a lone CR (line 5, column 13).
	t.deepEqual(
		counted.map(link => [link.url, link.line, link.column]),
		[
			['https://example.com/a.html', 2, 10],
			['https://example.com/b.png', 4, 11],
			['https://example.com/c.css', 5, 13],
		],
	);
	const skipped = await links(false);
	t.deepEqual(
		skipped.map(link => [link.line, link.column]),
		counted.map(() => [0, 0]),
	);
	t.deepEqual(
		skipped.map(({line: _line, column: _column, ...rest}) => rest),
		counted.map(({line: _line, column: _column, ...rest}) => rest),
	);
});

test('extract --format urls prints the URLs of --format tsv, whose lines and columns are counted', t => {
	const urls = runCli(['extract', '--format', 'urls', '--base-url', 'https://example.com/', '-'], PAGE);
	const tsv = runCli(['extract', '--format', 'tsv', '--base-url', 'https://example.com/', '-'], PAGE);
	t.is(urls.status, 0, urls.stderr);
	t.is(tsv.status, 0, tsv.stderr);
	const rows = tsv.stdout
		.trim()
		.split('\n')
		.map(row => row.split('\t'));
	t.deepEqual(
		rows.map(row => row.slice(1, 3)),
		[
			['2', '10'],
			['4', '11'],
			['5', '13'],
		],
	);
	t.is(urls.stdout, `${rows.map(row => row[6]).join('\n')}\n`);
});
