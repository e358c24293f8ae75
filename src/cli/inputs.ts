/** Command-line inputs: files, folders (walked in sorted order), glob patterns and `-` for standard input. */
import {readdir, stat} from 'node:fs/promises';
import {basename, extname, isAbsolute, join, relative, sep} from 'node:path';
import type {ArchiveType, InputType} from '../types.js';
import {GZIP_SUFFIX, isGzipPath} from './open-document.js';
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

/** The type for a path: `--type` when given, else its extension (`page.html.gz` as `.html`), else html. */
export function inferType(path: string, explicit: AnyType | undefined): AnyType {
	return explicit ?? typeOf(path) ?? 'html';
}

/**
 * A file as an input: its type (inferType), whether it is decompressed as it is read (a
 * `.gz` file of a known or given type; a WARC reader reads gzip itself), and whether it is
 * sniffed first (no `--type` and an extension not in the table).
 *
 * @example
 * fileInput('notes.txt.gz', undefined); //=> {path: 'notes.txt.gz', type: 'text', gzip: true}
 * fileInput('photo.dat', undefined); //=> {path: 'photo.dat', type: 'html', sniff: true}
 */
export function fileInput(path: string, explicit: AnyType | undefined): Input {
	const known = typeOf(path);
	const type = explicit ?? known ?? 'html';
	const input: Input = {path, type};
	if (explicit === undefined && known === undefined) input.sniff = true;
	else if (type !== 'warc' && isGzipPath(path)) input.gzip = true;
	return input;
}

/** The type a file's extension gives, the extension before `.gz` for a gzip file. */
function typeOf(path: string): AnyType | undefined {
	const lower = path.toLowerCase();
	return TYPE_BY_EXTENSION[extname(isGzipPath(lower) ? lower.slice(0, -GZIP_SUFFIX.length) : lower)];
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
			const root = patternRoot(path);
			for (const file of files.sort()) inputs.push({...fileInput(file, explicit), relative: file.startsWith(root) ? file.slice(root.length) : basename(file)});
			continue;
		}
		try {
			const info = await stat(path);
			if (info.isDirectory()) {
				for (const file of await walk(path)) inputs.push({...fileInput(file, explicit), relative: relative(path, file).split(sep).join('/')});
			} else {
				inputs.push({...fileInput(path, explicit), relative: basename(path)});
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

/**
 * The folder part of a pattern, before its first segment with a wildcard, with a final `/`
 * (`dist/**\/*.html`: `dist/`; `*.html`: ``): its files' paths under it name their URLs under `--site`.
 *
 * @example
 * patternRoot('./dist/*\/*.html'); //=> 'dist/'
 */
export function patternRoot(pattern: string): string {
	const segments = pattern.split('/');
	const fixed = segments.slice(0, Math.max(0, segments.findIndex(isGlob))).join('/');
	return fixed === '' ? '' : `${fixed.replace(/^\.\//, '')}/`;
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
