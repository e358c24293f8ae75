/**
 * The command's NDJSON serializer against its definition: `JSON.stringify({file, ...link})`
 * and a newline, byte for byte, for Links with any key order, optional fields absent or
 * undefined, strings needing escapes (quotes, backslashes, controls, U+2028, lone
 * surrogates), the archive contexts and the XML embed context.
 */
import test from 'ava';
import fc from 'fast-check';
import {ndjsonLine, ndjsonPrefix} from '../../src/cli/output/ndjson.js';
import type {Link} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';

/** Strings of any UTF-16 code units (lone surrogates among them), and the ones JSON escapes. */
const text = fc.oneof(
	fc.string({unit: 'binary'}),
	fc.string({
		unit: fc.constantFrom(
			'"',
			'\\',
			'\n',
			'\r',
			'\t',
			'\u0000',
			'\u001f',
			'\u007f',
			'\u2028',
			'\ud800',
			'\udfff',
			'a',
			'é',
			'😀',
		),
	}),
	fc.string(),
);
const number = fc.oneof(
	fc.integer(),
	fc.double(),
	fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-7),
);
const optional = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(value, {nil: undefined});

const message = fc.record(
	{
		index: number,
		messageId: text,
		part: text,
		contentType: text,
		contentId: text,
		cidPart: text,
		locationPart: optional(text),
	},
	{requiredKeys: ['part', 'contentType']},
);
const embed = fc.record({element: text, namespace: text, start: number, encoding: fc.constantFrom('text', 'base64')});
const record = fc.record(
	{targetUri: text, recordId: text, date: text, type: text, status: optional(number), source: text},
	{requiredKeys: ['targetUri', 'source']},
);

/** A Link's fields, some left out or undefined, in a random order. */
const link: fc.Arbitrary<Link> = fc
	.tuple(
		fc.record(
			{
				url: fc.option(text, {nil: null}),
				value: text,
				raw: text,
				base: fc.option(text, {nil: null}),
				baseSource: fc.constantFrom(null, 'base', 'retrieval', 'content-location'),
				kind: fc.constantFrom('navigation', 'resource', 'text'),
				element: optional(text),
				attribute: optional(text),
				rel: optional(fc.array(text, {maxLength: 3})),
				text: optional(text),
				start: number,
				end: number,
				line: number,
				column: number,
				sameDocument: optional(fc.constant(true as const)),
				inert: optional(fc.constant(true as const)),
				error: optional(fc.constantFrom('no-base', 'invalid-url')),
				delimiter: optional(text),
				message: optional(message),
				record: optional(record),
				embed: optional(embed),
			},
			{requiredKeys: []},
		),
		fc.nat(),
	)
	.map(([fields, seed]) => {
		const keys = Object.keys(fields);
		// A rotation and a reversal give other orders than the record's.
		const order = [...keys.slice(seed % (keys.length || 1)), ...keys.slice(0, seed % (keys.length || 1))];
		if (seed % 2 === 1) order.reverse();
		const shuffled: Record<string, unknown> = {};
		for (const key of order) shuffled[key] = (fields as Record<string, unknown>)[key];
		return shuffled as unknown as Link;
	});

test('an NDJSON line is JSON.stringify({file, ...link}) and a newline, byte for byte', t => {
	fc.assert(
		fc.property(link, fc.option(text, {nil: undefined}), (value, file) => {
			const expected = `${JSON.stringify(file === undefined ? value : {file, ...value})}\n`;
			return ndjsonLine(ndjsonPrefix(file), value) === expected;
		}),
		fcParams(t, 5_000),
	);
	t.pass();
});

test('edge cases: no fields, a lone surrogate, a file name needing escapes', t => {
	const empty = {} as Link;
	t.is(ndjsonLine(ndjsonPrefix('a"b'), empty), '{"file":"a\\"b"}\n');
	t.is(ndjsonLine(ndjsonPrefix(undefined), empty), '{}\n');
	const lone = {url: null, value: '\ud800x', raw: 'a\u2028b\u0001'} as unknown as Link;
	// JSON.stringify escapes a lone surrogate as \ud800 (ES2019 well-formed JSON.stringify); U+2028 stays as it is.
	t.is(
		ndjsonLine(ndjsonPrefix('p.html'), lone),
		'{"file":"p.html","url":null,"value":"\\ud800x","raw":"a\u2028b\\u0001"}\n',
	);
});
