/**
 * Issue 19 item 4: Links inside an HTML `<template>` carry `inert: true` (HTML §4.12.3:
 * template contents are a DocumentFragment no browser renders or follows until script
 * clones it). Expectations by hand from the HTML parsing rules, and cross-checked with
 * parse5 (an HTML parser independent of ours, which builds `template.content`): a Link is
 * inert exactly when its element sits in some template's content.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {parse} from 'parse5';
import {extractLinks} from '../../src/index.js';
import type {ExtractOptions, Link} from '../../src/index.js';
import {runCli} from '../helpers/cli.js';

const PAGE = 'https://example.com/dir/page.html';

function inert(html: string, options: Partial<ExtractOptions> = {}): Array<[string, boolean]> {
	return extractLinks(html, {type: 'html', retrievalUrl: PAGE, ...options}).map(link => [
		link.value,
		link.inert === true,
	]);
}

test('a template, nested templates, and what comes after </template>', t => {
	t.deepEqual(inert('<template><a href=/t1>x</a></template><a href=/after>'), [
		['/t1', true],
		['/after', false],
	]);
	t.deepEqual(inert('<template><template><a href=/t2></template><a href=/t3></template><a href=/out>'), [
		['/t2', true],
		['/t3', true],
		['/out', false],
	]);
	// The template's own attributes are not inside it.
	t.deepEqual(inert('<template style="background:url(own.png)"><img src=in.png></template>'), [
		['own.png', false],
		['in.png', true],
	]);
});

test('every kind of reference inside: attributes, style attribute and element, srcset, BASE, text URLs', t => {
	const html =
		'<template><base href="/b/"><img srcset="a.png 1x, b.png 2x" style="background:url(s.png)"><style>p{background:url(e.png)}</style>see http://t.example/</template>';
	t.deepEqual(inert(html, {textLinks: true}), [
		['/b/', true],
		['a.png', true],
		['b.png', true],
		['s.png', true],
		['e.png', true],
		['http://t.example/', true],
	]);
});

test("SVG's template is not HTML's: its links are live", t => {
	// HTML §13.2.6.5: a "template" start tag in SVG content is an SVG element; no template contents.
	t.deepEqual(inert('<svg><template><a href=/svgt></a></template></svg><a href=/html>'), [
		['/svgt', false],
		['/html', false],
	]);
	// Back in HTML through an integration point, it is a template again.
	t.deepEqual(inert('<svg><foreignObject><template><a href=/fo></a></template></foreignObject></svg>'), [
		['/fo', true],
	]);
});

test('srcdoc: an iframe inside a template is never loaded; a template inside a srcdoc document', t => {
	t.deepEqual(
		inert('<template><iframe srcdoc="<a href=/sd>x</a>"></iframe></template><iframe srcdoc="<a href=/live>"></iframe>'),
		[
			['/sd', true],
			['/live', false],
		],
	);
	t.deepEqual(inert('<iframe srcdoc="<template><a href=/in></template><a href=/out>"></iframe>'), [
		['/in', true],
		['/out', false],
	]);
});

test('a declarative shadow root (shadowrootmode open or closed) is rendered: its links are live', t => {
	// HTML §13.2.6.4.4 "in head", a start tag "template" with shadowrootmode in the open or closed state.
	t.deepEqual(
		inert(
			'<div><template shadowrootmode="open"><a href=/open></template></div><p><template shadowrootmode=CLOSED><a href=/closed><template><a href=/inner></template></template><template shadowrootmode=bogus><a href=/bogus></template>',
		),
		[
			['/open', false],
			['/closed', false],
			['/inner', true],
			['/bogus', true],
		],
	);
});

test('XHTML: a template in the XHTML namespace holds inert content too', t => {
	t.deepEqual(
		inert(
			'<html xmlns="http://www.w3.org/1999/xhtml"><body><template><a href="x"/></template><a href="y"/></body></html>',
			{type: 'xhtml'},
		),
		[
			['x', true],
			['y', false],
		],
	);
});

type Node = {
	nodeName: string;
	tagName?: string;
	childNodes?: Node[];
	content?: Node;
	sourceCodeLocation?: {
		startOffset: number;
		endOffset: number;
		startTag?: {startOffset: number; endOffset: number};
	} | null;
};

/** Elements in parse5's tree with whether they are in a template's content. */
function elements(html: string): Array<{start: number; end: number; tagEnd: number; inert: boolean}> {
	const out: Array<{start: number; end: number; tagEnd: number; inert: boolean}> = [];
	const walk = (node: Node, inTemplate: boolean): void => {
		const location = node.sourceCodeLocation;
		if (node.tagName !== undefined && location !== undefined && location !== null) {
			out.push({
				start: location.startOffset,
				end: location.endOffset,
				tagEnd: location.startTag?.endOffset ?? location.endOffset,
				inert: inTemplate,
			});
		}
		for (const child of node.childNodes ?? []) walk(child, inTemplate);
		if (node.content !== undefined) walk(node.content, true);
	};
	walk(parse(html, {sourceCodeLocationInfo: true}) as unknown as Node, false);
	return out;
}

/** The innermost element whose start tag (or, for `<style>` text, whose whole extent) holds the Link. */
function owner(link: Link, all: ReturnType<typeof elements>): {inert: boolean} | undefined {
	const holds = all.filter(e =>
		link.element === 'style' && link.attribute === 'url'
			? e.start <= link.start && link.start < e.end
			: e.start <= link.start && link.start < e.tagEnd,
	);
	return holds.sort((a, b) => b.start - a.start)[0];
}

test('parse5 agrees: a Link is inert exactly when its element is in template content', t => {
	const documents = [
		readFileSync(new URL('../../fixtures/html/base-in-template.html', import.meta.url), 'utf8'),
		readFileSync(new URL('../../fixtures/html-unit/everything.html', import.meta.url), 'utf8'),
		'<table><template><tr><td><a href=t></a></td></tr></template><tr><td><a href=u></a></td></tr></table>',
		'<head><template><link rel=stylesheet href=h.css></template></head><body><template><template></template><img src=i.png></template><a href=o>',
		'<select><template><option><a href=s></a></option></template></select><a href=after>',
		'<template><svg><a href=sv /></svg></template><svg><template><image href=im /></template></svg>',
		'<template><style>a{background:url(st.png)}</style></template><style>b{background:url(live.png)}</style>',
	];
	let checked = 0;
	for (const html of documents) {
		const all = elements(html);
		for (const link of extractLinks(html, {type: 'html', retrievalUrl: PAGE})) {
			if (link.frame !== undefined || link.element === undefined) continue;
			const element = owner(link, all);
			if (element === undefined) continue;
			t.is(
				link.inert === true,
				element.inert,
				`${link.element} ${link.attribute} ${JSON.stringify(link.value)} in ${html.slice(0, 120)}`,
			);
			checked++;
		}
	}
	t.true(checked > 20, `${checked} Links checked`);
});

test('the command: NDJSON says "inert":true after sameDocument; --no-inert drops them', t => {
	const input = '<template><a href="#in">i</a></template><a href="#out">o</a>';
	const all = runCli(['extract', '--base-url', PAGE, '-'], input);
	t.is(all.status, 0, all.stderr);
	const lines = all.stdout.trim().split('\n');
	t.is(lines.length, 2);
	t.regex(lines[0] ?? '', /"value":"#in".*"sameDocument":true,"inert":true\}$/);
	t.false((lines[1] ?? '').includes('inert'));
	const live = runCli(['extract', '--no-inert', '--base-url', PAGE, '-'], input);
	t.is(live.status, 0, live.stderr);
	t.deepEqual(
		live.stdout
			.trim()
			.split('\n')
			.map(line => (JSON.parse(line) as Link).value),
		['#out'],
	);
});
