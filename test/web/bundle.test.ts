/**
 * linkstream/web bundles for a browser with no Node built-in: no `node:*` (or bare
 * built-in) import anywhere in the entry's graph, no free `Buffer`/`process`/`global`,
 * and the gzipped bundle stays within its size budget (docs/web-streams.md).
 */
import test from 'ava';
import {builtinModules} from 'node:module';
import {bundleWeb} from './bundle.js';

/** The budget docs/web-streams.md gives for the gzipped bundle. */
const BUDGET_BYTES = 88 * 1024;

const builtins = new Set(builtinModules.flatMap(name => [name, `node:${name}`]));

test('the web entry bundles for platform browser with no Node built-in and no Node global', async t => {
	const bundle = await bundleWeb();
	t.deepEqual(
		bundle.inputs.filter(input => builtins.has(input) || input.startsWith('node:')),
		[],
	);
	t.deepEqual(bundle.nodeGlobals, []);
	t.false(/\brequire\(/.test(bundle.text), 'no CommonJS require left in the ESM bundle');
	t.true(bundle.inputs.some(input => input.endsWith('src/web.ts')));
	t.true(bundle.inputs.some(input => input.includes('src/stream/web/')));
	t.false(
		bundle.inputs.some(input => input.includes('src/stream/node/') || input.includes('iconv-lite')),
		'the Node adapter and iconv-lite stay out',
	);
});

test(`the gzipped bundle is under ${BUDGET_BYTES / 1024} KB`, async t => {
	const bundle = await bundleWeb();
	t.log(`bundle: ${bundle.text.length} bytes minified, ${bundle.gzipBytes} bytes gzipped`);
	t.true(bundle.gzipBytes < BUDGET_BYTES, `${bundle.gzipBytes} bytes`);
});

test("iconv-lite does not bundle for the browser (it needs Node's buffer and string_decoder): the web entry decodes with TextDecoder", async t => {
	await t.throwsAsync(
		bundleWeb({
			contents:
				"import iconv from 'iconv-lite'; export const decode = (bytes: Uint8Array) => iconv.decode(bytes as never, 'shiftjis');",
		}),
		{message: /Could not resolve "(buffer|string_decoder)"/},
	);
});

test('the check fails on a Node built-in import and on a free Buffer or process', async t => {
	await t.throwsAsync(bundleWeb({contents: "import {isAscii} from 'node:buffer'; export const ascii = isAscii;"}));
	await t.throwsAsync(bundleWeb({contents: "import {Transform} from 'stream'; export const T = Transform;"}));
	const globals = await bundleWeb({
		contents:
			'export const b = (x: string) => Buffer.from(x); export const env = () => process.env.X; export const ok = {Buffer: 1}.Buffer;',
	});
	t.deepEqual(globals.nodeGlobals, ['Buffer', 'process']);
	await t.throwsAsync(
		bundleWeb({contents: "export {createExtractStream} from './index.js';"}),
		{message: /Could not resolve "node:/},
		'the Node entry is caught',
	);
});
