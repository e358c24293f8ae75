/**
 * Every row of html-url-attributes.md §1, §1.1, §1.2, §2 and §3 through the HTML core:
 * a minimal document per row and the Links it must give (element, attribute, kind, url),
 * resolved by hand against https://site.example/dir/page.html.
 */
import test from 'ava';
import {attributeRule, linkRelKind} from '../../src/extract/html/attributes.js';
import {links} from './html-collect.js';

const D = 'https://site.example/dir/';

/** [html, expected rows "element attribute kind url"] */
const ROWS: Record<string, [string, string[]]> = {
	// §1 conforming HTML
	'a href': ['<a href="x.html">', [`a href navigation ${D}x.html`]],
	'area href': ['<area href="x.html">', [`area href navigation ${D}x.html`]],
	'a ping (space-separated)': [
		'<a ping="/p1  p2">',
		['a ping metadata https://site.example/p1', `a ping metadata ${D}p2`],
	],
	'area ping': ['<area ping="p">', [`area ping metadata ${D}p`]],
	'attributionsrc on a, img, script': [
		'<a attributionsrc="/r1"></a><img attributionsrc="r2 r3"><script attributionsrc=""></script>',
		[
			'a attributionsrc metadata https://site.example/r1',
			`img attributionsrc metadata ${D}r2`,
			`img attributionsrc metadata ${D}r3`,
		],
	],
	'a download is a file name': ['<a download="x.zip">', []],
	'base href': ['<base href="/b/">', ['base href base https://site.example/b/']],
	'link href (unknown rel: navigation)': ['<link rel="next" href="n.html">', [`link href navigation ${D}n.html`]],
	'link imagesrcset': [
		'<link rel=preload as=image imagesrcset="a.jpg 1x, b.jpg 2x">',
		[`link imagesrcset resource ${D}a.jpg`, `link imagesrcset resource ${D}b.jpg`],
	],
	'img src': ['<img src="i.png">', [`img src resource ${D}i.png`]],
	'img srcset': ['<img srcset="i.png 1x">', [`img srcset resource ${D}i.png`]],
	'source srcset in picture': ['<picture><source srcset="p.webp"></picture>', [`source srcset resource ${D}p.webp`]],
	'img usemap is a hash name': ['<img usemap="#m">', []],
	'iframe src': ['<iframe src="f.html"></iframe>', [`iframe src resource ${D}f.html`]],
	'iframe srcdoc is scanned': ['<iframe srcdoc="&lt;img src=s.png&gt;"></iframe>', [`img src resource ${D}s.png`]],
	'embed src': ['<embed src="e.swf">', [`embed src resource ${D}e.swf`]],
	'object data': ['<object data="o.swf"></object>', [`object data resource ${D}o.swf`]],
	'audio, video, source, track src': [
		'<audio src="a.ogg"></audio><video src="v.mp4"><source src="v.webm"><track src="t.vtt"></video>',
		[
			`audio src resource ${D}a.ogg`,
			`video src resource ${D}v.mp4`,
			`source src resource ${D}v.webm`,
			`track src resource ${D}t.vtt`,
		],
	],
	'video poster': ['<video poster="p.jpg"></video>', [`video poster resource ${D}p.jpg`]],
	'script src': ['<script src="s.js"></script>', [`script src resource ${D}s.js`]],
	'input src only for type=image': [
		'<input type="IMAGE" src="i.png"><input src="no.png"><input type=text src="no2.png">',
		[`input src resource ${D}i.png`],
	],
	'form action': ['<form action="go.cgi"></form>', [`form action form ${D}go.cgi`]],
	'button and input formaction (submit buttons only)': [
		'<button formaction="b1"></button><button type=submit formaction="b2"></button><button type=reset formaction="no"></button><button type=button formaction="no"></button><input type=submit formaction="i1"><input type=image formaction="i2"><input type=text formaction="no">',
		[
			`button formaction form ${D}b1`,
			`button formaction form ${D}b2`,
			`input formaction form ${D}i1`,
			`input formaction form ${D}i2`,
		],
	],
	'blockquote, q, del, ins cite': [
		'<blockquote cite="b"></blockquote><q cite="q"></q><del cite="d"></del><ins cite="i"></ins>',
		[`blockquote cite citation ${D}b`, `q cite citation ${D}q`, `del cite citation ${D}d`, `ins cite citation ${D}i`],
	],
	'itemid on any element': [
		'<div itemid="urn:isbn:1"></div><span itemid="/t"></span>',
		['div itemid metadata urn:isbn:1', 'span itemid metadata https://site.example/t'],
	],
	'itemtype: absolute only': [
		'<div itemtype="https://schema.org/A relative"></div>',
		['div itemtype metadata https://schema.org/A', 'div itemtype metadata (invalid-url)'],
	],
	'style attribute on any element': ['<p style="background:url(bg.png)"></p>', [`p style resource ${D}bg.png`]],
	'style element text': [
		'<style>@import "i.css"; a{background:url(b.png)}</style>',
		[`style import resource ${D}i.css`, `style url resource ${D}b.png`],
	],
	'meta refresh content': [
		'<meta http-equiv="refresh" content="0; url=r.html">',
		[`meta content navigation ${D}r.html`],
	],
	'meta refresh without URL': ['<meta http-equiv="refresh" content="5">', []],
	// §1.1 link rel
	'link rel stylesheet: resource': ['<link rel=stylesheet href=s.css>', [`link href resource ${D}s.css`]],
	'link rel "shortcut icon" (token set)': ['<link rel="Shortcut Icon" href=f.ico>', [`link href resource ${D}f.ico`]],
	'link rel "alternate stylesheet"': ['<link rel="alternate stylesheet" href=a.css>', [`link href resource ${D}a.css`]],
	'link rel manifest, modulepreload, prefetch': [
		'<link rel=manifest href=m.json><link rel=modulepreload href=m.js><link rel=prefetch href=p.html>',
		[`link href resource ${D}m.json`, `link href resource ${D}m.js`, `link href resource ${D}p.html`],
	],
	'link rel dns-prefetch, preconnect, pingback: metadata': [
		'<link rel=dns-prefetch href="//cdn.example"><link rel=preconnect href="https://c.example"><link rel=pingback href=/xmlrpc.php>',
		[
			'link href metadata https://cdn.example/',
			'link href metadata https://c.example/',
			'link href metadata https://site.example/xmlrpc.php',
		],
	],
	'link rel canonical, alternate: navigation': [
		'<link rel=canonical href=/c><link rel=alternate type=application/rss+xml href=feed.xml>',
		['link href navigation https://site.example/c', `link href navigation ${D}feed.xml`],
	],
	// §1.2 URL-valued meta content
	'meta og:image (property)': [
		'<meta property="og:image" content=" /og.png ">',
		['meta content metadata https://site.example/og.png'],
	],
	'meta twitter:image (name)': ['<meta name="twitter:image" content="t.png">', [`meta content metadata ${D}t.png`]],
	'meta msapplication-TileImage': [
		'<meta name="msapplication-TileImage" content="tile.png">',
		[`meta content metadata ${D}tile.png`],
	],
	'meta msapplication-notification polling-uri entries': [
		'<meta name="msapplication-notification" content="frequency=30; polling-uri=/n1; polling-uri2=/n2; cycle=1">',
		['meta content metadata https://site.example/n1', 'meta content metadata https://site.example/n2'],
	],
	'meta description is not a URL': ['<meta name="description" content="x.html">', []],
	// §2 SVG and MathML
	'svg a href': ['<svg><a href="s.html"></a></svg>', [`a href navigation ${D}s.html`]],
	'svg a xlink:href': ['<svg><a xlink:href="x.html"></a></svg>', [`a xlink:href navigation ${D}x.html`]],
	'svg href wins over xlink:href': [
		'<svg><a xlink:href="x.html" href="h.html"></a></svg>',
		[`a href navigation ${D}h.html`],
	],
	'svg image, feImage, use, script': [
		'<svg><image href="i.png"/><feImage xlink:href="f.png"/><use href="u.svg#i"/><script href="s.js"/></svg>',
		[
			`image href resource ${D}i.png`,
			`feimage xlink:href resource ${D}f.png`,
			`use href resource ${D}u.svg#i`,
			`script href resource ${D}s.js`,
		],
	],
	'svg gradients, pattern, textPath, mpath': [
		'<svg><linearGradient href="#g"/><pattern xlink:href="#p"/><textPath href="#t"/><mpath xlink:href="#m"/></svg>',
		[
			`lineargradient href resource ${D}page.html#g`,
			`pattern xlink:href resource ${D}page.html#p`,
			`textpath href resource ${D}page.html#t`,
			`mpath xlink:href resource ${D}page.html#m`,
		],
	],
	'svg animation href is a target element, not a link': ['<svg><animate href="#a"/><set href="#s"/></svg>', []],
	'svg 1.1 font-face-uri, cursor xlink:href': [
		'<svg><font-face-uri xlink:href="f.svg"/><cursor xlink:href="c.png"/></svg>',
		[`font-face-uri xlink:href resource ${D}f.svg`, `cursor xlink:href resource ${D}c.png`],
	],
	'svg presentation attributes with url()': [
		'<svg><rect fill="url(#g)" mask="url(m.svg#m)"/></svg>',
		[`rect fill resource ${D}page.html#g`, `rect mask resource ${D}m.svg#m`],
	],
	'svg src is not a URL attribute': ['<svg><image src="no.png"/></svg>', []],
	'MathML href and mglyph src': [
		'<math><mi href="m.html">x</mi><mglyph src="g.png"/></math>',
		[`mi href navigation ${D}m.html`, `mglyph src resource ${D}g.png`],
	],
	'HTML again after a breakout tag': ['<svg><p><img src="i.png"></svg>', [`img src resource ${D}i.png`]],
	'HTML inside foreignObject': [
		'<svg><foreignObject><img src="i.png"></foreignObject><image src="no.png"/></svg>',
		[`img src resource ${D}i.png`],
	],
	// §3 obsolete and non-standard
	'background on body and table cells': [
		'<body background="b.png"><table background="t.png"><tr background="r.png"><td background="d.png"><th background="h.png">',
		[
			`body background resource ${D}b.png`,
			`table background resource ${D}t.png`,
			`tr background resource ${D}r.png`,
			`td background resource ${D}d.png`,
			`th background resource ${D}h.png`,
		],
	],
	'img lowsrc, dynsrc': [
		'<img lowsrc="l.png" dynsrc="d.avi">',
		[`img lowsrc resource ${D}l.png`, `img dynsrc resource ${D}d.avi`],
	],
	'longdesc on img, iframe, frame': [
		'<img longdesc="i.html"><iframe longdesc="f.html"></iframe><frameset><frame longdesc="fr.html" src="fs.html"></frameset>',
		[
			`img longdesc navigation ${D}i.html`,
			`iframe longdesc navigation ${D}f.html`,
			`frame longdesc navigation ${D}fr.html`,
			`frame src resource ${D}fs.html`,
		],
	],
	'head profile (space-separated)': [
		'<head profile="http://gmpg.org/xfn/11 p.html">',
		['head profile metadata http://gmpg.org/xfn/11', `head profile metadata ${D}p.html`],
	],
	'html manifest against the document URL': [
		'<html manifest="m.appcache"><base href="/other/">',
		[`html manifest resource ${D}m.appcache`, 'base href base https://site.example/other/'],
	],
	'object codebase for classid and archive, not data (as browsers)': [
		'<object codebase="/cb/" classid="c.class" data="d.swf" archive="a.jar b.jar"></object>',
		[
			'object codebase metadata https://site.example/cb/',
			'object classid resource https://site.example/cb/c.class',
			`object data resource ${D}d.swf`,
			'object archive resource https://site.example/cb/a.jar',
			'object archive resource https://site.example/cb/b.jar',
		],
	],
	'applet codebase for code, archive (commas), object': [
		'<applet code="A.class" archive="a.jar , b.jar" object="o.ser" codebase="/ap/"></applet>',
		[
			'applet code resource https://site.example/ap/A.class',
			'applet archive resource https://site.example/ap/a.jar',
			'applet archive resource https://site.example/ap/b.jar',
			'applet object resource https://site.example/ap/o.ser',
			'applet codebase resource https://site.example/ap/',
		],
	],
	'param value by name, against the object codebase': [
		'<object codebase="/cb/"><param name="Movie" value="m.swf"><param name="src" value="s.swf"><param name="quality" value="high"></object><param name="url" value="u.html">',
		[
			'object codebase metadata https://site.example/cb/',
			'param value resource https://site.example/cb/m.swf',
			'param value resource https://site.example/cb/s.swf',
			`param value resource ${D}u.html`,
		],
	],
	'embed pluginspage, pluginurl, code': [
		'<embed pluginspage="pp.html" pluginurl="pu.xpi" code="c.class">',
		[
			`embed pluginspage navigation ${D}pp.html`,
			`embed pluginurl resource ${D}pu.xpi`,
			`embed code resource ${D}c.class`,
		],
	],
	'bgsound, layer, ilayer, fig, overlay, xml src': [
		'<bgsound src="1"><layer src="2"></layer><ilayer src="3"></ilayer><fig src="4"></fig><overlay src="5"></overlay><xml src="6"></xml>',
		['bgsound', 'layer', 'ilayer', 'fig', 'overlay', 'xml'].map((e, i) => `${e} src resource ${D}${i + 1}`),
	],
	'isindex action': ['<isindex action="s.cgi">', [`isindex action form ${D}s.cgi`]],
	'menuitem, command icon': [
		'<menuitem icon="m.png"></menuitem><command icon="c.png">',
		[`menuitem icon resource ${D}m.png`, `command icon resource ${D}c.png`],
	],
	'datasrc on any element': ['<table datasrc="#d"></table>', [`table datasrc resource ${D}page.html#d`]],
	'a urn, methods, rev are not URLs': ['<a urn="urn:x" methods="get" rev="made">', []],
	'lazy-load data-* attributes': [
		'<img data-src="1.png" data-srcset="2.png 1x, 3.png 2x"><div data-original="4.png" data-bg="5.png" data-lazy-src="6.png" data-href="7.html" data-original-set="8.png 2x"></div>',
		[
			`img data-src resource ${D}1.png`,
			`img data-srcset resource ${D}2.png`,
			`img data-srcset resource ${D}3.png`,
			`div data-original resource ${D}4.png`,
			`div data-bg resource ${D}5.png`,
			`div data-lazy-src resource ${D}6.png`,
			`div data-href resource ${D}7.html`,
			`div data-original-set resource ${D}8.png`,
		],
	],
};

for (const [title, [html, expected]] of Object.entries(ROWS)) {
	test(`attribute table: ${title}`, t => {
		const actual = links(html).map(
			link => `${link.element} ${link.attribute} ${link.kind} ${link.url ?? `(${link.error})`}`,
		);
		// The absent form action of the form rows is covered by its own test.
		t.deepEqual(
			actual.filter(row => !row.startsWith('form action form https://site.example/dir/page.html')),
			expected,
		);
	});
}

test('attribute table: lookups fall back to "any element" rows', t => {
	t.deepEqual(attributeRule('html', 'section', 'style'), {syntax: 'css', kind: 'resource', against: 'base'});
	t.is(attributeRule('html', 'img', 'usemap'), undefined);
	t.is(attributeRule('svg', 'image', 'src'), undefined);
	t.is(attributeRule('html', 'a', 'xlink:href'), undefined);
});

test('link rel kinds: resource beats navigation beats metadata', t => {
	t.is(linkRelKind(['alternate', 'stylesheet']), 'resource');
	t.is(linkRelKind(['shortcut', 'icon']), 'resource');
	t.is(linkRelKind(['preconnect', 'dns-prefetch']), 'metadata');
	t.is(linkRelKind(['openid.server']), 'metadata');
	t.is(linkRelKind(['me', 'authorization_endpoint']), 'navigation');
	t.is(linkRelKind(['unknown-rel']), 'navigation');
	t.is(linkRelKind([]), 'navigation');
});
