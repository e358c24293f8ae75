/**
 * Conformance: SHARED_DIR/peer-tests/wpt/urltestdata.json (web-platform-tests) through the
 * whatwg dialect: `resolve(input, base, {dialect: 'whatwg'})`, or `absolutize(input)` where
 * the base is null. A row passes when we give its `href`, or throw (resolve) / return null
 * (absolutize) where it expects failure.
 *
 * The whatwg dialect delegates to Node's `URL`, so rows that Node's own `URL` gets wrong are
 * not ours: they are counted as "node-differs" (newer spec changes than this Node, e.g. spaces
 * before `?`/`#` in opaque paths, `xn--` labels, `^` in paths), listed by count, and counted
 * neither as passed nor failed. Every other miss is a failure.
 *
 * Usage: npx tsx test/conformance/wpt.ts SHARED_DIR
 * Ends with `wpt: P passed, F failed`; exit 0 when every failure is a known difference.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {absolutize, resolve} from '../../src/uri/index.js';

/** Row title -> reason. None: Node's own misses are detected per run, see above. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map();

interface Row {
	input: string;
	base: string | null;
	href?: string;
	failure?: boolean;
}

/** What our whatwg dialect answers: the href, or null for failure. */
function ours(row: Row): string | null {
	if (row.base === null) return absolutize(row.input, {dialect: 'whatwg'});
	try {
		return resolve(row.input, row.base, {dialect: 'whatwg'});
	} catch (error) {
		if (!(error instanceof TypeError)) throw error;
		return null;
	}
}

/** What Node's `URL` answers on its own. */
function nodes(row: Row): string | null {
	try {
		return row.base === null ? new URL(row.input).href : new URL(row.input, row.base).href;
	} catch {
		return null;
	}
}

function main(sharedDir: string): number {
	const data = JSON.parse(readFileSync(join(sharedDir, 'peer-tests', 'wpt', 'urltestdata.json'), 'utf8')) as Array<
		Row | string
	>;
	let passed = 0;
	let failed = 0;
	let nodeDiffers = 0;
	let unexpected = 0;
	for (const row of data) {
		if (typeof row === 'string') continue; // a comment
		const expected = row.failure === true ? null : (row.href ?? null);
		const title = `${JSON.stringify(row.input)} against ${JSON.stringify(row.base)}`;
		if (nodes(row) !== expected) {
			nodeDiffers++;
			continue;
		}
		const got = ours(row);
		if (got === expected) {
			passed++;
			continue;
		}
		failed++;
		const reason = KNOWN_DIFFERENCES.get(title);
		if (reason === undefined) unexpected++;
		console.log(
			`FAIL ${title}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}${reason === undefined ? '' : ` (known: ${reason})`}`,
		);
	}
	console.log(
		`node-differs: ${nodeDiffers} rows where Node ${process.version}'s own URL disagrees with the data (not counted)`,
	);
	console.log(`wpt: ${passed} passed, ${failed} failed`);
	return unexpected === 0 ? 0 : 1;
}

const sharedDir = process.argv[2];
if (sharedDir === undefined) {
	console.error('usage: npx tsx test/conformance/wpt.ts SHARED_DIR');
	process.exit(2);
}
process.exit(main(sharedDir));
