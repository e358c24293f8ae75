/** Command-line inputs: files, folders (walked in sorted order), glob patterns and `-` for standard input. */
import {readdir, stat} from 'node:fs/promises';
import {extname, isAbsolute, join} from 'node:path';
import type {ArchiveType, InputType} from '../types.js';
import type {Input} from './sources.js';

export type {Input} from './sources.js';

type AnyType = InputType | ArchiveType;

/**
 * Markup, XML and style sheets by extension: what `extract` reads as such and what a site
 * rewrite rewrites (feeds, sitemaps, OPML, SVG and XSLT are XML documents).
 */
export const DOCUMENT_TYPE_BY_EXTENSION: Readonly<Record<string, InputType>> = {
	'.html': 'html',
	'.htm': 'html',
	'.shtml': 'html',
	'.xhtml': 'xhtml',
	'.xht': 'xhtml',
	'.xml': 'xml',
	'.rss': 'xml',
	'.atom': 'xml',
	'.rdf': 'xml',
	'.opml': 'xml',
	'.svg': 'xml',
	'.xsl': 'xml',
	'.xslt': 'xml',
	'.css': 'css',
};

const TYPE_BY_EXTENSION: Readonly<Record<string, AnyType>> = {
	...DOCUMENT_TYPE_BY_EXTENSION,
	'.txt': 'text',
	'.text': 'text',
	'.md': 'text',
	'.log': 'text',
	'.mbox': 'mbox',
	'.mbx': 'mbox',
	'.eml': 'eml',
	'.mht': 'eml',
	'.mhtml': 'eml',
	'.news': 'news',
	'.warc': 'warc',
	'.arc': 'warc', // read to be rejected clearly as ARC
};

/** The type for a path: `--type` when given, else its extension (`.warc.gz` as `.warc`), else html. */
export function inferType(path: string, explicit: AnyType | undefined): AnyType {
	return explicit ?? typeOf(path) ?? 'html';
}

function typeOf(path: string): AnyType | undefined {
	const lower = path.toLowerCase();
	const plain = lower.endsWith('.warc.gz') || lower.endsWith('.arc.gz') ? lower.slice(0, -3) : lower;
	return TYPE_BY_EXTENSION[extname(plain)];
}

/** Whether a folder walk takes this file (only types it can infer). */
function walkable(path: string): boolean {
	return typeOf(path) !== undefined;
}

/**
 * Expand the PATH arguments: a folder yields its files of known types, sorted, recursively.
 * A missing path is reported through `onError` and skipped.
 */
export async function expandInputs(
	paths: readonly string[],
	explicit: AnyType | undefined,
	onError: (path: string, message: string) => void,
): Promise<Input[]> {
	const inputs: Input[] = [];
	for (const path of paths.length === 0 ? ['-'] : paths) {
		if (path === '-') {
			inputs.push({path, type: explicit ?? 'html'});
			continue;
		}
		if (isGlob(path) && !(await exists(path))) {
			const {glob} = await import('tinyglobby');
			const files = await glob(path, {onlyFiles: true, expandDirectories: false, absolute: isAbsolute(path)});
			if (files.length === 0) onError(path, 'no file matches this pattern');
			for (const file of files.sort()) inputs.push({path: file, type: inferType(file, explicit)});
			continue;
		}
		try {
			const info = await stat(path);
			if (info.isDirectory()) {
				for (const file of await walk(path)) inputs.push({path: file, type: inferType(file, explicit)});
			} else {
				inputs.push({path, type: inferType(path, explicit)});
			}
		} catch (error) {
			onError(path, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message);
		}
	}
	return inputs;
}

/** Whether a PATH argument is a pattern (`*`, `?`, `[...]`, `{a,b}`): the shell left it unexpanded. */
function isGlob(path: string): boolean {
	return /[*?[\]{}]/.test(path);
}

async function exists(path: string): Promise<boolean> {
	try {
		await stat(path);
		return true;
	} catch {
		return false;
	}
}

async function walk(folder: string): Promise<string[]> {
	const entries = await readdir(folder, {withFileTypes: true});
	entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	const files: string[] = [];
	for (const entry of entries) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) files.push(...(await walk(path)));
		else if (entry.isFile() && walkable(path)) files.push(path);
	}
	return files;
}
