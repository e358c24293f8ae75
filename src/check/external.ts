/**
 * External references (`checkSite` with `external`): each http(s) URL asked once per run
 * with Node's own HTTP client (`fetch`, undici inside Node: no dependency), HEAD first and
 * GET where HEAD is refused, redirects followed by hand so each hop is seen (loops and hop
 * limit), requests bounded overall and per host, `429 Too Many Requests` waited out per
 * its `Retry-After` within a bound (RFC 9110 `#field.retry-after`), network errors,
 * timeouts and 5xx statuses tried again after a growing delay, and answers kept in a cache
 * file with their age.
 */
import {readFile, rename, writeFile} from 'node:fs/promises';
import {optionError} from '../options.js';
import type {CheckProblem, ExternalOptions, Finding} from './types.js';

/** A broken external URL: its problem and what to add to the finding; null when it is fine. */
export type Verdict = {problem: CheckProblem; extra: Pick<Finding, 'status' | 'redirects' | 'detail'>} | null;

interface Settings {
	concurrency: number;
	perHost: number;
	timeout: number;
	retries: number;
	maxRedirects: number;
	maxRetryAfter: number;
	cache: string | undefined;
	cacheMaxAge: number;
	userAgent: string;
	retryDelay: number;
}

/** Cache file: version and entries by URL, each with the time it was asked (ms since 1970). */
interface CacheFile {
	linkstreamCheckCache: 1;
	entries: Record<string, {time: number; verdict: Verdict}>;
}

/** Statuses that say the method was refused rather than the resource missing: asked again with GET. */
function refusedHead(status: number): boolean {
	// 405 and 501 are the standard refusals (RFC 9110 `#status.405`, `#status.501`); many servers answer HEAD with 400, 403, 404 or others they would not give GET.
	return status >= 400 && status !== 429;
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export class ExternalChecker {
	private readonly settings: Settings;
	private readonly answers = new Map<string, Promise<Verdict>>();
	private readonly cached = new Map<string, {time: number; verdict: Verdict}>();
	private active = 0;
	private readonly perHost = new Map<string, number>();
	private readonly waiting: Array<{host: string; start: () => void}> = [];

	constructor(options: ExternalOptions) {
		const number = (name: keyof ExternalOptions, fallback: number, min: number): number => {
			const value = options[name] ?? fallback;
			if (typeof value !== 'number' || !Number.isFinite(value) || value < min)
				throw optionError(`external.${name}`, `a number from ${min}`, value);
			return value;
		};
		if (options.cache !== undefined && (typeof options.cache !== 'string' || options.cache === ''))
			throw optionError('external.cache', 'a file path', options.cache);
		this.settings = {
			concurrency: number('concurrency', 16, 1),
			perHost: number('perHost', 2, 1),
			timeout: number('timeout', 15_000, 1),
			retries: number('retries', 2, 0),
			maxRedirects: number('maxRedirects', 10, 0),
			maxRetryAfter: number('maxRetryAfter', 30_000, 0),
			cache: options.cache,
			cacheMaxAge: number('cacheMaxAge', 24 * 3600 * 1000, 0),
			userAgent: options.userAgent ?? 'linkstream-check',
			retryDelay: number('retryDelay', 500, 0),
		};
	}

	/** Read the cache file, if any: answers younger than `cacheMaxAge` are taken as they are. */
	async open(): Promise<void> {
		if (this.settings.cache === undefined) return;
		let text: string;
		try {
			text = await readFile(this.settings.cache, 'utf8');
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
			throw error;
		}
		let file: CacheFile;
		try {
			file = JSON.parse(text) as CacheFile;
		} catch {
			return; // not a cache file of ours (or cut short): started afresh, and written anew at the end
		}
		if (file?.linkstreamCheckCache !== 1 || typeof file.entries !== 'object' || file.entries === null) return;
		const now = Date.now();
		for (const [url, entry] of Object.entries(file.entries)) {
			if (typeof entry?.time === 'number' && now - entry.time <= this.settings.cacheMaxAge && now >= entry.time)
				this.cached.set(url, entry);
		}
	}

	/** Write the cache file (a temporary file renamed over it): every answer of this run, and the earlier ones still young. */
	async close(): Promise<void> {
		if (this.settings.cache === undefined) return;
		const entries: CacheFile['entries'] = {};
		for (const [url, entry] of this.cached) entries[url] = entry;
		const file: CacheFile = {linkstreamCheckCache: 1, entries};
		const temporary = `${this.settings.cache}.${process.pid}.tmp`;
		await writeFile(temporary, `${JSON.stringify(file)}\n`);
		await rename(temporary, this.settings.cache);
	}

	/**
	 * The verdict on `url` (no fragment): asked once per run however often it is given.
	 *
	 * @example
	 * await checker.check('https://example.com/gone'); // {problem: 'http-error', extra: {status: 404}}
	 */
	check(url: string): Promise<Verdict> {
		let answer = this.answers.get(url);
		if (answer === undefined) {
			const cached = this.cached.get(url);
			answer = cached !== undefined ? Promise.resolve(cached.verdict) : this.follow(url);
			this.answers.set(url, answer);
		}
		return answer;
	}

	/** Ask `url`, following redirects; the verdict is cached with the time. */
	private async follow(url: string): Promise<Verdict> {
		const redirects: string[] = [];
		const seen = new Set([url]);
		let current = url;
		let verdict: Verdict;
		for (;;) {
			const answer = await this.ask(current);
			if ('problem' in answer) {
				verdict = {
					problem: answer.problem,
					extra: withRedirects(
						{detail: answer.detail, ...(answer.status === undefined ? {} : {status: answer.status})},
						redirects,
					),
				};
				break;
			}
			const {status, location} = answer;
			if (REDIRECTS.has(status) && location !== undefined) {
				let next: string;
				try {
					next = new URL(location, current).href.replace(/#.*$/s, '');
				} catch {
					verdict = {
						problem: 'http-error',
						extra: withRedirects({status, detail: `a redirect to an invalid URL: ${location}`}, redirects),
					};
					break;
				}
				redirects.push(next);
				if (seen.has(next)) {
					verdict = {problem: 'redirect-loop', extra: {status, redirects}};
					break;
				}
				if (redirects.length > this.settings.maxRedirects) {
					verdict = {problem: 'too-many-redirects', extra: {status, redirects}};
					break;
				}
				seen.add(next);
				current = next;
				continue;
			}
			verdict = status >= 400 ? {problem: 'http-error', extra: withRedirects({status}, redirects)} : null;
			break;
		}
		this.cached.set(url, {time: Date.now(), verdict});
		return verdict;
	}

	/** One URL asked (HEAD, then GET if refused), with retries: its status and Location, or a problem. */
	private async ask(
		url: string,
	): Promise<{status: number; location?: string} | {problem: CheckProblem; detail: string; status?: number}> {
		const host = new URL(url).host;
		let waited = 0;
		for (let attempt = 0; ; attempt++) {
			let answer = await this.request(url, 'HEAD', host);
			if (!('problem' in answer) && refusedHead(answer.status)) answer = await this.request(url, 'GET', host);
			const last = attempt >= this.settings.retries;
			if ('problem' in answer) {
				// A certificate is not going to change between attempts.
				if (answer.problem === 'tls-error' || last) return answer;
			} else if (answer.status === 429) {
				const delay = retryAfter(answer.retryAfter);
				const wait = delay ?? this.settings.retryDelay * 2 ** attempt;
				if (last || waited + wait > this.settings.maxRetryAfter)
					return {
						problem: 'http-error',
						status: 429,
						detail:
							delay === undefined
								? 'too many requests'
								: `too many requests; Retry-After ${Math.round(delay / 1000)} s is over the wait allowed`,
					};
				waited += wait;
				await sleep(wait);
				continue;
			} else if (answer.status >= 500 && answer.status !== 501 && !last) {
				// A server error may pass.
			} else {
				return answer;
			}
			await sleep(this.settings.retryDelay * 2 ** attempt);
		}
	}

	/** One request, when the bounds allow it; the body is not read. */
	private async request(
		url: string,
		method: 'HEAD' | 'GET',
		host: string,
	): Promise<{status: number; location?: string; retryAfter?: string} | {problem: CheckProblem; detail: string}> {
		await this.slot(host);
		try {
			const response = await fetch(url, {
				method,
				redirect: 'manual',
				headers: {'user-agent': this.settings.userAgent, accept: '*/*'},
				signal: AbortSignal.timeout(this.settings.timeout),
			});
			await response.body?.cancel().catch(() => undefined);
			const location = response.headers.get('location') ?? undefined;
			const retry = response.headers.get('retry-after') ?? undefined;
			return {
				status: response.status,
				...(location === undefined ? {} : {location}),
				...(retry === undefined ? {} : {retryAfter: retry}),
			};
		} catch (error) {
			return failure(error, this.settings.timeout);
		} finally {
			this.release(host);
		}
	}

	private slot(host: string): Promise<void> {
		if (this.free(host)) {
			this.take(host);
			return Promise.resolve();
		}
		return new Promise(resolve => this.waiting.push({host, start: resolve}));
	}

	private free(host: string): boolean {
		return this.active < this.settings.concurrency && (this.perHost.get(host) ?? 0) < this.settings.perHost;
	}

	private take(host: string): void {
		this.active++;
		this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
	}

	private release(host: string): void {
		this.active--;
		const left = (this.perHost.get(host) ?? 1) - 1;
		if (left === 0) this.perHost.delete(host);
		else this.perHost.set(host, left);
		// The first waiting request whose host has room goes next.
		for (let i = 0; i < this.waiting.length && this.active < this.settings.concurrency; i++) {
			const next = this.waiting[i]!;
			if (!this.free(next.host)) continue;
			this.waiting.splice(i, 1);
			i--;
			this.take(next.host);
			next.start();
		}
	}
}

function withRedirects<T extends object>(extra: T, redirects: string[]): T & {redirects?: string[]} {
	return redirects.length === 0 ? extra : {...extra, redirects};
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP-date (RFC 9110 `#field.retry-after`); undefined if absent or unreadable. */
export function retryAfter(value: string | undefined): number | undefined {
	if (value === undefined) return undefined;
	const text = value.trim();
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	// An HTTP-date starts with its day name (IMF-fixdate, RFC 850 and asctime forms alike); Date.parse alone takes "-5" for a year.
	if (!/^[A-Za-z]{3,9},? /.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** What a failed request says: a timeout, a TLS error (the certificate), or another network error, with its code. */
function failure(error: unknown, timeout: number): {problem: CheckProblem; detail: string} {
	const {name} = error as Error;
	if (name === 'TimeoutError' || name === 'AbortError')
		return {problem: 'timeout', detail: `no answer within ${timeout} ms`};
	const cause = (error as {cause?: NodeJS.ErrnoException}).cause;
	const code = cause?.code ?? (error as NodeJS.ErrnoException).code ?? '';
	const message = cause?.message ?? (error as Error).message;
	if (/CERT|TLS|SSL|ERR_SSL/i.test(code)) return {problem: 'tls-error', detail: `${code}: ${message}`};
	if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT')
		return {problem: 'timeout', detail: code};
	return {problem: 'network-error', detail: code === '' ? message : `${code}: ${message}`};
}

function sleep(ms: number): Promise<void> {
	return new Promise(resolve => setTimeout(resolve, ms));
}
