// The built command (dist/) with a smaller worker thread heap, for bench/hostile.ts's redo
// rows: `node bench/hooked-bin-child.mjs HEAP_MB ARGS...`. The shipped command reads no test
// seam from the environment; like the tests' entry (test/helpers/cli-entry.ts), this sets
// dist/cli/work/hooks.js before it runs dist/cli/bin.js unchanged.
const {hooks} = await import(new URL('../dist/cli/work/hooks.js', import.meta.url).href);
const mb = Number(process.argv[2]);
if (!Number.isInteger(mb) || mb < 1) {
	process.stderr.write(`hooked-bin-child: expected the thread heap in MB first, got ${process.argv[2]}\n`);
	process.exit(2);
}
hooks.threadHeapMb = mb;
process.argv.splice(2, 1);
await import(new URL('../dist/cli/bin.js', import.meta.url).href);
