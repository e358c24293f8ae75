/**
 * Backpressure inside one chunk of a Node Transform: what a late BASE releases (CoreOptions.
 * releaseStep) goes out a step at a time, each step pushed once the reader wants more
 * (`_read`), so the readable side never holds more than its high-water mark and a step.
 */
import type {Transform, TransformCallback} from 'node:stream';
import {attempt} from '../core/input.js';

/** What a Transform drives: steps waiting (`pending`), and the next one pushed (`next`). */
export interface Steps {
	readonly pending: boolean;
	next(): void;
}

/**
 * Wraps `stream._read` so a step can wait for the reader; `drain(steps, position, callback)`
 * runs the steps still waiting, then calls `callback` (with the error of a failed step).
 *
 * @example
 * const drain = stepper(stream);
 * transform(chunk, _, callback) { push(pipeline.write(chunk)); drain(steps, consumed, callback); }
 */
export function stepper(stream: Transform): (steps: Steps, position: number, callback: TransformCallback) => void {
	let wake: (() => void) | undefined;
	const read = stream._read.bind(stream);
	stream._read = (size: number): void => {
		const resume = wake;
		wake = undefined;
		resume?.();
		read(size);
	};
	/**
	 * `asked`: the reader asked for more (`_read`): steps go out until one pushes something,
	 * whatever the buffer holds (what it holds is being read, and Node asks again only after a push).
	 */
	const drain = (steps: Steps, position: number, callback: TransformCallback, asked = false): void => {
		let owed = asked;
		while (steps.pending) {
			if (stream.destroyed) {
				callback();
				return;
			}
			if (!owed && stream.readableLength >= stream.readableHighWaterMark) {
				wake = () => drain(steps, position, callback, true);
				return;
			}
			const before = stream.readableLength;
			const error = attempt(() => steps.next(), position);
			if (error !== null) {
				callback(error);
				return;
			}
			if (stream.readableLength !== before) owed = false;
		}
		callback();
	};
	return drain;
}
