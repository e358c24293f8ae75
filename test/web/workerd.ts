/**
 * The fetch handler of docs/web-streams.md on workerd, Cloudflare's runtime, through Miniflare (npm
 * `miniflare`, which runs the `workerd` binary on 127.0.0.1): the handler's code block,
 * read from that page, with the linkstream/web bundle beside it. Each fixture is fetched
 * through it from an upstream on 127.0.0.1: HTML must come out as Node's
 * createRewriteStream writes it, with no content-length; other types pass untouched.
 * Only loopback addresses: the upstream is the suite's server, Miniflare listens on 127.0.0.1.
 */
import type {Miniflare} from 'miniflare';
import {createRewriteStream} from '../../src/index.js';
import {nodeOutput} from '../helpers/node-stream.js';
import {codeBlock} from '../helpers/readme.js';
import type {Input} from '../rewrite/inputs.js';
import {check} from './tally.js';
import type {Tally} from './tally.js';

/** A date workerd 2026-04-26 supports. */
const COMPATIBILITY_DATE = '2026-04-01';

/** The media type an upstream sends for a fixture. */
export function mediaType(input: Input): string {
	return {html: 'text/html', xhtml: 'text/html', css: 'text/css'}[input.options.type as string] ?? 'text/plain';
}

/** What the docs' handler should answer for `input` fetched from `url`: Node's rewrite for HTML. */
async function expected(input: Input, url: string): Promise<Buffer> {
	if (mediaType(input) !== 'text/html') return input.bytes;
	const pieces = await nodeOutput<Buffer>(createRewriteStream({type: 'html', retrievalUrl: url, to: 'absolute'}), [
		input.bytes,
	]);
	return Buffer.concat(pieces);
}

async function fetchThrough(tally: Tally, mf: Miniflare, url: string, input: Input): Promise<void> {
	const response = await mf.dispatchFetch(url);
	const body = Buffer.from(await response.arrayBuffer());
	const want = await expected(input, url);
	const html = mediaType(input) === 'text/html';
	const length = response.headers.get('content-length');
	// Miniflare streams a passed-through body without its length: absent or right, never stale.
	const headersOk =
		response.headers.get('content-type') === mediaType(input) &&
		(html ? length === null : length === null || length === String(input.bytes.length));
	check(
		tally,
		`${input.name} through the fetch handler`,
		response.status === 200 && headersOk && body.equals(want),
		() =>
			`status ${response.status}, content-type ${response.headers.get('content-type')}, content-length ${length}, ${body.length} bytes (expected ${want.length}${body.equals(want) ? ', equal' : ''})`,
	);
}

/** Serve the docs' handler on workerd and fetch every input through it (`origin/case/N`). */
export async function workerdRun(
	tally: Tally,
	origin: string,
	inputs: readonly Input[],
	bundle: string,
): Promise<void> {
	const miniflare = await import('miniflare').catch((error: unknown) => error as Error);
	if (miniflare instanceof Error) {
		tally.skipped = `workerd skipped: the miniflare package does not load (${miniflare.message})`;
		return;
	}
	const {Miniflare} = miniflare;
	const handler = codeBlock('docs/web-streams.md', 'js', 'export default {').replace(
		"from 'linkstream/web'",
		"from './web.js'",
	);
	const mf = new Miniflare({
		modules: [
			{type: 'ESModule', path: 'worker.js', contents: handler},
			{type: 'ESModule', path: 'web.js', contents: bundle},
		],
		compatibilityDate: COMPATIBILITY_DATE,
	});
	try {
		for (const [i, input] of inputs.entries()) await fetchThrough(tally, mf, `${origin}/case/${i}`, input);
	} finally {
		await mf.dispose();
	}
}
