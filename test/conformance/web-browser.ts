/**
 * linkstream/web in a real browser: Debian's Chromium (driven by playwright-core) loads
 * the esbuild browser bundle (test/web/bundle.ts) in a page served from localhost, feeds
 * fixture pages to ExtractStream and RewriteStream in chunks, and the Links (and the
 * rewritten bytes' SHA-256) must equal what the Node streams give for the same chunks.
 *
 * Cases: every project fixture (test/rewrite/inputs.ts); pages in legacy encodings,
 * written here byte by byte, whose decoded reference and URL Standard query encoding are
 * also checked against hand-written expectations (the web entry decodes them with
 * Chromium's TextDecoder, and encodes queries by inverting it); and every 13th page of
 * SHARED/corpus/html when given. Usage: `npx tsx test/conformance/web-browser.ts [SHARED]`.
 * Ends with `web-browser: P passed, F failed`; prints a `skipped` line (0 passed) when
 * Chromium is missing.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {CHROMIUM_PATH} from '../../scripts/browser-harness.js';
import type {ExtractOptions, Link} from '../../src/index.js';
import {fixtureInputs, randomCuts} from '../rewrite/inputs.js';
import {bundleWeb} from '../web/bundle.js';
import {firstDifference, nodeAnswer} from '../web/compare.js';

const shared = process.argv[2];

if (!existsSync(CHROMIUM_PATH)) {
	console.log(`web-browser: Chromium not found at ${CHROMIUM_PATH}: skipped`);
	console.log('web-browser: 0 passed, 0 failed');
	process.exit(0);
}
const {chromium} = await import('playwright-core');

interface Case {
	name: string;
	bytes: Uint8Array;
	options: ExtractOptions;
	/** Rewrite targets to compare (none for encodings a rewrite refuses). */
	targets: Array<'absolute' | 'relative' | 'function'>;
	/** Cut point sets, each one chunking of the input. */
	chunkings: number[][];
	/** Also run the input as a string (UTF-8 pages). */
	strings: boolean;
	/** Hand-written expectation for a legacy page. */
	legacy?: {value: string; query: string};
}

/** URL Standard special-query percent-encode set, on bytes. */
function percentQuery(bytes: readonly number[]): string {
	return bytes
		.map(b =>
			b < 0x21 || b > 0x7e || b === 0x22 || b === 0x23 || b === 0x27 || b === 0x3c || b === 0x3e
				? `%${b.toString(16).toUpperCase().padStart(2, '0')}`
				: String.fromCharCode(b),
		)
		.join('');
}

/** A word in each legacy encoding, and its bytes there (checked by hand against the Encoding Standard indexes). */
const LEGACY: ReadonlyArray<[string, string, number[]]> = [
	['windows-1252', 'café€', [0x63, 0x61, 0x66, 0xe9, 0x80]],
	['iso-8859-2', 'łódź', [0xb3, 0xf3, 0x64, 0xbc]],
	['windows-1251', 'мир', [0xec, 0xe8, 0xf0]],
	['koi8-r', 'мир', [0xcd, 0xc9, 0xd2]],
	['shift_jis', '日本', [0x93, 0xfa, 0x96, 0x7b]],
	['euc-jp', '日本', [0xc6, 0xfc, 0xcb, 0xdc]],
	['iso-2022-jp', '日本', [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42]],
	['euc-kr', '한국', [0xc7, 0xd1, 0xb1, 0xb9]],
	['big5', '中文', [0xa4, 0xa4, 0xa4, 0xe5]],
	['gbk', '中文', [0xd6, 0xd0, 0xce, 0xc4]],
	['gb18030', '中文¥', [0xd6, 0xd0, 0xce, 0xc4, 0x81, 0x30, 0x84, 0x36]],
];

function legacyCase([charset, word, wordBytes]: (typeof LEGACY)[number]): Case {
	const ascii = (text: string): number[] => Array.from(text, c => c.charCodeAt(0));
	const bytes = [
		...ascii(`<!doctype html><meta charset="${charset}"><title>`),
		...wordBytes,
		...ascii('</title>\n<a href="/p/'),
		...wordBytes,
		...ascii('?q='),
		...wordBytes,
		...ascii('#'),
		...wordBytes,
		...ascii('">'),
		...wordBytes,
		...ascii('</a>\n<img src="'),
		...wordBytes,
		...ascii('.png" srcset="a.png 1x, '),
		...wordBytes,
		...ascii('.png 2x"><p style="background:url('),
		...wordBytes,
		...ascii('.gif)">'),
		...wordBytes,
		...ascii(' https://example.com/'),
		...wordBytes,
		...ascii('</p>\n'),
	];
	const stateful = charset === 'iso-2022-jp';
	return {
		name: `legacy/${charset}`,
		bytes: Uint8Array.from(bytes),
		options: {type: 'html', retrievalUrl: `https://legacy.example/${charset}/page.html`, textLinks: true},
		targets: stateful ? [] : ['absolute', 'relative', 'function'],
		chunkings: [[], randomCuts(bytes.length, charset.length, 12), Array.from({length: bytes.length}, (_, i) => i)],
		strings: false,
		legacy: {value: `/p/${word}?q=${word}#${word}`, query: `?q=${percentQuery(wordBytes)}#`},
	};
}

function cases(): Case[] {
	const list: Case[] = fixtureInputs().map((input, i) => ({
		name: input.name,
		bytes: new Uint8Array(input.bytes),
		options: input.options,
		targets: ['absolute', 'relative', 'function'],
		chunkings: [
			randomCuts(input.bytes.length, 1000 + i, 10),
			Array.from({length: Math.ceil(input.bytes.length / 7)}, (_, k) => 7 * k),
		],
		strings: true,
	}));
	list.push(...LEGACY.map(legacyCase));
	if (shared !== undefined) {
		const dir = join(shared, 'corpus', 'html');
		const names = existsSync(dir)
			? readdirSync(dir)
					.filter(name => name.endsWith('.html'))
					.sort()
			: [];
		names.forEach((name, i) => {
			if (i % 13 !== 0) return;
			const bytes = new Uint8Array(readFileSync(join(dir, name)));
			list.push({
				name: `corpus/${name.slice(0, 12)}`,
				bytes,
				options: {type: 'html', retrievalUrl: `https://corpus.example/${name}`},
				targets: ['absolute', 'relative'],
				chunkings: [randomCuts(bytes.length, i, 20)],
				strings: false,
			});
		});
	}
	return list;
}

/**
 * Chromium's URL parser percent-encodes `'` in non-special queries and `|`, `^` in paths,
 * which Node 20's URL (the whatwg dialect delegates to the platform's) keeps (the
 * html-corpus suite meets the same): Links that differ only so are counted apart.
 */
const URL_PARSER_BYTES: ReadonlyArray<[RegExp, string]> = [
	[/%27/g, "'"],
	[/%7C/gi, '|'],
	[/%5E/gi, '^'],
];

function sameButUrlParser(web: string, node: string): boolean {
	if (!web.startsWith('[') || !node.startsWith('[')) return false;
	const unify = (text: string): string =>
		URL_PARSER_BYTES.reduce((t, [pattern, char]) => t.replace(pattern, char), text);
	const a = JSON.parse(web) as Link[];
	const b = JSON.parse(node) as Link[];
	return (
		a.length === b.length &&
		a.every(
			(link, i) =>
				JSON.stringify({...link, url: unify(link.url ?? '')}) ===
				JSON.stringify({...b[i], url: unify(b[i]?.url ?? '')}),
		)
	);
}

const bundle = await bundleWeb();
const runner = readFileSync(new URL('../web/page-runner.js', import.meta.url), 'utf8');
const runCase = readFileSync(new URL('../web/run-case.js', import.meta.url), 'utf8');
const all = cases();
const server = createServer((request, response) => {
	const path = request.url ?? '/';
	const send = (type: string, body: string | Uint8Array): void => {
		response.writeHead(200, {'content-type': type});
		response.end(body);
	};
	if (path === '/')
		send(
			'text/html; charset=utf-8',
			'<!doctype html><title>linkstream/web</title><script type="module" src="/runner.js"></script>',
		);
	else if (path === '/web.js') send('text/javascript; charset=utf-8', bundle.text);
	else if (path === '/runner.js') send('text/javascript; charset=utf-8', runner);
	else if (path === '/run-case.js') send('text/javascript; charset=utf-8', runCase);
	else if (path.startsWith('/case/'))
		send('application/octet-stream', all[Number(path.slice(6))]?.bytes ?? new Uint8Array(0));
	else {
		response.writeHead(404);
		response.end();
	}
});
await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu']});
let passed = 0;
let failed = 0;
const urlParser: string[] = [];
const fail = (what: string, detail: string): void => {
	failed++;
	console.log(`FAIL ${what}: ${detail.length > 600 ? `${detail.slice(0, 600)}...` : detail}`);
};
try {
	const page = await browser.newPage();
	const errors: string[] = [];
	page.on('pageerror', error => errors.push(String(error)));
	await page.goto(`${origin}/`);
	await page.waitForFunction('window.ready === true', undefined, {timeout: 30_000});
	console.log(`bundle: ${bundle.gzipBytes} bytes gzipped; ${await page.evaluate('navigator.userAgent')}`);
	for (const [index, c] of all.entries()) {
		let casePassed = 0;
		const forms: Array<[boolean, string | Uint8Array]> = [[false, c.bytes]];
		if (c.strings) forms.push([true, new TextDecoder().decode(c.bytes)]);
		for (const [strings, input] of forms) {
			for (const cuts of c.chunkings) {
				for (const to of [undefined, ...c.targets]) {
					const what = `${c.name} ${strings ? 'string' : 'bytes'} ${to ?? 'extract'} (${cuts.length} cuts)`;
					const arg = {url: `/case/${index}`, options: c.options, cuts, strings, ...(to === undefined ? {} : {to})};
					let web: string;
					try {
						web = (await page.evaluate(`window.runCase(${JSON.stringify(arg)})`)) as string;
					} catch (error) {
						fail(what, `the page threw ${String(error)}`);
						continue;
					}
					const node = await nodeAnswer({options: c.options, cuts, strings, ...(to === undefined ? {} : {to})}, input);
					if (web === node || sameButUrlParser(web, node)) {
						passed++;
						casePassed++;
						if (web !== node) urlParser.push(what);
					} else fail(what, firstDifference(web, node));
				}
			}
		}
		if (c.legacy !== undefined) {
			// Hand-written expectations: the decoded reference, and its query in the page's encoding.
			const links = JSON.parse(
				(await page.evaluate(
					`window.runCase(${JSON.stringify({url: `/case/${index}`, options: c.options, cuts: [], strings: false})})`,
				)) as string,
			) as Link[];
			const anchor = links.find(link => link.value.startsWith('/p/'));
			if (anchor?.value === c.legacy.value && anchor.url?.includes(c.legacy.query)) passed++;
			else
				fail(
					`${c.name} decoding`,
					`expected value ${c.legacy.value} and query ${c.legacy.query}; got ${JSON.stringify(anchor)}`,
				);
		}
		console.log(`${c.name}: ${casePassed} comparisons agree`);
	}
	if (errors.length > 0) fail('page errors', errors.join('\n'));
} finally {
	await browser.close();
	server.close();
}
if (urlParser.length > 0)
	console.log(
		`explained: ${urlParser.length} comparisons differ only where Chromium's URL parser percent-encodes ' | ^ and Node's keeps them: ${urlParser.join('; ')}`,
	);
console.log(`web-browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
