/**
 * External references over HTTP, against servers on 127.0.0.1 started here: statuses,
 * redirects (chains, loops, the hop limit), HEAD refused, 429 and Retry-After, slow and
 * hanging servers, retries, TLS errors (a self-signed certificate made with openssl),
 * bounds on requests in flight, each URL once, the cache file.
 */
import {execFile, execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {createServer as createTlsServer} from 'node:https';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import test from 'ava';
import {ExternalChecker, retryAfter} from '../../src/check/external.js';
import {checkSite} from '../../src/index.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A server on 127.0.0.1 with `routes` by path; every request is logged as `METHOD path`. */
async function serve(routes: Record<string, Handler>): Promise<{url: string; log: string[]; server: Server}> {
	const log: string[] = [];
	const server = createServer((request, response) => {
		log.push(`${request.method} ${request.url}`);
		const route = routes[request.url ?? ''];
		if (route === undefined) {
			response.writeHead(404).end();
			return;
		}
		route(request, response);
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log, server};
}

const stop = (server: Server): Promise<void> =>
	new Promise(resolve => {
		server.closeAllConnections();
		server.close(() => resolve());
	});

const status =
	(code: number, headers: Record<string, string> = {}): Handler =>
	(_request, response) =>
		void response.writeHead(code, headers).end();
const redirect = (to: string, code = 301): Handler => status(code, {location: to});
const FAST = {retryDelay: 10, timeout: 2000};

test('statuses: 200 fine; 404 and 410 broken with their status', async t => {
	const {url, server} = await serve({'/ok': status(200), '/gone': status(410)});
	t.teardown(() => stop(server));
	const checker = new ExternalChecker(FAST);
	t.is(await checker.check(`${url}/ok`), null);
	t.deepEqual(await checker.check(`${url}/missing`), {problem: 'http-error', extra: {status: 404}});
	t.deepEqual(await checker.check(`${url}/gone`), {problem: 'http-error', extra: {status: 410}});
});

test('redirects: a chain is followed to its end; broken at the end, reported with every target', async t => {
	const {url, server} = await serve({
		'/a': redirect('/b'),
		'/b': redirect('/c', 308),
		'/c': status(200),
		'/x': redirect('/y', 302),
		'/y': redirect('/nowhere', 307),
	});
	t.teardown(() => stop(server));
	const checker = new ExternalChecker(FAST);
	t.is(await checker.check(`${url}/a`), null);
	t.deepEqual(await checker.check(`${url}/x`), {
		problem: 'http-error',
		extra: {status: 404, redirects: [`${url}/y`, `${url}/nowhere`]},
	});
});

test('redirects: a loop is found, and a chain past the hop limit stops', async t => {
	const {url, log, server} = await serve({
		'/1': redirect('/2'),
		'/2': redirect('/1'),
		'/c1': redirect('/c2'),
		'/c2': redirect('/c3'),
		'/c3': redirect('/c4'),
		'/c4': status(200),
	});
	t.teardown(() => stop(server));
	const checker = new ExternalChecker({...FAST, maxRedirects: 2});
	t.deepEqual(await checker.check(`${url}/1`), {
		problem: 'redirect-loop',
		extra: {status: 301, redirects: [`${url}/2`, `${url}/1`]},
	});
	t.deepEqual(await checker.check(`${url}/c1`), {
		problem: 'too-many-redirects',
		extra: {status: 301, redirects: [`${url}/c2`, `${url}/c3`, `${url}/c4`]},
	});
	t.false(log.includes('HEAD /c4')); // the third hop is not asked
});

test('HEAD refused (405, 501, or a status GET would not give): asked again with GET, whose status counts', async t => {
	const headRefused =
		(code: number, get: number): Handler =>
		(request, response) =>
			void response.writeHead(request.method === 'HEAD' ? code : get).end();
	const {url, log, server} = await serve({
		'/405': headRefused(405, 200),
		'/501': headRefused(501, 200),
		'/403': headRefused(403, 200),
		'/really': headRefused(405, 404),
	});
	t.teardown(() => stop(server));
	const checker = new ExternalChecker(FAST);
	t.is(await checker.check(`${url}/405`), null);
	t.is(await checker.check(`${url}/501`), null);
	t.is(await checker.check(`${url}/403`), null);
	t.deepEqual(await checker.check(`${url}/really`), {problem: 'http-error', extra: {status: 404}});
	t.deepEqual(
		log.filter(line => line.endsWith('/405')),
		['HEAD /405', 'GET /405'],
	);
});

test('429: Retry-After waited for (within the bound), then asked again; a longer one is reported', async t => {
	let asked = 0;
	const {url, server} = await serve({
		'/busy': (_request, response) =>
			void (asked++ === 0 ? response.writeHead(429, {'retry-after': '1'}) : response.writeHead(200)).end(),
		'/later': status(429, {'retry-after': '3600'}),
	});
	t.teardown(() => stop(server));
	const checker = new ExternalChecker({...FAST, maxRetryAfter: 5000});
	const started = Date.now();
	t.is(await checker.check(`${url}/busy`), null);
	t.true(Date.now() - started >= 950, 'waited the second Retry-After asks for');
	const late = Date.now();
	const verdict = await checker.check(`${url}/later`);
	t.like(verdict, {problem: 'http-error', extra: {status: 429}});
	t.true(Date.now() - late < 2000, 'an hour is not waited');
});

test('a server error is tried again after a delay; a slow server and a hanging one time out', async t => {
	let calls = 0;
	const {url, log, server} = await serve({
		'/flaky': (_request, response) => void response.writeHead(calls++ < 2 ? 503 : 200).end(),
		'/slow': (_request, response) => void setTimeout(() => response.writeHead(200).end(), 3000),
		'/hang': () => undefined,
	});
	t.teardown(() => stop(server));
	t.is(await new ExternalChecker({retryDelay: 10, retries: 1}).check(`${url}/flaky`), null);
	// HEAD refused (503), GET 503 too: asked again after the delay.
	t.deepEqual(log.splice(0), ['HEAD /flaky', 'GET /flaky', 'HEAD /flaky']);
	const checker = new ExternalChecker({retryDelay: 10, timeout: 300, retries: 1});
	t.like(await checker.check(`${url}/slow`), {problem: 'timeout'});
	t.like(await checker.check(`${url}/hang`), {problem: 'timeout'});
	t.is(log.filter(line => line === 'HEAD /hang').length, 2); // tried, and tried again once
});

test('each URL asked once per run, however many references; requests bounded per host', async t => {
	let inFlight = 0;
	let most = 0;
	const routes: Record<string, Handler> = {};
	for (let i = 0; i < 8; i++) {
		routes[`/p${i}`] = (_request, response) => {
			most = Math.max(most, ++inFlight);
			setTimeout(() => {
				inFlight--;
				response.writeHead(200).end();
			}, 50);
		};
	}
	const {url, log, server} = await serve(routes);
	t.teardown(() => stop(server));
	const checker = new ExternalChecker({...FAST, perHost: 2});
	await Promise.all([
		...Array.from({length: 8}, (_, i) => checker.check(`${url}/p${i}`)),
		checker.check(`${url}/p0`),
		checker.check(`${url}/p0`),
	]);
	t.is(log.filter(line => line === 'HEAD /p0').length, 1);
	t.is(log.length, 8);
	t.is(most, 2);
});

test('TLS: a self-signed certificate is a tls-error', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'check-tls-'));
	t.teardown(() => rmSync(folder, {recursive: true, force: true}));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-keyout',
				join(folder, 'key.pem'),
				'-out',
				join(folder, 'cert.pem'),
				'-days',
				'1',
				'-subj',
				'/CN=127.0.0.1',
			],
			{stdio: 'ignore'},
		);
	} catch {
		t.pass('openssl is not installed: the certificate cannot be made here');
		return;
	}
	const server = createTlsServer(
		{key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem'))},
		(_request, response) => void response.writeHead(200).end(),
	);
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	t.teardown(() => stop(server));
	const verdict = await new ExternalChecker(FAST).check(`https://127.0.0.1:${(server.address() as AddressInfo).port}/`);
	t.like(verdict, {problem: 'tls-error'});
});

test('a refused connection is a network-error', async t => {
	const {url, server} = await serve({});
	await stop(server); // the port is closed now
	t.like(await new ExternalChecker({...FAST, retries: 0}).check(`${url}/`), {problem: 'network-error'});
});

test('cache file: answers kept with their age; a second run asks nothing until they are too old', async t => {
	const folder = mkdtempSync(join(tmpdir(), 'check-cache-'));
	t.teardown(() => rmSync(folder, {recursive: true, force: true}));
	const cache = join(folder, 'cache.json');
	const {url, log, server} = await serve({'/ok': status(200)});
	t.teardown(() => stop(server));
	const once = async (maxAge: number): Promise<unknown[]> => {
		const checker = new ExternalChecker({...FAST, cache, cacheMaxAge: maxAge});
		await checker.open();
		const verdicts = [await checker.check(`${url}/ok`), await checker.check(`${url}/missing`)];
		await checker.close();
		return verdicts;
	};
	t.deepEqual(await once(60_000), [null, {problem: 'http-error', extra: {status: 404}}]);
	t.is(log.length, 3); // HEAD /ok, HEAD /missing, GET /missing
	t.deepEqual(await once(60_000), [null, {problem: 'http-error', extra: {status: 404}}]);
	t.is(log.length, 3);
	await new Promise(resolve => setTimeout(resolve, 20));
	await once(10);
	t.is(log.length, 6);
	writeFileSync(cache, 'not json');
	await t.notThrowsAsync(once(60_000));
});

test('checkSite with external: pages share one request per URL; broken external references are findings; without it they are skipped', async t => {
	const {url, log, server} = await serve({'/ok': status(200)});
	t.teardown(() => stop(server));
	const root = mkdtempSync(join(tmpdir(), 'check-ext-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	writeFileSync(join(root, 'a.html'), `<a href="${url}/ok#part">ok</a>\n<a href="${url}/gone">gone</a>`);
	writeFileSync(join(root, 'b.html'), `<a href="${url}/gone">gone</a>\n<a href="mailto:x@example.com">mail</a>`);
	const lines: string[] = [];
	const run = checkSite(root, {site: 'https://example.com/', external: {retryDelay: 10}});
	for await (const finding of run)
		lines.push(`${finding.file.slice(root.length + 1)}:${finding.line} ${finding.problem} ${finding.status}`);
	t.deepEqual(lines.sort(), ['a.html:2 http-error 404', 'b.html:1 http-error 404']);
	t.deepEqual(run.summary, {files: 2, failed: 0, checked: 3, broken: 2, skipped: 1});
	t.deepEqual(log.sort(), ['GET /gone', 'HEAD /gone', 'HEAD /ok']);
	const offline = checkSite(root, {site: 'https://example.com/'});
	for await (const _ of offline) t.fail();
	t.like(offline.summary, {checked: 0, skipped: 4});
});

test('linkstream check --external: exit 1 on a broken external link, the status in the text line', async t => {
	const {url, server} = await serve({});
	t.teardown(() => stop(server));
	const root = mkdtempSync(join(tmpdir(), 'check-ext-cli-'));
	t.teardown(() => rmSync(root, {recursive: true, force: true}));
	writeFileSync(join(root, 'index.html'), `<a href="${url}/gone">gone</a>`);
	const result = await new Promise<{code: number | null; stdout: string; stderr: string}>(resolve => {
		const child = execFile(
			process.execPath,
			[
				'--import',
				'tsx',
				'src/cli/bin.ts',
				'check',
				'--external',
				'--format',
				'text',
				'--cache',
				join(root, 'cache.json'),
				root,
			],
			(_error, stdout, stderr) => resolve({code: child.exitCode, stdout, stderr}),
		);
	});
	t.is(result.code, 1, result.stderr);
	t.is(result.stdout, `${join(root, 'index.html')}:1:10  ${url}/gone  http-error (404)\n`);
	t.true(JSON.parse(readFileSync(join(root, 'cache.json'), 'utf8')).linkstreamCheckCache === 1);
});

test('Retry-After: delay-seconds or an HTTP-date (RFC 9110 #field.retry-after); anything else unread', t => {
	t.is(retryAfter('120'), 120_000);
	t.is(retryAfter(' 0 '), 0);
	const inAMinute = new Date(Date.now() + 60_000).toUTCString();
	const wait = retryAfter(inAMinute)!;
	t.true(wait > 55_000 && wait <= 60_000, String(wait));
	t.is(retryAfter('Wed, 21 Oct 2015 07:28:00 GMT'), 0); // past: no wait
	t.is(retryAfter('soon'), undefined);
	t.is(retryAfter('-5'), undefined);
	t.is(retryAfter(undefined), undefined);
});
