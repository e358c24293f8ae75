/**
 * The import graph of a source folder: each `.ts` file and the files it imports by a
 * relative path (`import`, `import type`, `export … from`, a bare `import './x.js'` and a
 * literal `import('./x.js')`), and the circles in it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';

/** Every relative module a file names, in the order written. */
const SPECIFIER = /(?:\bimport|\bexport)(?:[^'";]*?\bfrom)?\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The `.ts` files under `root`, as paths relative to it with `/`. */
function sourceFiles(root: string): string[] {
	const out: string[] = [];
	const walk = (folder: string): void => {
		for (const entry of readdirSync(folder, {withFileTypes: true})) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
				out.push(relative(root, path).split('\\').join('/'));
		}
	};
	walk(root);
	return out.sort();
}

/** The relative imports of one module's text, as paths relative to the root (`.js` read as `.ts`). */
export function importsOf(file: string, text: string): string[] {
	const out: string[] = [];
	for (const match of text.matchAll(SPECIFIER)) {
		const target = join(dirname(file), match[1]!).split('\\').join('/').replace(/\.js$/, '.ts');
		out.push(target);
	}
	return out;
}

/** The import graph of `root`: file -> the files under `root` it imports. */
export function importGraph(root: string): Map<string, string[]> {
	const files = sourceFiles(root);
	const known = new Set(files);
	return new Map(
		files.map(file => [
			file,
			importsOf(file, readFileSync(join(root, file), 'utf8')).filter(target => known.has(target)),
		]),
	);
}

/**
 * The circles of a graph: its strongly connected components of more than one file (and a
 * file importing itself), each sorted, by Tarjan's algorithm (iterative, so a deep chain of
 * imports cannot overflow the stack).
 *
 * @example
 * importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])); //=> [['a.ts', 'b.ts']]
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const circles: string[][] = [];
	let next = 0;
	for (const start of graph.keys()) {
		if (index.has(start)) continue;
		const work: Array<[string, number]> = [[start, 0]];
		index.set(start, next);
		low.set(start, next++);
		stack.push(start);
		onStack.add(start);
		while (work.length > 0) {
			const frame = work[work.length - 1]!;
			const [node, at] = frame;
			const targets = graph.get(node) ?? [];
			if (at < targets.length) {
				frame[1]++;
				const target = targets[at]!;
				if (!index.has(target)) {
					index.set(target, next);
					low.set(target, next++);
					stack.push(target);
					onStack.add(target);
					work.push([target, 0]);
				} else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
				continue;
			}
			work.pop();
			const parent = work[work.length - 1];
			if (parent !== undefined) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
			if (low.get(node) !== index.get(node)) continue;
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
		}
	}
	return circles;
}
