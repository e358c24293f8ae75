/**
 * The documentation's API examples (docs/api.md, docs/web-streams.md) as files to
 * type-check and run against the installed package (test/conformance/package.ts): each
 * code block read from its page,
 * its `expr; //=> 'value'` comments turned into checks, the network addresses pointed at
 * the suite's loopback server.
 */
import {codeBlock} from './readme.js';

/** One `//=>` comment's expected value: the JavaScript string literal that starts it. */
const RESULT = /^\/\/=> ('(?:[^'\\]|\\.)*')/;
/** A statement with its result on the same line: `links[1].url; //=> '...'`. */
const INLINE_RESULT = /^(.*?);\s*(\/\/=> .*)$/;

const PRELUDE = `/** @param {unknown} actual @param {unknown} expected */
function check(actual, expected) {
	if (actual !== expected) throw new Error(\`docs example: got \${JSON.stringify(actual)}, expected \${JSON.stringify(expected)}\`);
	console.log('checked', JSON.stringify(expected));
}
`;

/** `code` (after `imports`) with each `//=>` result made a call to `check` (the prelude's). */
export function withChecks(code: string, imports = ''): string {
	const out: string[] = [];
	for (const line of code.split('\n')) {
		const inline = INLINE_RESULT.exec(line);
		const result = RESULT.exec((inline?.[2] ?? line).trim());
		if (result === null) {
			out.push(line);
		} else if (inline !== null) {
			out.push(`check(${inline[1]}, ${result[1]});`);
		} else {
			// The result on its own line: the statement before it is the expression.
			const statement = (out.pop() ?? '').replace(/;\s*$/, '');
			out.push(`check(${statement}, ${result[1]});`);
		}
	}
	return `${imports}${PRELUDE}${out.join('\n')}`;
}

/** The example files, by name, for a package installed as `linkstream`; `pageUrl` is a served page. */
export function readmeExamples(pageUrl: string): Record<string, string> {
	return {
		// Usage: the Node entry, one-shot and streaming (reads ./page.html).
		'usage.js': withChecks(codeBlock('docs/api.md', 'js', "from 'linkstream';")),
		// API: rewriteLinks, each result checked.
		'rewrite.js': withChecks(
			codeBlock('docs/api.md', 'js', 'rewriteLinks('),
			"import {rewriteLinks} from 'linkstream';\n",
		),
		// Web Streams: the fetch handler (driven by handler-run.ts) and the Deno example, run by Node.
		'handler.js': codeBlock('docs/web-streams.md', 'js', 'export default {'),
		'deno.ts': codeBlock('docs/web-streams.md', 'ts', '// Deno:')
			.replace("'npm:linkstream/web'", "'linkstream/web'")
			.replace("'https://example.com/'", JSON.stringify(pageUrl)),
		'handler-run.ts': `import handler from './handler.js';
const response = await handler.fetch(new Request(${JSON.stringify(pageUrl)}));
process.stdout.write(new Uint8Array(await response.arrayBuffer()));
`,
	};
}
