/** Checks shared by the Node and Web Streams adapters. */

/**
 * The input of a one-shot call (or a chunk of a stream): a string or bytes.
 *
 * @example
 * checkInput(42); // throws TypeError: linkstream: the input must be a string or a Uint8Array (Buffer); got number
 */
export function checkInput(input: unknown): void {
	if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
		throw new TypeError(
			`linkstream: the input must be a string or a Uint8Array (Buffer); got ${input === null ? 'null' : typeof input}`,
		);
	}
}

/**
 * Run one step; an error (a bug: cores do not throw on bad input) is reported with its position.
 *
 * @example
 * attempt(() => pipeline.write(chunk), 4096); //=> null, or an Error naming input offset 4096
 */
export function attempt(step: () => void, position: number): Error | null {
	try {
		step();
		return null;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return new Error(`linkstream: ${message} (in the chunk starting at input offset ${position})`, {cause: error});
	}
}

/**
 * Byte pieces joined into one array (the piece itself when there is one).
 *
 * @example
 * joinBytes([Uint8Array.of(1), Uint8Array.of(2, 3)]); //=> Uint8Array [1, 2, 3]
 */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
	if (pieces.length === 1) return pieces[0] as Uint8Array;
	let length = 0;
	for (const piece of pieces) length += piece.length;
	const joined = new Uint8Array(length);
	let at = 0;
	for (const piece of pieces) {
		joined.set(piece, at);
		at += piece.length;
	}
	return joined;
}

/**
 * A stream chunk as the rewrite may hold it: bytes copied (a string as it is). A rewrite holds
 * input across writes (an unfinished token, what waits for a late BASE) and hands out views of
 * it, while a writer may fill its buffer again once the write is done: after the Node write
 * callback, after a Web writer's `write()` settles (Streams Standard `#default-writer-write`
 * asks producers to leave a chunk alone only until then). One copy per byte written, into the
 * store the views then share.
 *
 * @example
 * ownBytes(buffer) !== buffer; // true: the same bytes, in a new array
 */
export function ownBytes<T extends string | Uint8Array>(chunk: T): T {
	return typeof chunk === 'string' ? chunk : (Uint8Array.prototype.slice.call(chunk) as T);
}
