/**
 * Our HTML extraction against what headless Chromium's DOM gives for the same pages
 * (fixtures/html/x.html beside x.links.json, written by scripts/browser-expect.ts).
 * No browser is needed here: the expectations are committed.
 *
 * For each page, every browser row `(element, attribute, url)` must be found among our
 * Links, in document order. Where we deliberately differ from Chromium the row is listed in
 * KNOWN_DIFFERENCES with the URL we give instead and the reason; the test then requires
 * that URL. Links we emit with no browser row must be documented crawler extras
 * (CRAWLER_EXTRAS), otherwise the test fails. A row read from an iframe srcdoc document
 * (`frame: 'srcdoc'`) must match a Link that names its frame (`link.frame`), and a row of
 * the page itself a Link without one.
 *
 * `extractLinks` reads the whole page, so a BASE after the links (base-in-body.html,
 * base-in-table.html, late-base-*.html) governs them, as in Chromium's DOM. The
 * subresources Chromium fetched before it saw such a BASE (its preload scanner, see
 * "requests") used the fallback base: the DOM, not the fetches, is what we follow.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {extractLinks} from '../../src/index.js';
import type {Link} from '../../src/types.js';

const FIXTURES = new URL('../../fixtures/html/', import.meta.url);

interface BrowserRow {
	element: string;
	attribute: string;
	url: string | null;
	value: string;
	via: 'dom' | 'resolved';
	frame?: 'srcdoc';
}

interface Expectation {
	page: string;
	retrievalUrl: string;
	baseURI: string;
	links: BrowserRow[];
}

interface KnownDifference {
	page: string;
	element: string;
	attribute: string;
	/** The row's value as the browser recorded it. */
	value: string;
	chromium: string | null;
	/** What we give instead, checked by hand against the standard named in `reason`. */
	ours: string | null;
	reason: string;
}

const INVALID_BASE =
	'HTML #set-the-frozen-base-url: a BASE href that fails to parse gives the fallback base URL. Chromium 156 ' +
	'reports document.baseURI = about:blank and resolves nothing instead; we follow the standard.';

/** Rows where we deliberately give another URL than Chromium's DOM. */
const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
	...invalidBase(),
	{
		page: 'legacy-windows-1252.html',
		element: 'a',
		attribute: 'href',
		value: 'wss://socket.example/?q=é',
		chromium: 'wss://socket.example/?q=%E9',
		ours: 'wss://socket.example/?q=%C3%A9',
		reason:
			'URL Standard, query state: ws and wss queries are always UTF-8. Chromium 156 encodes them in the document encoding.',
	},
	{
		page: 'forms.html',
		element: 'input',
		attribute: 'formaction',
		value: ' ',
		chromium: 'https://base.example/b/',
		ours: 'https://forms.example/app/forms.html?session=1',
		reason:
			'html-url-attributes.md §5.3: a formaction that is blank after stripping whitespace is empty, so the document URL. ' +
			"Chromium's formAction getter resolves ' ' against the base, while its form.action getter treats '   ' as empty (same page).",
	},
];

function invalidBase(): KnownDifference[] {
	const rows: Array<[string, string, string, string]> = [
		['link', 'href', 'style.css', 'https://site.example/invalid/style.css'],
		['a', 'href', 'page.html', 'https://site.example/invalid/page.html'],
		['a', 'href', '../up.html?x=1', 'https://site.example/up.html?x=1'],
		['a', 'href', '', 'https://site.example/invalid/base-invalid.html'],
		['a', 'href', '#top', 'https://site.example/invalid/base-invalid.html#top'],
		['img', 'src', 'img/pic.png', 'https://site.example/invalid/img/pic.png'],
	];
	return rows.map(([element, attribute, value, ours]) => ({
		page: 'base-invalid.html',
		element,
		attribute,
		value,
		chromium: null,
		ours,
		reason: INVALID_BASE,
	}));
}

interface Extra {
	/** Which of our Links this documents. */
	matches: (link: Link, page: string) => boolean;
	reason: string;
}

const ELEMENT_ATTRIBUTE = (pairs: string) => {
	const set = new Set(pairs.split(' '));
	return (link: Link) => set.has(`${link.element?.toLowerCase()}.${link.attribute}`) || set.has(`*.${link.attribute}`);
};

/** Links with no browser row that we emit on purpose (crawler extras). */
const CRAWLER_EXTRAS: readonly Extra[] = [
	{
		matches: ELEMENT_ATTRIBUTE(
			'html.manifest head.profile img.dynsrc object.classid object.archive applet.codebase applet.code applet.archive ' +
				'applet.object param.value embed.pluginspage embed.pluginurl embed.code bgsound.src layer.src ilayer.src ' +
				'isindex.action menuitem.icon command.icon *.datasrc *.data-src *.data-srcset *.data-original *.data-lazy-src ' +
				'*.data-bg *.data-href *.data-original-set *.itemtype',
		),
		reason:
			'html-url-attributes.md §3/§1: obsolete or non-standard places crawlers read; Chromium resolves none of them.',
	},
	{
		matches: link => link.attribute === 'xlink:href' || (link.element === 'animate' && link.attribute === 'href'),
		reason: 'html-url-attributes.md §2: xlink:href when href is also present (SVG 2: href wins), animation targets.',
	},
	{
		matches: (link, page) =>
			page === 'svg-mathml.html' &&
			(link.attribute === 'href' || link.attribute === 'src') &&
			/^m/u.test(link.element ?? ''),
		reason: 'html-url-attributes.md §2: MathML href and mglyph src (links in Firefox only).',
	},
	{
		matches: link => link.inert === true,
		reason:
			'Content of <template> is inert in the browser (no base, href not resolved); a crawler still sees its URLs, marked inert. ' +
			'The BASE there does not set the base (html-url-attributes.md §4.3) but is reported as a link.',
	},
	{
		matches: (link, page) => page === 'rcdata-rawtext.html' && link.value === 'ie-only.css',
		reason:
			'html-url-attributes.md §5.1: IE conditional comments are comments to HTML5; crawlers (Heritrix) read them.',
	},
	{
		matches: (link, page) =>
			page === 'srcset.html' && link.attribute === 'srcset' && /^(bad-|paren\.png|video-source\.png)/u.test(link.value),
		reason:
			'html-url-attributes.md §5.5: a candidate with invalid descriptors (or a srcset outside picture) is skipped by browsers; a crawler may keep the URL.',
	},
	{
		matches: (link, page) => page === 'obsolete.html' && link.value === 'ie-alpha.png',
		reason: 'html-url-attributes.md §3: IE AlphaImageLoader(src=...) inside style.',
	},
	{
		matches: link =>
			link.element === 'form' && link.attribute === 'action' && link.raw === '' && link.start === link.end,
		reason: 'html-url-attributes.md §1: a form without action submits to the document URL.',
	},
	{
		matches: link => link.element === 'iframe' && link.attribute === 'srcdoc',
		reason: 'The srcdoc document itself (its links are compared row by row).',
	},
];

const pages = JSON.parse(readFileSync(new URL('pages.json', FIXTURES), 'utf8')) as Record<
	string,
	{retrievalUrl: string}
>;

const key = (element: string | undefined, attribute: string | undefined, url: string | null, frame: boolean) =>
	`${element?.toLowerCase()} ${attribute} ${url}${frame ? ' (in srcdoc)' : ''}`;

for (const [page, {retrievalUrl}] of Object.entries(pages)) {
	test(page, t => {
		const expectation = JSON.parse(
			readFileSync(new URL(page.replace(/\.html$/u, '.links.json'), FIXTURES), 'utf8'),
		) as Expectation;
		const bytes = readFileSync(new URL(page, FIXTURES));
		const links = extractLinks(bytes, {type: 'html', retrievalUrl});
		const problems: string[] = [];

		// Every browser row, in order, among our Links.
		const used = new Set<number>();
		let next = 0;
		for (const row of expectation.links) {
			const url = expectedUrl(page, row);
			const wanted = key(row.element, row.attribute, url, row.frame === 'srcdoc');
			const found = links.findIndex(
				(link, i) =>
					i >= next && !used.has(i) && key(link.element, link.attribute, link.url, link.frame !== undefined) === wanted,
			);
			// A Link the browser's DOM holds is live, never inert.
			if (found !== -1 && links[found]?.inert === true)
				problems.push(`inert, yet in the browser's DOM: ${describe(row, url)}`);
			if (found !== -1) {
				used.add(found);
				next = found + 1;
				continue;
			}
			const anywhere = links.findIndex(
				(link, i) => !used.has(i) && key(link.element, link.attribute, link.url, link.frame !== undefined) === wanted,
			);
			if (anywhere !== -1) {
				used.add(anywhere);
				problems.push(`out of order: ${describe(row, url)} found at link #${anywhere}, expected after #${next - 1}`);
				continue;
			}
			problems.push(`missing: ${describe(row, url)}; we gave ${ourCandidates(links, row, used)}`);
		}

		// Every other Link of ours must be a documented extra.
		for (const [i, link] of links.entries()) {
			if (used.has(i)) continue;
			if (CRAWLER_EXTRAS.some(extra => extra.matches(link, page))) continue;
			problems.push(
				`extra: ${link.element} ${link.attribute} ${JSON.stringify(link.value)} -> ${link.url}${link.frame === undefined ? '' : ' (in srcdoc)'}`,
			);
		}

		if (problems.length > 0)
			t.fail(`${page} (${expectation.links.length} browser rows, ${links.length} links)\n  ${problems.join('\n  ')}`);
		else t.pass();
	});
}

function expectedUrl(page: string, row: BrowserRow): string | null {
	const known = KNOWN_DIFFERENCES.find(
		d =>
			d.page === page &&
			d.element === row.element &&
			d.attribute === row.attribute &&
			d.value === row.value &&
			d.chromium === row.url,
	);
	return known === undefined ? row.url : known.ours;
}

function describe(row: BrowserRow, url: string | null): string {
	const frame = row.frame === undefined ? '' : ` (in ${row.frame})`;
	return `${row.element} ${row.attribute} ${JSON.stringify(row.value)}${frame} -> ${url}${url === row.url ? '' : ` (Chromium: ${row.url})`}`;
}

/** Our unmatched Links on the same element and attribute, to show what we gave instead. */
function ourCandidates(links: Link[], row: BrowserRow, used: Set<number>): string {
	const same = links.filter(
		(link, i) =>
			!used.has(i) && link.element?.toLowerCase() === row.element.toLowerCase() && link.attribute === row.attribute,
	);
	const close = same.filter(link => link.value.trim() === row.value.trim());
	const shown = (close.length > 0 ? close : same).slice(0, 3);
	return shown.length === 0
		? 'nothing there'
		: shown
				.map(link => `${JSON.stringify(link.value)} -> ${link.url}${link.error ? ` (${link.error})` : ''}`)
				.join(', ');
}
