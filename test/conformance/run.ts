/**
 * `npm run conformance [SHARED_DIR]`: every conformance suite of this folder against the
 * shared test data (default ../shared), one after another, as `.ci/run` runs them. Each
 * suite ends with `NAME: N passed, N failed` (or `NAME: skipped (reason)`) and exits 0 when
 * every failure is a documented difference. Prints each suite's last line, then the totals;
 * exits 1 when a suite failed.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync} from 'node:fs';
import {basename, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const shared = process.argv[2] ?? '../shared';
if (!existsSync(shared)) {
	console.error(
		`conformance: the shared data folder ${shared} is missing (give its path: npm run conformance -- PATH)`,
	);
	process.exit(2);
}
const here = fileURLToPath(new URL('.', import.meta.url));
const suites = readdirSync(here)
	.filter(name => name.endsWith('.ts') && name !== basename(fileURLToPath(import.meta.url)))
	.sort();
let passed = 0;
let failed = 0;
const broken: string[] = [];
for (const file of suites) {
	const name = file.slice(0, -3);
	const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file), shared], {
		encoding: 'utf8',
		maxBuffer: 1 << 28,
	});
	const lines = `${run.stdout}`.trim().split('\n');
	const summary = lines.findLast(line => line.startsWith(`${name}: `));
	const counts = summary?.match(/: (\d+) passed, (\d+) failed$/);
	if (run.status === 0 && summary?.startsWith(`${name}: skipped`)) {
		console.log(summary);
	} else if (run.status === 0 && counts !== null && counts !== undefined) {
		console.log(summary);
		passed += Number(counts[1]);
	} else {
		console.log(`${name}: exit ${run.status}, ${summary ?? 'no summary'}`);
		console.log(lines.slice(-20).join('\n'));
		if (run.stderr) console.log(run.stderr.trim().split('\n').slice(-10).join('\n'));
		broken.push(name);
		failed++;
	}
}
console.log(
	`conformance: ${passed} passed, ${failed} suites failed${broken.length > 0 ? ` (${broken.join(', ')})` : ''}`,
);
process.exitCode = failed === 0 ? 0 : 1;
