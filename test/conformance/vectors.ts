/**
 * Conformance: SHARED_DIR/reference/resolution-vectors.json, every row in its own dialect
 * (rfc2396 or rfc3986: `expect`), and every row's `whatwg` value through the whatwg dialect
 * (`{"failure": true}`: resolve must throw a TypeError). Two checks per row.
 *
 * Usage: npx tsx test/conformance/vectors.ts SHARED_DIR
 * Ends with `vectors: P passed, F failed`; exit 0 when every failure is a known difference.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Dialect} from '../../src/types.js';
import {resolve} from '../../src/uri/index.js';

/** Check title -> reason. None so far. */
const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map();

interface Vector {
	base: string;
	ref: string;
	expect: string;
	dialect: Dialect;
	section: string;
	whatwg: string | {failure: true};
}

function attempt(ref: string, base: string, dialect: Dialect): string | null {
	try {
		return resolve(ref, base, {dialect});
	} catch (error) {
		if (!(error instanceof TypeError)) throw error;
		return null;
	}
}

function main(sharedDir: string): number {
	const {vectors} = JSON.parse(readFileSync(join(sharedDir, 'reference', 'resolution-vectors.json'), 'utf8')) as {
		vectors: Vector[];
	};
	let passed = 0;
	let failed = 0;
	let unexpected = 0;
	const record = (title: string, expected: string | null, got: string | null): void => {
		if (expected === got) {
			passed++;
			return;
		}
		failed++;
		const reason = KNOWN_DIFFERENCES.get(title);
		if (reason === undefined) unexpected++;
		console.log(
			`FAIL ${title}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}${reason === undefined ? '' : ` (known: ${reason})`}`,
		);
	};
	for (const v of vectors) {
		const title = `${v.section}: ${JSON.stringify(v.ref)} against ${v.base}`;
		record(`${v.dialect} ${title}`, v.expect, attempt(v.ref, v.base, v.dialect));
		record(`whatwg ${title}`, typeof v.whatwg === 'string' ? v.whatwg : null, attempt(v.ref, v.base, 'whatwg'));
	}
	console.log(`vectors: ${passed} passed, ${failed} failed`);
	return unexpected === 0 ? 0 : 1;
}

const sharedDir = process.argv[2];
if (sharedDir === undefined) {
	console.error('usage: npx tsx test/conformance/vectors.ts SHARED_DIR');
	process.exit(2);
}
process.exit(main(sharedDir));
