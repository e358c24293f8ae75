/**
 * Each command's option table lives on its own (src/cli/arguments/*-options.ts) and the
 * command line is parsed over all of them joined: an option two commands share must mean
 * the same in both (its type and short letter), or the table joined last would win silently.
 */
import test from 'ava';
import {CHECK_OPTIONS} from '../../src/cli/arguments/check-options.js';
import {EXTRACT_OPTIONS} from '../../src/cli/arguments/extract-options.js';
import {REWRITE_OPTIONS} from '../../src/cli/arguments/rewrite-options.js';
import {RELATIVIZE_OPTIONS, RESOLVE_OPTIONS} from '../../src/cli/arguments/uri-options.js';

const TABLES: Record<string, Readonly<Record<string, {type: string; short?: string}>>> = {
	extract: EXTRACT_OPTIONS,
	rewrite: REWRITE_OPTIONS,
	check: CHECK_OPTIONS,
	resolve: RESOLVE_OPTIONS,
	relativize: RELATIVIZE_OPTIONS,
};

test('an option shared by several commands has one type and one short letter', t => {
	const seen = new Map<string, [string, {type: string; short?: string}]>();
	for (const [command, table] of Object.entries(TABLES)) {
		for (const [name, option] of Object.entries(table)) {
			const first = seen.get(name);
			if (first === undefined) seen.set(name, [command, option]);
			else t.deepEqual(option, first[1], `--${name}: ${first[0]} and ${command}`);
		}
	}
	// The shared ones, by hand from the tables: -j for jobs everywhere it is taken.
	t.deepEqual(seen.get('jobs')?.[1], {type: 'string', short: 'j'});
	t.true(seen.size >= 33);
});

test('a short letter names one option', t => {
	const shorts = new Map<string, string>();
	for (const table of Object.values(TABLES)) {
		for (const [name, option] of Object.entries(table)) {
			if (option.short === undefined) continue;
			t.is(shorts.get(option.short) ?? name, name, `-${option.short}`);
			shorts.set(option.short, name);
		}
	}
});
