/**
 * The files of a static site for `linkstream rewrite --in-place | --out | --dry-run`:
 * PATH arguments (folders walked in sorted order, files, glob patterns) become entries
 * with their path under their root, which gives both their URL under `--site` and their
 * place under `--out`.
 */
import {realpath, stat} from 'node:fs/promises';
import {basename, dirname, extname, join} from 'node:path';
import type {Dialect, InputType} from '../../types.js';
import {optionError} from '../../options.js';
import {escapeComponent, normalize} from '../../uri/index.js';
import {isStaleTemporary, isTemporary} from '../output/atomic.js';
import {NOT_A_FILE, type FileId} from './file-id.js';
import {DOCUMENT_TYPE_BY_EXTENSION} from './file-types.js';
import {decodeName, fsPath, printable, segmentOctets} from './names.js';
import {globFiles, isGlob, walkFolder} from './walk.js';
import {pinnedPath} from './pinned-file.js';

/** Files a site build step rewrites, by extension; every other file is left as it is. */
const REWRITTEN: Readonly<Record<string, InputType>> = DOCUMENT_TYPE_BY_EXTENSION;

/** Directory indexes: served as their folder's URL (`a/index.html` is `a/`). */
const INDEXES: readonly string[] = ['index.html', 'index.htm'];

export type {FileId} from './file-id.js';

/**
 * One entry of the site: a document to rewrite, another file (copied with `--out`), a
 * symbolic link (recreated with `--out`), a folder (created with `--out`, so empty ones
 * are kept), or a stale temporary file of an interrupted run. `path` is as the file
 * system spells it (names.ts: bytes that are not UTF-8 escaped), `relative` its path
 * under its root.
 */
export type SiteEntry =
	| {kind: 'document'; path: string; relative: string; type: InputType; id: FileId}
	| {kind: 'other'; path: string; relative: string; id: FileId}
	| {kind: 'symlink' | 'folder' | 'stale'; path: string; relative: string};

/**
 * The entries of the PATH arguments. `explicit` (`--type`) applies to files named on the
 * command line; walked files are typed by extension. Folders and patterns are walked
 * without following symbolic links (walk.ts); with `once`, each file (device and inode)
 * comes once however often it is met by the same name, and a hard link (another name of a
 * file met) comes with a warning to `onWarning`. A missing path, a pattern matching nothing, or a
 * named path that is not a regular file or folder goes to `onError`.
 *
 * @example
 * await siteEntries(['dist'], undefined, report); // [{kind: 'document', path: 'dist/index.html', relative: 'index.html', type: 'html', id}, ...]
 */
export async function siteEntries(
	paths: readonly string[],
	explicit: InputType | undefined,
	onError: (path: string, message: string) => void,
	once = true,
	onWarning: (path: string, message: string) => void = () => undefined,
): Promise<SiteEntry[]> {
	const entries: SiteEntry[] = [];
	const seen = new Map<string, string>();
	const add = async (entry: SiteEntry): Promise<void> => {
		if (!('id' in entry) || !once) return void entries.push(entry);
		const key = `${entry.id.dev}:${entry.id.ino}`;
		const first = seen.get(key);
		if (first === undefined) {
			seen.set(key, entry.path);
			return void entries.push(entry);
		}
		// Met again by the same name (overlapping arguments, a linked folder): once. By another name, a
		// hard link: each name is a page at its own URL, rewritten as a file of its own.
		const [a, b] = await Promise.all([realName(first), realName(entry.path)]);
		if (a === b) return;
		onWarning(
			entry.path,
			`a hard link to ${printable(first)} (one file, two names): each name is rewritten for its own URL, as a file of its own (they no longer share one)`,
		);
		entries.push(entry);
	};
	for (const path of paths) {
		try {
			const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
			if (info instanceof Error && info.code === 'ENOENT' && isGlob(path))
				await globEntries(path, explicit, add, onError);
			else if (info instanceof Error) throw info;
			else if (info.isDirectory()) await walk(path, add);
			else if (info.isFile()) await add(fileEntry(await pinnedPath(path), basename(path), explicit, info));
			else onError(path, NOT_A_FILE);
		} catch (error) {
			onError(
				path,
				(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message,
			);
		}
	}
	return entries;
}

function fileEntry(path: string, relative: string, explicit: InputType | undefined, id: FileId): SiteEntry {
	const type = explicit ?? documentType(path);
	const file = {path, relative, id: {dev: id.dev, ino: id.ino}};
	return type === undefined ? {kind: 'other', ...file} : {kind: 'document', type, ...file};
}

/** A path's real folder and its own name: two names of one file (hard links) differ, one name met twice does not. */
async function realName(path: string): Promise<string> {
	const folder = await realpath(fsPath(dirname(path)), {encoding: 'buffer'}).then(decodeName, () => dirname(path));
	return join(folder, basename(path));
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

async function walk(folder: string, add: (entry: SiteEntry) => Promise<void>): Promise<void> {
	for await (const {kind, path, relative, name, id} of walkFolder(folder)) {
		if (kind === 'folder' || kind === 'symlink') await add({kind, path, relative});
		else if (kind === 'file' && isTemporary(name)) {
			if (isStaleTemporary(name)) await add({kind: 'stale', path, relative});
		} else if (kind === 'file' && id !== undefined) {
			await add(fileEntry(path, relative, undefined, id));
		}
	}
}

/** A pattern's regular files, each under the pattern's fixed folder (`dist/**\/*.html`: under `dist`). */
async function globEntries(
	pattern: string,
	explicit: InputType | undefined,
	add: (entry: SiteEntry) => Promise<void>,
	onError: (path: string, message: string) => void,
): Promise<void> {
	let matched = false;
	for await (const {path, relative, name, id} of globFiles(pattern)) {
		matched = true;
		if (!isTemporary(name) && id !== undefined) await add(fileEntry(path, relative, explicit, id));
	}
	if (!matched) onError(pattern, 'no file matches this pattern');
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
	if (folder === null)
		throw optionError(
			'--site',
			'an absolute URL of a folder such as "https://example.com/docs/" (no query or fragment)',
			site,
		);
	return folder;
}

/**
 * The URL a file is served at: the site folder URL plus its path under the site root,
 * each segment percent-encoded as a literal name (RFC 3986 §3.3 segment: `%` itself
 * becomes `%25`, non-ASCII its UTF-8 octets per §2.5, a byte of a name that is not UTF-8
 * itself, names.ts); a directory index is its folder's URL.
 *
 * @example
 * fileUrl('https://example.com/docs/', 'a b/index.html'); // 'https://example.com/docs/a%20b/'
 * fileUrl('https://example.com/docs/', '100%/ü.html'); // 'https://example.com/docs/100%25/%C3%BC.html'
 * fileUrl('https://example.com/docs/', '\uDCFF.html'); // 'https://example.com/docs/%FF.html' (the byte 0xFF)
 */
export function fileUrl(folder: string, relative: string): string {
	const segments = relative.split('/');
	if (INDEXES.includes(segments.at(-1) ?? '')) segments[segments.length - 1] = '';
	return folder + segments.map(segment => escapeComponent(segmentOctets(segment), 'segment')).join('/');
}
