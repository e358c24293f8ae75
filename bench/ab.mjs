// A/B speed of two builds of linkstream over the shared corpus's HTML pages.
// Usage: node bench/ab.mjs SHARED_DIR DIST_A DIST_B [extract|rewrite] [ROUNDS]
// DIST_x: a dist/ folder INSIDE a checkout (its imports resolve through node_modules), e.g. the
//   build before a change: `npm run build && cp -r dist .base-dist`, then after it:
//   `npm run build && node bench/ab.mjs ../shared .base-dist dist extract 6`.
// Each round is a fresh process that loads both builds and alternates passes (A B A B ...),
// 6 timed passes each after 2 warm-ups, keeping each build's fastest; prints B/A per round and the
// median over rounds (below 1: B is faster). Identical builds give 1.00 ± ~0.03 on a quiet machine.
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {resolve} from 'node:path';
const [, self, shared, a0, b0, mode = 'extract', rounds = '5', child] = process.argv;
const a = resolve(a0),
	b = resolve(b0);
if (child === 'child') {
	const builds = [await import(a + '/index.js'), await import(b + '/index.js')];
	const dir = resolve(shared, 'corpus/html');
	const pages = readdirSync(dir)
		.filter(f => f.endsWith('.html'))
		.map(f => readFileSync(dir + '/' + f));
	const strings = pages.map(p => p.toString('utf8'));
	const url = 'https://example.com/dir/page.html';
	const pass = ({extractLinks, rewriteLinks}) => {
		let n = 0;
		if (mode === 'extract')
			for (const s of strings)
				for (const l of extractLinks(s, {type: 'html', retrievalUrl: url})) {
					if (l.url !== null && l.kind) n++;
				}
		else for (const p of pages) n += rewriteLinks(p, {type: 'html', retrievalUrl: url, to: 'absolute'}).length;
		return n;
	};
	const best = [Infinity, Infinity];
	for (let i = 0; i < 8; i++)
		for (const k of i % 2 ? [1, 0] : [0, 1]) {
			const t = performance.now();
			pass(builds[k]);
			if (i >= 2) best[k] = Math.min(best[k], performance.now() - t);
		}
	console.log(best.map(x => x.toFixed(1)).join(' '));
	process.exit(0);
}
const ratios = [];
for (let r = 0; r < Number(rounds); r++) {
	const out = spawnSync(process.execPath, ['--max-semi-space-size=64', self, shared, a, b, mode, '1', 'child'], {
		encoding: 'utf8',
	});
	const [x, y] = out.stdout.trim().split(' ').map(Number);
	if (!(x > 0 && y > 0)) {
		console.log(out.stdout, out.stderr);
		process.exit(1);
	}
	ratios.push(y / x);
	console.log(`round ${r + 1}: A ${x} ms  B ${y} ms  B/A ${(y / x).toFixed(3)}`);
}
ratios.sort((p, q) => p - q);
console.log(
	`median B/A ${ratios[Math.floor(ratios.length / 2)].toFixed(3)} (range ${ratios[0].toFixed(3)}–${ratios.at(-1).toFixed(3)}), ${mode}`,
);
