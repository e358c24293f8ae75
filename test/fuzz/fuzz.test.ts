/**
 * The fuzz properties (properties.ts) in `npm test`: 3,600 cases, 100 per property and
 * case source (generated HTML, XHTML, CSS, text; attack shapes; mutated fixtures). The nightly run is
 * scripts/fuzz.ts (`npm run fuzz`, 100,000 cases). FC_SEED=<n> replays a failure.
 */
import test from 'ava';
import fc from 'fast-check';
import {fcParams} from '../helpers/seed.js';
import {caseSources} from './generators.js';
import {checkProperty, PROPERTY_NAMES} from './properties.js';
import {fixtureSeeds} from './seeds.js';

const RUNS_PER_SOURCE = 100;
const sources = caseSources(fixtureSeeds());

test('the case sources include mutated fixtures', t => {
	t.deepEqual(Object.keys(sources), ['html', 'xhtml', 'css', 'text', 'attack', 'mutated']);
});

for (const property of PROPERTY_NAMES) {
	test(`fuzz: ${property}`, t => {
		const params = fcParams(t, RUNS_PER_SOURCE);
		for (const [index, arbitrary] of Object.values(sources).entries()) {
			fc.assert(
				fc.property(arbitrary, c => {
					checkProperty(property, c);
				}),
				{...params, seed: params.seed + index},
			);
		}
		t.pass();
	});
}
