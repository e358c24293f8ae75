/** The Links of one command-line input, whatever its type: a document, a mail or news archive, a WARC file. */
import {createReadStream} from 'node:fs';
import {Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {extractMail} from '../archive/mail/mail.js';
import type {MailErrorContext} from '../archive/mail/mail.js';
import {extractWarc} from '../archive/warc/warc.js';
import {filterLinks} from '../extract/filter.js';
import type {ReferenceEvent} from '../extract/event.js';
import {createExtractStream} from '../stream/node/extract.js';
import type {ArchiveType, ExtractOptions, InputType, Link} from '../types.js';

/** A command-line input: a file path or `-`, and what it holds. */
export interface Input {
	path: string;
	type: InputType | ArchiveType;
}

/** Options for every input of a run; the type and retrieval URL come per input. */
export type RunOptions = Omit<ExtractOptions, 'type'>;

type OnLink = (link: Link) => void | Promise<void>;

/**
 * Stream the Links of `input` to `onLink`, in document order, with backpressure (`onLink`
 * may return a promise to pause). A message or record that cannot be read is reported to
 * `onError` and skipped; a whole input that cannot be read rejects. A mail part read
 * otherwise than declared (a multipart without a working boundary, an unknown transfer
 * encoding or charset) is reported to `onWarning`; its Links are given.
 */
export async function eachLink(
	input: Input,
	options: RunOptions,
	stdin: NodeJS.ReadableStream,
	onLink: OnLink,
	onError: (message: string) => void,
	onWarning: (message: string) => void = () => undefined,
): Promise<void> {
	const source = input.path === '-' ? stdin : createReadStream(input.path);
	switch (input.type) {
		case 'mbox':
		case 'eml':
		case 'news':
			return drain(
				extractMail(source, {
					type: input.type,
					...archiveOptions(options),
					onError: (error, at) => onError(`${messagePlace(at)}: ${error.message}`),
					onWarning: (warning, at) => onWarning(`${messagePlace(at)} part ${warning.part}: ${warning.message}`),
				}),
				options,
				onLink,
			);
		case 'warc':
			return drain(extractWarc(source, {...archiveOptions(options), onError: error => onError(error.message)}), options, onLink);
		default:
			return pipeline(source, createExtractStream({baseHold: 'document', ...options, type: input.type}), sinkTo(onLink));
	}
}

/** `message #2 <id@example.org> at byte 1234` */
function messagePlace(at: MailErrorContext): string {
	const where = [at.index === undefined ? '' : `message #${at.index}`, at.messageId === undefined ? '' : `<${at.messageId}>`, `at byte ${at.offset}`];
	return where.filter(Boolean).join(' ');
}

function archiveOptions(options: RunOptions): Pick<ExtractOptions, 'retrievalUrl' | 'dialect' | 'textLinks' | 'anchorText' | 'fuzzy'> {
	const picked: Pick<ExtractOptions, 'retrievalUrl' | 'dialect' | 'textLinks' | 'anchorText' | 'fuzzy'> = {};
	if (options.retrievalUrl !== undefined) picked.retrievalUrl = options.retrievalUrl;
	if (options.dialect !== undefined) picked.dialect = options.dialect;
	if (options.textLinks !== undefined) picked.textLinks = options.textLinks;
	if (options.anchorText !== undefined) picked.anchorText = options.anchorText;
	if (options.fuzzy !== undefined) picked.fuzzy = options.fuzzy;
	return picked;
}

/** Archives' Links through the same `schemes` / `redactCredentials` filter as documents. */
async function drain(links: AsyncGenerator<Link>, options: RunOptions, onLink: OnLink): Promise<void> {
	const pending: Link[] = [];
	const filter = filterLinks(options, link => void pending.push(link));
	for await (const link of links) {
		filter(link, NO_EVENT);
		for (const accepted of pending.splice(0)) await onLink(accepted);
	}
}

/** The filter takes (link, event); archives hand over Links only, and the filter reads no event. */
const NO_EVENT = {} as ReferenceEvent;

function sinkTo(onLink: OnLink): Writable {
	return new Writable({
		objectMode: true,
		write(link: Link, _encoding, callback) {
			const waiting = onLink(link);
			if (waiting === undefined) callback();
			else waiting.then(() => callback(), callback);
		},
	});
}
