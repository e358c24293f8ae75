/**
 * The bad-input table, rewrite side: for every row and every input type,
 * an identity rewrite gives the input back byte for byte (string and bytes), and the
 * absolute and relative rewrites finish without throwing and give output that extracts to
 * the same URLs. Rows under 1 MB also stream through createRewriteStream at seeded random
 * chunkings (FC_SEED=<n> replays) and must equal the one-shot output.
 *
 * Time budget (npm test): the 32 MB line is taken as its last 8 MB here (the extraction
 * side and bench/memory.ts take long lines whole); rows of 8 MB and more skip the relative
 * mode (the same splicing as the absolute one, for their one or two Links).
 */
import {Readable} from 'node:stream';
import test from 'ava';
import type {ExecutionContext} from 'ava';
import {createRewriteStream, extractLinks, rewriteLinks} from '../../src/index.js';
import type {InputType, RewriteOptions, RewriteTarget} from '../../src/index.js';
import {fcParams} from '../helpers/seed.js';
import {cut, randomCuts} from '../rewrite/inputs.js';
import {MB, TABLE} from './table.js';

const TYPES: readonly InputType[] = ['html', 'xhtml', 'xml', 'css', 'text'];
const PAGE = 'https://example.com/dir/page.html';

function options(type: InputType, to: RewriteTarget): RewriteOptions {
	return {type, to, retrievalUrl: PAGE};
}

/** The row in both forms: a string as UTF-8 bytes; bytes decoded as UTF-8 (invalid sequences as U+FFFD). */
function forms(input: string | Uint8Array): Array<string | Uint8Array> {
	return typeof input === 'string' ? [input, Buffer.from(input, 'utf8')] : [input, new TextDecoder().decode(input)];
}

function same(a: string | Uint8Array, b: string | Uint8Array): boolean {
	if (typeof a === 'string' || typeof b === 'string') return a === b;
	return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function urls(input: string | Uint8Array, type: InputType): Array<string | null> {
	return extractLinks(input, {type, retrievalUrl: PAGE}).map(link => link.url);
}

/** `run()`, or undefined after failing the test with what it threw. */
function attempt<T>(t: ExecutionContext, what: string, run: () => T): T | undefined {
	try {
		return run();
	} catch (error) {
		t.fail(`${what} threw ${String(error)}`);
		return undefined;
	}
}

function checkRow(t: ExecutionContext, input: string | Uint8Array, type: InputType): void {
	for (const form of forms(input)) {
		const kind = `${type}, ${typeof form === 'string' ? 'string' : 'bytes'}`;
		const identity = attempt(t, `${kind}: identity`, () =>
			rewriteLinks(
				form as string,
				options(type, () => undefined),
			),
		);
		if (identity !== undefined && !same(identity, form)) t.fail(`${kind}: identity rewrite changed the input`);
	}
	// Absolute and relative: the string form (the bytes form is the same text once decoded).
	const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
	const before = urls(text, type);
	for (const to of text.length < 8 * MB ? (['absolute', 'relative'] as const) : (['absolute'] as const)) {
		const output = attempt(t, `${type}: ${to}`, () => rewriteLinks(text, options(type, to)));
		if (output === undefined) continue;
		const after = urls(output, type);
		if (after.length !== before.length || after.some((url, i) => before[i] !== null && url !== before[i])) {
			t.fail(`${type}, ${to}: the output extracts to other URLs (${after.length} Links, ${before.length} before)`);
		}
	}
}

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(s: string): string {
	return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Cuts moved off the middle of a surrogate pair in string input: Node's byte stream encodes each
 * string chunk to UTF-8 alone, so a pair cut in two reaches the rewriter as two U+FFFD (the
 * chunks' encoding, not the rewriter: seed 2132807724 cut one at 108,619 units).
 */
function wholePairs(form: string | Uint8Array, cuts: number[]): number[] {
	if (typeof form !== 'string') return cuts;
	return cuts.map(at => {
		const before = form.charCodeAt(at - 1);
		const after = form.charCodeAt(at);
		return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? at + 1 : at;
	});
}

async function stream(chunks: ReadonlyArray<string | Uint8Array>, rewrite: RewriteOptions): Promise<string | Buffer> {
	const out: Array<string | Buffer> = [];
	const source = Readable.from(
		chunks.map(chunk => (typeof chunk === 'string' ? chunk : Buffer.from(chunk))),
		{objectMode: false},
	);
	for await (const piece of source.pipe(createRewriteStream(rewrite))) out.push(piece as string | Buffer);
	return typeof chunks[0] === 'string' ? out.join('') : Buffer.concat(out as Buffer[]);
}

/** Rows over 12 MB of text: the last 8 MB, from a word boundary. */
function budget(input: string | Uint8Array): string | Uint8Array {
	if (typeof input !== 'string' || input.length <= 12 * MB) return input;
	return input.slice(input.indexOf(' ', input.length - 8 * MB) + 1);
}

for (const [name, make] of TABLE) {
	test(`bad input, rewrite: ${name}`, t => {
		const input = budget(make());
		for (const type of TYPES) checkRow(t, input, type);
		t.pass();
	});
}

const SMALL = TABLE.filter(([, make]) => make().length < MB);

for (const [name, make] of SMALL) {
	test(`bad input, rewrite stream at random chunkings: ${name}`, async t => {
		const {seed} = fcParams(t, 1);
		const input = make();
		for (const type of TYPES) {
			for (const form of forms(input)) {
				for (const to of [() => undefined, 'absolute', 'relative'] as const) {
					const rewrite = options(type, to);
					// Deviation (Node streams): a string pushed to a byte stream is UTF-8 encoded, so a
					// lone surrogate in string input comes out of the stream as U+FFFD.
					const oneShot = rewriteLinks(form as string, rewrite);
					const expected = typeof oneShot === 'string' ? wellFormed(oneShot) : oneShot;
					for (let run = 0; run < 3; run++) {
						const cuts = wholePairs(form, randomCuts(form.length, seed + run, 1 + run * 8));
						const got = await stream(cut(form, cuts), rewrite);
						if (!same(got, expected))
							t.fail(
								`${type}, ${typeof form}, ${typeof to === 'string' ? to : 'identity'}: stream at cuts ${cuts.join(',')} differs from the one-shot output`,
							);
					}
				}
			}
		}
		t.pass();
	});
}
