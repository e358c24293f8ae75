/** Pass and fail counts of one runtime in test/conformance/runtimes.ts, failures printed briefly. */

/** A runtime's tally: its version, or why it did not run. */
export interface Tally {
	name: string;
	version?: string;
	skipped?: string;
	seconds?: number;
	passed: number;
	failed: number;
}

const DETAIL_CHARS = 600;

/** Count one comparison; a failure prints what it was and `detail()`. */
export function check(tally: Tally, what: string, ok: boolean, detail: () => string): void {
	if (ok) {
		tally.passed++;
		return;
	}
	tally.failed++;
	const text = detail();
	console.log(`FAIL ${tally.name} ${what}: ${text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}...` : text}`);
}
