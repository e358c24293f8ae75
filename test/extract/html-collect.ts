/** Test helper: run the HTML core over an input (whole or in given chunks) and collect its output. */
import type {CoreOptions} from '../../src/extract/base.js';
import type {ReferenceEvent} from '../../src/extract/event.js';
import {HtmlExtractor} from '../../src/extract/html/extractor.js';
import type {Link} from '../../src/types.js';

export const PAGE_URL = 'https://site.example/dir/page.html';

/** Options as tests write them: `undefined` removes a default (e.g. `retrievalUrl: undefined`). */
export type TestOptions = {[K in keyof CoreOptions]?: CoreOptions[K] | undefined};

export interface Collected {
	links: Link[];
	events: ReferenceEvent[];
}

/** Links and events for `input` split into `chunks` (default: one chunk). */
export function collect(input: string, options: TestOptions = {}, chunks: readonly string[] = [input]): Collected {
	const links: Link[] = [];
	const events: ReferenceEvent[] = [];
	const merged = Object.fromEntries(
		Object.entries({type: 'html', retrievalUrl: PAGE_URL, ...options}).filter(([, value]) => value !== undefined),
	);
	const core = new HtmlExtractor(merged as unknown as CoreOptions, (link, event) => {
		links.push(link);
		events.push(event);
	});
	for (const chunk of chunks) core.write(chunk);
	core.end();
	return {links, events};
}

/** Links only. */
export function links(input: string, options: TestOptions = {}): Link[] {
	return collect(input, options).links;
}

/** `element attribute url` rows, for compact expectations. */
export function rows(input: string, options: TestOptions = {}): string[] {
	return links(input, options).map(
		link => `${link.element ?? ''} ${link.attribute ?? ''} ${link.url ?? `(${link.error ?? 'null'})`}`,
	);
}

/** The first Link, failing loudly when there is none. */
export function first(found: readonly Link[]): Link {
	const link = found[0];
	if (link === undefined) throw new Error('no Link found');
	return link;
}

/** Split `input` at the given cut points. */
export function splitAt(input: string, cuts: readonly number[]): string[] {
	const sorted = [...new Set(cuts.map(cut => Math.max(0, Math.min(input.length, cut))))].sort((a, b) => a - b);
	const chunks: string[] = [];
	let previous = 0;
	for (const cut of sorted) {
		chunks.push(input.slice(previous, cut));
		previous = cut;
	}
	chunks.push(input.slice(previous));
	return chunks;
}
