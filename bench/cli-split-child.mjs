/**
 * Child process of bench/cli.ts: the bound of `linkstream extract -j N` on this machine, the
 * library (cli-ceiling-child.mjs) in N processes at once, each on 1/N of the folder's files.
 * Each pays Node's start and its own JIT warm-up, as a worker thread of the command does.
 *
 * Usage: node bench/cli-split-child.mjs N DIR
 */
import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const [n, dir] = process.argv.slice(2);
const child = fileURLToPath(new URL('cli-ceiling-child.mjs', import.meta.url));
const runs = Array.from(
	{length: Number(n)},
	(_, part) =>
		new Promise((resolve, reject) => {
			const process_ = spawn(process.execPath, [child, 'folder', dir, String(part), n], {
				stdio: ['ignore', 'ignore', 'inherit'],
			});
			process_.once('error', reject);
			process_.once('exit', code =>
				code === 0 ? resolve() : reject(new Error(`bench/cli-split-child: part ${part} exited ${code}`)),
			);
		}),
);
await Promise.all(runs);
