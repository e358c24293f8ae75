import type {Duplex} from 'node:stream';

/** A Node stream (bytes or objects out) fed `chunks` and ended: everything it gave, in order (rejects on its error). */
export async function nodeOutput<T>(stream: Duplex, chunks: ReadonlyArray<string | Uint8Array>): Promise<T[]> {
	const out: T[] = [];
	stream.on('data', (item: T) => out.push(item));
	const done = new Promise((resolve, reject) => {
		stream.on('end', resolve);
		stream.on('error', reject);
	});
	for (const chunk of chunks) stream.write(chunk);
	stream.end();
	await done;
	return out;
}
