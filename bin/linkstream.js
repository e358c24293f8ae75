#!/usr/bin/env node
// The linkstream command. Runs the compiled CLI from dist/ (built by `npm run build`,
// which `npm ci` runs through the `prepare` script).
import {existsSync} from 'node:fs';

const compiled = new URL('../dist/cli/bin.js', import.meta.url);
if (!existsSync(compiled)) {
	process.stderr.write('linkstream: dist/ is missing; run "npm run build" (npm ci does it) first.\n');
	process.exit(2);
}
await import(compiled.href);
