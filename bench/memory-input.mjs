/**
 * Generated input for bench/memory.ts: small page templates (HTML, CSS, plain text) whose
 * numbers change on every page, so no two pages are the same string, written into 64 KiB
 * Buffers only as fast as they are read (backpressure): nothing is kept.
 *
 * The generator itself must not promote garbage into V8's old generation, or the benchmark
 * measures it instead of the library (each MB it promotes stays until the first full GC).
 * Two things did: `${n}` with a fresh number goes through V8's number-to-string cache, an
 * old-space table of 16,384 entries that keeps each new string alive across the next
 * scavenge, so ~13 new numbers per page promoted ~45 KB per MB of input; and a pending
 * string grown with `+=` and sliced per chunk. Numbers are therefore spelled from a table of
 * three-digit strings made once (decimal()), and each page is written straight into the
 * chunk's Buffer, the part that does not fit carried to the next chunk.
 */
import {Readable} from 'node:stream';

/** Bytes per chunk, as a file read stream gives them. */
export const CHUNK_BYTES = 1 << 16;

const SMALL = Array.from({length: 1000}, (_, n) => String(n));
const PADDED = Array.from({length: 1000}, (_, n) => String(n).padStart(3, '0'));

/** `String(n)` for an integer n >= 0, without the number-to-string cache. */
export function decimal(n) {
	return n < 1000 ? SMALL[n] : decimal(Math.floor(n / 1000)) + PADDED[n % 1000];
}

/** One HTML page: head links, a <style>, anchors, srcset, style attributes, forms, comments. */
function htmlPage(page) {
	const i = decimal(page);
	const items = [];
	for (let k = 0; k < 12; k++) {
		const n = decimal(page * 12 + k);
		items.push(`<li class="item item-${SMALL[k]}"><a href="/articles/${n}/index.html?ref=list&amp;page=${i}" title="Article ${n}">Article number ${n}</a>
<img src="../img/thumb-${n}.jpg" srcset="../img/thumb-${n}@2x.jpg 2x, ../img/thumb-${n}@3x.jpg 3x" alt="thumbnail ${n}" width="120" height="90">
<p style="background-image: url('../img/bg-${SMALL[(page * 12 + k) % 7]}.png'); color: #333">Some text about item ${n}, see also https://example.org/item/${n} and the <em>notes</em> below.</p></li>`);
	}
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="stylesheet" href="/css/site.css?v=${i}"><link rel="icon" href="/favicon-${SMALL[page % 5]}.ico">
<script src="/js/app.${i}.js" defer></script>
<style>body { background: url(/img/page-${i}.png) no-repeat; } @import "print-${SMALL[page % 3]}.css"; .x${i} { color: red }</style>
</head><body>
<!-- navigation for page ${i} -->
<nav><a href="/">Home</a> | <a href="/about.html#team-${i}">About</a> | <a href="mailto:desk-${i}@example.com">Mail</a></nav>
<ul>
${items.join('\n')}
</ul>
<form action="/search?page=${i}" method="get"><input name="q" value="term ${i}"><button formaction="/go/${i}">Go</button></form>
<script>var page = ${i}; if (page < 10 && page > 0) { document.title = "<a href='x'>" + page; }</script>
<footer><a href="https://other.example/partner/${i}" rel="nofollow noopener">Partner ${i}</a></footer>
</body></html>
`;
}

/** One CSS sheet piece: url() in its forms, @import, comments, escapes. */
function cssPage(page) {
	const i = decimal(page);
	const rules = [];
	for (let k = 0; k < 24; k++) {
		const n = decimal(page * 24 + k);
		rules.push(`.block-${n} > .inner:hover { background: #fff url("../img/b-${n}.png") no-repeat; border-image: url(../img/border-${SMALL[(page * 24 + k) % 9]}.svg) 30; }
/* comment ${n}: url(not-a-link-${n}.png) */
.icon-${n}::before { content: "\\201C"; mask: url( 'icons/i\\2d ${n}.svg' ); font: 12px/1.5 "Helvetica Neue", sans-serif }`);
	}
	return `@import url("theme-${SMALL[page % 4]}.css") screen;\n@font-face { font-family: F${i}; src: url(/fonts/f-${i}.woff2) format("woff2"), url(/fonts/f-${i}.woff) format("woff"); }\n${rules.join('\n')}\n`;
}

/** One plain-text piece: mail-like prose with Appendix E forms, www.*, wrapped <...> URLs. */
function textPage(page) {
	const lines = [`From the desk of number ${decimal(page)}, about the list archive.`, ''];
	for (let k = 0; k < 16; k++) {
		const n = decimal(page * 16 + k);
		lines.push(
			`Item ${n}: see <URL:http://www.example.com/archive/${n}/message.html> for the thread,`,
			`or www.example.org/mirror/${n}, or "ftp://ftp.example.net/pub/file-${n}.tar.gz".`,
			`A wrapped one: <http://www.example.com/very/long/path/that/goes/on/${n}/`,
			`  and-continues-here.html> (and (parentheses) https://example.com/wiki/Item_(${n})).`,
			`Plain prose follows here with no links in it at all, just words about item ${n} and more words.`,
		);
	}
	lines.push('-- ', `Signature ${decimal(page)}`, '');
	return lines.join('\n');
}

/**
 * One RSS item of an endless feed (the first page opens it): an xml:base per item, URLs in
 * element text and attributes, escaped HTML in description, HTML in CDATA in content:encoded.
 */
function feedPage(page) {
	const i = decimal(page);
	const head =
		page === 0
			? '<?xml version="1.0"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel xml:base="https://bench.example/feed/">\n'
			: '';
	const paragraphs = [];
	for (let k = 0; k < 6; k++) {
		const n = decimal(page * 6 + k);
		paragraphs.push(
			`&lt;p&gt;Paragraph ${n} of item ${i}, with &lt;a href="../../articles/${n}.html?from=feed&amp;amp;item=${i}"&gt;a link&lt;/a&gt; and &lt;img src="img/${n}.jpg" alt="picture ${n}"&gt; in it.&lt;/p&gt;`,
		);
	}
	return `${head}<item xml:base="items/${i}/">
<title>Item ${i} &amp; friends</title>
<link>https://bench.example/articles/${i}.html</link>
<guid isPermaLink="false">item-${i}</guid>
<comments>comments.html</comments>
<enclosure url="audio/${i}.mp3" length="12345" type="audio/mpeg"/>
<description>${paragraphs.join('\n')}</description>
<content:encoded><![CDATA[<div class="post"><a href="/tags/${SMALL[page % 50]}">tag</a> <img src="cover-${i}.png" srcset="cover-${i}@2x.png 2x"></div>]]></content:encoded>
</item>
`;
}

/** Page templates by input type; every page is ASCII (one byte per character). */
export const TEMPLATES = {html: htmlPage, css: cssPage, text: textPage, xml: feedPage};

/**
 * A Readable of `total` bytes of `type` input (a key of TEMPLATES), made only as it is read,
 * a fresh Buffer per chunk (the reader may keep it); `onChunk(produced)` is called after each
 * chunk is made.
 */
export function generated(type, total, onChunk = () => undefined) {
	const page = TEMPLATES[type];
	let produced = 0;
	let i = 0;
	/** What is left of the current page (a page is a few KB; no string outlives two chunks). */
	let rest = '';
	return new Readable({
		highWaterMark: CHUNK_BYTES,
		read() {
			if (produced >= total) {
				this.push(null);
				return;
			}
			const size = Math.min(CHUNK_BYTES, total - produced);
			const chunk = Buffer.allocUnsafe(size);
			let at = 0;
			while (at < size) {
				if (rest === '') rest = page(i++);
				const written = chunk.latin1Write(rest, at);
				at += written;
				rest = written === rest.length ? '' : rest.slice(written);
			}
			produced += size;
			onChunk(produced);
			this.push(chunk);
		},
	});
}
