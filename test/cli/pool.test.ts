import test from 'ava';
import {runInOrder} from '../../src/cli/work/pool.js';

// The order of events is worked by hand from runInOrder's contract: at most `inFlight`
// started and unhandled, each item taken only when there is room, results in item order.

test('runInOrder takes items from an async iterable only as there is room, and hands results in order', async t => {
	const events: string[] = [];
	async function* found(): AsyncGenerator<number> {
		for (let i = 0; i < 5; i++) {
			events.push(`found ${i}`);
			yield i;
		}
	}
	await runInOrder(
		found(),
		async item => {
			events.push(`start ${item}`);
			return item * 10;
		},
		2,
		(item, result, index) => void events.push(`result ${item} ${result} #${index}`),
	);
	t.deepEqual(events, [
		'found 0',
		'start 0',
		'found 1',
		'start 1',
		'found 2',
		'start 2',
		'result 0 0 #0',
		'found 3',
		'start 3',
		'result 1 10 #1',
		'found 4',
		'start 4',
		'result 2 20 #2',
		'result 3 30 #3',
		'result 4 40 #4',
	]);
});
