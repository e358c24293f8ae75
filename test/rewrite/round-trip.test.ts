/**
 * Round trip: after an absolute or relative rewrite, extracting the output (as the
 * document it now is: at `documentUrl` for relative mode) and resolving each reference
 * against its effective base gives exactly the original absolute URL, Link by Link.
 * Same-document and empty references are kept as written by design (they follow the
 * document wherever it lives), so when the document moves they are left out of the
 * comparison; so are Links the input could not resolve.
 */
import test from 'ava';
import {extractLinks, rewriteLinks} from '../../src/index.js';
import type {ExtractOptions, Link, RewriteOptions} from '../../src/types.js';
import {fixtureInputs} from './inputs.js';

interface Mode {
	name: string;
	options: (input: ExtractOptions) => Partial<RewriteOptions> & Pick<RewriteOptions, 'to'>;
}

/** Another folder of the same site, and another site: the output document lives there. */
function moved(url: string | undefined, to: string): string | undefined {
	if (url === undefined) return undefined;
	const name = new URL(url).pathname.split('/').pop() ?? 'page.html';
	return new URL(`${to}${name}`, url).href;
}

const MODES: Mode[] = [
	{name: 'absolute', options: () => ({to: 'absolute'})},
	{name: 'relative', options: () => ({to: 'relative'})},
	{name: 'relative, root-relative form', options: () => ({to: 'relative', form: 'root-relative'})},
	{name: 'relative, shortest form', options: () => ({to: 'relative', form: 'shortest'})},
	{
		name: 'relative, moved deeper',
		options: input => ({to: 'relative', ...defined('documentUrl', moved(input.retrievalUrl, '/moved/deeper/'))}),
	},
	{
		name: 'relative, moved to another site',
		options: input => ({
			to: 'relative',
			...defined('documentUrl', moved(input.retrievalUrl, 'https://elsewhere.example/x/')),
		}),
	},
	{
		name: 'relative, scoped to the site folder',
		options: input => ({
			to: 'relative',
			...defined('scope', input.retrievalUrl === undefined ? undefined : new URL('.', input.retrievalUrl).href),
		}),
	},
];

function defined<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
	return value === undefined ? {} : ({[key]: value} as Record<K, string>);
}

/** Links compared: resolvable, not same-document, not empty (those follow the document). */
function compared(links: readonly Link[], moved: boolean): Array<Link | undefined> {
	return links.map(link =>
		link.url === null || (moved && (link.sameDocument === true || link.value === '')) ? undefined : link,
	);
}

for (const input of fixtureInputs()) {
	for (const mode of MODES) {
		test(`round trip, ${mode.name}: ${input.name}`, t => {
			const rewrite = {...input.options, ...mode.options(input.options)} as RewriteOptions;
			const output = rewriteLinks(input.bytes, rewrite);
			const before = extractLinks(input.bytes, input.options);
			const outputOptions: ExtractOptions = {
				...input.options,
				...defined('retrievalUrl', rewrite.documentUrl ?? input.options.retrievalUrl),
			};
			const after = extractLinks(output, outputOptions);
			t.is(after.length, before.length, 'the same number of Links');
			const isMoved = rewrite.documentUrl !== undefined && rewrite.documentUrl !== input.options.retrievalUrl;
			const expected = compared(before, isMoved);
			for (const [i, link] of after.entries()) {
				const original = expected[i];
				if (original === undefined) continue;
				t.is(
					link.url,
					original.url,
					`Link ${i} (${original.element ?? ''} ${original.attribute ?? ''} ${JSON.stringify(original.raw)} -> ${JSON.stringify(link.raw)})`,
				);
			}
			if (mode.name !== 'absolute') return;
			// Absolute mode: every rewritten hierarchical reference is written absolute.
			for (const link of after) {
				if (
					link.url !== null &&
					link.sameDocument !== true &&
					link.value !== '' &&
					/^[a-z][a-z\d+.-]*:\/\//i.test(link.url)
				) {
					t.regex(link.value, /^[a-z][a-z\d+.-]*:/i, `absolute: ${link.raw}`);
				}
			}
		});
	}
}
