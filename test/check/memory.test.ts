/**
 * Memory is bounded by the site's targets and ids, not its bytes: the ids a run keeps
 * must not hold their documents' text alive (V8 keeps a slice of 13 characters or more
 * as a view into its parent). 40 documents of 2 MB, an id every 100 kB, checked in a
 * process whose heap is capped under the documents' total (80 MB).
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';

test('ids of 80 MB of documents kept in a 48 MB heap', t => {
	const root = mkdtempSync(join(tmpdir(), 'check-memory-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	const filler = `<p>${'x'.repeat(100_000)}</p>\n`;
	for (let file = 0; file < 40; file++) {
		let html = `<a href="d${(file + 1) % 40}.html#a-long-section-identifier-19">next</a>\n`;
		for (let k = 0; k < 20; k++) html += `<h2 id="a-long-section-identifier-${k}">${k}</h2>${filler}`;
		writeFileSync(join(root, `d${file}.html`), html);
	}
	const script = `import {checkSite} from './src/index.ts';
const run = checkSite(${JSON.stringify(root)}, {site: 'https://example.com/'});
for await (const finding of run) console.log(finding.url);
console.log(JSON.stringify(run.summary));`;
	const result = spawnSync(
		process.execPath,
		['--max-old-space-size=48', '--import', 'tsx', '--input-type=module', '-e', script],
		{encoding: 'utf8', timeout: 110_000},
	);
	t.is(result.status, 0, result.stderr.slice(-2000));
	t.is(result.stdout, '{"files":40,"failed":0,"checked":40,"broken":0,"skipped":0}\n');
});
