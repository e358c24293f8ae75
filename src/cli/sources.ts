/** The Links of one command-line input, whatever its type: a document, or (later) an archive. */
import {createReadStream} from 'node:fs';
import {pipeline} from 'node:stream/promises';
import {Writable} from 'node:stream';
import {createExtractStream} from '../stream/extract.js';
import type {ExtractOptions, Link} from '../types.js';
import type {Input} from './inputs.js';

/** Options for every input of a run; the type and retrieval URL come per input. */
export type RunOptions = Omit<ExtractOptions, 'type'>;

/**
 * Stream the Links of `input` to `onLink`, in document order, with backpressure: the
 * returned promise settles when the input is done. `onLink` may return a promise to pause.
 */
export async function eachLink(input: Input, options: RunOptions, stdin: NodeJS.ReadableStream, onLink: (link: Link) => void | Promise<void>): Promise<void> {
	const source = input.path === '-' ? stdin : createReadStream(input.path);
	await pipeline(
		source,
		createExtractStream({...options, type: input.type}),
		new Writable({
			objectMode: true,
			write(link: Link, _encoding, callback) {
				const waiting = onLink(link);
				if (waiting === undefined) callback();
				else waiting.then(() => callback(), callback);
			},
		}),
	);
}
