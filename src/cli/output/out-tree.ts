/**
 * Writing under `rewrite --out DIR` without following a symbolic link inside DIR. A link
 * may be there from before (a previous run copied `sub -> ../outside` from the input, whose
 * `sub` is now a real folder) or be made by this run (a symbolic link copied from one input
 * folder, a file of another input under the same name): `mkdir -p` and open(2) would follow
 * it and write outside the output tree. So each folder under DIR is met one name at a time
 * (lstat, made when missing) and must be a real folder; what was then opened or created is
 * checked to be in that folder (its real path is DIR's real path plus the names, and the
 * file opened is the file at that path). DIR itself, as named on the command line, may be
 * a link: that is the user's choice.
 *
 * Deviation: between the check and the write, a window of a few system calls remains, as on
 * the input side (pinned-file.ts); Node has no openat(2) to hold the folder open.
 */
import {lstat, mkdir, realpath} from 'node:fs/promises';
import type {FileHandle} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import {fsPath, printable} from '../inputs/names.js';

/** Where an entry goes under `--out`: the folder named, its real path (resolved once), and the path under it. */
export interface OutPlace {
	root: string;
	realRoot: string;
	relative: string;
}

/**
 * The folders of `relative` under the output folder `root` (all of them with `whole`,
 * else all but the last name), made where missing, each checked to be a real folder, not
 * a symbolic link (to a folder or not); the error names the path.
 *
 * @example
 * await outFolders({root: 'out', realRoot: '/srv/out', relative: 'guide/a.html'}); // 'out/guide' made
 */
export async function outFolders(place: OutPlace, whole = false): Promise<void> {
	const names = place.relative.split('/');
	if (!whole) names.pop();
	let at = place.root;
	for (const name of names) {
		at = join(at, name);
		let info = await lstat(fsPath(at)).catch(() => null);
		if (info === null) {
			await mkdir(fsPath(at)).catch((error: NodeJS.ErrnoException) => {
				if (error.code !== 'EEXIST') throw error; // made meanwhile by another task: checked below
			});
			info = await lstat(fsPath(at));
		}
		if (info.isSymbolicLink())
			throw new Error(
				`${printable(at)} in the output folder is a symbolic link: not written through (remove it, or write to an empty folder)`,
			);
		if (!info.isDirectory()) throw new Error(`${printable(at)} in the output folder is not a folder: not written`);
	}
}

/**
 * Check that `handle`, just opened or created at `path` under the output folder, is in the
 * real folder it should be (no link in its path was followed) and is the file now at
 * `path` (no final link).
 *
 * @example
 * await checkOutOpened({root: 'out', realRoot: '/srv/out', relative: 'a.html'}, 'out/.a.html.linkstream-….tmp', handle);
 */
export async function checkOutOpened(place: OutPlace, path: string, handle: FileHandle): Promise<void> {
	const folder = join(place.realRoot, ...place.relative.split('/').slice(0, -1));
	const real = await realpath(fsPath(dirname(path))).catch(() => null);
	const [opened, there] = await Promise.all([handle.stat(), lstat(fsPath(path)).catch(() => null)]);
	if (
		real === null ||
		real.toString() !== folder ||
		there === null ||
		!there.isFile() ||
		there.dev !== opened.dev ||
		there.ino !== opened.ino
	) {
		throw new Error(
			`${printable(path)} is not inside the output folder now (a symbolic link in its path, made during the run): not written`,
		);
	}
}
