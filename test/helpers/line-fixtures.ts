/**
 * linkify-it-style line fixtures (test/fixtures/links.txt upstream): one input per line;
 * in a "links" file an optional next line gives the expected first match; entries are
 * separated by blank lines; a line starting with `%` is a comment and counts as blank.
 *
 * Our own files (fixtures/text/) add two things, documented in fixtures/text/README.md:
 * `\n`, `\r`, `\t` and `\\` escapes in the input and expected lines (for wrapped URLs),
 * and an optional third line `url: ...` with the expected resolved URL. Peer files are read
 * with `escapes: false`, verbatim.
 */
export interface LineEntry {
	/** 1-based line number of the input. */
	line: number;
	input: string;
	/** The expected first match as written (delimiters excluded); the input itself when absent. */
	expected: string;
	/** The expected resolved URL (our files only). */
	url?: string;
}

export function unescapeLine(line: string): string {
	return line.replace(/\\([nrt\\])/g, (_, c: string) =>
		c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : '\\',
	);
}

function lines(text: string): string[] {
	return text.split(/\r?\n/).map(line => (line.startsWith('%') ? '' : line));
}

/** Entries of a "links" file: groups of consecutive non-blank lines. */
export function parseLinks(text: string, escapes: boolean): LineEntry[] {
	const all = lines(text);
	const entries: LineEntry[] = [];
	const decode = (line: string): string => (escapes ? unescapeLine(line) : line);
	for (let i = 0; i < all.length; i++) {
		if (all[i] === '') continue;
		const group: string[] = [];
		const line = i + 1;
		while (i < all.length && all[i] !== '') group.push(all[i++]!);
		const [input, expected, url] = group;
		if (group.length > 3 || (url !== undefined && !url.startsWith('url: '))) {
			throw new Error(`line ${line}: an entry is an input, an optional expected match and an optional "url: " line`);
		}
		const entry: LineEntry = {line, input: decode(input!), expected: decode(expected ?? input!)};
		if (url !== undefined) entry.url = url.slice('url: '.length);
		entries.push(entry);
	}
	return entries;
}

/** Entries of a "not links" file: every non-blank line. */
export function parseNotLinks(text: string, escapes: boolean): LineEntry[] {
	return lines(text).flatMap((line, index) => {
		if (line === '') return [];
		const input = escapes ? unescapeLine(line) : line;
		return [{line: index + 1, input, expected: ''}];
	});
}
