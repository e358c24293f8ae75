/**
 * Identity property: a rewrite whose function keeps every reference (returning
 * `undefined`, or `link.value`) gives the input back byte for byte, for every fixture and
 * for generated adversarial documents, whole, one unit at a time, and at random splits.
 */
import test from 'ava';
import fc from 'fast-check';
import {BASE_HOLDS, type InputType, type RewriteOptions} from '../../src/types.js';
import {fcParams} from '../helpers/seed.js';
import {cut, fixtureInputs, randomCuts, rewriteChunks} from './inputs.js';

const KEEPERS = {
	undefined: () => undefined,
	null: () => null,
	value: (link: {value: string}) => link.value,
} as const;

for (const input of fixtureInputs()) {
	test(`identity, bytes and text: ${input.name}`, t => {
		const seed =
			process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);
		t.log(`split seed ${seed} (replay with FC_SEED=${seed})`);
		const text = input.bytes.toString('utf8');
		for (const [name, to] of Object.entries(KEEPERS)) {
			// Both BASE hold policies: references (and so output) held to the end of the document, or not.
			const options: RewriteOptions = {...input.options, to, baseHold: name === 'value' ? 'head' : 'document'};
			t.deepEqual(rewriteChunks([input.bytes], options), input.bytes, `${name}: whole`);
			t.deepEqual(
				rewriteChunks(
					[...input.bytes].map(b => Buffer.of(b)),
					options,
				),
				input.bytes,
				`${name}: one byte at a time`,
			);
			for (let run = 0; run < 5; run++) {
				const cuts = randomCuts(input.bytes.length, seed + run, 1 + run * 4);
				t.deepEqual(
					rewriteChunks(cut(input.bytes, cuts), options),
					input.bytes,
					`${name}: bytes cut at ${cuts.join(',')}`,
				);
				t.is(rewriteChunks(cut(text, cuts), options), text, `${name}: text cut at ${cuts.join(',')}`);
			}
		}
	});
}

/** Pieces that stress tokenizers, decoders and the splicer. */
const PIECES = [
	'<a href="x.html">',
	"<a href='y z.html'>",
	'<a href=u.html>',
	'<a href>',
	'<a href=&quot;q&quot;>',
	'</a>',
	'<img srcset="a.png 1x, b,c.png 2x" src=i.png>',
	'<base href="/b/">',
	'<base href=&#32;sub/>',
	'<div style="background:url(&quot;s.png&quot;)">',
	'<style>',
	'</style>',
	'a{background:url(u.png)}',
	'@import "i.css";',
	'<meta http-equiv=refresh content="0; url=\'r.html\'">',
	'<iframe srcdoc="<a href=&quot;in.html&quot;>">',
	'<form action="">',
	'<script>',
	'</script>',
	'<!--',
	'-->',
	'<![CDATA[',
	']]>',
	'<svg><a xlink:href="s.svg"/></svg>',
	'&amp;',
	'&notit;',
	'&#x1F600;',
	'&',
	'\r\n',
	'\r',
	'\n',
	' ',
	'"',
	"'",
	'<',
	'>',
	'=',
	'http://example.com/p?q=1',
	'<URL:rel/x.html>',
	'www.example.org.',
	'é',
	'😀',
	'\uFFFD',
	'url(',
	')',
	'\\',
	'/*',
	'*/',
	'<a href="unclosed',
];

/** Adversarial byte pieces: invalid UTF-8 and a BOM (at the start it is one). */
const BYTE_PIECES = [
	[0xff],
	[0xc3],
	[0xe2, 0x82],
	[0xf0, 0x9f, 0x98],
	[0xed, 0xa0, 0x80],
	[0xc0, 0xaf],
	[0xef, 0xbb, 0xbf],
	[0x80],
];

const documentArbitrary = fc
	.array(
		fc.oneof(
			{weight: 6, arbitrary: fc.constantFrom(...PIECES).map(s => Buffer.from(s, 'utf8'))},
			{weight: 1, arbitrary: fc.constantFrom(...BYTE_PIECES).map(b => Buffer.from(b))},
			{weight: 2, arbitrary: fc.string({maxLength: 6}).map(s => Buffer.from(s, 'utf8'))},
		),
		{maxLength: 40},
	)
	.map(parts => Buffer.concat(parts));

for (const type of ['html', 'xhtml', 'css', 'text'] as InputType[]) {
	test(`identity on generated ${type} documents at random splits (bytes and text)`, t => {
		fc.assert(
			fc.property(
				documentArbitrary,
				fc.array(fc.nat(), {maxLength: 8}),
				fc.constantFrom(...Object.values(KEEPERS)),
				fc.constantFrom(...BASE_HOLDS),
				(bytes, cuts, to, baseHold) => {
					const options: RewriteOptions = {
						type,
						to,
						retrievalUrl: 'https://gen.example/a/b.html',
						textLinks: true,
						baseHold,
					};
					const out = rewriteChunks(cut(bytes, cuts), options);
					if (!Buffer.from(out as Buffer).equals(bytes)) return false;
					const text = bytes.toString('utf8');
					return rewriteChunks(cut(text, cuts), options) === text;
				},
			),
			fcParams(t, 300),
		);
		t.pass();
	});
}
