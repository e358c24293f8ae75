/**
 * The documentation holds together: README.md stays a one-screen front door (at most
 * 10,000 characters), every page of docs/ is linked from it, and every relative link of
 * README.md and docs/ leads to a file that exists and, with a `#fragment`, to a heading
 * of that page (GitHub's heading anchors).
 */
import test from 'ava';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {dirname, join, normalize} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGES = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter(name => name.endsWith('.md'))
		.map(name => `docs/${name}`),
];

/** A Markdown link's target: `[text](target)`, outside code spans and blocks. */
const LINK = /\]\(([^)\s]+)\)/g;

/** The page's text without fenced code blocks and code spans (their brackets are not links). */
function prose(text: string): string {
	return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower-cased, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The anchors of a page's headings. */
function anchors(text: string): Set<string> {
	const out = new Set<string>();
	for (const line of text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').split('\n')) {
		const heading = /^#{1,6}\s+(.*)$/.exec(line);
		if (heading !== null) out.add(anchor(heading[1]!));
	}
	return out;
}

test('README.md is at most 10,000 characters', t => {
	const length = [...readFileSync(join(ROOT, 'README.md'), 'utf8')].length;
	t.true(length <= 10_000, `README.md has ${length} characters`);
});

test('every page of docs/ is linked from README.md', t => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const linked = new Set([...prose(readme).matchAll(LINK)].map(match => match[1]!.split('#')[0]));
	t.deepEqual(
		PAGES.filter(page => page !== 'README.md' && !linked.has(page)),
		[],
	);
});

test('every relative link of README.md and docs/ leads to a file, and to a heading of it', t => {
	const broken: string[] = [];
	for (const page of PAGES) {
		const text = readFileSync(join(ROOT, page), 'utf8');
		for (const [, target] of prose(text).matchAll(LINK)) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
			const [path, fragment] = target!.split('#') as [string, string | undefined];
			const file = path === '' ? page : normalize(join(dirname(page), path));
			if (!existsSync(join(ROOT, file))) {
				broken.push(`${page}: ${target} (no ${file})`);
				continue;
			}
			if (fragment === undefined || !file.endsWith('.md')) continue;
			if (!anchors(readFileSync(join(ROOT, file), 'utf8')).has(fragment))
				broken.push(`${page}: ${target} (no heading #${fragment})`);
		}
	}
	t.deepEqual(broken, []);
});

test("GitHub's heading anchors", t => {
	t.is(
		anchor('`rewriteLinks(input, options)` and `createRewriteStream(options)`'),
		'rewritelinksinput-options-and-createrewritestreamoptions',
	);
	t.is(
		anchor("XML in detail (`type: 'xml'`): feeds, sitemaps, OPML, SVG"),
		'xml-in-detail-type-xml-feeds-sitemaps-opml-svg',
	);
	t.is(anchor('`-j N`'), '-j-n');
	t.is(anchor('Mail, news and WARC readers: internal'), 'mail-news-and-warc-readers-internal');
});
