/** Test helper: every callback a tokenizer makes, in order, with its arguments. */
import {QuoteType, type Tokenizer} from 'htmlparser2';
import {FastTokenizer, type MarkupCallbacks} from '../../src/extract/markup/tokenizer.js';
import {readdirSync, readFileSync} from 'node:fs';

export type Call = [name: string, ...args: number[]];

/**
 * The callbacks of the tokenizer `make` builds, written `chunks` then ended. `foreign`: what
 * the host answers when asked whether content is foreign, from the callbacks so far (default: never).
 * `oneCall`: the callbacks have `onattribute` (MarkupCallbacks), logged as the stock
 * protocol's three calls for the attribute (the stock states end a quoted value after its
 * quote); a name other than the tokenizer's `attributeNames` finds is logged as `wrong name`.
 */
export function calls(
	make: (callbacks: MarkupCallbacks) => Tokenizer,
	chunks: readonly string[],
	foreign: (log: readonly Call[]) => boolean = () => false,
	oneCall = false,
): Call[] {
	const log: Call[] = [];
	const record =
		(name: string) =>
		(...args: number[]): void =>
			void log.push([name, ...args]);
	const callbacks: MarkupCallbacks = {
		onattribdata: record('attribdata'),
		onattribentity: record('attribentity'),
		onattribend: record('attribend'),
		onattribname: record('attribname'),
		oncdata: record('cdata'),
		onclosetag: record('closetag'),
		oncomment: record('comment'),
		ondeclaration: record('declaration'),
		onend: record('end'),
		onopentagend: record('opentagend'),
		onopentagname: record('opentagname'),
		onprocessinginstruction: record('pi'),
		onselfclosingtag: record('selfclosingtag'),
		ontext: record('text'),
		ontextentity: record('textentity'),
		isInForeignContext: () => foreign(log),
	};
	const input = chunks.join('');
	if (oneCall)
		callbacks.onattribute = (name, start, nameEnd, valueStart, valueEnd, quote) => {
			const table = tokenizer instanceof FastTokenizer ? tokenizer.attributeNames : null;
			if (name !== (table === null ? undefined : table.find(input, start, nameEnd))) log.push(['wrong name', start]);
			log.push(['attribname', start, nameEnd]);
			if (quote !== QuoteType.NoValue) log.push(['attribdata', valueStart, valueEnd]);
			const end = quote === QuoteType.Double || quote === QuoteType.Single ? valueEnd + 1 : valueEnd;
			log.push(['attribend', quote, quote === QuoteType.NoValue ? nameEnd : end]);
		};
	const tokenizer = make(callbacks);
	for (const chunk of chunks) tokenizer.write(chunk);
	tokenizer.end();
	return log;
}

/** Callbacks that report a span of the source: the span as text. */
const SPANS: ReadonlySet<string> = new Set(['opentagname', 'attribname', 'attribdata', 'text', 'closetag']);

/** Each call's name, with the source it spans in `input` (`opentagname script`), for readable expectations. */
export function spelled(log: readonly Call[], input: string): string[] {
	return log.map(([name, start, end]) => (SPANS.has(name) ? `${name} ${input.slice(start, end)}` : name));
}

/** Every HTML fixture page (more than ten), whole and in chunks of 1000 and 7, with a label. */
export function fixtureChunks(): Array<[label: string, chunks: string[]]> {
	const folder = new URL('../../fixtures/html/', import.meta.url);
	const pages = readdirSync(folder).filter(name => name.endsWith('.html'));
	if (pages.length <= 10) throw new Error(`fixtures/html: ${pages.length} pages`);
	return pages.flatMap(name => {
		const html = readFileSync(new URL(name, folder), 'utf8');
		return [html.length, 1000, 7].map((size): [string, string[]] => [
			`${name} in chunks of ${size}`,
			Array.from({length: Math.ceil(html.length / size)}, (_, i) => html.slice(i * size, (i + 1) * size)),
		]);
	});
}
