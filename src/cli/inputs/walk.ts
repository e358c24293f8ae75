/**
 * Walking the folders and patterns of the command line, the same way for both: names read
 * as bytes (names.ts), entries in sorted order, no symbolic link followed (a link to a
 * folder is an entry, never a folder to enter), so a walk stays in the tree it is given and
 * meets each file once. A pattern (`site/**\/*.html`) walks its fixed leading folder and
 * keeps what its glob matches.
 */
import {lstatSync, type Dirent} from 'node:fs';
import {readdir} from 'node:fs/promises';
import {join} from 'node:path';
import {decodeName, fsPath} from './names.js';

/** What a walk meets; `other` is a FIFO, a socket or a device (never read). */
export type WalkKind = 'folder' | 'file' | 'symlink' | 'other';

export interface Walked {
	kind: WalkKind;
	/** A regular file's device and inode (lstat when walked): the file is pinned to it, found once and opened as such. */
	id?: {dev: number; ino: number};
	/** The walked folder joined with the names below it. */
	path: string;
	/** The path under the walked folder, `/`-separated. */
	relative: string;
	/** The last name. */
	name: string;
}

/**
 * Every entry under `folder`, depth first in sorted order, folders before what they hold.
 * `enter(relative)` says whether to walk into a folder (default: every one).
 *
 * @example
 * for await (const entry of walkFolder('site')) console.log(entry.kind, entry.relative);
 */
export async function* walkFolder(
	folder: string,
	enter: (relative: string) => boolean = () => true,
	prefix = '',
): AsyncGenerator<Walked> {
	const dirents = (await readdir(fsPath(folder), {withFileTypes: true, encoding: 'buffer'})) as unknown as Array<
		Dirent & {name: Buffer}
	>;
	const entries = dirents.map((dirent): Walked => {
		const name = decodeName(dirent.name);
		return {kind: kindOf(dirent), path: join(folder, name), relative: prefix + name, name};
	});
	entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	identify(entries.filter(entry => entry.kind === 'file'));
	for (const entry of entries) {
		yield entry;
		if (entry.kind === 'folder' && enter(entry.relative)) yield* walkFolder(entry.path, enter, `${entry.relative}/`);
	}
}

/**
 * Each file's device and inode. Synchronous: a walk is done before any file is read, and
 * a call answered from the inode cache takes microseconds, against a round trip through
 * libuv's four threads each (10,000 files under load: 3 to 8 times as long, batched or not).
 */
function identify(files: Walked[]): void {
	for (const file of files) {
		const info = lstatSync(fsPath(file.path), {throwIfNoEntry: false});
		if (info === undefined || !info.isFile())
			file.kind = 'other'; // gone or replaced meanwhile
		else file.id = {dev: info.dev, ino: info.ino};
	}
}

function kindOf(dirent: Dirent): WalkKind {
	return dirent.isDirectory() ? 'folder' : dirent.isSymbolicLink() ? 'symlink' : dirent.isFile() ? 'file' : 'other';
}

/**
 * Whether a PATH argument is a pattern (`*`, `?`, `[...]`, `{a,b}`): the shell left it unexpanded.
 *
 * @example
 * isGlob('site/**\/*.html'); // true
 */
export function isGlob(path: string): boolean {
	return /[*?[\]{}]/.test(path);
}

/** A pattern split at its first segment with a wildcard: the folder to walk, and the glob under it. */
export interface Pattern {
	/** The fixed leading folder (`''` for the current one), as written. */
	root: string;
	/** The rest, matched against paths under `root`. */
	matcher: RegExp;
	/** Folders deeper than this are not entered (`**`: no limit). */
	depth: number;
}

/**
 * Compile a pattern: `*` any name part, `?` one character, `[...]` / `[!...]` a class,
 * `{a,b}` alternatives, a `**` segment any number of folders; wildcards do not match a
 * leading `.` (as shells do).
 *
 * @example
 * splitPattern('site/**\/*.html'); // {root: 'site', matcher: /^(?:...)$/, depth: Infinity}
 */
export function splitPattern(pattern: string): Pattern {
	const segments = pattern.split('/');
	const fixed = Math.max(0, segments.findIndex(isGlob));
	const rest = segments.slice(fixed);
	const root = segments.slice(0, fixed).join('/') || (pattern.startsWith('/') ? '/' : '');
	const source = rest
		.map((segment, index) =>
			index === rest.length - 1 ? lastSource(segment) : segment === '**' ? ANY_FOLDERS : `${segmentSource(segment)}/`,
		)
		.join('');
	return {root, matcher: new RegExp(`^${source}$`), depth: rest.includes('**') ? Infinity : rest.length - 1};
}

/** A `**` segment before others: any number of folders (each iteration takes a `/`: linear). */
const ANY_FOLDERS = '(?:(?!\\.)[^/]*/)*';

/** The last segment; a final `**` is any path of at least one name. */
function lastSource(segment: string): string {
	return segment === '**' ? '(?!\\.)[^/]*(?:/(?!\\.)[^/]*)*' : segmentSource(segment);
}

/** One segment's regular expression source: not matching a leading dot unless written. */
function segmentSource(segment: string): string {
	return (segment.startsWith('.') ? '' : '(?!\\.)') + globSource(segment);
}

function globSource(glob: string): string {
	let source = '';
	for (let at = 0; at < glob.length; at++) {
		const c = glob[at]!;
		if (c === '*') source += '[^/]*';
		else if (c === '?') source += '[^/]';
		else if (c === '[' && glob.indexOf(']', at + 2) > 0) {
			const end = glob.indexOf(']', at + 2);
			const body = glob.slice(at + 1, end);
			source += `[${/^[!^]/.test(body) ? `^/${escapeClass(body.slice(1))}` : escapeClass(body)}]`;
			at = end;
		} else if (c === '{' && closingBrace(glob, at) > 0) {
			const end = closingBrace(glob, at);
			source += `(?:${splitAlternatives(glob.slice(at + 1, end))
				.map(globSource)
				.join('|')})`;
			at = end;
		} else source += c.replace(/[$()*+.?[\\\]^{|}]/, '\\$&');
	}
	return source;
}

/** A class body as written, with what is special inside a JavaScript class escaped (a range's `-` kept). */
function escapeClass(body: string): string {
	return body.replace(/[\\\]^[]/g, '\\$&');
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(glob: string, open: number): number {
	let depth = 0;
	for (let at = open; at < glob.length; at++) {
		if (glob[at] === '{') depth++;
		else if (glob[at] === '}' && --depth === 0) return at;
	}
	return -1;
}

/** `a,b{c,d}` at its top-level commas: `['a', 'b{c,d}']`. */
function splitAlternatives(body: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let from = 0;
	for (let at = 0; at < body.length; at++) {
		if (body[at] === '{') depth++;
		else if (body[at] === '}') depth--;
		else if (body[at] === ',' && depth === 0) {
			parts.push(body.slice(from, at));
			from = at + 1;
		}
	}
	parts.push(body.slice(from));
	return parts;
}

/**
 * The regular files a pattern matches (symbolic links neither followed nor taken), in
 * sorted order, with their paths under the pattern's fixed folder.
 *
 * @example
 * for await (const file of globFiles('site/**\/*.html')) console.log(file.path); // 'site/a/b.html', ...
 */
export async function* globFiles(pattern: string): AsyncGenerator<Walked> {
	const {root, matcher, depth} = splitPattern(pattern);
	const enter = (relative: string): boolean => relative.split('/').length <= depth;
	for await (const entry of walkFolder(root === '' ? '.' : root, enter)) {
		if (entry.kind !== 'file' || !matcher.test(entry.relative)) continue;
		yield root === '' ? {...entry, path: entry.relative} : entry;
	}
}
