/**
 * Escaping a value of millions of characters that each need a reference or an escape (a 16 MB
 * href of `&amp`: 4 M `&` written back as `&amp;`) built its result by `+=`, which V8 keeps as
 * a rope of one 32-byte node a piece until read: some 130 MB for a 20 MB result. Each escape
 * runs here in a child whose old generation (40 MB) the rope of a 2 Mi-unit value overran
 * (the old code died out of memory; checked by stashing the fix: all five failed), and the joined result fits.
 */
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import test from 'ava';

const module = (name: string): string =>
	JSON.stringify(fileURLToPath(new URL(`../../src/rewrite/${name}`, import.meta.url)));

const UNITS = 2 << 20;

const CASES: ReadonlyArray<[string, string, string, number]> = [
	['escapeAttribute', 'escape-html.ts', `escapeAttribute('&'.repeat(${UNITS}), '"')`, 5 * UNITS],
	['escapeXmlAttribute', 'escape-xml.ts', `escapeXmlAttribute('&'.repeat(${UNITS}), '"')`, 5 * UNITS],
	['escapeCssString', 'escape-css.ts', `escapeCssString('"'.repeat(${UNITS}))`, 2 * UNITS],
	['escapeCssUrl', 'escape-css.ts', `escapeCssUrl('('.repeat(${UNITS}))`, 2 * UNITS],
	['percentEncodeWhere', 'escape-url.ts', `percentEncodeWhere(' '.repeat(${UNITS}), c => c === 32)`, 3 * UNITS],
];

for (const [name, file, call, length] of CASES) {
	test(`${name} of ${UNITS} units each escaped: the result is joined flat, within a 40 MB heap`, t => {
		const code = `const {${name}} = await import(${module(file)}); process.stdout.write(String(${call}.length));`;
		const child = spawnSync(
			process.execPath,
			['--max-old-space-size=40', '--import', 'tsx', '--input-type=module', '-e', code],
			{encoding: 'utf8'},
		);
		t.is(child.status, 0, child.stderr.slice(0, 300));
		t.is(child.stdout, String(length));
	});
}
