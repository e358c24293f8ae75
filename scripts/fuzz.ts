/**
 * The nightly-style fuzz run: every property of test/fuzz/properties.ts
 * over every case source of test/fuzz/generators.ts (generated HTML, XHTML, CSS, text,
 * and mutated seed documents), 100,000 cases by default.
 *
 *   npx tsx scripts/fuzz.ts [--seed N] [--runs N] [--corpus DIR] [--only PROPERTY/SOURCE] [--path P]
 *
 * --corpus DIR takes the mutation seeds from the HTML pages of DIR (e.g. ../shared/corpus/html);
 * without it they are the project's fixtures. Each property/source pair runs with seed
 * `seed + its index`, so a failure replays with the printed command. Prints the seed,
 * per-property and per-source counts and the time; exits 1 when any property fails.
 */
import process from 'node:process';
import {parseArgs} from 'node:util';
import fc from 'fast-check';
import {caseSources, type FuzzCase} from '../test/fuzz/generators.js';
import {checkProperty, PROPERTY_NAMES, type PropertyName} from '../test/fuzz/properties.js';
import {corpusSeeds, fixtureSeeds} from '../test/fuzz/seeds.js';

const {values} = parseArgs({
	options: {
		seed: {type: 'string'},
		runs: {type: 'string', default: '100000'},
		corpus: {type: 'string'},
		only: {type: 'string'},
		path: {type: 'string'},
	},
});

function integer(name: string, text: string): number {
	const n = Number(text);
	if (!Number.isSafeInteger(n) || n < 0) {
		console.error(`fuzz: --${name} must be a non-negative integer; got ${JSON.stringify(text)}`);
		process.exit(2);
	}
	return n;
}

const seed = values.seed === undefined ? Math.floor(Math.random() * 0x7fffffff) : integer('seed', values.seed);
const runs = integer('runs', values.runs);
const seeds = values.corpus === undefined ? fixtureSeeds() : corpusSeeds(values.corpus);
if (values.corpus !== undefined && seeds.length === 0) {
	console.error(`fuzz: no .html, .css or .txt files in --corpus ${values.corpus}`);
	process.exit(2);
}
const sources = caseSources(seeds);
const pairs = PROPERTY_NAMES.flatMap(property => Object.keys(sources).map(source => `${property}/${source}`));
const perPair = Math.max(1, Math.ceil(runs / pairs.length));
const args = `--seed ${seed} --runs ${runs}${values.corpus === undefined ? '' : ` --corpus ${values.corpus}`}`;

console.log(
	`fuzz: seed ${seed}, ${runs} cases (${perPair} per property and source), ${seeds.length} mutation seeds from ${values.corpus ?? 'fixtures/'}`,
);

const counts = new Map<string, number>();
const failures: string[] = [];
const started = performance.now();

for (const [index, pair] of pairs.entries()) {
	if (values.only !== undefined && values.only !== pair) continue;
	const [property, source] = pair.split('/') as [PropertyName, string];
	const arbitrary = sources[source] as fc.Arbitrary<FuzzCase>;
	const t0 = performance.now();
	const result = fc.check(
		fc.property(arbitrary, c => {
			checkProperty(property, c);
		}),
		{
			numRuns: perPair,
			seed: seed + index,
			...(values.path === undefined ? {} : {path: values.path}),
			endOnFailure: false,
		},
	);
	const ms = Math.round(performance.now() - t0);
	for (const key of [property, `source ${source}`]) counts.set(key, (counts.get(key) ?? 0) + result.numRuns);
	if (result.failed) {
		const example = result.counterexample?.[0] as FuzzCase | undefined;
		const input =
			example === undefined
				? ''
				: typeof example.input === 'string'
					? JSON.stringify(example.input)
					: `bytes ${Buffer.from(example.input).toString('base64')}`;
		failures.push(pair);
		console.log(
			`FAIL ${pair} after ${result.numRuns} cases (${ms} ms): ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}`,
		);
		console.log(
			`  case: ${example === undefined ? '' : JSON.stringify({...example, input: undefined})} input ${input}`,
		);
		console.log(`  replay: npx tsx scripts/fuzz.ts ${args} --only ${pair} --path ${result.counterexamplePath ?? ''}`);
	} else {
		console.log(`ok   ${pair}: ${result.numRuns} cases (${ms} ms)`);
	}
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const total = PROPERTY_NAMES.reduce((n, p) => n + (counts.get(p) ?? 0), 0);
console.log('');
for (const [key, n] of counts) console.log(`${key}: ${n} cases`);
console.log(`fuzz: ${total} cases in ${seconds} s, ${failures.length} failing (seed ${seed})`);
if (failures.length > 0) {
	console.log(`replay all: npx tsx scripts/fuzz.ts ${args}`);
	process.exit(1);
}
