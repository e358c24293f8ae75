/**
 * Filters crawlers and audits ask of `linkstream extract`: by kind, inside or outside the
 * site, once per URL, without links the page asks not to follow, and without inert ones.
 */
import type {Link, LinkKind} from '../../types.js';
import {parseUrl} from '../../uri/whatwg.js';

const KINDS: readonly LinkKind[] = ['navigation', 'resource', 'form', 'citation', 'base', 'metadata', 'text'];

export interface FilterOptions {
	kinds?: ReadonlySet<LinkKind>;
	/** `internal`: only links to the site (`site` prefix, else the base's origin); `external`: the others. */
	scope?: 'internal' | 'external';
	site?: string;
	unique?: boolean;
	/** Drop links with rel=nofollow, and every link after `<meta name=robots content=nofollow>`. */
	noFollowNofollow?: boolean;
	/** Drop Links a browser never follows as the page stands: inside `<template>` (`inert`). */
	noInert?: boolean;
}

/** Parse `--kind navigation,resource`; throws a message naming the bad kind. */
export function parseKinds(list: string): Set<LinkKind> {
	const kinds = new Set<LinkKind>();
	for (const kind of list
		.split(',')
		.map(k => k.trim())
		.filter(k => k !== '')) {
		if (!(KINDS as readonly string[]).includes(kind))
			throw new Error(`unknown kind "${kind}" (kinds: ${KINDS.join(', ')})`);
		kinds.add(kind as LinkKind);
	}
	return kinds;
}

/** A stateful predicate for one run (`unique` spans every input; the robots directive one document). */
export class LinkFilter {
	private readonly options: FilterOptions;
	private readonly seen = new Set<string>();
	private robotsNofollow = false;

	constructor(options: FilterOptions) {
		this.options = options;
	}

	/** Call at the start of each document. */
	nextDocument(): void {
		this.robotsNofollow = false;
	}

	accept(link: Link): boolean {
		const {kinds, scope, unique, noFollowNofollow, noInert} = this.options;
		if (noInert === true && link.inert === true) return false;
		if (noFollowNofollow === true) {
			if (isRobotsNofollow(link)) this.robotsNofollow = true;
			if (this.robotsNofollow || link.rel?.includes('nofollow') === true) return false;
		}
		if (kinds !== undefined && !kinds.has(link.kind)) return false;
		if (scope !== undefined && this.isInternal(link) !== (scope === 'internal')) return false;
		return unique !== true || this.firstTime(uniqueKey(link));
	}

	/** `--unique`: whether `key` ({@link uniqueKey}) is new in this run (it is then seen). */
	firstTime(key: string): boolean {
		if (this.seen.has(key)) return false;
		this.seen.add(key);
		return true;
	}

	private isInternal(link: Link): boolean {
		if (link.url === null) return false;
		if (this.options.site !== undefined) return link.url.startsWith(this.options.site);
		const origin = parseUrl(link.url)?.origin;
		return (
			origin !== undefined &&
			origin !== 'null' &&
			origin === (link.base === null ? undefined : parseUrl(link.base)?.origin)
		);
	}
}

/** What `--unique` compares: the URL, or the value of a Link without one. */
export function uniqueKey(link: Link): string {
	return link.url ?? `\u0000${link.value}`;
}

/** The once-per-document robots Link of the HTML core: `rel` holds the directives. */
function isRobotsNofollow(link: Link): boolean {
	return (
		link.kind === 'metadata' &&
		link.element === 'meta' &&
		(link.rel?.includes('nofollow') === true || link.rel?.includes('none') === true)
	);
}
