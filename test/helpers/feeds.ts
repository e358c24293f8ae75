/** The shared corpus of real feeds (SHARED_DIR/corpus/feeds), as the feed suites and bench/feeds.ts read it. */
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import type {ExtractOptions} from '../../src/types.js';

/** The corpus folder under the shared folder. */
export function feedFolder(sharedDir: string): string {
	return join(sharedDir, 'corpus', 'feeds');
}

/** The feed files of the corpus folder, sorted (its README is not one). */
export function feedFiles(folder: string): string[] {
	return readdirSync(folder)
		.filter(name => !name.endsWith('.md'))
		.sort();
}

/** The URL a feed is read from (made up: the corpus keeps none), its retrieval URL (RFC 3986 §5.1.3). */
export function feedUrl(file: string): string {
	return `https://feeds.example/${file}`;
}

/** The options a feed is extracted with. */
export function feedOptions(file: string): ExtractOptions {
	return {type: 'xml', retrievalUrl: feedUrl(file)};
}
