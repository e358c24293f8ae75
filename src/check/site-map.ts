/**
 * A site's files as a static server serves them: which paths exist, which are folders,
 * and the file a URL path is answered with (a folder's index file, a clean URL's `.html`).
 * One walk of the folder (src/cli/inputs/walk.ts: no symbolic link followed); memory is one
 * entry per file and folder, whatever the files hold.
 */
import {extname} from 'node:path';
import {walkFolder} from '../cli/inputs/walk.js';
import {DOCUMENT_TYPE_BY_EXTENSION} from '../cli/inputs/inputs.js';
import {decodeName} from '../cli/inputs/names.js';
import type {InputType} from '../types.js';
import type {CheckProblem} from './types.js';

/** A file met by the walk: its path as walked, its path under the root, and for a document its type. */
export interface SiteFile {
	path: string;
	relative: string;
	id: {dev: number; ino: number};
	type?: InputType;
	size?: number;
}

/** What a path is served as: a file (its path under the root), or a problem. */
export type Served = {file: string} | {problem: CheckProblem};

export class SiteMap {
	/** Paths under the root of regular files and symbolic links (a server follows a link: it is taken as there). */
	private readonly files = new Set<string>();
	/** Paths under the root of folders; `''` is the root. */
	private readonly folders = new Set<string>(['']);
	private readonly indexFiles: readonly string[];
	private readonly cleanUrls: boolean;

	constructor(indexFiles: readonly string[], cleanUrls: boolean) {
		this.indexFiles = indexFiles;
		this.cleanUrls = cleanUrls;
	}

	/**
	 * Walk `root`, recording every entry; yields the documents (by extension) in walk order.
	 *
	 * @example
	 * for await (const file of map.walk('dist')) console.log(file.relative, file.type);
	 */
	async *walk(root: string): AsyncGenerator<SiteFile> {
		for await (const entry of walkFolder(root)) {
			if (entry.kind === 'folder') this.folders.add(entry.relative);
			else if (entry.kind === 'symlink') this.files.add(entry.relative);
			else if (entry.kind === 'file' && entry.id !== undefined) {
				this.files.add(entry.relative);
				const type = DOCUMENT_TYPE_BY_EXTENSION[extname(entry.name).toLowerCase()];
				yield type === undefined
					? {path: entry.path, relative: entry.relative, id: entry.id}
					: {path: entry.path, relative: entry.relative, id: entry.id, type};
			}
		}
	}

	/**
	 * The file a static server answers `path` (decoded, under the root, `''` for the root) with:
	 * the file itself; a folder's first index file (`a/` and `a` alike: a server sends `a` on
	 * to `a/`); with clean URLs, `a.html` for `a`. Else the problem.
	 *
	 * @example
	 * map.serve('guide/'); // {file: 'guide/index.html'} or {problem: 'folder-without-index'}
	 */
	serve(path: string): Served {
		if (path.split('/').some(segment => segment === '.' || segment === '..')) return {problem: 'missing-file'};
		const folder = path.endsWith('/') ? path.slice(0, -1) : path;
		if (path === '' || path.endsWith('/') || (!this.files.has(path) && this.folders.has(path))) {
			if (!this.folders.has(folder)) return {problem: 'missing-file'};
			const prefix = folder === '' ? '' : `${folder}/`;
			for (const name of this.indexFiles) if (this.files.has(prefix + name)) return {file: prefix + name};
			return {problem: 'folder-without-index'};
		}
		if (this.files.has(path)) return {file: path};
		if (this.cleanUrls && this.files.has(`${path}.html`)) return {file: `${path}.html`};
		return {problem: 'missing-file'};
	}
}

/**
 * A URL path's segments percent-decoded into a file name as the walk spells it (names.ts:
 * UTF-8, a byte that is not UTF-8 as a lone surrogate), so `a%20b.html` is `a b.html` and
 * `%FF.html` the name of byte 0xFF. A `%` not followed by two hex digits stays as it is
 * (URL Standard `#percent-decode`).
 *
 * @example
 * decodePath('docs/caf%C3%A9/'); // 'docs/café/'
 */
export function decodePath(path: string): string {
	if (!path.includes('%')) return path;
	return path
		.split('/')
		.map(segment => (segment.includes('%') ? decodeName(percentDecode(segment)) : segment))
		.join('/');
}

/** URL Standard `#percent-decode`: the bytes of `text` (UTF-8) with each `%XX` as its byte. */
export function percentDecode(text: string): Uint8Array {
	const bytes = Buffer.from(text, 'utf8');
	const out = new Uint8Array(bytes.length);
	let length = 0;
	for (let at = 0; at < bytes.length; at++) {
		const byte = bytes[at]!;
		if (byte === 0x25 && at + 2 < bytes.length && isHex(bytes[at + 1]!) && isHex(bytes[at + 2]!)) {
			out[length++] = Number.parseInt(String.fromCharCode(bytes[at + 1]!, bytes[at + 2]!), 16);
			at += 2;
		} else out[length++] = byte;
	}
	return out.subarray(0, length);
}

function isHex(byte: number): boolean {
	return (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66);
}

/**
 * Where `url` falls in the site whose folder URL is `folder` (ending in `/`): its path under
 * it, decoded, with its fragment (undefined: none); query ignored (a static server serves
 * the file whatever the query). Undefined when outside.
 *
 * @example
 * sitePath('https://example.com/docs/a%20b.html?x=1#top', 'https://example.com/docs/'); // {path: 'a b.html', fragment: 'top'}
 */
export function sitePath(url: string, folder: string): {path: string; fragment: string | undefined} | undefined {
	const hash = url.indexOf('#');
	const fragment = hash < 0 ? undefined : url.slice(hash + 1);
	let rest = hash < 0 ? url : url.slice(0, hash);
	const question = rest.indexOf('?');
	if (question >= 0) rest = rest.slice(0, question);
	if (rest === folder.slice(0, -1)) return {path: '', fragment};
	if (!rest.startsWith(folder)) return undefined;
	return {path: decodePath(rest.slice(folder.length)), fragment};
}
