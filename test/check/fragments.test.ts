/** Fragment targets read with the links (the extractors' onFragmentTarget hook), and how a fragment is matched. */
import test from 'ava';
import {createExtractor} from '../../src/extract/index.js';
import type {CoreOptions} from '../../src/extract/base.js';
import {fragmentFound} from '../../src/check/fragment.js';
import {decodePath, SiteMap, sitePath} from '../../src/check/site-map.js';
import type {InputType} from '../../src/types.js';

function targets(type: InputType, text: string): string[] {
	const names: string[] = [];
	const options: CoreOptions = {type, retrievalUrl: 'https://example.com/', onFragmentTarget: name => names.push(name)};
	const core = createExtractor(options, () => undefined);
	core.write(text);
	core.end();
	return names;
}

test('html: id on any element (SVG and MathML in HTML too), name on a only; values decoded; none from template contents or srcdoc', t => {
	const html =
		'<h1 ID="a&amp;b">x</h1><a name=old>o</a><form name=f></form><img name=i><svg><g id=s /></svg><math id=m></math>' +
		'<template id=t><p id=inert></p></template><iframe srcdoc="<p id=inner>"></iframe><p id>';
	t.deepEqual(targets('html', html), ['a&b', 'old', 's', 'm', 't']);
});

test('xhtml: id, name on a', t => {
	t.deepEqual(targets('xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><p id="q"/><a name="n"/></html>'), [
		'q',
		'n',
	]);
});

test('xml and svg: id and xml:id, entity references decoded', t => {
	t.deepEqual(
		targets(
			'xml',
			'<svg xmlns="http://www.w3.org/2000/svg"><symbol id="star"/><g xml:id="a&lt;b"/><use name="no"/></svg>',
		),
		['star', 'a<b'],
	);
});

test('without the hook nothing changes: the same Links', t => {
	const text = '<a id=x href="a.html" name=y>a</a><p id=z style="background:url(b.png)">';
	const links = (options: CoreOptions): string[] => {
		const urls: string[] = [];
		const core = createExtractor(options, link => urls.push(`${link.url} ${link.line}:${link.column}`));
		core.write(text);
		core.end();
		return urls;
	};
	t.deepEqual(
		links({type: 'html', retrievalUrl: 'https://example.com/', onFragmentTarget: () => undefined}),
		links({type: 'html', retrievalUrl: 'https://example.com/'}),
	);
});

// HTML `#find-a-potential-indicated-element` and `#the-indicated-part-of-the-document`.
test('fragment matching as HTML finds the indicated part', t => {
	const ids = new Set(['intro', 'café', 'a b']);
	t.true(fragmentFound('', 'html', ids));
	t.true(fragmentFound('top', 'html', ids));
	t.true(fragmentFound('TOP', 'html', ids));
	t.true(fragmentFound('intro', 'html', ids));
	t.false(fragmentFound('Intro', 'html', ids)); // ids match exactly
	t.true(fragmentFound('caf%C3%A9', 'html', ids));
	t.true(fragmentFound('a%20b', 'html', ids));
	t.true(fragmentFound(':~:text=hello', 'html', ids)); // the fragment directive is no fragment
	t.true(fragmentFound('intro:~:text=hello', 'html', ids));
	t.false(fragmentFound('outro:~:text=hello', 'html', ids));
	t.false(fragmentFound('nowhere', 'html', ids));
	t.false(fragmentFound('top', 'xml', ids)); // `top` is HTML's
	t.true(fragmentFound('svgView(viewBox(0,0,10,10))', 'xml', ids));
});

test('a static server: index files, folders without a slash, clean URLs, dot segments', t => {
	const map = new SiteMap(['index.html'], false);
	const clean = new SiteMap(['index.html'], true);
	for (const m of [map, clean]) {
		// What a walk records, without walking: the same private sets.
		const files = (m as unknown as {files: Set<string>}).files;
		const folders = (m as unknown as {folders: Set<string>}).folders;
		for (const f of ['index.html', 'a/index.html', 'b/x.png', 'page.html']) files.add(f);
		for (const f of ['a', 'b']) folders.add(f);
	}
	t.deepEqual(map.serve(''), {file: 'index.html'});
	t.deepEqual(map.serve('a/'), {file: 'a/index.html'});
	t.deepEqual(map.serve('a'), {file: 'a/index.html'});
	t.deepEqual(map.serve('b/'), {problem: 'folder-without-index'});
	t.deepEqual(map.serve('b'), {problem: 'folder-without-index'});
	t.deepEqual(map.serve('c/'), {problem: 'missing-file'});
	t.deepEqual(map.serve('page.html/'), {problem: 'missing-file'});
	t.deepEqual(map.serve('page'), {problem: 'missing-file'});
	t.deepEqual(clean.serve('page'), {file: 'page.html'});
	t.deepEqual(map.serve('a/../page.html'), {problem: 'missing-file'});
});

test('URL paths: query ignored, percent-decoded to the walked name', t => {
	t.deepEqual(sitePath('https://example.com/docs/a%20b.html?x=1#top', 'https://example.com/docs/'), {
		path: 'a b.html',
		fragment: 'top',
	});
	t.deepEqual(sitePath('https://example.com/docs?x', 'https://example.com/docs/'), {path: '', fragment: undefined});
	t.is(sitePath('https://example.com/other/', 'https://example.com/docs/'), undefined);
	t.is(sitePath('https://example.com/docsx', 'https://example.com/docs/'), undefined);
	t.is(decodePath('caf%C3%A9/%FF.html'), 'café/\uDCFF.html'); // not UTF-8: the byte as names.ts spells it
	t.is(decodePath('100%.html'), '100%.html');
	t.is(decodePath('a%2x'), 'a%2x');
});
