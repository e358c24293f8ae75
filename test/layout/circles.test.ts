/**
 * No import circle in src/: a module is read before whatever imports it, so layers stay
 * layers (a circle lets a value be used before its module ran, and ties files that could
 * be read alone).
 */
import test from 'ava';
import {fileURLToPath} from 'node:url';
import {importCircles, importGraph, importsOf} from '../helpers/imports.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

test('no import circle among the modules of src/', t => {
	const graph = importGraph(SRC);
	t.true(graph.size > 50, `src/ read: ${graph.size} modules`);
	t.deepEqual(
		importCircles(graph).map(circle => circle.join(' ~ ')),
		[],
	);
});

test('every form of a relative import is an edge', t => {
	const text = [
		"import {a} from './a.js';",
		"import type {B} from '../b.js';",
		"export {c} from './c.js';",
		"export * from './d.js';",
		"import './e.js';",
		"const f = await import('./f.js');",
		"import {\n\tg,\n\th,\n} from './gh.js';",
		"import {x} from 'node:fs';",
	].join('\n');
	t.deepEqual(importsOf('dir/file.ts', text), [
		'dir/a.ts',
		'b.ts',
		'dir/c.ts',
		'dir/d.ts',
		'dir/e.ts',
		'dir/f.ts',
		'dir/gh.ts',
	]);
});

test('circles found: two files, three, a file importing itself; a diamond is none', t => {
	const graph = new Map([
		['a.ts', ['b.ts']],
		['b.ts', ['a.ts', 'c.ts']],
		['c.ts', ['d.ts']],
		['d.ts', ['e.ts']],
		['e.ts', ['c.ts']],
		['self.ts', ['self.ts']],
		['top.ts', ['left.ts', 'right.ts']],
		['left.ts', ['bottom.ts']],
		['right.ts', ['bottom.ts']],
		['bottom.ts', []],
	]);
	const found = importCircles(graph)
		.map(circle => circle.join(' '))
		.sort();
	t.deepEqual(found, ['a.ts b.ts', 'c.ts d.ts e.ts', 'self.ts']);
});
