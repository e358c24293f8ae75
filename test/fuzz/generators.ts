/**
 * fast-check arbitraries for fuzzing linkstream: structured HTML, CSS and plain text
 * (html-arbitrary.ts, css-arbitrary.ts, text-arbitrary.ts over pieces.ts), a mutation
 * arbitrary over seed documents, and the fuzz case the properties (properties.ts) take:
 * an input of one type, as a string or bytes, its options, and chunk cut points.
 */
import fc from 'fast-check';
import type {Dialect, InputType} from '../../src/types.js';
import {attackDocument} from './attack-arbitrary.js';
import {cssDocument} from './css-arbitrary.js';
import {htmlDocument, htmlPiece} from './html-arbitrary.js';
import {textDocument} from './text-arbitrary.js';

export {attackDocument} from './attack-arbitrary.js';
export {cssDocument} from './css-arbitrary.js';
export {htmlDocument, htmlPiece, quoted} from './html-arbitrary.js';
export {textDocument} from './text-arbitrary.js';
export {anyText, attributeText, cssText, entity, hazard, hostileValue, uriReference} from './pieces.js';

/** A seed document for mutation. */
export interface Seed {
	name: string;
	type: InputType;
	bytes: Uint8Array;
}

/** Options a fuzz case varies; the rest of ExtractOptions keeps its defaults. */
export interface CaseOptions {
	retrievalUrl?: string;
	encapsulatingBase?: string;
	dialect?: Dialect;
	textLinks?: boolean;
	anchorText?: boolean;
	fuzzy?: {domains: boolean; emails: boolean};
	encoding?: string;
}

/** One fuzz case: the document, how it is given, and where the stream splits it. */
export interface FuzzCase {
	type: InputType;
	input: string | Uint8Array;
	options: CaseOptions;
	/** Cut points (taken modulo the input length) for the chunked runs. */
	cuts: number[];
	/** Where the generated document came from, for the report. */
	source: string;
}

/** Byte pieces a mutation injects: invalid UTF-8, BOMs, markup that opens or closes a state. */
const INJECTED: readonly Uint8Array[] = [
	[0xff],
	[0xc3],
	[0xe2, 0x82],
	[0xf0, 0x9f, 0x98],
	[0xed, 0xa0, 0x80],
	[0xc0, 0xaf],
	[0xef, 0xbb, 0xbf],
	[0xfe, 0xff],
	[0x00],
	[0x0d],
	[0x80],
].map(bytes => Uint8Array.from(bytes));

const INJECTED_TEXT = [
	'<!--',
	'-->',
	'<script>',
	'</script>',
	'<style>',
	'</style>',
	'<![CDATA[',
	'<base href="/x/">',
	'<a href=',
	'"',
	"'",
	'&amp',
	'url(',
	'/*',
	'<URL:',
	'>',
	'\n',
];

const encoder = new TextEncoder();

type Mutation =
	| {op: 'insert'; at: number; piece: Uint8Array}
	| {op: 'delete' | 'duplicate'; at: number; length: number}
	| {op: 'swap'; at: number; other: number; length: number};

const injected: fc.Arbitrary<Uint8Array> = fc.oneof(
	fc.constantFrom(...INJECTED),
	fc.constantFrom(...INJECTED_TEXT).map(s => encoder.encode(s)),
	htmlPiece.map(s => encoder.encode(s)),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
	fc.record({op: fc.constant('insert' as const), at: fc.nat(), piece: injected}),
	fc.record({
		op: fc.constantFrom('delete' as const, 'duplicate' as const),
		at: fc.nat(),
		length: fc.integer({min: 1, max: 64}),
	}),
	fc.record({op: fc.constant('swap' as const), at: fc.nat(), other: fc.nat(), length: fc.integer({min: 1, max: 64})}),
);

function concat(...parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

/** `bytes` with one mutation applied (positions taken modulo the length). */
export function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
	const at = m.at % (bytes.length + 1);
	switch (m.op) {
		case 'insert':
			return concat(bytes.subarray(0, at), m.piece, bytes.subarray(at));
		case 'delete':
			return concat(bytes.subarray(0, at), bytes.subarray(at + m.length));
		case 'duplicate':
			return concat(bytes.subarray(0, at + m.length), bytes.subarray(at, at + m.length), bytes.subarray(at + m.length));
		case 'swap': {
			const [a, b] =
				at <= m.other % (bytes.length + 1) ? [at, m.other % (bytes.length + 1)] : [m.other % (bytes.length + 1), at];
			const length = Math.min(m.length, b - a);
			return concat(
				bytes.subarray(0, a),
				bytes.subarray(b, b + length),
				bytes.subarray(a + length, b),
				bytes.subarray(a, a + length),
				bytes.subarray(b + length),
			);
		}
	}
}

/** Longest slice of a seed a mutated case keeps (corpus pages are large; the fuzzer wants many cases). */
export const SEED_WINDOW = 16 * 1024;

/** A window of a seed document with 1–8 mutations. */
export function mutated(seeds: readonly Seed[]): fc.Arbitrary<{seed: Seed; bytes: Uint8Array}> {
	return fc
		.tuple(fc.constantFrom(...seeds), fc.nat(), fc.array(mutation, {minLength: 1, maxLength: 8}))
		.map(([seed, start, mutations]) => {
			const from = seed.bytes.length <= SEED_WINDOW ? 0 : start % (seed.bytes.length - SEED_WINDOW);
			let bytes = seed.bytes.subarray(from, from + SEED_WINDOW);
			for (const m of mutations) bytes = mutate(bytes, m);
			return {seed, bytes};
		});
}

const BASES = [
	'https://example.com/dir/page.html',
	'http://EXAMPLE.com:80/a/b/',
	'https://u:p@h.example/p/q?x#f',
	'http://[::1]/x/y',
	'file:///tmp/site/index.html',
	'foo://host/a/b',
	'https://example.com/',
	'http://bücher.example/a/',
];

/** The choices behind a case's options, whatever its type (no `chain`: paths replay exactly). */
const optionChoices = fc.record({
	base: fc.option(fc.constantFrom(...BASES), {nil: undefined, freq: 8}),
	dialect: fc.constantFrom<Dialect>('whatwg', 'whatwg', 'whatwg', 'whatwg', 'rfc3986', 'rfc2396'),
	extras: fc.boolean(),
	encapsulating: fc.boolean(),
});

function caseOptions(
	type: InputType,
	{base, dialect, extras, encapsulating}: typeof optionChoices extends fc.Arbitrary<infer T> ? T : never,
): CaseOptions {
	const options: CaseOptions = {dialect};
	if (base !== undefined) options[encapsulating ? 'encapsulatingBase' : 'retrievalUrl'] = base;
	if (extras && (type === 'html' || type === 'xhtml')) Object.assign(options, {textLinks: true, anchorText: true});
	if (extras && type === 'text') options.fuzzy = {domains: true, emails: true};
	return options;
}

/** A generated document of `type`. */
export function documentOf(type: InputType): fc.Arbitrary<string> {
	if (type === 'css') return cssDocument;
	if (type === 'text') return textDocument();
	return htmlDocument();
}

const cuts = fc.array(fc.nat(), {maxLength: 10});

/** A fuzz case from a generated document of `type`, given as a string or as UTF-8 bytes. */
export function generatedCase(type: InputType): fc.Arbitrary<FuzzCase> {
	return fc
		.record({document: documentOf(type), bytes: fc.boolean(), choices: optionChoices, cuts})
		.map(({document, bytes, choices, cuts}) => ({
			type,
			input: bytes ? encoder.encode(document) : document,
			options: caseOptions(type, choices),
			cuts,
			source: `generated ${type}`,
		}));
}

/** A fuzz case from an attack shape (attack-arbitrary.ts), given as a string or as UTF-8 bytes. */
export function attackCase(): fc.Arbitrary<FuzzCase> {
	return fc
		.record({attack: attackDocument, bytes: fc.boolean(), choices: optionChoices, cuts})
		.map(({attack, bytes, choices, cuts}) => ({
			type: attack.type,
			input: bytes ? encoder.encode(attack.document) : attack.document,
			options: caseOptions(attack.type, choices),
			cuts,
			source: `attack ${attack.type}`,
		}));
}

/** A fuzz case from a mutated seed, as bytes (sometimes decoded to a string). */
export function mutatedCase(seeds: readonly Seed[]): fc.Arbitrary<FuzzCase> {
	return fc
		.record({m: mutated(seeds), text: fc.boolean(), choices: optionChoices, cuts})
		.map(({m, text, choices, cuts}) => ({
			type: m.seed.type,
			input: text ? new TextDecoder().decode(m.bytes) : m.bytes,
			options: caseOptions(m.seed.type, choices),
			cuts,
			source: `mutated ${m.seed.name}`,
		}));
}

/** Every source of fuzz cases by name: a generator per type, attack shapes, and mutation of the seeds (when any). */
export function caseSources(seeds: readonly Seed[]): Record<string, fc.Arbitrary<FuzzCase>> {
	const sources: Record<string, fc.Arbitrary<FuzzCase>> = {
		html: generatedCase('html'),
		xhtml: generatedCase('xhtml'),
		css: generatedCase('css'),
		text: generatedCase('text'),
		attack: attackCase(),
	};
	if (seeds.length > 0) sources.mutated = mutatedCase(seeds);
	return sources;
}
