/**
 * Seed documents for the mutation fuzzer: the project's fixtures, or the HTML pages of a
 * corpus folder given at run time (scripts/fuzz.ts --corpus DIR). Nothing is copied.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {InputType} from '../../src/types.js';
import type {Seed} from './generators.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);

const TYPES: ReadonlyArray<[RegExp, InputType]> = [
	[/\.xhtml$/, 'xhtml'],
	[/\.html?$/, 'html'],
	[/\.css$/, 'css'],
	[/\.txt$/, 'text'],
];

function typeOf(name: string): InputType | undefined {
	return TYPES.find(([pattern]) => pattern.test(name))?.[1];
}

function folder(path: string): Seed[] {
	let names: string[];
	try {
		names = readdirSync(path).sort();
	} catch {
		return [];
	}
	return names.flatMap(name => {
		const type = typeOf(name);
		return type === undefined ? [] : [{name, type, bytes: new Uint8Array(readFileSync(join(path, name)))}];
	});
}

/** The fixture pages, style sheet and text files. */
export function fixtureSeeds(): Seed[] {
	return ['html', 'html-unit', 'css', 'text', 'readme'].flatMap(name => folder(new URL(`${name}/`, FIXTURES).pathname));
}

/** The pages of a corpus folder (e.g. ../shared/corpus/html). */
export function corpusSeeds(dir: string): Seed[] {
	return folder(dir);
}
