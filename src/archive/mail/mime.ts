/**
 * One message's MIME tree, walked as mailsplit's Splitter streams it (each node's headers
 * before its body): leaf parts go through PartExtractor with the base of mime-context.ts;
 * message headers give their URI fields (mime-headers.ts). Every Link carries its
 * MessageContext.
 *
 * Internal references (RFC 2557 §8.2). A part may be referenced before it appears
 * (the root HTML comes first, its images after), so the message's Links are held until
 * the message ends (at most `MAX_HELD_LINKS`), then matched:
 *   - `cid:` (and `mid:.../cid`) URLs to the part with that Content-ID (RFC 2392; §8.3:
 *     by Content-ID only) → `message.cidPart`;
 *   - any URL (fragment ignored) equal to another part's resolved Content-Location
 *     (§8.2(a)–(d)) → `message.locationPart`. This includes a `cid:` URL written as a
 *     Content-Location, as Chrome's "Save as MHTML" does.
 * A reference that matches nothing (e.g. `thismessage:/page2.html` with no such part,
 * §8.2(e)) keeps neither field.
 *
 * What cannot be read as declared is read as mail readers read it, with a `MailWarning`
 * (never dropped in silence):
 *   - a multipart whose body holds no delimiter line of its boundary (the `boundary`
 *     parameter missing, cut off, or never used): its body is read as text/plain. The
 *     body streams into a text extractor from the start and its Links are kept aside;
 *     the first child part shows the boundary works, and they are dropped (a preamble is
 *     ignored, RFC 2046 §5.1.1). Past `MAX_HELD_LINKS` kept aside, the body is taken as
 *     one without parts (warned) and its Links go on;
 *   - an unknown Content-Transfer-Encoding (`x-uuencode`, ...): the bytes are read as they
 *     are (as `8bit`);
 *   - an unknown charset: text parts are read as UTF-8 (invalid bytes become U+FFFD: ASCII
 *     URLs come through whole); HTML and CSS parts as if none were given (BOM, `<meta>` /
 *     `@charset`, else UTF-8); header encoded words as UTF-8.
 */
import type {SplitterChunk} from '@zone-eu/mailsplit';
import type {Dialect, Link, MessageContext} from '../../types.js';
import {
	contentId,
	headerParameter,
	isMessageRoot,
	messageBase,
	messageId,
	nodeContext,
	partPath,
} from './mime-context.js';
import type {MimeNode, NodeContext} from './mime-context.js';
import {isKnownCharset} from './charset.js';
import {headerLinks} from './mime-headers.js';
import type {HeaderLinkOptions} from './mime-headers.js';
import {PartExtractor, partType} from './mime-part.js';
import type {PartExtractOptions} from './mime-part.js';
import {SplitterRun} from './splitter-run.js';
import {createTransferDecoder, isKnownTransferEncoding} from './transfer.js';
import type {TransferDecoder} from './transfer.js';

/**
 * Links held per message for matching. Past it, the held Links are matched against the
 * parts seen so far and emitted: a later part is then not found for them.
 */
export const MAX_HELD_LINKS = 10_000;

export interface WalkerOptions {
	dialect: Dialect;
	/** The message's retrieval URL (RFC 2396 §5.1.3), else `thismessage:/` is the outer base. */
	retrievalUrl?: string;
	/** Extraction options passed to every part (textLinks, anchorText, fuzzy). */
	extract?: Omit<PartExtractOptions, 'dialect' | 'retrievalUrl' | 'encapsulatingBase' | 'defaultBase'>;
	/** Told of each part read otherwise than declared (see the module comment). */
	onWarning?: (warning: MailWarning) => void;
}

/**
 * A part read otherwise than its headers declare; its Links are still given.
 *
 * @example
 * onWarning: (warning, at) => console.error(`message ${at.index} part ${warning.part}: ${warning.message}`)
 */
export interface MailWarning {
	/** `limit`: the part lost something to the limits (docs/limits.md), as ExtractOptions.onWarning says of a document. */
	code: 'no-boundary' | 'unknown-transfer-encoding' | 'unknown-charset' | 'limit';
	/** The part path (`'1'`, `'2.1'`; `'HEADER'` / `'2.MIME'` for a header field). */
	part: string;
	/** What was found and how it was read. */
	message: string;
}

/**
 * A message that cannot be read: reported through `onError`, its Links dropped.
 *
 * @example
 * onError: (error, at) => console.error(`message ${at.index}: ${error instanceof MalformedMessageError ? error.code : ''} ${error.message}`)
 */
export class MalformedMessageError extends Error {
	override name = 'MalformedMessageError';
	readonly code: 'no-header-fields' | 'mime-limit' | 'mime-error';

	constructor(code: MalformedMessageError['code'], message: string, options?: {cause?: unknown}) {
		super(message, options);
		this.code = code;
	}
}

/**
 * RFC 5322 §2.2 field-name then `:` — the first line of a message must be a header field
 * (or an mbox `From ` line, left in place by a tool that saved one message of an mbox).
 */
const FIELD_START = /^(?:[\x21-\x39\x3b-\x7e]+[ \t]*:|From )/;

/** A leaf part streaming into its extractor. */
interface OpenPart {
	kind: 'part';
	node: MimeNode;
	extractor: PartExtractor;
}

/**
 * A message/rfc822 part mailsplit leaves unparsed (a `Content-Disposition: attachment`,
 * or a transfer-encoded one): its decoded body goes through a nested splitter.
 */
interface OpenMessage {
	kind: 'message';
	node: MimeNode;
	transfer: TransferDecoder;
	run: SplitterRun;
	/** The scope of the nested message's own chunks. */
	inner: Scope;
}

/**
 * A multipart node whose boundary may never come: its body read as text/plain meanwhile,
 * its Links kept aside until a child part shows the boundary works (then dropped) or the
 * node's body ends without one (then given, with a warning).
 */
interface OpenFallback {
	kind: 'fallback';
	node: MimeNode;
	path: string;
	extractor: PartExtractor;
	/** Links kept aside. */
	links: Link[];
	/** Their message context (the body read as one part). */
	message: MessageContext;
	/** Given already (too many Links to keep aside): the rest go on as found. */
	given: boolean;
	/** Whether the body held anything but white space. */
	text: boolean;
}

/** Where chunks come from: the message itself, or a message nested in one of its parts. */
interface Scope {
	/** Part path of the holding message/rfc822 part ('' at the top). */
	prefix: string;
	/** The context its root node inherits. */
	parent: NodeContext;
	top: boolean;
	part: OpenPart | OpenMessage | OpenFallback | undefined;
}

/**
 * Receives one message's Splitter chunks; emits its Links (held until `end()`).
 *
 * @example
 * const walker = new MessageWalker({dialect: 'whatwg'}, {index: 0}, link => links.push(link));
 * splitter.on('data', chunk => walker.chunk(chunk));
 * // ...after the splitter ends:
 * walker.end();
 */
export class MessageWalker {
	/** The top-level Message-ID, once the root's headers are read. */
	messageId: string | undefined;
	private readonly options: WalkerOptions;
	private readonly index: number | undefined;
	private readonly emit: (link: Link) => void;
	private readonly contexts = new WeakMap<object, NodeContext>();
	private readonly contentIds = new Map<string, string>();
	private readonly locations = new Map<string, string>();
	private held: Link[] = [];
	private readonly top: Scope;

	constructor(options: WalkerOptions, info: {index?: number}, emit: (link: Link) => void) {
		this.options = options;
		this.index = info.index;
		this.emit = emit;
		this.top = {prefix: '', parent: {base: messageBase(options.retrievalUrl)}, top: true, part: undefined};
	}

	/** One Splitter chunk of the message; wait for the promise when there is one (a nested message). */
	chunk(chunk: SplitterChunk, scope: Scope = this.top): void | Promise<void> {
		if (chunk.type === 'node') {
			const closing = this.closePart(scope, chunk);
			if (closing === undefined) return this.node(chunk, scope);
			return closing.then(() => this.node(chunk, scope));
		}
		const part = scope.part;
		if (part?.kind === 'fallback' && chunk.node === part.node) {
			this.fallbackData(part, chunk.value);
			return;
		}
		if (chunk.type !== 'body' || part === undefined || part.node !== chunk.node) return;
		// Other `data` chunks are multipart structure (preamble, boundaries, epilogue): RFC 2046 §5.1.1 ignores them.
		if (part.kind === 'part') part.extractor.write(chunk.value);
		else if (part.kind === 'message') return part.run.write(part.transfer.write(chunk.value));
	}

	/** The message is complete: close the last part, match and emit the held Links. */
	async end(): Promise<void> {
		await this.closePart(this.top);
		this.release();
	}

	private node(node: MimeNode, scope: Scope): void {
		const parent = node.parentNode === false ? scope.parent : (this.contexts.get(node.parentNode) ?? scope.parent);
		const context = nodeContext(node, parent, this.options.dialect);
		this.contexts.set(node, context);
		const path = joinPath(scope.prefix, partPath(node));
		this.register(node, context, path);
		if (isMessageRoot(node)) this.messageHeader(node, context, scope);
		else this.partHeader(node, context, path);
		if (node.multipart !== false) {
			this.openFallback(node, context, scope);
			return;
		}
		if (node.messageNode === true) return;
		const contentType = node.contentType || 'text/plain';
		if (contentType === 'message/rfc822' || contentType === 'message/global') {
			this.openMessage(node, context, path, scope);
			return;
		}
		const type = partType(contentType);
		if (type === null) return;
		this.checkPart(node, path, type === 'text' ? 'text' : 'markup');
		const message = this.context(path, contentType, node);
		const options: PartExtractOptions = {...this.options.extract, ...this.baseOptions(context)};
		// What the part loses to the limits (a start tag past MAX_TOKEN_LENGTH …) is said, with its part.
		if (this.options.onWarning !== undefined)
			options.onWarning = text => this.warn({code: 'limit', part: path, message: text});
		const extractor = new PartExtractor(
			{
				type,
				charset: node.charset,
				transferEncoding: node.encoding,
				flowed: node.flowed,
				delSp: node.delSp,
				options,
			},
			link => this.hold(link, message),
		);
		scope.part = {kind: 'part', node, extractor};
	}

	/** RFC 2046 §5.2.1: an encapsulated message is walked like the outer one, in its own scope. */
	private openMessage(node: MimeNode, context: NodeContext, path: string, scope: Scope): void {
		const inner: Scope = {prefix: path, parent: context, top: false, part: undefined};
		const run = new SplitterRun(async chunk => this.chunk(chunk, inner));
		this.checkTransferEncoding(node, path);
		scope.part = {kind: 'message', node, transfer: createTransferDecoder(node.encoding), run, inner};
	}

	/**
	 * A multipart node: its body is read as text/plain until a child part shows that the
	 * boundary works (see OpenFallback and the module comment).
	 */
	private openFallback(node: MimeNode, context: NodeContext, scope: Scope): void {
		const path = joinPath(scope.prefix, partPath({partNr: node.partNr, multipart: false}));
		const message = this.context(path, node.contentType || 'multipart/mixed', node);
		const settings = {
			type: 'text',
			charset: node.charset,
			transferEncoding: node.encoding,
			flowed: node.flowed,
			delSp: node.delSp,
		} as const;
		const options = {...this.options.extract, ...this.baseOptions(context)};
		const fallback: OpenFallback = {
			kind: 'fallback',
			node,
			path,
			extractor: new PartExtractor({...settings, options}, link => this.fallbackLink(fallback, link)),
			links: [],
			message,
			given: false,
			text: false,
		};
		scope.part = fallback;
	}

	private fallbackLink(fallback: OpenFallback, link: Link): void {
		if (fallback.given) this.hold(link, fallback.message);
		else if (fallback.links.push(link) >= MAX_HELD_LINKS) this.giveFallback(fallback);
	}

	private fallbackData(fallback: OpenFallback, bytes: Uint8Array): void {
		fallback.text ||= bytes.some(c => c > 0x20);
		fallback.extractor.write(bytes);
	}

	/** The multipart body had no part: its text Links are given, with a warning. */
	private giveFallback(fallback: OpenFallback): void {
		if (fallback.given) return;
		fallback.given = true;
		const boundary = headerParameter(fallback.node, 'content-type', 'boundary');
		const why =
			boundary === undefined
				? 'no boundary parameter'
				: boundary === ''
					? 'an empty boundary parameter'
					: `no delimiter line of boundary ${JSON.stringify(boundary)}`;
		const message = `${fallback.node.contentType || 'multipart'} with ${why}: its body is read as text/plain`;
		this.warn({code: 'no-boundary', part: fallback.path, message});
		for (const link of fallback.links.splice(0)) this.hold(link, fallback.message);
	}

	/** Warnings for a part read otherwise than declared: its transfer encoding, its charset. */
	private checkPart(node: MimeNode, path: string, reading: 'text' | 'markup'): void {
		this.checkTransferEncoding(node, path);
		if (node.charset && !isKnownCharset(node.charset)) {
			const how =
				reading === 'text' ? 'read as UTF-8' : 'read as if none were given (BOM, <meta> or @charset, else UTF-8)';
			this.warn({
				code: 'unknown-charset',
				part: path,
				message: `unknown charset ${JSON.stringify(node.charset)}: ${how}`,
			});
		}
	}

	private checkTransferEncoding(node: MimeNode, path: string): void {
		if (isKnownTransferEncoding(node.encoding)) return;
		const encoding = JSON.stringify(node.encoding);
		this.warn({
			code: 'unknown-transfer-encoding',
			part: path,
			message: `unknown Content-Transfer-Encoding ${encoding}: the bytes are read as they are (8bit)`,
		});
	}

	private warn(warning: MailWarning): void {
		this.options.onWarning?.(warning);
	}

	/** The §5.1 layers for a part: its encapsulating base, or the retrieval URL alone. */
	private baseOptions(context: NodeContext): PartExtractOptions {
		const options: PartExtractOptions = {dialect: this.options.dialect};
		if (this.options.retrievalUrl !== undefined) options.retrievalUrl = this.options.retrievalUrl;
		if (context.base.source === 'encapsulating') options.encapsulatingBase = context.base.url;
		return options;
	}

	private register(node: MimeNode, context: NodeContext, path: string): void {
		const id = contentId(node);
		if (id !== undefined && !this.contentIds.has(id)) this.contentIds.set(id, path);
		if (context.location !== undefined) {
			const key = withoutFragment(context.location);
			if (!this.locations.has(key)) this.locations.set(key, path);
		}
	}

	/** A message's header: check it, note the Message-ID, emit its URI fields. */
	private messageHeader(node: MimeNode, context: NodeContext, scope: Scope): void {
		const header = node.getHeaders().toString('latin1');
		if (node.root && scope.top) {
			if (header.trim() !== '' && !FIELD_START.test(header)) {
				throw new MalformedMessageError(
					'no-header-fields',
					`the message does not start with a header field: ${JSON.stringify(header.slice(0, 40))}`,
				);
			}
			this.messageId = messageId(node);
		}
		const items = node.partNr === false ? [] : node.partNr.filter(item => item !== 'TEXT');
		const path = joinPath(scope.prefix, [...items, 'HEADER'].join('.'));
		const message = this.context(path, node.contentType || 'text/plain', node);
		for (const link of headerLinks(header, context.base, this.options.dialect, this.headerOptions('message', path)))
			this.hold(link, message);
	}

	/** A MIME part's own header (IMAP section `N.MIME`, RFC 3501 §6.4.5): its Content-Description. */
	private partHeader(node: MimeNode, context: NodeContext, path: string): void {
		const header = node.getHeaders().toString('latin1');
		const part = `${path}.MIME`;
		const message = this.context(part, node.contentType || 'text/plain', node);
		for (const link of headerLinks(header, context.base, this.options.dialect, this.headerOptions('part', part)))
			this.hold(link, message);
	}

	private headerOptions(scope: 'message' | 'part', part: string): HeaderLinkOptions {
		const options: HeaderLinkOptions = {
			scope,
			onUnknownCharset: (charset, field) => {
				this.warn({
					code: 'unknown-charset',
					part,
					message: `${field}: unknown charset ${JSON.stringify(charset)} in an encoded word: read as UTF-8`,
				});
			},
		};
		if (this.options.extract?.fuzzy !== undefined) options.fuzzy = this.options.extract.fuzzy;
		return options;
	}

	private context(part: string, contentType: string, node: MimeNode): MessageContext {
		const message: MessageContext = {part, contentType};
		if (this.index !== undefined) message.index = this.index;
		if (this.messageId !== undefined) message.messageId = this.messageId;
		const id = contentId(node);
		if (id !== undefined) message.contentId = id;
		return message;
	}

	private hold(link: Link, message: MessageContext): void {
		link.message = {...message};
		this.held.push(link);
		if (this.held.length >= MAX_HELD_LINKS) this.release();
	}

	private release(): void {
		const held = this.held;
		this.held = [];
		for (const link of held) {
			this.match(link);
			this.emit(link);
		}
	}

	/** RFC 2557 §8.2/§8.3 matching (see the module comment). */
	private match(link: Link): void {
		const {url, message} = link;
		if (url === null || message === undefined) return;
		const id = referencedContentId(url);
		const cidPart = id === undefined ? undefined : this.contentIds.get(id);
		if (cidPart !== undefined) message.cidPart = cidPart;
		const locationPart = this.locations.get(withoutFragment(url));
		if (locationPart !== undefined) message.locationPart = locationPart;
	}

	/**
	 * End the scope's open part, before `next` (a node) or at the end; a nested message is
	 * awaited (its own last part included).
	 */
	private closePart(scope: Scope, next?: MimeNode): Promise<void> | undefined {
		const part = scope.part;
		scope.part = undefined;
		if (part === undefined) return undefined;
		if (part.kind === 'part') {
			part.extractor.end();
			return undefined;
		}
		if (part.kind === 'fallback') {
			// A child part: the boundary works, and what came before it was the preamble.
			if (next !== undefined && next.parentNode === part.node && !part.given) return undefined;
			part.extractor.end();
			if (part.given || part.links.length > 0 || part.text) this.giveFallback(part);
			return undefined;
		}
		return (async () => {
			await part.run.write(part.transfer.end());
			await part.run.end();
			await this.closePart(part.inner);
		})();
	}
}

function joinPath(prefix: string, path: string): string {
	if (prefix === '') return path;
	return path === '' ? prefix : `${prefix}.${path}`;
}

/** The Content-ID a `cid:` or `mid:msg/cid` URL names (RFC 2392 §2: percent-decoded addr-spec). */
function referencedContentId(url: string): string | undefined {
	const scheme = url.slice(0, 4).toLowerCase();
	let id: string;
	if (scheme === 'cid:') id = url.slice(4);
	else if (scheme === 'mid:' && url.includes('/')) id = url.slice(url.indexOf('/') + 1);
	else return undefined;
	try {
		return decodeURIComponent(id);
	} catch {
		return id;
	}
}

function withoutFragment(url: string): string {
	const hash = url.indexOf('#');
	return hash < 0 ? url : url.slice(0, hash);
}
