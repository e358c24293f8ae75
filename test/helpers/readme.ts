/** The README's code examples, read from README.md itself, for the suites that run them. */
import {readFileSync} from 'node:fs';

const README = new URL('../../README.md', import.meta.url);

/** The body of the first fenced code block in README.md (of `language`) that contains `marker`. */
export function readmeBlock(language: string, marker: string): string {
	const fence = '```';
	const text = readFileSync(README, 'utf8');
	let at = 0;
	for (;;) {
		const open = text.indexOf(`\n${fence}${language}\n`, at);
		if (open < 0) throw new Error(`README.md has no ${language} block containing ${JSON.stringify(marker)}`);
		const start = open + fence.length + language.length + 2;
		const close = text.indexOf(`\n${fence}\n`, start);
		const body = text.slice(start, close + 1);
		if (body.includes(marker)) return body;
		at = close;
	}
}
