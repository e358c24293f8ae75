// The Deno and Bun side of test/conformance/runtimes.ts (plain JavaScript, run by the
// runtime itself): `runtime-runner.js ORIGIN WEB_MODULE_URL`. Fetches the job list from the
// suite's loopback server, answers each job (run-case.js) with the linkstream/web module
// given, and prints the answers as one JSON array. An exception in a job is its answer.
import {runCase} from './run-case.js';

const [origin, moduleUrl] = globalThis.Deno ? Deno.args : process.argv.slice(2);
const web = await import(moduleUrl);
const jobs = await (await fetch(`${origin}/jobs`)).json();
const cache = new Map();
const answers = [];
for (const job of jobs) {
	if (!cache.has(job.url)) cache.set(job.url, new Uint8Array(await (await fetch(`${origin}${job.url}`)).arrayBuffer()));
	try {
		answers.push(await runCase(web, cache.get(job.url), job));
	} catch (error) {
		answers.push(`threw ${error}`);
	}
}
console.log(JSON.stringify(answers));
