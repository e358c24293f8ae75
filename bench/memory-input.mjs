/**
 * Generated input for bench/memory.ts: small page templates (HTML, CSS, plain text) whose
 * numbers change on every page, so no two pages are the same string, made into a Readable
 * only as fast as it is read (backpressure): nothing is kept.
 */
import {Readable} from 'node:stream';

/** Bytes per chunk, as a file read stream gives them. */
export const CHUNK_BYTES = 1 << 16;

/** One HTML page: head links, a <style>, anchors, srcset, style attributes, forms, comments. */
function htmlPage(i) {
	const items = [];
	for (let k = 0; k < 12; k++) {
		const n = i * 12 + k;
		items.push(`<li class="item item-${k}"><a href="/articles/${n}/index.html?ref=list&amp;page=${i}" title="Article ${n}">Article number ${n}</a>
<img src="../img/thumb-${n}.jpg" srcset="../img/thumb-${n}@2x.jpg 2x, ../img/thumb-${n}@3x.jpg 3x" alt="thumbnail ${n}" width="120" height="90">
<p style="background-image: url('../img/bg-${n % 7}.png'); color: #333">Some text about item ${n}, see also https://example.org/item/${n} and the <em>notes</em> below.</p></li>`);
	}
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title>
<link rel="stylesheet" href="/css/site.css?v=${i}"><link rel="icon" href="/favicon-${i % 5}.ico">
<script src="/js/app.${i}.js" defer></script>
<style>body { background: url(/img/page-${i}.png) no-repeat; } @import "print-${i % 3}.css"; .x${i} { color: red }</style>
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
function cssPage(i) {
	const rules = [];
	for (let k = 0; k < 24; k++) {
		const n = i * 24 + k;
		rules.push(`.block-${n} > .inner:hover { background: #fff url("../img/b-${n}.png") no-repeat; border-image: url(../img/border-${n % 9}.svg) 30; }
/* comment ${n}: url(not-a-link-${n}.png) */
.icon-${n}::before { content: "\\201C"; mask: url( 'icons/i\\2d ${n}.svg' ); font: 12px/1.5 "Helvetica Neue", sans-serif }`);
	}
	return `@import url("theme-${i % 4}.css") screen;\n@font-face { font-family: F${i}; src: url(/fonts/f-${i}.woff2) format("woff2"), url(/fonts/f-${i}.woff) format("woff"); }\n${rules.join('\n')}\n`;
}

/** One plain-text piece: mail-like prose with Appendix E forms, www.*, wrapped <...> URLs. */
function textPage(i) {
	const lines = [`From the desk of number ${i}, about the list archive.`, ''];
	for (let k = 0; k < 16; k++) {
		const n = i * 16 + k;
		lines.push(
			`Item ${n}: see <URL:http://www.example.com/archive/${n}/message.html> for the thread,`,
			`or www.example.org/mirror/${n}, or "ftp://ftp.example.net/pub/file-${n}.tar.gz".`,
			`A wrapped one: <http://www.example.com/very/long/path/that/goes/on/${n}/`,
			`  and-continues-here.html> (and (parentheses) https://example.com/wiki/Item_(${n})).`,
			`Plain prose follows here with no links in it at all, just words about item ${n} and more words.`,
		);
	}
	lines.push('-- ', `Signature ${i}`, '');
	return lines.join('\n');
}

export const TEMPLATES = {html: htmlPage, css: cssPage, text: textPage};

const peak = {rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0};
let traced = 0;
const t0 = process.hrtime.bigint();

function sample(produced) {
	const usage = process.memoryUsage();
	for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], usage[key]);
	if (!TRACE) return;
	const maxRss = process.resourceUsage().maxRSS;
	if (maxRss < traced + 1024) return;
	traced = maxRss;
	const mib = (n) => (n / 2 ** 20).toFixed(1);
	const at = Number(process.hrtime.bigint() - t0) / 1e9;
	console.error(`${at.toFixed(2)}s ${mib(produced)} MiB in: maxRSS ${mib(maxRss * 1024)} rss ${mib(usage.rss)} heap ${mib(usage.heapUsed)}/${mib(usage.heapTotal)} external ${mib(usage.external)} arrayBuffers ${mib(usage.arrayBuffers)}`);
}

/**
 * A Readable of `total` bytes of `type` input (a key of TEMPLATES), made only as it is read;
 * `onChunk(produced)` is called after each chunk is made.
 */
export function generated(type, total, onChunk = () => undefined) {
	const page = TEMPLATES[type];
	let produced = 0;
	let i = 0;
	let pending = '';
	return new Readable({
		highWaterMark: CHUNK_BYTES,
		read() {
			if (produced >= total) {
				this.push(null);
				return;
			}
			while (pending.length < CHUNK_BYTES) pending += page(i++);
			let chunk = Buffer.from(pending.slice(0, CHUNK_BYTES));
			pending = pending.slice(CHUNK_BYTES);
			if (produced + chunk.length > total) chunk = chunk.subarray(0, total - produced);
			produced += chunk.length;
			onChunk(produced);
			this.push(chunk);
		},
	});
}

