/**
 * Browser check of relative rewrites (no browser needed: the rows are committed in
 * fixtures/html/rewrite-browser.json, written by scripts/browser-rewrite.ts): for each
 * fixture page, Chromium's URLs for the original and for the relative rewrite, in place
 * and moved two folders deeper, are the same, row for row. Same-document and empty
 * references of a moved copy follow the document by design (src/rewrite/targets.ts) and
 * are compared against the moved document instead. The rewrite must still give the bytes
 * that were loaded (sha256), or the expectations are stale.
 */
import {readFileSync} from 'node:fs';
import test from 'ava';
import {rewriteLinks} from '../../src/index.js';
import {sha256, type RewriteCheck} from '../../scripts/browser-rewrite.js';

const DIR = new URL('../../fixtures/html/', import.meta.url);
const {checks} = JSON.parse(readFileSync(new URL('rewrite-browser.json', DIR), 'utf8')) as {checks: RewriteCheck[]};

interface KnownDifference {
	page: string;
	variant: RewriteCheck['variant'];
	/** The row's value as the DOM holds it in the original. */
	value: string;
	reason: string;
}

/**
 * Rows where the moved copy deliberately differs: none. (A BASE after the references used
 * to be one: `rewriteLinks` now holds them to the end of the document, so the late BASE
 * governs them in the rewrite as in Chromium: see late-base-*.html and base-in-body.html.)
 */
const KNOWN_DIFFERENCES: readonly KnownDifference[] = [];

function sameDocument(value: string): boolean {
	const v = value.trim();
	return v === '' || v.startsWith('#');
}

test('the committed rewrites are what rewriteLinks gives today', t => {
	t.true(checks.length > 0);
	for (const check of checks) {
		const body = readFileSync(new URL(check.page, DIR));
		// As scripts/browser-rewrite.ts rewrote them: every reference relativized, none kept absolute (an absolute one resolves to itself).
		const rewritten = rewriteLinks(body, {
			type: 'html',
			retrievalUrl: check.retrievalUrl,
			documentUrl: check.documentUrl,
			to: 'relative',
			keepAbsolute: [],
		});
		t.is(
			sha256(rewritten),
			check.rewritten,
			`${check.page} (${check.variant}): regenerate with npx tsx scripts/browser-rewrite.ts`,
		);
	}
});

for (const check of checks) {
	test(`Chromium resolves the same URLs after a relative rewrite: ${check.page} (${check.variant})`, t => {
		t.is(check.rewrittenRows.length, check.original.length, 'the same rows');
		for (const [i, original] of check.original.entries()) {
			const row = check.rewrittenRows[i];
			if (row === undefined) continue;
			const [element, attribute, value, url] = original;
			t.deepEqual([row[0], row[1]], [element, attribute], `row ${i}`);
			const known = KNOWN_DIFFERENCES.find(
				d => d.page === check.page && d.variant === check.variant && d.value === value,
			);
			if (known !== undefined) {
				t.not(row[3], url, `known difference no longer differs: ${known.reason}`);
				continue;
			}
			if (check.variant === 'moved' && sameDocument(value)) {
				// Kept as written: it resolves against the rewritten page's base (the pinned BASE,
				// or the moved document itself), or, for an empty form action, the document URL.
				t.is(row[2], value, `row ${i}: kept as written`);
				const allowed = [url, resolveOrNull(value.trim(), check.rewrittenBase), check.documentUrl];
				t.true(
					allowed.includes(row[3]),
					`row ${i}: ${element} ${attribute} ${JSON.stringify(value)} gave ${String(row[3])}`,
				);
				continue;
			}
			t.is(row[3], url, `row ${i}: ${element} ${attribute} ${JSON.stringify(value)} -> ${JSON.stringify(row[2])}`);
		}
	});
}

function resolveOrNull(value: string, base: string): string | null {
	try {
		return new URL(value, base).href;
	} catch {
		return null;
	}
}
