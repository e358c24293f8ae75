/**
 * Structured HTML for fuzzing: elements from the URL attribute table (HTML, obsolete,
 * SVG, MathML) with every quoting, srcset and meta refresh forms, style attributes and
 * <style> sheets, srcdoc documents, BASE elements in odd places, and the states that hide
 * markup (comments, CDATA, script, textarea, title, plaintext), with raw hazards between.
 */
import fc from 'fast-check';
import {cssDocument} from './css-arbitrary.js';
import {anyText, attributeText, entity, hazard, uriReference} from './pieces.js';

/** [element, attribute, value kind] rows from html-url-attributes.md §1–§3. */
const URL_ATTRIBUTES: ReadonlyArray<readonly [string, string, 'url' | 'srcset' | 'list' | 'comma' | 'refresh']> = [
	['a', 'href', 'url'],
	['area', 'href', 'url'],
	['a', 'ping', 'list'],
	['link', 'href', 'url'],
	['link', 'imagesrcset', 'srcset'],
	['img', 'src', 'url'],
	['img', 'srcset', 'srcset'],
	['img', 'lowsrc', 'url'],
	['img', 'longdesc', 'url'],
	['source', 'srcset', 'srcset'],
	['iframe', 'src', 'url'],
	['frame', 'src', 'url'],
	['embed', 'src', 'url'],
	['object', 'data', 'url'],
	['object', 'codebase', 'url'],
	['object', 'archive', 'list'],
	['applet', 'archive', 'comma'],
	['applet', 'codebase', 'url'],
	['video', 'poster', 'url'],
	['audio', 'src', 'url'],
	['track', 'src', 'url'],
	['script', 'src', 'url'],
	['input', 'formaction', 'url'],
	['form', 'action', 'url'],
	['button', 'formaction', 'url'],
	['blockquote', 'cite', 'url'],
	['q', 'cite', 'url'],
	['del', 'cite', 'url'],
	['body', 'background', 'url'],
	['td', 'background', 'url'],
	['head', 'profile', 'list'],
	['html', 'manifest', 'url'],
	['div', 'itemid', 'url'],
	['div', 'itemtype', 'list'],
	['meta http-equiv=refresh', 'content', 'refresh'],
	['base', 'href', 'url'],
	['bgsound', 'src', 'url'],
	['isindex', 'action', 'url'],
];

/** Foreign content: [wrapper, element, attribute]. */
const FOREIGN: ReadonlyArray<readonly [string, string, string]> = [
	['svg', 'a', 'href'],
	['svg', 'a', 'xlink:href'],
	['svg', 'image', 'href'],
	['svg', 'use', 'xlink:href'],
	['svg', 'feImage', 'href'],
	['svg', 'script', 'href'],
	['svg', 'textPath', 'href'],
	['math', 'mi', 'href'],
	['math', 'mglyph', 'src'],
	['svg', 'foreignObject><a', 'href'],
];

const QUOTES = ['"', "'", ''] as const;
type Quote = (typeof QUOTES)[number];

/** `value` written as an attribute value in `quote` (unquoted: the characters that end it are left out). */
export function quoted(value: string, quote: Quote): string {
	if (quote === '') return value.replace(/[\t\n\f\r "'<=>`]/g, '') || 'v';
	return `${quote}${value.replaceAll(quote, quote === '"' ? '&quot;' : '&#39;')}${quote}`;
}

// No `chain` in these generators: fast-check replays a failure's path exactly only without it.
const srcset = fc
	.tuple(
		fc.array(
			fc.tuple(
				fc.oneof(uriReference, attributeText),
				fc.constantFrom('', ' 1x', ' 2x', ' 100w', ' 1.5x 2x', ' (', ' )', ',,'),
			),
			{minLength: 1, maxLength: 4},
		),
		fc.constantFrom(',', ', ', ' ,', ',\n', ',,'),
	)
	.map(([candidates, sep]) => candidates.map(([u, d]) => u + d).join(sep));

const refresh = fc
	.tuple(
		fc.constantFrom('0', '5', '', ' 1.5', '-1', 'x'),
		fc.constantFrom(';', ',', '; ', ' ; ', ''),
		fc.constantFrom('url=', 'URL=', 'Url = ', '', 'url'),
		fc.constantFrom('', '"', "'"),
		attributeText,
	)
	.map(([time, sep, prefix, q, url]) => `${time}${sep}${prefix}${q}${url}${q}`);

function valueFor(kind: 'url' | 'srcset' | 'list' | 'comma' | 'refresh'): fc.Arbitrary<string> {
	switch (kind) {
		case 'url':
			return attributeText;
		case 'srcset':
			return srcset;
		case 'list':
			return fc.array(uriReference, {maxLength: 3}).map(items => items.join(' \t'));
		case 'comma':
			return fc.array(uriReference, {maxLength: 3}).map(items => items.join(', '));
		case 'refresh':
			return refresh;
	}
}

type Kind = (typeof URL_ATTRIBUTES)[number][2];

/** Elements carrying a URL attribute of one kind, with decoys and a duplicate now and then. */
const urlElementOf = (kind: Kind): fc.Arbitrary<string> =>
	fc
		.record({
			row: fc.constantFrom(...URL_ATTRIBUTES.filter(row => row[2] === kind)),
			value: valueFor(kind),
			quote: fc.constantFrom(...QUOTES),
			form: fc.constantFrom('value', 'value', 'value', 'none', 'empty'),
			decoy: fc.constantFrom(
				'',
				' title="a&amp;b"',
				" class='c'",
				' data-href=x.html',
				' rel="stylesheet nofollow"',
				' type=image',
				' name=movie',
				' DUP=dup.html',
			),
			close: fc.constantFrom('>', '/>', ' >', '\n>', ''),
		})
		.map(({row: [element, attribute], value, quote, form, decoy, close}) => {
			const written =
				form === 'none'
					? ` ${attribute}`
					: form === 'empty'
						? ` ${attribute}=""`
						: ` ${attribute}=${quoted(value, quote)}`;
			return `<${element}${decoy.replace('DUP', attribute)}${written}${close}`;
		});

/** One element carrying a URL attribute. */
const urlElement: fc.Arbitrary<string> = fc.oneof(
	{weight: 5, arbitrary: urlElementOf('url')},
	{weight: 2, arbitrary: urlElementOf('srcset')},
	{weight: 1, arbitrary: urlElementOf('list')},
	{weight: 1, arbitrary: urlElementOf('comma')},
	{weight: 1, arbitrary: urlElementOf('refresh')},
);

const foreignElement: fc.Arbitrary<string> = fc
	.tuple(fc.constantFrom(...FOREIGN), attributeText, fc.constantFrom(...QUOTES))
	.map(
		([[wrapper, element, attribute], value, quote]) =>
			`<${wrapper}><${element} ${attribute}=${quoted(value, quote)}/></${wrapper}>`,
	);

const styleAttribute: fc.Arbitrary<string> = fc
	.tuple(cssDocument, fc.constantFrom(...QUOTES))
	.map(([css, quote]) => `<div style=${quoted(css.replaceAll('&', '&amp;'), quote)}>`);

const styleElement: fc.Arbitrary<string> = fc
	.tuple(
		cssDocument,
		fc.constantFrom('<style>', '<style media=screen>', '<svg><style>', '<STYLE>'),
		fc.constantFrom('</style>', '</STYLE >', '', '</style'),
	)
	.map(([css, open, close]) => `${open}${css}${close}${open.startsWith('<svg') ? '</svg>' : ''}`);

const base: fc.Arbitrary<string> = fc
	.tuple(
		fc.constantFrom('', '<head>', '<svg>', '<template>', '<noscript>', '<table>', '<p>'),
		attributeText,
		fc.constantFrom(...QUOTES),
		fc.boolean(),
	)
	.map(
		([where, href, quote, withTarget]) =>
			`${where}<base${withTarget ? ' target=_top' : ''} href=${quoted(href, quote)}>`,
	);

/** States that hide markup, each with a decoy link inside; sometimes unterminated. */
const hiding: fc.Arbitrary<string> = fc
	.tuple(
		fc.constantFrom(
			['<!--', '-->'],
			['<![CDATA[', ']]>'],
			['<script>', '</script>'],
			['<textarea>', '</textarea>'],
			['<title>', '</title>'],
			['<xmp>', '</xmp>'],
			['<noembed>', '</noembed>'],
			['<?', '>'],
			['<!', '>'],
			['<plaintext>', ''],
		),
		fc.boolean(),
	)
	.map(
		([[open, close], terminated]) =>
			`${open} <a href="hidden.html"> url(h.png) http://h.example/ ${terminated ? close : ''}`,
	);

const text: fc.Arbitrary<string> = fc.oneof(
	fc.constantFrom(
		'text ',
		'http://t.example/a?b=1&amp;c ',
		'<http://t.example/x>',
		'www.t.example. ',
		'&lt;URL:b.html&gt;',
		'mail@t.example',
		' ',
	),
	anyText,
);

/** A srcdoc attribute holding a small document, escaped for its quoting. */
const srcdoc: fc.Arbitrary<string> = fc
	.tuple(fc.array(fc.oneof(urlElement, text), {maxLength: 3}), fc.constantFrom('"', "'"))
	.map(
		([parts, quote]) =>
			`<iframe srcdoc=${quote}${parts
				.join('')
				.replaceAll('&', '&amp;')
				.replaceAll(quote, quote === '"' ? '&quot;' : '&#39;')}${quote}></iframe>`,
	);

/** One piece of an HTML document. */
export const htmlPiece: fc.Arbitrary<string> = fc.oneof(
	{weight: 8, arbitrary: urlElement},
	{weight: 2, arbitrary: foreignElement},
	{weight: 2, arbitrary: styleAttribute},
	{weight: 2, arbitrary: styleElement},
	{weight: 2, arbitrary: base},
	{weight: 2, arbitrary: hiding},
	{weight: 1, arbitrary: srcdoc},
	{weight: 4, arbitrary: text},
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'</a>',
			'</div>',
			'</head>',
			'<body>',
			'</template>',
			'</svg>',
			'</table>',
			'<html>',
			'<!doctype html>',
			'<meta charset=windows-1252>',
			'<meta charset="utf-8">',
			'<',
			'>',
			'"',
			"'",
			'=',
			'&',
			'/',
		),
	},
	{weight: 2, arbitrary: entity},
	{weight: 2, arbitrary: hazard},
);

/** An HTML (or XHTML) document of up to `maxPieces` pieces. */
export function htmlDocument(maxPieces = 24): fc.Arbitrary<string> {
	return fc.array(htmlPiece, {maxLength: maxPieces}).map(pieces => pieces.join(''));
}
