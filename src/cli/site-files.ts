/**
 * The files of a static site for `linkstream rewrite --in-place | --out | --dry-run`:
 * PATH arguments (folders walked in sorted order, files, glob patterns) become entries
 * with their path under their root, which gives both their URL under `--site` and their
 * place under `--out`.
 */
import {lstat, readdir, stat} from 'node:fs/promises';
import {basename, extname, isAbsolute, join} from 'node:path';
import type {Dialect, InputType} from '../types.js';
import {optionError} from '../options.js';
import {escapeComponent, normalize} from '../uri/index.js';
import {isStaleTemporary, isTemporary} from './atomic.js';
import {DOCUMENT_TYPE_BY_EXTENSION, patternRoot} from './inputs.js';

/** Files a site build step rewrites, by extension; every other file is left as it is. */
const REWRITTEN: Readonly<Record<string, InputType>> = DOCUMENT_TYPE_BY_EXTENSION;

/** Directory indexes: served as their folder's URL (`a/index.html` is `a/`). */
const INDEXES: readonly string[] = ['index.html', 'index.htm'];

/**
 * One entry of the site: a document to rewrite, another file (copied with `--out`), a
 * symbolic link (recreated with `--out`), a folder (created with `--out`, so empty ones
 * are kept), or a stale temporary file of an interrupted run.
 */
export type SiteEntry =
	| {kind: 'document'; path: string; relative: string; type: InputType}
	| {kind: 'other' | 'symlink' | 'folder' | 'stale'; path: string; relative: string};

/**
 * The entries of the PATH arguments. `explicit` (`--type`) applies to files named on the
 * command line; walked files are typed by extension. A missing path or a pattern matching
 * nothing goes to `onError`.
 *
 * @example
 * await siteEntries(['dist'], undefined, report); // [{kind: 'document', path: 'dist/index.html', relative: 'index.html', type: 'html'}, ...]
 */
export async function siteEntries(paths: readonly string[], explicit: InputType | undefined, onError: (path: string, message: string) => void): Promise<SiteEntry[]> {
	const entries: SiteEntry[] = [];
	for (const path of paths) {
		const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
		if (info instanceof Error) {
			if (info.code === 'ENOENT' && isGlob(path)) entries.push(...(await globEntries(path, explicit, onError)));
			else onError(path, info.code === 'ENOENT' ? 'no such file or folder' : info.message);
		} else if (info.isDirectory()) {
			await walk(path, '', entries);
		} else {
			entries.push(fileEntry(path, basename(path), explicit));
		}
	}
	return entries;
}

function fileEntry(path: string, relative: string, explicit: InputType | undefined): SiteEntry {
	const type = explicit ?? documentType(path);
	return type === undefined ? {kind: 'other', path, relative} : {kind: 'document', path, relative, type};
}

/**
 * The type a walk gives a file: by extension, or undefined for files left as they are.
 *
 * @example
 * documentType('guide/index.HTML'); // 'html'
 * documentType('img/logo.svg'); // 'xml'
 * documentType('img/logo.png'); // undefined
 */
export function documentType(path: string): InputType | undefined {
	return REWRITTEN[extname(path).toLowerCase()];
}

async function walk(folder: string, prefix: string, into: SiteEntry[]): Promise<void> {
	const dirents = await readdir(folder, {withFileTypes: true});
	dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	for (const dirent of dirents) {
		const path = join(folder, dirent.name);
		const relative = prefix + dirent.name;
		if (dirent.isDirectory()) {
			into.push({kind: 'folder', path, relative});
			await walk(path, `${relative}/`, into);
		} else if (dirent.isSymbolicLink()) {
			into.push({kind: 'symlink', path, relative});
		} else if (dirent.isFile()) {
			if (isTemporary(dirent.name)) {
				if (isStaleTemporary(dirent.name)) into.push({kind: 'stale', path, relative});
			} else {
				into.push(fileEntry(path, relative, undefined));
			}
		}
	}
}

/** A pattern's files, each under the pattern's folder part (`dist/**\/*.html`: under `dist`). */
async function globEntries(pattern: string, explicit: InputType | undefined, onError: (path: string, message: string) => void): Promise<SiteEntry[]> {
	const {glob} = await import('tinyglobby'); // loaded when a pattern comes (extract imports this module for fileUrl)
	const files = (await glob(pattern, {onlyFiles: true, expandDirectories: false, absolute: isAbsolute(pattern)})).sort();
	if (files.length === 0) onError(pattern, 'no file matches this pattern');
	const root = patternRoot(pattern);
	const entries: SiteEntry[] = [];
	for (const file of files) {
		if (isTemporary(basename(file)) || (await lstat(file)).isSymbolicLink()) continue;
		entries.push(fileEntry(file, file.startsWith(root) ? file.slice(root.length) : basename(file), explicit));
	}
	return entries;
}

/** Whether a PATH argument is a pattern (`*`, `?`, `[...]`, `{a,b}`): the shell left it unexpanded. */
function isGlob(path: string): boolean {
	return /[*?[\]{}]/.test(path);
}

/**
 * The site URL as a folder URL: normalized in the dialect, with a final `/` added when its
 * path lacks one (`https://example.com/docs` is the folder `docs/`). Null when it has a
 * query or fragment, or no hierarchical path, so it cannot be a folder.
 *
 * @example
 * siteFolder('HTTPS://Example.com/docs', 'whatwg'); // 'https://example.com/docs/'
 */
export function siteFolder(site: string, dialect: Dialect): string | null {
	let url: string;
	try {
		url = normalize(site, {dialect});
	} catch {
		return null;
	}
	if (/[?#]/.test(url) || !/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return null;
	return url.endsWith('/') ? url : `${url}/`;
}

/**
 * `--site URL` checked and made a folder URL ({@link siteFolder}); undefined when absent.
 *
 * @example
 * checkSite('https://example.com/docs', 'whatwg'); // 'https://example.com/docs/'
 * checkSite('https://example.com/?q', 'whatwg'); // throws an OptionError naming --site
 */
export function checkSite(site: string | undefined, dialect: Dialect): string | undefined {
	if (site === undefined) return undefined;
	const folder = siteFolder(site, dialect);
	if (folder === null) throw optionError('--site', 'an absolute URL of a folder such as "https://example.com/docs/" (no query or fragment)', site);
	return folder;
}

/**
 * The URL a file is served at: the site folder URL plus its path under the site root,
 * each segment percent-encoded as a literal name (RFC 3986 §3.3 segment: `%` itself
 * becomes `%25`, non-ASCII its UTF-8 octets per §2.5); a directory index is its folder's URL.
 *
 * @example
 * fileUrl('https://example.com/docs/', 'a b/index.html'); // 'https://example.com/docs/a%20b/'
 * fileUrl('https://example.com/docs/', '100%/ü.html'); // 'https://example.com/docs/100%25/%C3%BC.html'
 */
export function fileUrl(folder: string, relative: string): string {
	const segments = relative.split('/');
	if (INDEXES.includes(segments.at(-1) ?? '')) segments[segments.length - 1] = '';
	return folder + segments.map(segment => escapeComponent(segment.replaceAll('%', '%25'), 'segment')).join('/');
}
