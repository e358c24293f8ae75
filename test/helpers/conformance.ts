/** What the conformance suites (test/conformance/*.ts) share: their checks' results and the closing line. */

/** One check of a conformance suite: its title, and what went wrong (null when it passed). */
export interface Result {
	title: string;
	problem: string | null;
}

/**
 * Print each failure (with its reason when `known` lists it) and the closing line
 * `NAME: P passed, F failed`; the exit status: 1 when a failure is not a known one.
 */
export function report(name: string, results: readonly Result[], known: ReadonlyMap<string, string>): number {
	let passed = 0;
	let failed = 0;
	let unexpected = 0;
	for (const {title, problem} of results) {
		if (problem === null) {
			passed++;
			continue;
		}
		failed++;
		const reason = known.get(title);
		if (reason === undefined) unexpected++;
		console.log(`FAIL ${title}: ${problem}${reason === undefined ? '' : ` (known: ${reason})`}`);
	}
	console.log(`${name}: ${passed} passed, ${failed} failed`);
	return unexpected === 0 ? 0 : 1;
}
