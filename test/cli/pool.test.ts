import test from 'ava';
import {runPool} from '../../src/cli/work/pool.js';

// The order of events is worked by hand from runPool's contract: at most `inFlight`
// started and unhandled, each item taken only when there is room, results in item order.

test('runPool takes items from an async iterable only as there is room, and hands results in order', async t => {
	const events: string[] = [];
	async function* found(): AsyncGenerator<number> {
		for (let i = 0; i < 5; i++) {
			events.push(`found ${i}`);
			yield i;
		}
	}
	await runPool({
		items: found(),
		start: async item => {
			events.push(`start ${item}`);
			return item * 10;
		},
		inFlight: 2,
		onResult: (item, result, index) => void events.push(`result ${item} ${result} #${index}`),
	});
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

test('runPool: threads without a worker module, or a task with no way to run it, is an error, not a hang', async t => {
	const none = {items: [1], onResult: () => undefined, inFlight: 1};
	await t.throwsAsync(runPool({...none, start: async () => 0, threads: 2}), {
		message: /threads without a worker module/,
	});
	await t.throwsAsync(runPool({...none, start: (item: number, threads) => threads.run(item)}), {
		message: /no threads and no way to run a task here/,
	});
	await t.throwsAsync(runPool({...none, start: (item: number, threads) => threads.redo(item)}), {
		message: /no worker module to redo a task on/,
	});
});
