/**
 * The command's NDJSON serializer against its definition: `JSON.stringify({file, ...link})`
 * and a newline, byte for byte, for Links with any key order, optional fields absent or
 * undefined, strings needing escapes (quotes, backslashes, controls, U+2028, lone
 * surrogates), the archive contexts and the XML embed context; and the same line written
 * straight into bytes (NdjsonBytes), against TextEncoder on that text.
 */
import test from 'ava';
import fc from 'fast-check';
import {NdjsonBytes, ndjsonLine, ndjsonPrefix} from '../../src/cli/output/ndjson.js';
import {lineWriter} from '../../src/cli/output/format.js';
import {LineBytes} from '../../src/cli/output/output.js';
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
			'\udbff',
			'\udc00',
			'\udfff',
			'\ue000',
			'\ufffd',
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

const encoder = new TextEncoder();

test('an NDJSON line written into bytes is the UTF-8 of JSON.stringify({file, ...link}) and a newline', t => {
	fc.assert(
		fc.property(link, fc.option(text, {nil: undefined}), fc.nat(64), (value, file, offset) => {
			const expected = encoder.encode(`${JSON.stringify(file === undefined ? value : {file, ...value})}\n`);
			const buffer = new Uint8Array(offset + 64 * 1024);
			const end = new NdjsonBytes(file).write(value, buffer, offset);
			return end === offset + expected.length && Buffer.from(buffer.subarray(offset, end)).equals(expected);
		}),
		fcParams(t, 5_000),
	);
	t.pass();
});

test('NDJSON lines written into pieces too small for some: the same bytes as the text of each line', t => {
	fc.assert(
		fc.property(fc.array(link, {maxLength: 8}), fc.integer({min: 12, max: 600}), (links, size) => {
			const pieces: Uint8Array[] = [];
			const bytes = new LineBytes(piece => void pieces.push(piece), new Uint8Array(size));
			const write = lineWriter('ndjson', 'p.html');
			for (const value of links) write(value, bytes);
			bytes.flush();
			const expected = links.map(value => `${JSON.stringify({file: 'p.html', ...value})}\n`).join('');
			return Buffer.concat(pieces).equals(Buffer.from(expected)) && pieces.every(piece => piece.length <= size);
		}),
		fcParams(t, 2_000),
	);
	t.pass();
});

test('a line that does not fit where it starts is not written there: -1', t => {
	const value = {value: 'a"b', url: null, start: 3} as unknown as Link;
	const writer = new NdjsonBytes('p.html');
	const line = encoder.encode(`${JSON.stringify({file: 'p.html', ...value})}\n`);
	t.is(writer.write(value, new Uint8Array(line.length - 1), 0), -1);
	t.is(writer.write(value, new Uint8Array(line.length + 30), 0), line.length);
});
