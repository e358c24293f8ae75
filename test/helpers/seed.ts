/** fast-check parameters with a printed, replayable seed (FC_SEED=<n> to replay). */
import type {ExecutionContext} from 'ava';

export function fcParams(t: ExecutionContext, numRuns: number): {numRuns: number; seed: number} {
	const seed = process.env.FC_SEED === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env.FC_SEED);
	t.log(`fast-check seed ${seed} (replay with FC_SEED=${seed})`);
	return {numRuns, seed};
}
