/** Checks shared by the Node and Web Streams adapters. */

/** The input of a one-shot call: a string or bytes. */
export function checkInput(input: unknown): void {
	if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
		throw new TypeError(`linkstream: the input must be a string or a Uint8Array (Buffer); got ${input === null ? 'null' : typeof input}`);
	}
}

/** Run one step; an error (a bug: cores do not throw on bad input) is reported with its position. */
export function attempt(step: () => void, position: number): Error | null {
	try {
		step();
		return null;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return new Error(`linkstream: ${message} (in the chunk starting at input offset ${position})`, {cause: error});
	}
}
