/**
 * Escaping property: arbitrary new values (quotes, `<`, `>`, `&`, parentheses, `\`,
 * whitespace and newlines) written through a function rewrite. Re-parsing the output
 * with parse5 (an HTML parser independent of ours) gives the same elements and
 * attributes as the original, and each rewritten value reads back as the value given:
 * attributes directly; srcset, meta refresh and CSS after their own decoding (the srcset
 * and refresh parsers, the CSS tokenizer); srcdoc after parsing the nested document.
 * The original markup is generated too (quoting, entities, decoys, duplicates).
 */
import test from 'ava';
import fc from 'fast-check';
import {parse} from 'parse5';
import {scanCss} from '../../src/extract/css/extractor.js';
import {parseMetaRefresh} from '../../src/extract/meta-refresh.js';
import {parseSrcset} from '../../src/extract/srcset.js';
import {rewriteLinks} from '../../src/index.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

interface Element {
	name: string;
	attributes: Array<[string, string]>;
}

type Parse5Node = {
	nodeName: string;
	tagName?: string;
	attrs?: Array<{name: string; value: string}>;
	childNodes?: Parse5Node[];
	content?: Parse5Node;
};

/** Elements in tree order, as parse5 builds them (template contents included). */
function elements(html: string): Element[] {
	const out: Element[] = [];
	const walk = (node: Parse5Node): void => {
		if (node.tagName !== undefined)
			out.push({name: node.tagName, attributes: (node.attrs ?? []).map(a => [a.name, a.value])});
		for (const child of node.childNodes ?? []) walk(child);
		if (node.content !== undefined) walk(node.content);
	};
	walk(parse(html) as unknown as Parse5Node);
	return out;
}

const TRICKY = [
	'"',
	"'",
	'<',
	'>',
	'&',
	'(',
	')',
	'\\',
	' ',
	'\n',
	'\t',
	'\r\n',
	'=',
	'`',
	'#',
	';',
	'amp;',
	'&quot;',
	'</style>',
	'</a>',
	'-->',
	'a',
	'b/',
	'.png',
	'é',
	'😀',
	',',
	'url(',
	'*/',
];
const valueArbitrary = fc.array(fc.constantFrom(...TRICKY), {maxLength: 8}).map(parts => parts.join(''));

const options = {type: 'html', retrievalUrl: 'https://esc.example/a/page.html'} as const;

/** Rewrite every Link to the next value of `values` (cycling); returns the output and the values given, in Link order. */
function rewriteAll(
	html: string,
	values: readonly string[],
): {output: string; given: Array<{link: Link; value: string}>} {
	const given: Array<{link: Link; value: string}> = [];
	const output = rewriteLinks(html, {
		...options,
		to: link => {
			const value = values[given.length % values.length] ?? '';
			given.push({link, value});
			return value;
		},
	});
	return {output, given};
}

/** Same elements and attribute names; attribute values equal except where `changed` says. */
function sameShape(
	t: {is: (a: unknown, b: unknown, m?: string) => void; deepEqual: (a: unknown, b: unknown, m?: string) => void},
	before: Element[],
	after: Element[],
): void {
	t.deepEqual(
		after.map(e => [e.name, e.attributes.map(([n]) => n)]),
		before.map(e => [e.name, e.attributes.map(([n]) => n)]),
		'same elements and attributes',
	);
}

/** Original markup: one URL attribute per element in any quoting, with decoys around. */
const QUOTES = ['"', "'", ''] as const;
const ORIGINAL_VALUES = ['x.html', 'a&amp;b', '&quot;q&quot;', 'p?x=1&y=2', '', '  sp.html ', '&#x2F;r'];
const elementArbitrary = fc.record({
	tag: fc.constantFrom(
		['a', 'href'],
		['img', 'src'],
		['link', 'href'],
		['iframe', 'src'],
		['form', 'action'],
		['blockquote', 'cite'],
	),
	quote: fc.constantFrom(...QUOTES),
	value: fc.constantFrom(...ORIGINAL_VALUES),
	novalue: fc.boolean(),
	decoy: fc.constantFrom('', ' title="t&quot;x"', " class='c'", ' data-x=y', ' lang=en'),
});

function writeElement(e: {
	tag: readonly [string, string];
	quote: '"' | "'" | '';
	value: string;
	novalue: boolean;
	decoy: string;
}): string {
	const [name, attribute] = e.tag;
	const value = e.quote === '' ? e.value.replace(/[\s"'=<>`]/g, '') || 'v' : e.value.replaceAll(e.quote, '');
	const written = e.novalue ? ` ${attribute}` : ` ${attribute}=${e.quote}${value}${e.quote}`;
	return `<${name}${e.decoy}${written}${e.decoy === '' ? '' : ' id=i'}>${name === 'img' || name === 'link' ? '' : `</${name}>`}`;
}

test('attributes: any new value in any original quoting reads back exactly; the markup keeps its shape', t => {
	fc.assert(
		fc.property(
			fc.array(elementArbitrary, {minLength: 1, maxLength: 6}),
			fc.array(valueArbitrary, {minLength: 1, maxLength: 6}),
			(parts, values) => {
				const html = `<!doctype html><body>${parts.map(writeElement).join('\n')}`;
				const {output, given} = rewriteAll(html, values);
				const before = elements(html);
				const after = elements(output);
				sameShape(t, before, after);
				// One URL attribute per element, one Link each; HTML strips the whitespace around a URL.
				const urlAttributes = after.flatMap(e =>
					e.attributes.filter(([n]) => ['href', 'src', 'action', 'cite'].includes(n)).map(([, v]) => trim(v)),
				);
				t.deepEqual(
					urlAttributes,
					given.map(g => trim(g.value)),
				);
			},
		),
		fcParams(t, 200),
	);
});

const TEMPLATES: Array<{
	name: string;
	html: (v: string) => string;
	read: (e: Element[], doc: string) => string[];
	given?: (value: string) => string;
}> = [
	{
		name: 'srcset candidates',
		html: () => '<img srcset="a.png 1x, b,c.png 2x,  d.png"><img srcset=e.png>',
		read: e =>
			e
				.filter(x => x.name === 'img')
				.flatMap(x => parseSrcset(attr(x, 'srcset')).map(c => undot(percentDecode(c.url)))),
	},
	{
		name: 'ping list',
		html: () => "<a href=x ping='p1 p2'>x</a>",
		read: e => {
			const a = e.find(x => x.name === 'a');
			return a === undefined
				? []
				: [
						attr(a, 'href'),
						...attr(a, 'ping')
							.split(/[\t\n\f\r ]+/)
							.filter(Boolean)
							.map(percentDecode),
					];
		},
	},
	{
		name: 'meta refresh (quoted URL, url= prefix, bare)',
		// Leading and trailing C0 controls and spaces are not written: the URL parser strips them (URL Standard #concept-basic-url-parser).
		given: (value: string) => value.replace(/^[\0-\x20]+|[\0-\x20]+$/g, '') || value,
		html: () =>
			`<meta http-equiv=refresh content="0; url='r.html'"><meta http-equiv=refresh content='5;URL=s.html'><meta http-equiv=refresh content="7; t.html">`,
		read: e =>
			e
				.filter(x => x.name === 'meta')
				.map(x => {
					const content = attr(x, 'content');
					const url = parseMetaRefresh(content)?.url;
					return url === null || url === undefined ? '<none>' : undot(percentDecode(content.slice(url.start, url.end)));
				}),
	},
	{
		name: 'style attribute url() and strings',
		html: () =>
			`<div style="background:url(a.png); background:url('b.png')"></div><p style='background:image-set("c.png" 1x)'></p><i style=background:url(d.png)></i>`,
		read: e =>
			e.flatMap(x => x.attributes.filter(([n]) => n === 'style').flatMap(([, v]) => scanCss(v).map(m => m.value))),
	},
	{
		name: 'style element url() and @import',
		html: () => '<style>@import "i.css"; a{background:url(u.png)} b{background:url( \'v.png\' )}</style><p>after</p>',
		read: (_e, doc) => {
			const style = /<style>([\s\S]*?)<\/style>/.exec(doc)?.[1] ?? '';
			return scanCss(style).map(m => m.value);
		},
	},
	{
		name: 'srcdoc nested document',
		html: () => `<iframe srcdoc="<a href=&quot;in.html&quot;>in</a><img src='&amp;i.png'>"></iframe>`,
		read: e => {
			const srcdoc = attr(e.find(x => x.name === 'iframe') ?? {name: '', attributes: []}, 'srcdoc');
			return elements(srcdoc).flatMap(x => x.attributes.filter(([n]) => n === 'href' || n === 'src').map(([, v]) => v));
		},
	},
	{
		// A value is escaped for the inner srcdoc's quoting (') first, then the outer's (").
		name: 'srcdoc inside srcdoc, in other quotes',
		html: () => `<iframe srcdoc="<iframe srcdoc='<a href=in.html>in</a>'></iframe>"></iframe>`,
		read: e => {
			const outer = attr(e.find(x => x.name === 'iframe') ?? {name: '', attributes: []}, 'srcdoc');
			const inner = attr(elements(outer).find(x => x.name === 'iframe') ?? {name: '', attributes: []}, 'srcdoc');
			return elements(inner).flatMap(x => x.attributes.filter(([n]) => n === 'href').map(([, v]) => v));
		},
	},
];

function trim(s: string): string {
	return s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
}

function attr(e: Element, name: string): string {
	return e.attributes.find(([n]) => n === name)?.[1] ?? '';
}

/**
 * A leading "./" the writer adds where the value's first characters would be read as
 * syntax (a srcset comma, a refresh quote or `url=`): the same relative reference.
 */
function undot(s: string): string {
	return s.replace(/^\.\/(?=[,;'"]|url[\t\n\f\r ]*=)/iu, '');
}

/** Our test values contain no "%": every percent-escape in the output was written by the rewriter. */
function percentDecode(s: string): string {
	return s.replace(/%([\dA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

for (const template of TEMPLATES) {
	test(`${template.name}: any new value reads back after its own decoding`, t => {
		fc.assert(
			fc.property(
				fc.array(
					valueArbitrary.filter(v => v !== ''),
					{minLength: 1, maxLength: 4},
				),
				values => {
					const html = `<!doctype html><body>${template.html('')}<p id=end>end</p>`;
					const {output, given} = rewriteAll(html, values);
					const before = elements(html);
					const after = elements(output);
					sameShape(t, before, after);
					t.deepEqual(
						template.read(after, output),
						given.map(g => template.given?.(g.value) ?? g.value),
						output,
					);
				},
			),
			fcParams(t, 150),
		);
	});
}
