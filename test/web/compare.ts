/**
 * The Node side of the web-entry comparisons (test/conformance/web-browser.ts and
 * runtimes.ts): the same case run through createExtractStream / createRewriteStream,
 * answered as run-case.js answers in the other runtime (Links as JSON; a rewrite's output
 * as its SHA-256 and length), and the first difference when two answers disagree.
 */
import {createHash} from 'node:crypto';
import {createExtractStream, createRewriteStream} from '../../src/index.js';
import type {ExtractOptions, Link, RewriteOptions, RewriteTarget} from '../../src/index.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {cut} from '../rewrite/inputs.js';

/** The rewrite targets by name; the function is run-case.js's, character for character. */
export const TARGETS: Readonly<Record<string, RewriteTarget>> = {
	absolute: 'absolute',
	relative: 'relative',
	function: (link: Link) => `${link.value}"<'&>日本✓x`,
};

/** One comparison: what run-case.js gets as its job. */
export interface Job {
	options: ExtractOptions;
	cuts: number[];
	strings: boolean;
	to?: string;
}

/** Node's answer for `job` over `input` (the case's bytes, or their UTF-8 text when `job.strings`). */
export async function nodeAnswer(job: Job, input: string | Uint8Array): Promise<string> {
	const chunks = cut(input, job.cuts);
	if (job.to === undefined) return JSON.stringify(await nodeOutput<Link>(createExtractStream(job.options), chunks));
	const options: RewriteOptions = {...job.options, to: TARGETS[job.to] as RewriteTarget};
	const pieces = await nodeOutput<string | Buffer>(createRewriteStream(options), chunks);
	const output = typeof input === 'string' ? Buffer.from(pieces.join(''), 'utf8') : Buffer.concat(pieces as Buffer[]);
	return `${createHash('sha256').update(output).digest('hex')} ${output.length}`;
}

/** The first Link that differs (or the two answers when they are not Link lists). */
export function firstDifference(web: string, node: string): string {
	if (!web.startsWith('[') || !node.startsWith('[')) return `web ${web}\n  node ${node}`;
	const a = JSON.parse(web) as unknown[];
	const b = JSON.parse(node) as unknown[];
	const i = a.findIndex((link, k) => JSON.stringify(link) !== JSON.stringify(b[k]));
	return `${a.length} vs ${b.length} Links; first difference at ${i}:\n  web ${JSON.stringify(a[i])}\n  node ${JSON.stringify(b[i])}`;
}
