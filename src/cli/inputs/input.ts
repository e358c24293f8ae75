/**
 * A command-line input and where its bytes come from. A leaf module: the inputs are made
 * in inputs.ts, opened in open-document.ts and read in sources.ts.
 */
import type {ArchiveType, InputType} from '../../types.js';
import type {FileId} from './file-id.js';

/** A command-line input: a file path or `-`, and what it holds. */
export interface Input {
	path: string;
	type: InputType | ArchiveType;
	/**
	 * Its path under the folder named on the command line, `/`-separated (`sub/page.html`);
	 * a file named directly, its name; a pattern's file, its path under the folder before
	 * the pattern. With `--site`, its URL is the site URL plus this (site-files.ts fileUrl).
	 */
	relative?: string;
	/** A `.gz` file of a known type (not WARC, whose reader reads gzip itself): decompressed as it is read. */
	gzip?: true;
	/** Its type was not known from its extension: sniffed before it is read (open-document.ts). */
	sniff?: true;
	/** A file: the device and inode it is pinned to when the walk finds it or the command line names it; what is opened must be that file (pinned-file.ts). */
	id?: FileId;
	/** A symbolic link named on the command line: its target, resolved then, opened in its place. */
	target?: string;
}

/** Where an input's bytes come from: read whole already, or a stream (a large file, standard input). */
export type Source = Uint8Array | NodeJS.ReadableStream;
