/**
 * The one-shot calls (`extractLinks`, `rewriteLinks`) over the core pipelines, for both
 * adapters; each adapter joins the output in its platform's byte type.
 */
import {checkExtractOptions, checkRewriteOptions} from '../../options.js';
import type {CheckedRewriteOptions} from '../../rewrite/targets.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../types.js';
import type {Codecs} from './codecs.js';
import {checkEncoding} from './decode.js';
import {checkInput} from './input.js';
import {ExtractPipeline} from './pipeline.js';
import {RewritePipeline} from './rewrite-pipeline.js';

/**
 * Extraction options checked as the streams check them (the encoding label included).
 *
 * @example
 * checkedExtractOptions({type: 'html', encoding: 'utf-7'}); // throws: `encoding` must be a WHATWG encoding label …
 */
export function checkedExtractOptions(options: ExtractOptions): ReturnType<typeof checkExtractOptions> {
	const checked = checkExtractOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/**
 * Rewrite options checked as the streams check them (the encoding label included).
 *
 * @example
 * checkedRewriteOptions({type: 'css', to: 'absolute', retrievalUrl: 'https://example.com/a.css'}).dialect; //=> 'whatwg'
 */
export function checkedRewriteOptions(options: RewriteOptions): CheckedRewriteOptions {
	const checked = checkRewriteOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/**
 * Every Link of `input`, in document order, decoded with the platform's `codecs`.
 *
 * @example
 * extractAll('<a href="b">', {type: 'html', retrievalUrl: 'https://example.com/a/'}, webCodecs)[0].url; //=> 'https://example.com/a/b'
 */
export function extractAll(input: string | Uint8Array, options: ExtractOptions, codecs: Codecs): Link[] {
	const checked = checkedExtractOptions(options);
	checkInput(input);
	const links: Link[] = [];
	// The whole document is at hand: references wait for a BASE to its end (extract/html/base.ts).
	const pipeline = new ExtractPipeline({...checked, baseHold: checked.baseHold ?? 'document'}, codecs, link => links.push(link));
	pipeline.write(input);
	pipeline.end();
	return links;
}

/**
 * The pieces of `input` rewritten (strings for a string, bytes for bytes), and the counts.
 *
 * @example
 * rewriteAll('<a href="b">', {type: 'html', to: 'absolute', retrievalUrl: 'https://example.com/'}, webCodecs).pieces.join('');
 * //=> '<a href="https://example.com/b">'
 */
export function rewriteAll(input: string | Uint8Array, options: RewriteOptions, codecs: Codecs): {pieces: Array<string | Uint8Array>; rewritten: number; unchanged: number} {
	const checked = checkedRewriteOptions(options);
	checkInput(input);
	// The whole document is at hand: references wait for a BASE to its end (extract/html/base.ts).
	const pipeline = new RewritePipeline({...checked, baseHold: checked.baseHold ?? 'document'}, codecs);
	const pieces = [...pipeline.write(input), ...pipeline.end()];
	return {pieces, ...pipeline.counts};
}
