/**
 * A built site (as Hugo writes its pages: canonical, hreflang alternates, Open Graph and
 * Twitter card tags, rel=me) made relative keeps the URLs read away from the page absolute,
 * and made absolute again gives every one of them back. Pages and expected values written
 * by hand from ogp.me, RFC 6596 and the Twitter card markup.
 */
import {mkdtempSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {runCli} from '../helpers/cli.js';

const SITE = 'https://example.org/blog/';

/** A Hugo-style page at `path` under the site; `up` is the way back to the site root. */
function page(path: string, lang: 'en-us' | 'fr'): string {
	const url = `${SITE}${path}`;
	const en = `${SITE}${path.replace(/^fr\//, '')}`;
	const fr = path.startsWith('fr/') ? url : `${SITE}fr/${path}`;
	return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>Post</title>
<link rel="canonical" href="${url}">
<link rel="alternate" hreflang="en-us" href="${en}">
<link rel="alternate" hreflang="fr" href="${fr}">
<link rel="alternate" type="application/rss+xml" href="${SITE}index.xml" title="Blog">
<link rel="stylesheet" href="${SITE}css/main.css">
<link rel="me" href="${SITE}about/">
<meta property="og:title" content="Post">
<meta property="og:url" content="${url}">
<meta property="og:image" content="${SITE}img/icon-192.png">
<meta property="og:image:secure_url" content="${SITE}img/icon-192.png">
<meta property="og:video" content="${SITE}media/intro.mp4">
<meta property="og:audio:url" content="${SITE}media/intro.mp3">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="${SITE}img/card.png">
<meta property="twitter:url" content="${url}">
<meta name="twitter:player" content="${SITE}player/">
</head>
<body>
<a href="${url}">this page</a> <a href="${SITE}">home</a> <img src="${SITE}img/icon-192.png">
</body>
</html>
`;
}

const PATHS = ['index.html', 'posts/first/index.html', 'fr/posts/first/index.html'];

/** A Web App Manifest (JSON): linkstream does not read it, so its start_url and scope stay as written either way. */
const MANIFEST =
	'{"name": "Blog", "start_url": "https://example.org/blog/", "scope": "/blog/", "icons": [{"src": "img/icon-192.png"}]}\n';

function writeSite(): string {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-keep-'));
	for (const path of PATHS) {
		mkdirSync(join(root, path, '..'), {recursive: true});
		writeFileSync(join(root, path), page(path.replace(/index\.html$/, ''), path.startsWith('fr/') ? 'fr' : 'en-us'));
	}
	writeFileSync(join(root, 'site.webmanifest'), MANIFEST);
	return root;
}

/** The values of the tags that must stay absolute, as [tag, value] in order. */
function keptValues(html: string): string[] {
	const out: string[] = [];
	for (const match of html.matchAll(/<(link|meta) ([^>]*)>/g)) {
		const attributes = match[2]!;
		if (
			/rel="(canonical|me)"|hreflang=|property="og:(url|image|image:secure_url|video|audio:url)"|(name|property)="twitter:(image|url|player)"/.test(
				attributes,
			)
		) {
			out.push(/(?:href|content)="([^"]*)"/.exec(attributes)![1]!);
		}
	}
	return out;
}

test('--to relative keeps canonical, hreflang, rel=me, og: and twitter: URLs absolute; --to absolute gives every one back; the manifest is not touched', t => {
	const root = writeSite();
	const there = runCli(['rewrite', '--to', 'relative', '--site', SITE, '--in-place', root]);
	t.is(there.status, 0, there.stderr);
	const first = readFileSync(join(root, 'posts/first/index.html'), 'utf8');
	// 11 such tags a page: every one as written, none empty, none relative.
	t.deepEqual(keptValues(first), [
		`${SITE}posts/first/`,
		`${SITE}posts/first/`,
		`${SITE}fr/posts/first/`,
		`${SITE}about/`,
		`${SITE}posts/first/`,
		`${SITE}img/icon-192.png`,
		`${SITE}img/icon-192.png`,
		`${SITE}media/intro.mp4`,
		`${SITE}media/intro.mp3`,
		`${SITE}img/card.png`,
		`${SITE}posts/first/`,
		`${SITE}player/`,
	]);
	// The rest is relative as before: the feed link, the stylesheet, the anchors, the image.
	t.true(first.includes('<link rel="alternate" type="application/rss+xml" href="../../index.xml" title="Blog">'));
	t.true(first.includes('<link rel="stylesheet" href="../../css/main.css">'));
	t.true(first.includes('<a href="">this page</a> <a href="../../">home</a> <img src="../../img/icon-192.png">'));
	t.regex(
		there.stderr.trim().split('\n').at(-1)!,
		/^linkstream rewrite: 3 files read, 3 changed, \d+ links rewritten, \d+ left unchanged, 36 kept absolute, 0 errors$/,
	);

	t.is(readFileSync(join(root, 'site.webmanifest'), 'utf8'), MANIFEST);
	const back = runCli(['rewrite', '--to', 'absolute', '--site', SITE, '--in-place', root]);
	t.is(back.status, 0, back.stderr);
	t.is(readFileSync(join(root, 'site.webmanifest'), 'utf8'), MANIFEST);
	for (const path of PATHS) {
		const original = page(path.replace(/index\.html$/, ''), path.startsWith('fr/') ? 'fr' : 'en-us');
		const now = readFileSync(join(root, path), 'utf8');
		t.deepEqual(keptValues(now), keptValues(original), path);
		// The head byte for byte; in the body a link to the page itself stays "" (same-document: kept as written by --to absolute).
		const head = (html: string): string => html.slice(0, html.indexOf('<body>'));
		t.is(head(now), head(original), path);
	}
});

test('a relative og:image or canonical is made absolute by --to relative; --no-keep-absolute relativizes them as before', t => {
	const input =
		'<link rel=canonical href="./"><link rel=canonical href=""><meta property="og:image" content="img/a.png"><meta property="og:url" content="#top">';
	const kept = runCli(['rewrite', '--to', 'relative', '--base-url', `${SITE}post/`, '-'], input);
	t.is(kept.status, 0, kept.stderr);
	t.is(
		kept.stdout,
		`<link rel=canonical href="${SITE}post/"><link rel=canonical href="${SITE}post/"><meta property="og:image" content="${SITE}post/img/a.png"><meta property="og:url" content="${SITE}post/#top">`,
	);
	const none = runCli(
		['rewrite', '--to', 'relative', '--no-keep-absolute', '--base-url', `${SITE}post/`, '-'],
		`<link rel=canonical href="${SITE}post/"><meta property="og:image" content="${SITE}img/a.png">`,
	);
	t.is(none.status, 0, none.stderr);
	t.is(none.stdout, '<link rel=canonical href=""><meta property="og:image" content="../img/a.png">');
});

test('--keep-absolute names more: by rel, element@attribute, meta name; a bad selector is a usage error naming the option', t => {
	const input = `<link rel=author href="${SITE}me/"><img src="${SITE}a.png"><meta name="msapplication-TileImage" content="${SITE}t.png"><a href="${SITE}x/">x</a>`;
	const more = runCli(
		[
			'rewrite',
			'--to',
			'relative',
			'--keep-absolute',
			'rel=author,img@src,meta=msapplication-tileimage',
			'--base-url',
			SITE,
			'-',
		],
		input,
	);
	t.is(more.status, 0, more.stderr);
	t.is(
		more.stdout,
		`<link rel=author href="${SITE}me/"><img src="${SITE}a.png"><meta name="msapplication-TileImage" content="${SITE}t.png"><a href="x/">x</a>`,
	);
	const bad = runCli(['rewrite', '--to', 'relative', '--keep-absolute', 'og:image', '--base-url', SITE, '-'], input);
	t.is(bad.status, 2);
	t.regex(bad.stderr, /--keep-absolute/);
});
