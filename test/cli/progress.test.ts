import test from 'ava';
import {createProgress} from '../../src/cli/output/progress.js';

/** A stand-in terminal that records what is written. */
function terminal(isTTY: boolean): NodeJS.WriteStream & {text: string} {
	const fake = {
		isTTY,
		columns: 100,
		text: '',
		write(chunk: string) {
			fake.text += chunk;
			return true;
		},
		cursorTo: () => true,
		moveCursor: () => true,
		clearLine: () => true,
		clearScreenDown: () => true,
		on: () => fake,
		removeListener: () => fake,
	};
	return fake as unknown as NodeJS.WriteStream & {text: string};
}

test('on a terminal the bar counts files and megabytes', t => {
	const stream = terminal(true);
	const progress = createProgress(3, 3_000_000, stream);
	progress.advance(1_000_000);
	progress.advance(1_000_000);
	progress.stop();
	t.regex(stream.text, /2\/3 files/);
	t.regex(stream.text, /2\.0\/3\.0 MB/);
});

test('silent when standard error is not a terminal', t => {
	const stream = terminal(false);
	const progress = createProgress(3, 3_000_000, stream);
	progress.advance(1_000_000);
	progress.stop();
	t.is(stream.text, '');
});
