/**
 * The linkstream/web entry bundled as a browser would get it (esbuild, platform browser,
 * ESM, minified), for the bundle test, the Chromium suite and the bench. A free `Buffer`,
 * `process` or `global` is renamed to a marker (esbuild `define` touches only free
 * identifiers, not properties or strings), so the output shows any use of Node globals;
 * an import of a Node built-in fails the build (platform browser resolves none).
 */
import * as esbuild from 'esbuild';
import {gzipSync} from 'node:zlib';

export const ENTRY = new URL('../../src/web.ts', import.meta.url).pathname;

/** The markers a free Node global becomes in the output. */
export const NODE_GLOBALS: Readonly<Record<string, string>> = {
	Buffer: '__NODE_GLOBAL_Buffer__',
	process: '__NODE_GLOBAL_process__',
	global: '__NODE_GLOBAL_global__',
	setImmediate: '__NODE_GLOBAL_setImmediate__',
};

export interface Bundle {
	text: string;
	gzipBytes: number;
	inputs: string[];
	/** Node globals used as free identifiers in the output. */
	nodeGlobals: string[];
}

/** Bundle `entry` (default: src/web.ts), or the module `contents` (for the test's own counter-examples). */
export async function bundleWeb(source: {entry?: string; contents?: string} = {}): Promise<Bundle> {
	const result = await esbuild.build({
		...(source.contents === undefined
			? {entryPoints: [source.entry ?? ENTRY]}
			: {
					stdin: {contents: source.contents, resolveDir: new URL('../../src/', import.meta.url).pathname, loader: 'ts'},
				}),
		bundle: true,
		platform: 'browser',
		format: 'esm',
		minify: true,
		write: false,
		metafile: true,
		logLevel: 'silent',
		define: NODE_GLOBALS,
	});
	const text = result.outputFiles[0]?.text ?? '';
	return {
		text,
		gzipBytes: gzipSync(text).length,
		inputs: Object.keys(result.metafile.inputs),
		nodeGlobals: Object.entries(NODE_GLOBALS)
			.filter(([, marker]) => text.includes(marker))
			.map(([name]) => name),
	};
}
