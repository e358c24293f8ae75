/**
 * The text of an SVG `<style>` (in HTML foreign content, in XHTML, in an SVG file read as XML)
 * is character data: entity-decoded, then read as CSS. The reader hands a long text node over
 * in parts (MAX_TEXT_LENGTH) and the writes cut it anywhere; the node is still one sheet, so
 * a long `data:` URL comes out whole, with its exact span, up to MAX_CSS_TOKEN, and past it
 * is told as a loss (docs/limits.md), never cut where the text was.
 *
 * Expectations are built by hand from the document: a url token's value starts just after
 * `url(` and ends before `)` (CSS Syntax §4.3.6), and a character reference in it is decoded
 * (`#character-reference-state`).
 */
import test from 'ava';
import fc from 'fast-check';
import {MAX_CSS_TOKEN} from '../../src/extract/css/extractor.js';
import {createExtractor} from '../../src/extract/index.js';
import {extractLinks, rewriteLinks, type InputType, type Link} from '../../src/index.js';
import {rewriteChunks, split} from '../helpers/chunks.js';
import {fcParams} from '../helpers/seed.js';

const RETRIEVAL = 'https://example.com/d/';
/** 300,000 units of base64: the text node is read in five parts or more. */
const BODY = 'QUJD'.repeat(75_000);

type Kind = 'html' | 'xhtml' | 'xml';

/** A document of `kind` whose SVG style holds `css`, a Link after it. */
function documentOf(kind: Kind, css: string): string {
	if (kind === 'html') return `<!DOCTYPE html><p>x</p><svg><style>${css}</style></svg><a href="after">`;
	if (kind === 'xhtml')
		return `<html xmlns="http://www.w3.org/1999/xhtml"><body><svg xmlns="http://www.w3.org/2000/svg"><style>${css}</style></svg><a href="after"/></body></html>`;
	return `<svg xmlns="http://www.w3.org/2000/svg"><style>${css}</style></svg>`;
}

interface Expected {
	value: string;
	raw: string;
	start: number;
	end: number;
}

/** The style Links a document holds: `url(` + raw + `)` found in it, in order. */
function expected(doc: string, urls: ReadonlyArray<{raw: string; value: string}>): Expected[] {
	let from = 0;
	return urls.map(({raw, value}) => {
		const start = doc.indexOf(`url(${raw})`, from) + 4;
		from = start + raw.length;
		return {value, raw, start, end: start + raw.length};
	});
}

/** The style Links of `chunks` written one after another into one extractor, and its CSS losses. */
function extractChunks(kind: Kind, chunks: readonly string[]): {links: Expected[]; cut: number} {
	const links: Link[] = [];
	const core = createExtractor({type: kind, retrievalUrl: RETRIEVAL}, link => links.push(link));
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return {
		links: links
			.filter(link => link.element === 'style')
			.map(({value, raw, start, end}) => ({value, raw, start, end}) as Expected),
		cut: core.cutCssTokens ?? 0,
	};
}

/** Cut points of `text` as split() takes them (in units). */
function pieces(text: string, cuts: number[]): string[] {
	const points = [...new Set(cuts.map(c => c % (text.length + 1)))].sort((a, b) => a - b);
	const out: string[] = [];
	let last = 0;
	for (const point of [...points, text.length]) {
		if (point > last) out.push(text.slice(last, point));
		last = point;
	}
	return out;
}

const REFERENCES = [
	{written: '&amp;', decoded: '&'},
	{written: '&#x41;', decoded: 'A'},
	{written: '&#65;', decoded: 'A'},
	{written: '&lt;', decoded: '<'},
] as const;

test('a 300,000-unit data: URL with a character reference, written in random pieces: whole, its span exact', t => {
	fc.assert(
		fc.property(
			fc.constantFrom<Kind>('html', 'xhtml', 'xml'),
			fc.nat(BODY.length),
			fc.constantFrom(...REFERENCES),
			fc.boolean(),
			fc.array(fc.nat(), {maxLength: 12}),
			(kind, at, reference, spaced, cuts) => {
				const raw = `data:image/png;base64,${BODY.slice(0, at)}${reference.written}${BODY.slice(at)}`;
				const value = `data:image/png;base64,${BODY.slice(0, at)}${reference.decoded}${BODY.slice(at)}`;
				// Whitespace around the declarations: the reader's parts then end at it, else at a write's end.
				const gap = spaced ? '\n  ' : '';
				const css = `${gap}a{background:url(${raw})}${gap}b{fill:url(b.svg)}${gap}`;
				const doc = documentOf(kind, css);
				const want = expected(doc, [
					{raw, value},
					{raw: 'b.svg', value: 'b.svg'},
				]);
				const got = extractChunks(kind, pieces(doc, cuts));
				t.deepEqual(got.links, want);
				t.is(got.cut, 0);
			},
		),
		fcParams(t, 40),
	);
});

test('cut at each unit around a reference and a CR LF: decoded whole, spans exact', t => {
	// A CR LF inside a string is a newline (a bad string, no URL); around declarations it is whitespace.
	const raw = `data:,${'x'.repeat(70_000)}&amp;${'y'.repeat(70_000)}`;
	for (const kind of ['html', 'xhtml', 'xml'] as const) {
		const doc = documentOf(kind, `a{background:url(${raw})}\r\nb{fill:url(b.svg)}`);
		const want = expected(doc, [
			{raw, value: raw.replace('&amp;', '&')},
			{raw: 'b.svg', value: 'b.svg'},
		]);
		const at = doc.indexOf('&amp;');
		const cr = doc.indexOf('\r');
		const cuts = [at - 1, at, at + 1, at + 2, at + 3, at + 4, at + 5, cr, cr + 1, 1000, 70_000, 140_000];
		t.deepEqual(extractChunks(kind, pieces(doc, cuts)).links, want, kind);
	}
});

const warning = (n: number): string =>
	`${n} CSS URL${n === 1 ? '' : 's'} longer than 4 Mi UTF-16 units (MAX_CSS_TOKEN) skipped: ${n === 1 ? 'its link was' : 'their links were'} not read`;

function extractWhole(kind: Kind, doc: string): {urls: string[]; warnings: string[]} {
	const warnings: string[] = [];
	const links = extractLinks(doc, {type: kind as InputType, retrievalUrl: RETRIEVAL, onWarning: m => warnings.push(m)});
	return {urls: links.map(link => link.url ?? ''), warnings};
}

test('a 3 Mi-unit data: URL is found whole; one past MAX_CSS_TOKEN is told, never cut', t => {
	const three = `data:image/png;base64,${'A'.repeat(3 << 20)}`;
	const five = `data:image/png;base64,${'A'.repeat(MAX_CSS_TOKEN + (1 << 20))}`;
	for (const kind of ['html', 'xhtml', 'xml'] as const) {
		const found = extractWhole(kind, documentOf(kind, `a{background:url(${three})}b{fill:url(b.svg)}`));
		t.deepEqual(
			found.urls.filter(url => url.startsWith('data:')),
			[three],
			kind,
		);
		t.true(found.urls.includes(`${RETRIEVAL}b.svg`), kind);
		t.deepEqual(found.warnings, [], kind);
		const lost = extractWhole(kind, documentOf(kind, `a{background:url(${five})}b{fill:url(b.svg)}`));
		t.deepEqual(
			lost.urls.filter(url => url.startsWith('data:')),
			[],
			kind,
		);
		t.true(lost.urls.includes(`${RETRIEVAL}b.svg`), kind);
		t.deepEqual(lost.warnings, [warning(1)], kind);
	}
});

test('rewrite: a long data: URL keeps its bytes, a long relative one is rewritten whole, whole and in random chunks', t => {
	const raw = `data:image/png;base64,${BODY}&amp;${BODY}`;
	const long = `img/${BODY}&amp;${BODY}.png`;
	// Each relative URL becomes its length: a URL read in parts would become several.
	const to = (link: Link): string | undefined => (link.value.startsWith('data:') ? undefined : `n${link.value.length}`);
	for (const kind of ['html', 'xhtml'] as const) {
		const doc = documentOf(kind, `a{background:url(${raw})}\nb{fill:url(b.svg)}\nc{fill:url(${long})}`);
		const want = doc
			.replace('url(b.svg)', 'url(n5)')
			.replace(`url(${long})`, `url(n${4 + 2 * BODY.length + 1 + 4})`)
			.replace('href="after"', 'href="n5"');
		t.true(rewriteLinks(doc, {type: kind, retrievalUrl: RETRIEVAL, to}) === want, kind);
		const bytes = Buffer.from(doc);
		fc.assert(
			fc.property(fc.array(fc.nat(), {maxLength: 8}), cuts => {
				const out = rewriteChunks(split(bytes, cuts), {type: kind, retrievalUrl: RETRIEVAL, to});
				return out.toString() === want;
			}),
			fcParams(t, 8),
		);
	}
});

test('a URL whose source outgrows what the reader holds (16 Mi units) is let go and told; the rest is read', t => {
	// 3 Mi decoded units written as 18 Mi of references: within MAX_CSS_TOKEN, but its source
	// is more than MAX_TOKEN_LENGTH, which a stream does not hold (a rewrite could not place it).
	const raw = `data:,${'&#x41;'.repeat(3 << 20)}`;
	for (const kind of ['html', 'xml'] as const) {
		const doc = documentOf(kind, `a{background:url(${raw})}b{fill:url(b.svg)}`);
		const chunks: string[] = [];
		for (let at = 0; at < doc.length; at += 1 << 20) chunks.push(doc.slice(at, at + (1 << 20)));
		const got = extractChunks(kind, chunks);
		t.deepEqual(
			got.links.map(link => link.value),
			['b.svg'],
			kind,
		);
		t.is(got.cut, 1, kind);
	}
});
