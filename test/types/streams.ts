/**
 * Type tests for the streams' public typings: checked by `npx tsc
 * --noEmit` (this folder is in tsconfig.json's `include`), never run. Each line below either
 * must typecheck, or carries `@ts-expect-error` and must fail to (an unused directive is
 * itself an error), so looser typings (`any` Links, `string | Uint8Array` output) fail here.
 */
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {createExtractStream} from '../../src/index.js';
import type {ExtractTransform, Link} from '../../src/index.js';
import {ExtractStream, RewriteStream} from '../../src/web.js';
import type {RewriteOutput} from '../../src/web.js';

/** `true` only when A and B are the same type (`any` is equal to nothing else). */
type Exact<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
const exact = <A, B>(_proof: Exact<A, B>): void => undefined;

export async function nodeExtract(): Promise<void> {
	const stream = Readable.from(['<a href="b.html">']).pipe(createExtractStream({type: 'html'}));
	exact<typeof stream, ExtractTransform>(true);
	for await (const link of stream) {
		exact<typeof link, Link>(true);
		// @ts-expect-error a Link has no such field (an `any` Link would accept it)
		link.href;
	}
	stream.on('data', link => exact<typeof link, Link>(true));
}

export async function nodePipeline(source: Readable): Promise<void> {
	// Still a Transform and a NodeJS.ReadWriteStream wherever one goes.
	const stream: NodeJS.ReadWriteStream = createExtractStream({type: 'html'});
	await pipeline(source, stream, new Writable({objectMode: true, write: (_link, _encoding, callback) => callback()}));
	await pipeline(source, createExtractStream({type: 'html'}), async (links: AsyncIterable<Link>) => {
		for await (const link of links) void link.url;
	});
}

export async function webExtract(body: ReadableStream<Uint8Array>): Promise<void> {
	for await (const link of body.pipeThrough(new ExtractStream({type: 'html'}))) {
		exact<typeof link, Link>(true);
	}
}

export function webRewriteResponse(response: Response): Response {
	// Node's Response.body is a ReadableStream<any>: taken as bytes, so Response accepts the output.
	const body = response.body!.pipeThrough(new RewriteStream({type: 'html', to: 'absolute'}));
	exact<typeof body, ReadableStream<Uint8Array>>(true);
	return new Response(body, response);
}

export function webRewrite(bytes: ReadableStream<Uint8Array>, text: ReadableStream<string>): void {
	const fromBytes = bytes.pipeThrough(new RewriteStream({type: 'html', to: 'absolute'}));
	exact<typeof fromBytes, ReadableStream<Uint8Array>>(true);
	const fromText = text.pipeThrough(new RewriteStream({type: 'html', to: 'absolute'}));
	exact<typeof fromText, ReadableStream<string>>(true);
	const given = new RewriteStream<string>({type: 'css', to: 'relative'});
	exact<typeof given.readable, ReadableStream<string>>(true);
	// @ts-expect-error strings in give strings out, not bytes
	const wrong: ReadableStream<Uint8Array> = given.readable;
	// @ts-expect-error a bytes stream takes no strings
	new RewriteStream<Uint8Array>({type: 'html', to: 'absolute'}).writable.getWriter().write('<a href=x>');
	exact<RewriteOutput<string | Uint8Array>, string | Uint8Array>(true);
	// biome-ignore lint/suspicious/noExplicitAny: the test is that an `any` type argument still gives bytes
	exact<RewriteOutput<any>, Uint8Array>(true);
	void wrong;
}
