/**
 * A headless Chromium harness: load HTML bytes at a chosen URL with scripts off, read the
 * URLs its DOM resolved, and record the requests it made. Used by
 * scripts/browser-expect.ts (fixture expectations) and test/conformance/html-corpus.ts;
 * reusable for comparing an original and a rewritten page.
 *
 * Only the page's own URL is served (`page.route`); every subresource is aborted and every
 * other navigation (meta refresh, frames) gets `204 No Content`, which cancels it and keeps
 * the document in place. Page JavaScript is disabled (`javaScriptEnabled: false`), so
 * `<noscript>` content is parsed as markup; `page.evaluate` still runs our collector.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {chromium, type Browser, type BrowserContext, type Page} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-quic',
	'--no-first-run',
	'--disable-component-update',
	'--disable-sync',
];

/** The in-page collector (plain JavaScript, see the file's header). */
const COLLECTOR = readFileSync(fileURLToPath(new URL('browser-collect.js', import.meta.url)), 'utf8');

/** Identifies the harness and collector version, for caches keyed on outputs. */
export const HARNESS_VERSION = createHash('sha256')
	.update(COLLECTOR)
	.update(LAUNCH_ARGS.join(' '))
	.digest('hex')
	.slice(0, 16);

/** One URL read from the DOM: `via: 'dom'` an IDL property, `'resolved'` resolved in the page. */
export interface BrowserRow {
	element: string;
	attribute: string;
	url: string | null;
	/** The value as the DOM holds it (attribute value, srcset candidate, CSS url text). */
	value: string;
	via: 'dom' | 'resolved';
	/** Set for rows read from a nested document (`srcdoc`). */
	frame?: 'srcdoc';
}

/** A disagreement between our CSS scan and Chromium's CSSOM for one style source. */
export interface CssCheck {
	where: string;
	scanner: string[];
	cssom: string[];
}

export interface PageResult {
	baseURI: string;
	documentURL: string;
	characterSet: string;
	links: BrowserRow[];
	checks: CssCheck[];
	/** `LoadOptions.resolve`, each resolved in the document (null: parse failure). */
	resolved: Array<string | null>;
	/** `content` of every meta http-equiv=refresh, in tree order. */
	refreshContents: string[];
	/** Subresource requests Chromium made (and we aborted), in order. */
	requests: string[];
	/** Navigations Chromium started after the page itself (meta refresh, frames). */
	navigations: string[];
}

/** `full`: every place the fixtures cover. `corpus`: the conformance subset. */
export type CollectMode = 'full' | 'corpus';

export interface LoadOptions {
	url: string;
	body: Uint8Array;
	/** Default `text/html` (no charset: the page's own `<meta charset>` decides). */
	contentType?: string;
	mode?: CollectMode;
	/** Extra time to wait after `load`, e.g. for a meta refresh to fire. */
	settleMs?: number;
	/** References to resolve in the loaded document, with its base URL and encoding. */
	resolve?: readonly string[];
}

export class BrowserHarness {
	readonly #browser: Browser;
	readonly #context: BrowserContext;

	private constructor(browser: Browser, context: BrowserContext) {
		this.#browser = browser;
		this.#context = context;
	}

	/** Launch Chromium; null when it is not installed at {@link CHROMIUM_PATH}. */
	static async open(): Promise<BrowserHarness | null> {
		if (!existsSync(CHROMIUM_PATH)) return null;
		const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS});
		const context = await browser.newContext({javaScriptEnabled: false});
		return new BrowserHarness(browser, context);
	}

	/** Load `body` at `url` in a fresh tab and collect its URLs. */
	async load(options: LoadOptions): Promise<PageResult> {
		const page = await this.#context.newPage();
		try {
			const {requests, navigations} = await serve(page, options);
			// 'networkidle' lets late requests (icons, lazy fetches) settle so `requests` is stable.
			const waitUntil = (options.mode ?? 'full') === 'full' ? 'networkidle' : 'load';
			await page.goto(options.url, {waitUntil, timeout: 60_000});
			if (options.settleMs !== undefined) await page.waitForTimeout(options.settleMs);
			const collected = await collectIn(page, options.mode ?? 'full', options.resolve ?? []);
			return {...collected, requests, navigations};
		} finally {
			await page.close();
		}
	}

	async close(): Promise<void> {
		await this.#context.close();
		await this.#browser.close();
	}
}

async function serve(page: Page, options: LoadOptions): Promise<{requests: string[]; navigations: string[]}> {
	const requests: string[] = [];
	const navigations: string[] = [];
	let served = false;
	const documentUrl = options.url.replace(/#.*$/su, ''); // requests carry no fragment
	await page.route('**/*', async route => {
		const request = route.request();
		const url = request.url();
		if (!served && url === documentUrl && request.isNavigationRequest()) {
			served = true;
			await route.fulfill({
				status: 200,
				contentType: options.contentType ?? 'text/html',
				body: Buffer.from(options.body),
			});
		} else if (request.isNavigationRequest()) {
			navigations.push(url);
			await route.fulfill({status: 204}); // No Content: the navigation is cancelled
		} else {
			requests.push(url);
			await route.abort();
		}
	});
	return {requests, navigations};
}

async function collectIn(
	page: Page,
	mode: CollectMode,
	resolve: readonly string[],
): Promise<Omit<PageResult, 'requests' | 'navigations'>> {
	const source = `(${COLLECTOR.trim().replace(/;$/, '')})(${JSON.stringify({mode, resolve})})`;
	return (await page.evaluate(source)) as Omit<PageResult, 'requests' | 'navigations'>;
}

/** One row whose URL differs between two loads of what should be the same page. */
export interface UrlChange {
	index: number;
	element: string;
	attribute: string;
	before: string | null;
	after: string | null;
}

/**
 * Load an original page and its rewritten form (each at its own URL) and list the rows
 * whose resolved URL changed; a rewrite that keeps meaning gives `[]`. Rows are paired by
 * position, so both pages must hold the same URL places (a rewrite changes values only).
 *
 * @example
 * const harness = await BrowserHarness.open();
 * const changes = await compareResolved(harness!, {url, body: original}, {url, body: rewritten});
 */
export async function compareResolved(
	harness: BrowserHarness,
	original: LoadOptions,
	rewritten: LoadOptions,
): Promise<UrlChange[]> {
	const [before, after] = [await harness.load(original), await harness.load(rewritten)];
	if (before.links.length !== after.links.length) {
		throw new Error(`compareResolved: ${before.links.length} URL places before, ${after.links.length} after`);
	}
	const changes: UrlChange[] = [];
	for (const [index, row] of before.links.entries()) {
		const other = after.links[index]!;
		if (row.url !== other.url || row.element !== other.element || row.attribute !== other.attribute) {
			changes.push({index, element: row.element, attribute: row.attribute, before: row.url, after: other.url});
		}
	}
	return changes;
}
