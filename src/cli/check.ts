/**
 * `linkstream check`: the broken references of a built site (src/check), one a line on
 * standard output (text, NDJSON or TSV), a summary on standard error; exit 1 when one is
 * broken (or a file could not be read), 0 when none is, 2 for usage. This module only maps
 * arguments to checkSite's options and prints.
 */
import {stat} from 'node:fs/promises';
import {basename, dirname} from 'node:path';
import {checkSite} from '../check/site.js';
import type {CheckOptions, CheckSummary, ExternalOptions, Finding} from '../check/types.js';
import {checkDialect, optionError} from '../options.js';
import {printable} from './inputs/names.js';
import {BatchedOutput} from './output/output.js';
import {checkJobs} from './work/pool.js';
import {createProgress, type Progress} from './output/progress.js';
import {UsageError} from './arguments/usage.js';
import type {Io} from './io.js';

export type CheckFormat = 'text' | 'ndjson' | 'tsv';
const FORMATS: readonly CheckFormat[] = ['text', 'ndjson', 'tsv'];

/** Run the command with the parsed option `values` (every command's table) and its PATHs. */
export async function runCheck(
	values: Record<string, unknown>,
	positionals: readonly string[],
	io: Omit<Io, 'stdin'>,
): Promise<number> {
	const format = checkFormat(values.format as string | undefined, io.stdout.isTTY === true);
	const options = checkOptions(values);
	if (positionals.length === 0) throw new UsageError('check: a folder to check is needed (the built site)');
	if (positionals.includes('-')) throw new UsageError('check: a site is read from its folder, not standard input');
	if (
		values.external !== true &&
		(values.cache !== undefined || values['cache-max-age'] !== undefined || values.timeout !== undefined)
	) {
		throw new UsageError('check: --cache, --cache-max-age and --timeout are options of --external');
	}
	const out = new BatchedOutput(io.stdout);
	const total: CheckSummary = {files: 0, failed: 0, checked: 0, broken: 0, skipped: 0};
	let missing = 0;
	// Files named in one folder are read in one run: the folder is walked once for them all.
	const runs: Array<{root: string; only?: string[]}> = [];
	const byFolder = new Map<string, string[]>();
	for (const path of positionals) {
		const info = await stat(path).catch(() => null);
		if (info === null) {
			io.err(`linkstream check: ${printable(path)}: no such file or folder`);
			missing++;
		} else if (info.isDirectory()) {
			runs.push({root: path});
		} else {
			const folder = dirname(path);
			let only = byFolder.get(folder);
			if (only === undefined) {
				only = [];
				byFolder.set(folder, only);
				runs.push({root: folder, only});
			}
			only.push(basename(path));
		}
	}
	for (const {root: path, only} of runs) {
		let progress: Progress | undefined;
		const run = checkSite(path, {
			...options,
			...(only === undefined ? {} : {only}),
			onError: (file, message) => io.err(`linkstream check: ${printable(file)}: ${message}`),
			onWarning: (file, message) => io.err(`linkstream check: ${printable(file)}: warning: ${message}`),
			onStart: (files, bytes) => {
				progress = createProgress(files, bytes);
			},
			onFile: (_file, bytes) => progress?.advance(bytes),
		});
		try {
			for await (const finding of run) {
				out.add(formatFinding(finding, format));
				await out.ready();
			}
		} finally {
			progress?.stop();
		}
		for (const key of Object.keys(total) as Array<keyof CheckSummary>) total[key] += run.summary[key];
	}
	await out.end();
	const failed = total.failed > 0 ? `, ${total.failed} not read` : '';
	io.err(
		`linkstream check: ${total.files} files read${failed}, ${total.checked} references checked, ${total.broken} broken, ${total.skipped} skipped`,
	);
	return total.broken > 0 || total.failed > 0 || missing > 0 ? 1 : 0;
}

function checkFormat(format: string | undefined, terminal: boolean): CheckFormat {
	if (format === undefined) return terminal ? 'text' : 'ndjson';
	if ((FORMATS as readonly string[]).includes(format)) return format as CheckFormat;
	throw optionError('--format', FORMATS.join(' | '), format);
}

function checkOptions(values: Record<string, unknown>): CheckOptions {
	const dialect = checkDialect(values.dialect);
	const options: CheckOptions = {dialect, jobs: checkJobs(values.jobs as string | undefined)};
	if (values.site !== undefined) options.site = values.site as string;
	if (values.index !== undefined) {
		const names = (values.index as string).split(',').map(name => name.trim());
		if (names.some(name => name === '' || name.includes('/')))
			throw optionError('--index', 'a comma-separated list of file names such as "index.html,index.htm"', values.index);
		options.indexFiles = names;
	}
	if (values['clean-urls'] === true) options.cleanUrls = true;
	if (values.inert === true) options.inert = true;
	if (values.external === true) {
		const external: ExternalOptions = {};
		if (values.cache !== undefined) external.cache = values.cache as string;
		if (values['cache-max-age'] !== undefined)
			external.cacheMaxAge = duration('--cache-max-age', values['cache-max-age'] as string);
		if (values.timeout !== undefined) external.timeout = duration('--timeout', values.timeout as string);
		options.external = external;
	}
	return options;
}

const UNITS: Readonly<Record<string, number>> = {ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000};

/** A duration in milliseconds from `90`, `90s`, `15m`, `12h`, `7d` or `500ms` (a bare number: seconds). */
function duration(name: string, text: string): number {
	const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
	if (match === null) throw optionError(name, 'a duration such as 30s, 15m, 12h or 7d (a bare number: seconds)', text);
	return Number(match[1]) * UNITS[match[2] ?? 's']!;
}

/**
 * One finding as a line of `format`.
 *
 * @example
 * formatFinding(finding, 'text'); // 'site/index.html:9:10  https://example.com/missing.html  missing-file\n'
 */
export function formatFinding(finding: Finding, format: CheckFormat): string {
	switch (format) {
		case 'ndjson':
			return `${JSON.stringify(finding)}\n`;
		case 'tsv': {
			const fields = [
				finding.file,
				String(finding.line),
				String(finding.column),
				finding.problem,
				finding.url ?? '',
				finding.value,
				finding.kind,
				finding.element ?? '',
				finding.attribute ?? '',
				detail(finding),
			];
			return `${fields.map(printable).join('\t')}\n`;
		}
		case 'text':
			return `${printable(finding.file)}:${finding.line}:${finding.column}  ${printable(finding.url ?? finding.value)}  ${finding.problem}${textDetail(finding)}\n`;
	}
}

/** External findings: the status, the redirects, what failed. */
function detail(finding: Finding): string {
	const parts: string[] = [];
	if (finding.status !== undefined) parts.push(String(finding.status));
	if (finding.redirects !== undefined) parts.push(`via ${finding.redirects.join(' -> ')}`);
	if (finding.detail !== undefined) parts.push(finding.detail);
	return parts.join('; ');
}

function textDetail(finding: Finding): string {
	const text = detail(finding);
	return text === '' ? '' : ` (${printable(text)})`;
}
