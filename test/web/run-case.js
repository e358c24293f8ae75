// One comparison case of the web entry, in plain JavaScript for any runtime with Web
// Streams: the Chromium page (page-runner.js) and Deno and Bun (runtime-runner.js). Cut the
// input into the given chunks, run ExtractStream or RewriteStream over them, and answer the
// Links (JSON) or the output's SHA-256 and length, as test/web/compare.ts answers for Node.

export const TARGETS = {absolute: 'absolute', relative: 'relative', function: link => `${link.value}"<'&>日本✓x`};

/** `input` cut at the given points (taken modulo the length, deduplicated). */
export function cut(input, cuts) {
	const points = [...new Set(cuts.map(c => c % (input.length + 1)))].sort((a, b) => a - b);
	const chunks = [];
	let last = 0;
	for (const point of [...points, input.length]) {
		chunks.push(input.slice(last, point));
		last = point;
	}
	return chunks;
}

async function run(stream, chunks) {
	const source = new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	const reader = source.pipeThrough(stream).getReader();
	const out = [];
	for (;;) {
		const {done, value} = await reader.read();
		if (done) return out;
		out.push(value);
	}
}

async function digest(bytes) {
	const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
	return Array.from(hash, b => b.toString(16).padStart(2, '0')).join('');
}

/** The answer for one case: `web` is the linkstream/web module, `bytes` the case's input. */
export async function runCase(web, bytes, {options, cuts, strings, to}) {
	const input = strings ? new TextDecoder().decode(bytes) : bytes;
	const chunks = cut(input, cuts);
	if (to === undefined) return JSON.stringify(await run(new web.ExtractStream(options), chunks));
	const pieces = await run(new web.RewriteStream({...options, to: TARGETS[to]}), chunks);
	if (!pieces.every(piece => (strings ? typeof piece === 'string' : piece instanceof Uint8Array)))
		return 'wrong chunk type';
	const output = strings
		? new TextEncoder().encode(pieces.join(''))
		: new Uint8Array(await new Blob(pieces).arrayBuffer());
	return `${await digest(output)} ${output.length}`;
}
