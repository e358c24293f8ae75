/** fast-check runs with a printed seed: FC_SEED=<n> replays a failure. */
import type {ExecutionContext} from 'ava';
import fc from 'fast-check';

export function seedFor(t: ExecutionContext): number {
	const fromEnv = process.env.FC_SEED;
	const seed = fromEnv === undefined || fromEnv === '' ? Math.floor(Math.random() * 2 ** 31) : Number(fromEnv);
	t.log(`fast-check seed ${seed} (replay with FC_SEED=${seed})`);
	return seed;
}

/** Run a property with the seed logged; fast-check's report (with the seed and path) fails the test. */
export function check<Ts extends [unknown, ...unknown[]]>(
	t: ExecutionContext,
	property: fc.IProperty<Ts>,
	numRuns = 10_000,
): void {
	fc.assert(property, {numRuns, seed: seedFor(t)});
	t.pass();
}
