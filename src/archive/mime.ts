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
 */
import type {SplitterChunk} from '@zone-eu/mailsplit';
import type {Dialect, Link, MessageContext} from '../types.js';
import {contentId, isMessageRoot, messageBase, messageId, nodeContext, partPath} from './mime-context.js';
import type {MimeNode, NodeContext} from './mime-context.js';
import {headerLinks} from './mime-headers.js';
import {PartExtractor, partType} from './mime-part.js';
import type {PartExtractOptions} from './mime-part.js';

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
}

/** A message that cannot be read: reported through `onError`, its Links dropped. */
export class MalformedMessageError extends Error {
	override name = 'MalformedMessageError';
	readonly code: 'no-header-fields' | 'mime-limit' | 'mime-error';

	constructor(code: MalformedMessageError['code'], message: string, options?: {cause?: unknown}) {
		super(message, options);
		this.code = code;
	}
}

/** RFC 5322 §2.2 field-name then `:` — the first line of a message must be a header field. */
const FIELD_START = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

interface OpenPart {
	node: MimeNode;
	extractor: PartExtractor;
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
	private readonly root: NodeContext;
	private readonly contexts = new WeakMap<object, NodeContext>();
	private readonly contentIds = new Map<string, string>();
	private readonly locations = new Map<string, string>();
	private held: Link[] = [];
	private part: OpenPart | undefined;

	constructor(options: WalkerOptions, info: {index?: number}, emit: (link: Link) => void) {
		this.options = options;
		this.index = info.index;
		this.emit = emit;
		this.root = {base: messageBase(options.retrievalUrl)};
	}

	chunk(chunk: SplitterChunk): void {
		if (chunk.type === 'node') this.node(chunk);
		else if (chunk.type === 'body' && this.part !== undefined && this.part.node === chunk.node) this.part.extractor.write(chunk.value);
		// `data` chunks are multipart structure (preamble, boundaries, epilogue): RFC 2046 §5.1.1 ignores them.
	}

	/** The message is complete: close the last part, match and emit the held Links. */
	end(): void {
		this.closePart();
		this.release();
	}

	private node(node: MimeNode): void {
		this.closePart();
		const parent = node.parentNode === false ? this.root : (this.contexts.get(node.parentNode) ?? this.root);
		const context = nodeContext(node, parent, this.options.dialect);
		this.contexts.set(node, context);
		const path = partPath(node);
		this.register(node, context, path);
		if (isMessageRoot(node)) this.messageHeader(node, context);
		if (node.multipart !== false || node.messageNode === true) return;
		const contentType = node.contentType || 'text/plain';
		const type = partType(contentType);
		if (type === null) return;
		const message = this.context(path, contentType, node);
		const extractor = new PartExtractor(
			{
				type,
				charset: node.charset,
				transferEncoding: node.encoding,
				flowed: node.flowed,
				delSp: node.delSp,
				options: {...this.options.extract, ...this.baseOptions(context)},
			},
			link => this.hold(link, message),
		);
		this.part = {node, extractor};
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
	private messageHeader(node: MimeNode, context: NodeContext): void {
		const header = node.getHeaders().toString('latin1');
		if (node.root) {
			if (header.trim() !== '' && !FIELD_START.test(header)) {
				throw new MalformedMessageError('no-header-fields', `the message does not start with a header field: ${JSON.stringify(header.slice(0, 40))}`);
			}
			this.messageId = messageId(node);
		}
		const items = node.partNr === false ? [] : node.partNr.filter(item => item !== 'TEXT');
		const message = this.context([...items, 'HEADER'].join('.'), node.contentType || 'text/plain', node);
		for (const link of headerLinks(header, context.base, this.options.dialect)) this.hold(link, message);
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

	private closePart(): void {
		const part = this.part;
		this.part = undefined;
		part?.extractor.end();
	}
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
