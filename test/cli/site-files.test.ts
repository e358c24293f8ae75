/** Site URLs of files (hand-checked against RFC 3986 §3.3 and §2.5), the walk, and the atomic replacement. */
import {mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {isStaleTemporary, isTemporary, replaceFile} from '../../src/cli/output/atomic.js';
import {documentType, fileUrl, siteEntries, siteFolder} from '../../src/cli/inputs/site-files.js';
import {rewriteCounted} from '../../src/stream/node/rewrite.js';

const site = 'https://example.com/docs/';

test('a file is served at the site URL plus its path; a directory index at its folder URL', t => {
	t.is(fileUrl(site, 'index.html'), 'https://example.com/docs/');
	t.is(fileUrl(site, 'a/index.html'), 'https://example.com/docs/a/');
	t.is(fileUrl(site, 'a/index.htm'), 'https://example.com/docs/a/');
	t.is(fileUrl(site, 'a/b/page.html'), 'https://example.com/docs/a/b/page.html');
	t.is(fileUrl(site, 'a/Index.html'), 'https://example.com/docs/a/Index.html');
	t.is(fileUrl(site, 'css/site.css'), 'https://example.com/docs/css/site.css');
});

test('path segments are percent-encoded as literal names', t => {
	t.is(fileUrl(site, 'a b/index.html'), 'https://example.com/docs/a%20b/');
	// §2.5: UTF-8 octets; "%" itself is data, so %25.
	t.is(fileUrl(site, '\u00fcber/100%.html'), 'https://example.com/docs/%C3%BCber/100%25.html');
	t.is(fileUrl(site, '%41.html'), 'https://example.com/docs/%2541.html');
	// §3.3 pchar keeps sub-delims, ":" and "@"; "?" and "#" would end the path.
	t.is(fileUrl(site, "a:b@c!$&'()*+,;=.html"), "https://example.com/docs/a:b@c!$&'()*+,;=.html");
	t.is(fileUrl(site, 'what?#.html'), 'https://example.com/docs/what%3F%23.html');
});

test('the --site URL becomes a folder URL, or null when it cannot be one', t => {
	t.is(siteFolder('https://example.com/docs/', 'whatwg'), 'https://example.com/docs/');
	t.is(siteFolder('HTTPS://Example.COM/docs', 'whatwg'), 'https://example.com/docs/');
	t.is(siteFolder('https://example.com', 'rfc3986'), 'https://example.com/');
	t.is(siteFolder('https://example.com/docs/?v=1', 'whatwg'), null);
	t.is(siteFolder('https://example.com/docs/#top', 'rfc2396'), null);
	t.is(siteFolder('mailto:web@example.com', 'whatwg'), null);
	t.is(siteFolder('/docs/', 'whatwg'), null);
});

test('documents by extension; everything else is left as it is', t => {
	t.is(documentType('a/b.html'), 'html');
	t.is(documentType('a/B.HTM'), 'html');
	t.is(documentType('a.xhtml'), 'xhtml');
	t.is(documentType('s.css'), 'css');
	t.is(documentType('notes.txt'), undefined);
	t.is(documentType('logo.png'), undefined);
	t.is(documentType('html'), undefined);
});

test('the walk: sorted, recursive, relative paths with "/", our temporary files never inputs', async t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-walk-'));
	for (const path of ['b.html', 'a.css', 'img.png', '.x.html.linkstream-1-0badf00d.tmp'])
		writeFileSync(join(root, path), '');
	const errors: string[] = [];
	const entries = await siteEntries([root, join(root, 'nope')], undefined, (path, message) =>
		errors.push(`${path}: ${message}`),
	);
	t.deepEqual(
		entries.filter(e => e.kind !== 'stale').map(e => [e.kind, e.relative]),
		[
			['document', 'a.css'],
			['document', 'b.html'],
			['other', 'img.png'],
		],
	);
	t.deepEqual(errors, [`${join(root, 'nope')}: no such file or folder`]);
});

test('temporary file names: ours are recognised; stale only when their process is gone', t => {
	t.true(isTemporary('.index.html.linkstream-12-0badf00d.tmp'));
	t.false(isTemporary('index.html.linkstream-12-0badf00d.tmp'));
	t.false(isTemporary('.index.html.tmp'));
	t.false(isStaleTemporary(`.a.html.linkstream-${process.pid}-0badf00d.tmp`));
	t.false(isStaleTemporary('.a.html.tmp'));
});

test('replaceFile: new content, the given mode, no temporary file left', async t => {
	const root = mkdtempSync(join(tmpdir(), 'linkstream-atomic-'));
	const path = join(root, 'page.html');
	writeFileSync(path, 'old');
	chmodSync(path, 0o604);
	await replaceFile(path, Buffer.from('new'), {mode: 0o604});
	t.is(readFileSync(path, 'utf8'), 'new');
	t.is(statSync(path).mode & 0o777, 0o604);
	t.deepEqual(readdirSync(root), ['page.html']);
	await t.throwsAsync(replaceFile(join(root, 'no-folder', 'x.html'), Buffer.from('x'), {mode: 0o644}), {
		code: 'ENOENT',
	});
});

test('rewriteCounted: references written differently, and non-empty ones left as written (hand-counted)', t => {
	const original =
		'<a href="https://e.x/a">a</a><a href="">self</a><img srcset="https://e.x/1.png 1x, https://e.x/2.png 2x"><a href="mailto:x@e.x">m</a>';
	const relative = '<a href="a">a</a><a href="">self</a><img srcset="1.png 1x, 2.png 2x"><a href="mailto:x@e.x">m</a>';
	const page = {type: 'html', retrievalUrl: 'https://e.x/page.html'} as const;
	const there = rewriteCounted(Buffer.from(original), {...page, to: 'relative'});
	t.is(Buffer.from(there.output).toString(), relative);
	t.deepEqual([there.rewritten, there.unchanged], [3, 1]);
	t.deepEqual(rewriteCounted(relative, {...page, to: 'absolute'}), {
		output: original,
		rewritten: 3,
		unchanged: 1,
		keptAbsolute: 0,
	});
	t.deepEqual(rewriteCounted(relative, {...page, to: 'relative'}), {
		output: relative,
		rewritten: 0,
		unchanged: 4,
		keptAbsolute: 0,
	});
	// A canonical kept as written and an og:image made absolute: both kept absolute (RewriteOptions.keepAbsolute).
	const kept = rewriteCounted(
		'<link rel=canonical href="https://e.x/page.html"><meta property="og:image" content="i.png">',
		{...page, to: 'relative'},
	);
	t.deepEqual(kept, {
		output: '<link rel=canonical href="https://e.x/page.html"><meta property="og:image" content="https://e.x/i.png">',
		rewritten: 1,
		unchanged: 1,
		keptAbsolute: 2,
	});
	// The same value from a function leaves the source as written; no base leaves the reference alone.
	t.deepEqual(rewriteCounted('<a href="https://e.x/a">', {type: 'html', to: () => 'https://e.x/a'}), {
		output: '<a href="https://e.x/a">',
		rewritten: 0,
		unchanged: 1,
		keptAbsolute: 0,
	});
	t.deepEqual(rewriteCounted('a{b:url(x.png)}', {type: 'css', to: 'absolute'}), {
		output: 'a{b:url(x.png)}',
		rewritten: 0,
		unchanged: 1,
		keptAbsolute: 0,
	});
});
