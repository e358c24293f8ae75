/**
 * The code examples of the documentation (README.md and docs/*.md), read from the pages
 * themselves, for the suites that run them: wherever an example moves, it is still run.
 */
import {readFileSync} from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

/**
 * The body of the first fenced code block of `language` that contains `marker`, in the
 * page at `path` (relative to the repository root, such as `docs/api.md`).
 *
 * @example
 * codeBlock('docs/web-streams.md', 'ts', '// Deno:'); // the Deno example's source
 */
export function codeBlock(path: string, language: string, marker: string): string {
	const fence = '```';
	const text = readFileSync(new URL(path, ROOT), 'utf8');
	let at = 0;
	for (;;) {
		const open = text.indexOf(`\n${fence}${language}\n`, at);
		if (open < 0) throw new Error(`${path} has no ${language} block containing ${JSON.stringify(marker)}`);
		const start = open + fence.length + language.length + 2;
		const close = text.indexOf(`\n${fence}\n`, start);
		const body = text.slice(start, close + 1);
		if (body.includes(marker)) return body;
		at = close;
	}
}
