/**
 * CSS: the URL references of a style sheet (CSS Syntax Level 3 tokenization), for
 * `type: 'css'` inputs and, through `scanCss`, for HTML `style` attributes and `<style>`.
 *
 * URL positions (html-url-attributes.md §5.7): `url(…)` unquoted and quoted, anywhere;
 * strings directly inside `src()`, `image()`, `image-set()` and `-webkit-image-set()`;
 * the first component of an `@import` prelude (string, `url()` or `src()`). Not URLs:
 * `@namespace` preludes, strings elsewhere (`content`, `font-family`, `local()`,
 * `type()`), anything in a comment, bad-url and bad-string tokens.
 *
 * Deviation: `@import` is reported wherever it appears, also after other rules or in a
 * block, where browsers ignore it (a crawler or rewriter still wants to see it).
 */
import type {Link} from '../../types.js';
import {fallbackBase, resolveContext, resolveEvent} from '../base.js';
import type {CoreOptions, ResolveContext} from '../base.js';
import type {ExtractorCore, LinkSink} from '../core.js';
import {CssScanner} from './scanner.js';
import type {CssAttribute, CssSyntax} from './scanner.js';
import {referenceEvent} from '../event.js';
import {LineTracker} from '../position.js';

export {MAX_CSS_NESTING} from './scanner.js';

/**
 * The longest token, in UTF-16 code units, that the CSS scanner holds (4 Mi: a large
 * font in a `data:` URL fits). A string or url token that reaches it is skipped to its
 * end without being reported; a longer ident or number is split there. Comments and
 * whitespace are never held, whatever their length.
 */
export const MAX_CSS_TOKEN = 4 * 1024 * 1024;

/** One URL found by `scanCss`. */
export interface CssMatch {
	/** Half-open span of the value as written: inside the quotes, or the url token's content without surrounding whitespace. */
	start: number;
	end: number;
	/** The value with CSS escapes decoded. */
	value: string;
	syntax: 'css-url' | 'css-string';
	attribute: 'url' | 'import';
}

export interface CssScanOptions {
	/** Token limit in code units; default `MAX_CSS_TOKEN`. */
	maxToken?: number;
}

/**
 * Every URL reference in a piece of CSS (a whole sheet, a `<style>` text or a `style`
 * attribute value), in order, with spans into `text`.
 *
 * @example
 * scanCss('@import "a.css"; b { background: url( b\\2e png ) }');
 * //=> [{start: 9, end: 14, value: 'a.css', syntax: 'css-string', attribute: 'import'},
 * //    {start: 38, end: 46, value: 'b.png', syntax: 'css-url', attribute: 'url'}]
 */
export function scanCss(text: string, options: CssScanOptions = {}): CssMatch[] {
	const matches: CssMatch[] = [];
	forEachCssMatch(text, match => matches.push(match), options);
	return matches;
}

/**
 * {@link scanCss}, one match at a time: nothing is collected, so memory stays bounded (a
 * style attribute of 16 MB holds 1.8 M `url()`s). Returns the URLs not reported as their
 * tokens passed the token limit (`maxToken`), for the document's warning.
 *
 * @example
 * forEachCssMatch('a{b:url(c.png)}', (match) => match.value); // 'c.png'
 */
export function forEachCssMatch(text: string, visit: (match: CssMatch) => void, options: CssScanOptions = {}): number {
	const scanner = new CssScanner(options.maxToken ?? MAX_CSS_TOKEN);
	scanner.scan(text, true, (start, end, value, syntax, attribute) => {
		visit({start, end, value, syntax, attribute});
	});
	return scanner.cutUrls;
}

export interface CssExtractorLimits {
	/** Token limit in code units; default `MAX_CSS_TOKEN`. */
	maxToken?: number;
}

/**
 * The extractor core for `type: 'css'`: decoded text in, Links out in document order.
 * The base is the sheet's own URL (the §5.1 fallback layers). Holds at most the
 * unfinished token (bounded by `MAX_CSS_TOKEN`, doubled while it waits for more input).
 *
 * @example
 * const links: Link[] = [];
 * const core = new CssExtractor({type: 'css', retrievalUrl: 'https://example.com/css/a.css'}, link => links.push(link));
 * core.write('a { background: url(../img/b');
 * core.write('.png) }');
 * core.end();
 * links[0]?.url; //=> 'https://example.com/img/b.png'
 */
export class CssExtractor implements ExtractorCore {
	private readonly scanner: CssScanner;
	private readonly context: ResolveContext;
	private readonly sink: LinkSink;
	private readonly tracker = new LineTracker();
	/** Unconsumed input, starting at absolute offset `bufferStart`. */
	private buffer = '';
	private bufferStart = 0;
	/**
	 * Scan again only once the buffer has grown this long. The scanner resumes an unfinished
	 * token where it stopped (scanner.ts), but handing it `buffer + chunk` copies the
	 * held text into one string: waiting for it to double keeps those copies linear too.
	 */
	private rescanAt = 0;

	constructor(options: CoreOptions, sink: LinkSink, limits: CssExtractorLimits = {}) {
		this.scanner = new CssScanner(limits.maxToken ?? MAX_CSS_TOKEN);
		this.sink = sink;
		const base = fallbackBase(options);
		// CSS Values 4 §4.5.1, CSSWG resolution w3c/csswg-drafts#9301 (2023): CSS URLs are
		// UTF-8 whatever the sheet's encoding, so `options.encodeQuery` does not apply.
		// (Firefox does this; Chromium and WebKit then used the sheet's encoding.)
		this.context = resolveContext(options, base);
	}

	/** Code units held for the unfinished token (for tests and memory accounting). */
	get held(): number {
		return this.buffer.length;
	}

	/** Code units the scanner has read, each call from where it resumed (for tests: linear time). */
	get walked(): number {
		return this.scanner.walked;
	}

	/** URLs skipped as tokens longer than MAX_CSS_TOKEN (ExtractorCore.cutCssTokens). */
	get cutCssTokens(): number {
		return this.scanner.cutUrls;
	}

	/** No event before this offset will reach the sink (ExtractorCore): the start of the held input. */
	get safeOffset(): number {
		return this.bufferStart;
	}

	write(chunk: string): void {
		this.buffer += chunk;
		if (this.buffer.length >= this.rescanAt) this.run(false);
	}

	end(): void {
		this.run(true);
	}

	private run(final: boolean): void {
		const {buffer, bufferStart} = this;
		const consumed = this.scanner.scan(buffer, final, (start, end, value, syntax, attribute) => {
			this.emit(start, end, value, syntax, attribute);
		});
		this.tracker.locate(buffer, bufferStart, bufferStart + consumed);
		this.buffer = buffer.slice(consumed);
		this.bufferStart += consumed;
		this.rescanAt = this.buffer.length === 0 ? 0 : 2 * this.buffer.length;
	}

	private emit(start: number, end: number, value: string, syntax: CssSyntax, attribute: CssAttribute): void {
		const absolute = this.bufferStart + start;
		const {line, column} = this.tracker.locate(this.buffer, this.bufferStart, absolute);
		const event = referenceEvent(
			value,
			this.buffer.slice(start, end),
			absolute,
			this.bufferStart + end,
			line,
			column,
			'resource',
			'base',
			syntax,
			'raw',
		);
		event.element = 'style';
		event.attribute = attribute;
		const link: Link = resolveEvent(event, this.context);
		this.sink(link, event);
	}
}
