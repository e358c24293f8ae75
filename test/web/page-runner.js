// The in-page side of test/conformance/web-browser.ts (plain JavaScript, served as a
// module next to the linkstream/web bundle): fetch a case's bytes, cut them into the
// given chunks, run ExtractStream or RewriteStream over them, and answer the Links (JSON)
// or the output's SHA-256 and length.
import * as web from '/web.js';

const TARGETS = {absolute: 'absolute', relative: 'relative', function: (link) => `${link.value}"<'&>日本✓x`};

function cut(input, cuts) {
	const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
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
	return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

window.runCase = async ({url, options, cuts, strings, to}) => {
	const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
	const input = strings ? new TextDecoder().decode(bytes) : bytes;
	const chunks = cut(input, cuts);
	if (to === undefined) return JSON.stringify(await run(new web.ExtractStream(options), chunks));
	const pieces = await run(new web.RewriteStream({...options, to: TARGETS[to]}), chunks);
	if (!pieces.every((piece) => (strings ? typeof piece === 'string' : piece instanceof Uint8Array))) return 'wrong chunk type';
	const output = strings ? new TextEncoder().encode(pieces.join('')) : new Uint8Array(await new Blob(pieces).arrayBuffer());
	return `${await digest(output)} ${output.length}`;
};
window.ready = true;
