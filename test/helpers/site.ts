/** A small static site written by the tests (every expectation in site.test.ts is hand-checked against it). */
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';

export const SITE = 'https://example.com/docs/';

/** windows-1252: "Café crème" as bytes (0xE9, 0xE8 are not UTF-8). */
const LATIN = (text: string): Buffer => Buffer.from(text, 'latin1');

/** Path under the site folder -> bytes. */
export const PAGES: Readonly<Record<string, Buffer>> = {
	'index.html': Buffer.from(
		'<!doctype html>\n<html><head><meta charset="utf-8"><title>Home</title>\n' +
			'<link rel="stylesheet" href="https://example.com/docs/css/site.css">\n</head><body>\n' +
			'<a href="https://example.com/docs/guide/">Guide</a>\n' +
			'<a href="https://example.com/docs/guide/install.html?os=linux#steps">Install</a>\n' +
			'<a href="https://other.example/elsewhere">Elsewhere</a>\n' +
			'<img src="https://example.com/docs/img/logo.png" srcset="https://example.com/docs/img/logo.png 1x, https://example.com/docs/img/logo@2x.png 2x" alt="">\n' +
			'<a href="mailto:team@example.com">Mail</a>\n</body></html>\n',
	),
	'guide/index.html': Buffer.from(
		'<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="https://example.com/docs/css/site.css">' +
			'<style>h1{background:url("https://example.com/docs/img/h1.png")}</style></head>\n' +
			'<body><a href="https://example.com/docs/">Home</a> <a href="https://example.com/docs/guide/install.html">Install</a> ' +
			'<a href="https://example.com/docs/guide/deep/page.html#part-2">Deep</a> <a href="https://example.com/blog/">Blog</a>\n' +
			'<form action="https://example.com/docs/search?q=x"><input name=q></form></body></html>\n',
	),
	'guide/install.html': LATIN(
		'<html><head><meta charset="windows-1252"><title>Caf\u00e9</title></head><body><p>Caf\u00e9 cr\u00e8me</p>' +
			'<a href="https://example.com/docs/guide/">Guide</a> <a href="https://example.com/docs/img/caf%C3%A9.png">img</a></body></html>\n',
	),
	'guide/deep/page.html': Buffer.from(
		'<html><head><base href="https://example.com/docs/img/"><title>Deep</title></head><body>' +
			'<img src="https://example.com/docs/img/diagram.svg"><a href="https://example.com/docs/guide/">Up</a>' +
			'<a href="https://other.example/x?y=1">x</a></body></html>\n',
	),
	'guide/empty.html': Buffer.from('<p>No links here.</p>\n'),
	'css/site.css': Buffer.from(
		'@import "https://example.com/docs/css/print.css" print;\n' +
			'body { background: url(https://example.com/docs/img/bg.png) }\n' +
			".ext { background: url('https://cdn.example/x.png') }\n",
	),
	// Relative from the start: --to relative leaves it, --to absolute changes it.
	'css/print.css': Buffer.from('body { background: url(../img/p.png) }\n'),
	'img/logo.png': Buffer.from([
		0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0x3c, 0x61, 0x20, 0x68, 0x72, 0x65,
		0x66, 0x3d,
	]),
	'img/notes.txt': Buffer.from('See https://example.com/docs/guide/ for more.\n'),
	'robots.txt': Buffer.from('User-agent: *\nDisallow:\n'),
};

/** The relative rewrite of each page that changes, by hand. */
export const RELATIVE: Readonly<Record<string, string>> = {
	'index.html':
		'<!doctype html>\n<html><head><meta charset="utf-8"><title>Home</title>\n' +
		'<link rel="stylesheet" href="css/site.css">\n</head><body>\n' +
		'<a href="guide/">Guide</a>\n' +
		'<a href="guide/install.html?os=linux#steps">Install</a>\n' +
		'<a href="https://other.example/elsewhere">Elsewhere</a>\n' +
		'<img src="img/logo.png" srcset="img/logo.png 1x, img/logo@2x.png 2x" alt="">\n' +
		'<a href="mailto:team@example.com">Mail</a>\n</body></html>\n',
	'guide/index.html':
		'<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="../css/site.css">' +
		'<style>h1{background:url("../img/h1.png")}</style></head>\n' +
		'<body><a href="../">Home</a> <a href="install.html">Install</a> ' +
		'<a href="deep/page.html#part-2">Deep</a> <a href="https://example.com/blog/">Blog</a>\n' +
		'<form action="../search?q=x"><input name=q></form></body></html>\n',
	'guide/install.html':
		'<html><head><meta charset="windows-1252"><title>Caf\u00e9</title></head><body><p>Caf\u00e9 cr\u00e8me</p>' +
		'<a href="./">Guide</a> <a href="../img/caf%C3%A9.png">img</a></body></html>\n',
	// The BASE href is relative to the page; the links relative to that base (docs/img/).
	'guide/deep/page.html':
		'<html><head><base href="../../img/"><title>Deep</title></head><body>' +
		'<img src="diagram.svg"><a href="../guide/">Up</a>' +
		'<a href="https://other.example/x?y=1">x</a></body></html>\n',
	'css/site.css':
		'@import "print.css" print;\n' +
		'body { background: url(../img/bg.png) }\n' +
		".ext { background: url('https://cdn.example/x.png') }\n",
};

/** Links each page has, and how many the relative rewrite changes (counted by hand). */
export const RELATIVE_COUNTS = {read: 7, changed: 5, rewritten: 6 + 6 + 2 + 3 + 2, unchanged: 2 + 1 + 0 + 1 + 1 + 1};

/** Write the site into a new temporary folder; returns the folder. */
export function writeSite(pages: Readonly<Record<string, Buffer>> = PAGES): string {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-site-'));
	for (const [path, bytes] of Object.entries(pages)) {
		mkdirSync(dirname(join(root, path)), {recursive: true});
		writeFileSync(join(root, path), bytes);
	}
	return root;
}

/** Every file under `root`: path (with `/`) -> bytes. */
export function readTree(root: string, prefix = ''): Map<string, Buffer> {
	const files = new Map<string, Buffer>();
	for (const entry of readdirSync(join(root, prefix), {withFileTypes: true})) {
		const path = prefix + entry.name;
		if (entry.isDirectory()) for (const [p, b] of readTree(root, `${path}/`)) files.set(p, b);
		else files.set(path, readFileSync(join(root, path)));
	}
	return files;
}

/** Modification times (ms) of every file under `root`. */
export function mtimes(root: string): Map<string, number> {
	return new Map([...readTree(root).keys()].map(path => [path, statSync(join(root, path)).mtimeMs]));
}

/** A text with latin1 bytes as such (windows-1252 pages). */
export function bytesOf(path: string, text: string): Buffer {
	return path === 'guide/install.html' ? LATIN(text) : Buffer.from(text);
}

/** A site folder with `pages` (path under it → content), in a fresh temporary folder named after `prefix`. */
export function makeSite(
	pages: Readonly<Record<string, string>>,
	prefix = 'linkstream-site-',
): {root: string; site: string} {
	const root = mkdtempSync(join(tmpdir(), prefix));
	const site = join(root, 'site');
	mkdirSync(site);
	for (const [path, content] of Object.entries(pages)) {
		mkdirSync(join(site, path, '..'), {recursive: true});
		writeFileSync(join(site, path), content);
	}
	return {root, site};
}
