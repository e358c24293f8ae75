/** A progress bar on standard error (cli-progress), only when it is a terminal. */
import {createRequire} from 'node:module';
import type CliProgress from 'cli-progress';

export interface Progress {
	/** A file is done: its size in bytes. */
	advance(bytes: number): void;
	stop(): void;
}

const SILENT: Progress = {advance() {}, stop() {}};

/** Counting files and bytes; silent unless `stream` is a terminal. */
export function createProgress(
	totalFiles: number,
	totalBytes: number,
	stream: NodeJS.WriteStream = process.stderr,
): Progress {
	if (stream.isTTY !== true || totalFiles < 2) return SILENT;
	// Loaded only for a terminal: a run into a pipe does not pay for it.
	const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
	const bar = new cliProgress.SingleBar(
		{
			stream,
			format: 'linkstream {bar} {percentage}% | {value}/{total} files | {megabytes} MB | {duration_formatted}',
			hideCursor: true,
			clearOnComplete: true,
		},
		cliProgress.Presets.shades_classic,
	);
	let bytes = 0;
	const mb = (): string => (bytes / 1e6).toFixed(1);
	bar.start(totalFiles, 0, {megabytes: mb()});
	return {
		advance(size) {
			bytes += size;
			bar.increment(1, {megabytes: `${mb()}/${(totalBytes / 1e6).toFixed(1)}`});
		},
		stop() {
			bar.stop();
		},
	};
}
