/** Types of `checkSite` (src/check): its options, its findings and its summary. */
import type {Dialect, Link} from '../types.js';

/**
 * Why a reference is broken.
 * - `missing-file`: no file is served at its path;
 * - `folder-without-index`: its path names a folder that has none of the index files;
 * - `missing-fragment`: the target document has no element its fragment names;
 * - `invalid-url`: it cannot be resolved to a URL (a browser cannot follow it);
 * - external (`external` option): `http-error` (a 4xx or 5xx status, in `status`),
 *   `redirect-loop`, `too-many-redirects`, `timeout`, `tls-error`, `network-error`.
 */
export type CheckProblem =
	| 'missing-file'
	| 'folder-without-index'
	| 'missing-fragment'
	| 'invalid-url'
	| 'http-error'
	| 'redirect-loop'
	| 'too-many-redirects'
	| 'timeout'
	| 'tls-error'
	| 'network-error';

/** A broken reference: the Link as extract gives it, its file, and the problem. */
export type Finding = Link & {
	/** The file the reference is in, as walked (the folder named joined with its path under it). */
	file: string;
	problem: CheckProblem;
	/** External: the last HTTP status met. */
	status?: number;
	/** External: each redirect's target, in order, when the reference was redirected. */
	redirects?: string[];
	/** External: what failed, in words (the network error's code, the timeout). */
	detail?: string;
};

/** How external (http, https) references are asked for (`external` option). */
export interface ExternalOptions {
	/** Requests in flight at once, all hosts together (default 16). */
	concurrency?: number;
	/** Requests in flight at once to one host (default 2). */
	perHost?: number;
	/** Milliseconds a request may take, headers and all (default 15,000). */
	timeout?: number;
	/** Times a request is tried again after a network error, a timeout or a 5xx status (default 2). */
	retries?: number;
	/** Redirects followed at most (default 10). */
	maxRedirects?: number;
	/** The longest `Retry-After` waited for after a 429, in milliseconds (default 30,000); longer: reported. */
	maxRetryAfter?: number;
	/** A JSON file of earlier results, read at the start and written at the end. */
	cache?: string;
	/** Milliseconds a cached result is trusted (default one day). */
	cacheMaxAge?: number;
	/** The User-Agent header sent (default `linkstream-check`). */
	userAgent?: string;
	/** Milliseconds before the first retry; each next one waits twice as long (default 500). */
	retryDelay?: number;
}

export interface CheckOptions {
	/**
	 * The site's URL (a folder URL, `https://example.com/docs/`): each file's URL is it plus
	 * its path under the folder checked. Without it, the folder's `file:` URL.
	 */
	site?: string;
	/** Index files a folder URL is served from, in order (default `['index.html']`). */
	indexFiles?: readonly string[];
	/** `/a` served from `a.html` when there is no file `a` (clean URLs), as many hosts do. */
	cleanUrls?: boolean;
	/** Check references inside `<template>` too (default: skipped, never followed until cloned). */
	inert?: boolean;
	/** Check http(s) references outside the site over the network. */
	external?: boolean | ExternalOptions;
	/** Files read at once on worker threads, 1 to 16 (default 1: this thread only). */
	jobs?: number;
	/** Default `'whatwg'`. */
	dialect?: Dialect;
	/** Only these files of the folder are read (paths under it, `/`-separated); the others are still targets. */
	only?: readonly string[];
	/** A file could not be read: its path and why (the run goes on). */
	onError?: (path: string, message: string) => void;
	/** A file was read but lost references to the limits (ExtractOptions.onWarning): they were not checked. */
	onWarning?: (path: string, message: string) => void;
	/** A file is done: its path and size in bytes (for a progress bar). */
	onFile?: (path: string, bytes: number) => void;
	/** The files to read are known: how many, and their bytes together. */
	onStart?: (files: number, bytes: number) => void;
}

/** What a run did, once its findings are all given. */
export interface CheckSummary {
	/** Documents read. */
	files: number;
	/** Documents that could not be read (each named through `onError`). */
	failed: number;
	/** References looked up (on disk, or over the network with `external`). */
	checked: number;
	broken: number;
	/** References not checked: outside the site (without `external`), not fetched (mailto:, data:, ...), inert. */
	skipped: number;
}
