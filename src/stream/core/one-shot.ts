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

/** Extraction options checked as the streams check them (the encoding label included). */
export function checkedExtractOptions(options: ExtractOptions): ReturnType<typeof checkExtractOptions> {
	const checked = checkExtractOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/** Rewrite options checked as the streams check them (the encoding label included). */
export function checkedRewriteOptions(options: RewriteOptions): CheckedRewriteOptions {
	const checked = checkRewriteOptions(options);
	checkEncoding(checked.encoding);
	return checked;
}

/** Every Link of `input`, in document order. */
export function extractAll(input: string | Uint8Array, options: ExtractOptions, codecs: Codecs): Link[] {
	const checked = checkedExtractOptions(options);
	checkInput(input);
	const links: Link[] = [];
	const pipeline = new ExtractPipeline(checked, codecs, link => links.push(link));
	pipeline.write(input);
	pipeline.end();
	return links;
}

/** The pieces of `input` rewritten (strings for a string, bytes for bytes), and the counts. */
export function rewriteAll(input: string | Uint8Array, options: RewriteOptions, codecs: Codecs): {pieces: Array<string | Uint8Array>; rewritten: number; unchanged: number} {
	const checked = checkedRewriteOptions(options);
	checkInput(input);
	const pipeline = new RewritePipeline(checked, codecs);
	const pieces = [...pipeline.write(input), ...pipeline.end()];
	return {pieces, ...pipeline.counts};
}
