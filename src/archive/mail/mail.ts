/**
 * Internal: read by the command only (`linkstream extract` on mbox, .eml, MHTML, news);
 * not a package entry (docs/api.md says why).
 *
 * `extractMail`: Links from mail and news archives — an mbox (RFC 4155), one message
 * (.eml, .mhtml: RFC 5322 + MIME), or one news article (RFC 5536, spool or wire format).
 *
 * Flow: bytes -> messages (mbox.ts / news.ts) -> mailsplit's Splitter per message ->
 * MessageWalker (mime.ts) -> Links with `message` context. Memory is bounded: the input
 * streams through, each message's parts stream through their extractors, and only the
 * current message's Links are held (MAX_HELD_LINKS) for internal-reference matching.
 *
 * A message that cannot be read (a MIME limit exceeded, no header fields, a parser
 * error) is reported through `onError` with where it is, its Links are dropped, and the
 * next message is read. A part read otherwise than declared (a multipart without a
 * working boundary, an unknown transfer encoding or charset: mime.ts) is reported through
 * `onWarning`, and its Links are given.
 */
import {checkAbsolute, checkDialect, optionError} from '../../options.js';
import type {Dialect, FuzzyOptions, Link} from '../../types.js';
import {MboxSplitter} from './mbox.js';
import type {MboxFormat, MboxMessageStart} from './mbox.js';
import {MalformedMessageError, MessageWalker} from './mime.js';
import type {MailWarning, WalkerOptions} from './mime.js';
import {NewsDecoder} from './news.js';
import type {NewsFormat} from './news.js';

import {SplitterRun} from './splitter-run.js';

export {MalformedMessageError} from './mime.js';
export type {MailWarning} from './mime.js';
export {MAX_HEADER_BYTES, MAX_PARTS} from './splitter-run.js';

export type MailType = 'mbox' | 'eml' | 'news';

/** Where a failed message is. */
export interface MailErrorContext {
	/** 0-based message index in an mbox. */
	index?: number;
	/** The Message-ID, when its header was read. */
	messageId?: string;
	/** Byte offset of the message in the input (of its `From ` line in an mbox). */
	offset: number;
	/** The mbox `From ` line of the message. */
	separator?: string;
}

export interface MailOptions {
	type: MailType;
	/** RFC 2396 §5.1.3: where the message or archive was retrieved from; else `thismessage:/` is the outer base. */
	retrievalUrl?: string;
	/** Default `'whatwg'`. */
	dialect?: Dialect;
	/** HTML parts: also find plain-text URLs in text nodes. */
	textLinks?: boolean;
	/** HTML parts: record anchor text. */
	anchorText?: boolean;
	/** Text parts: bare domains / e-mail addresses. */
	fuzzy?: FuzzyOptions;
	/** mbox quoting convention (mbox.ts). Default `'mboxrd'`. */
	mboxFormat?: MboxFormat;
	/** News storage format (news.ts). Default `'auto'`. */
	newsFormat?: NewsFormat;
	/** Called once per message that could not be read; that message's Links are dropped. */
	onError?: (error: Error, context: MailErrorContext) => void;
	/** Called for each part read otherwise than declared (mime.ts); its Links are given. */
	onWarning?: (warning: MailWarning, context: MailErrorContext) => void;
}

type MessageStart = MboxMessageStart | {offset: number; index?: undefined; separator?: undefined};

type MessageEvent = {type: 'start'; start: MessageStart} | {type: 'data'; bytes: Uint8Array} | {type: 'end'};

/**
 * Links of every message in a mail or news archive, in order.
 *
 * @example
 * import {createReadStream} from 'node:fs';
 * for await (const link of extractMail(createReadStream('list.mbox'), {type: 'mbox', onError: (error, at) => console.error(`message ${at.index}: ${error.message}`)})) {
 *   console.log(link.message?.index, link.message?.part, link.url);
 * }
 */
export async function* extractMail(
	input: AsyncIterable<Uint8Array | string> | NodeJS.ReadableStream,
	options: MailOptions,
): AsyncGenerator<Link> {
	const checked = checkMailOptions(options);
	const walkerOptions: WalkerOptions = {dialect: checked.dialect, extract: extractOptions(options)};
	if (options.retrievalUrl !== undefined) walkerOptions.retrievalUrl = options.retrievalUrl;
	let run: MessageRun | undefined;
	for await (const event of messageEvents(input as AsyncIterable<Uint8Array | string>, options)) {
		if (event.type === 'start') run = new MessageRun(walkerOptions, event.start, options);
		else if (event.type === 'data') {
			// A step at a time, its Links handed on before the next: a whole file given as one chunk
			// (the command reads a small enough file whole) made every Link of it at once.
			for (let at = 0; at < event.bytes.length && run !== undefined; at += MAIL_STEP_BYTES) {
				await run.write(event.bytes.subarray(at, at + MAIL_STEP_BYTES));
				yield* run.take();
			}
			continue;
		} else await run?.end();
		if (run !== undefined) yield* run.take();
	}
}

/** Bytes of a message written to its Splitter at once, its Links taken before the next step. */
export const MAIL_STEP_BYTES = 64 * 1024;

function checkMailOptions(options: MailOptions): {dialect: Dialect} {
	if (options === null || typeof options !== 'object')
		throw optionError('options', "an object such as {type: 'mbox'}", options);
	if (!['mbox', 'eml', 'news'].includes(options.type))
		throw optionError('type', "one of 'mbox', 'eml', 'news'", options.type);
	const dialect = checkDialect(options.dialect);
	checkAbsolute('retrievalUrl', options.retrievalUrl, dialect);
	if (options.mboxFormat !== undefined && !['mboxrd', 'mboxo'].includes(options.mboxFormat))
		throw optionError('mboxFormat', "'mboxrd' or 'mboxo'", options.mboxFormat);
	if (options.newsFormat !== undefined && !['auto', 'wire', 'native'].includes(options.newsFormat))
		throw optionError('newsFormat', "'auto', 'wire' or 'native'", options.newsFormat);
	if (options.onError !== undefined && typeof options.onError !== 'function')
		throw optionError('onError', 'a function', options.onError);
	if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
		throw optionError('onWarning', 'a function', options.onWarning);
	return {dialect};
}

function extractOptions(options: MailOptions): NonNullable<WalkerOptions['extract']> {
	const extract: NonNullable<WalkerOptions['extract']> = {};
	if (options.textLinks !== undefined) extract.textLinks = options.textLinks;
	if (options.anchorText !== undefined) extract.anchorText = options.anchorText;
	if (options.fuzzy !== undefined) extract.fuzzy = options.fuzzy;
	return extract;
}

/** The input as message events: mbox split, news unstuffed, eml as one message. */
async function* messageEvents(
	input: AsyncIterable<Uint8Array | string>,
	options: MailOptions,
): AsyncGenerator<MessageEvent> {
	const events: MessageEvent[] = [];
	const core = messageCore(options, events);
	for await (const chunk of input) {
		core.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
		yield* events.splice(0);
	}
	core.end();
	yield* events.splice(0);
}

function messageCore(options: MailOptions, events: MessageEvent[]): {write(bytes: Uint8Array): void; end(): void} {
	if (options.type === 'mbox') {
		return new MboxSplitter(options.mboxFormat === undefined ? {} : {format: options.mboxFormat}, {
			start: start => events.push({type: 'start', start}),
			data: bytes => events.push({type: 'data', bytes: bytes.slice()}),
			end: () => events.push({type: 'end'}),
		});
	}
	const news =
		options.type === 'news'
			? new NewsDecoder(options.newsFormat === undefined ? {} : {format: options.newsFormat})
			: undefined;
	const bom = new BomStripper();
	let started = false;
	const data = (bytes: Uint8Array): void => {
		if (bytes.length === 0) return;
		if (!started) events.push({type: 'start', start: {offset: 0}});
		started = true;
		events.push({type: 'data', bytes});
	};
	return {
		write: bytes => data(news === undefined ? bom.write(bytes) : news.write(bom.write(bytes))),
		end() {
			const rest = bom.end();
			if (news === undefined) data(rest);
			else data(concat(news.write(rest), news.end()));
			if (started) events.push({type: 'end'});
		},
	};
}

/** Drops a UTF-8 BOM at the start of a single message (editors write one; RFC 5322 has none). */
class BomStripper {
	private held: Uint8Array | undefined = new Uint8Array(0);

	write(bytes: Uint8Array): Uint8Array {
		if (this.held === undefined) return bytes;
		const input = concat(this.held, bytes);
		if (input.length < BOM.length && BOM.slice(0, input.length).every((b, k) => input[k] === b)) {
			this.held = input;
			return new Uint8Array(0);
		}
		this.held = undefined;
		return BOM.every((b, k) => input[k] === b) ? input.subarray(BOM.length) : input;
	}

	end(): Uint8Array {
		const rest = this.held ?? new Uint8Array(0);
		this.held = undefined;
		return rest;
	}
}

const BOM = [0xef, 0xbb, 0xbf];

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	if (a.length === 0) return b;
	if (b.length === 0) return a;
	const out = new Uint8Array(a.length + b.length);
	out.set(a);
	out.set(b, a.length);
	return out;
}

/** One message through a Splitter run and a MessageWalker. */
class MessageRun {
	private readonly run: SplitterRun;
	private readonly walker: MessageWalker;
	private readonly links: Link[] = [];
	private readonly start: MessageStart;
	private readonly onError: MailOptions['onError'];
	private failed = false;

	constructor(options: WalkerOptions, start: MessageStart, callbacks: Pick<MailOptions, 'onError' | 'onWarning'>) {
		this.start = start;
		this.onError = callbacks.onError;
		const {onWarning} = callbacks;
		const walkerOptions =
			onWarning === undefined
				? options
				: {...options, onWarning: (warning: MailWarning) => onWarning(warning, this.where())};
		this.walker = new MessageWalker(walkerOptions, start.index === undefined ? {} : {index: start.index}, link =>
			this.links.push(link),
		);
		this.run = new SplitterRun(chunk => this.walker.chunk(chunk));
	}

	async write(bytes: Uint8Array): Promise<void> {
		if (!this.failed) await this.run.write(bytes);
	}

	async end(): Promise<void> {
		if (this.failed) return;
		try {
			await this.run.end();
			await this.walker.end();
		} catch (error) {
			this.fail(error);
		}
	}

	/** The Links ready so far (none of a failed message). */
	take(): Link[] {
		return this.failed ? [] : this.links.splice(0);
	}

	private fail(error: unknown): void {
		this.failed = true;
		this.links.length = 0;
		this.onError?.(asMailError(error), this.where());
	}

	/** Where the message is. */
	private where(): MailErrorContext {
		const {start} = this;
		const context: MailErrorContext = {offset: start.offset};
		if (start.index !== undefined) context.index = start.index;
		if (start.separator !== undefined && start.separator !== '') context.separator = start.separator;
		if (this.walker.messageId !== undefined) context.messageId = this.walker.messageId;
		return context;
	}
}

function asMailError(error: unknown): Error {
	if (error instanceof MalformedMessageError) return error;
	const code = (error as {code?: unknown} | null)?.code;
	const message = error instanceof Error ? error.message : String(error);
	if (code === 'EMAXLEN') return new MalformedMessageError('mime-limit', message, {cause: error});
	return new MalformedMessageError('mime-error', message, {cause: error});
}
