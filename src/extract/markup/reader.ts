/**
 * What both tag readers (html/ in HTML and XHTML, xml/ in XML) do the same way with the
 * tokenizer's callbacks: the source window and how much of it is still needed (the floor,
 * the open start tag, the open text run), the start tag's attributes gathered into records
 * (attributes.ts: of a name written twice the first wins), a text run read in parts cut at
 * whitespace when it grows past MAX_TEXT_LENGTH (text-cut.ts), and a token longer than
 * MAX_TOKEN_LENGTH let go. A host extends it and decides what a tag, a text run, a CDATA
 * section or a declaration means.
 */
import {SourceWindow} from '../html/source.js';
import {AttributeList} from './attributes.js';
import {MAX_TEXT_LENGTH, MAX_TOKEN_LENGTH} from './limits.js';
import {afterLastWhitespace} from './text-cut.js';
import {FastTokenizer, type MarkupCallbacks} from './tokenizer.js';

/**
 * A tag reader: the host writes chunks through {@link readChunk}, then calls
 * {@link cutLongText} and {@link dropSource}; the tokenizer's callbacks reach the host's hooks.
 *
 * @example
 * class Tags extends TagReader {
 *   protected onStartTag(start: number, nameEnd: number): void { console.log(this.source.slice(start, nameEnd)); }
 *   // ... the other hooks
 * }
 */
export abstract class TagReader {
	/** The source still needed. */
	protected readonly source = new SourceWindow();
	protected readonly tokenizer: FastTokenizer;
	/** The attributes of the start tag being read, those {@link keptAttributeName} names. */
	protected readonly attributes = new AttributeList((start, end) => this.source.slice(start, end));
	/** The tokenizer needs nothing before this offset. */
	protected floor = 0;
	/** Start tags let go as longer than MAX_TOKEN_LENGTH (ExtractorCore.droppedTags). */
	droppedTags = 0;
	/** iframe srcdoc documents nested too deep to be read (ExtractorCore.deepFrames). */
	deepFrames = 0;
	/** CSS URLs skipped as tokens longer than MAX_CSS_TOKEN, in style attributes and elements (ExtractorCore.cutCssTokens). */
	cutCssTokens = 0;
	/** XML: element texts (a URL, base64 content) let go as longer than MAX_ELEMENT_TEXT (ExtractorCore.longTexts). */
	longTexts = 0;
	/** The start tag being read: its name's span (-1: none, or dropped as too long). */
	private tagStart = -1;
	private tagNameEnd = -1;
	/** The text run being held for {@link readText} (-1: none). */
	private textStart = -1;
	private textEnd = -1;

	constructor(xmlMode: boolean) {
		this.tokenizer = new FastTokenizer({xmlMode, decodeEntities: false}, this.callbacks());
	}

	end(): void {
		this.tokenizer.end();
	}

	/** A nested document's losses (an iframe srcdoc, HTML escaped in XML) are this document's: its warning counts them. */
	addLosses(nested: TagReader): void {
		this.droppedTags += nested.droppedTags;
		this.deepFrames += nested.deepFrames;
		this.cutCssTokens += nested.cutCssTokens;
	}

	/** A start tag `[start - 1, end]` was read whole; its attributes wait in {@link attributes} (reset afterwards). */
	protected abstract onStartTag(start: number, nameEnd: number, end: number, selfClosing: boolean): void;
	/**
	 * The name an attribute `[start, end)` is kept under, or undefined to let it go. Not asked
	 * of an attribute the tokenizer's `attributeNames` found: the name found is kept (a host
	 * that sets that table keeps what it names, under the string it returns).
	 */
	protected abstract keptAttributeName(start: number, end: number): string | undefined;
	/** An end tag's name `[start, end)` (the text before it was read). */
	protected abstract onEndTag(start: number, end: number): void;
	/** Whether the text `[start, end)` joins the text run read later by {@link readText}. */
	protected abstract takesText(start: number, end: number): boolean;
	/** A text run (or a part of a long one) whose source `raw` starts at `start`. */
	protected abstract readText(start: number, raw: string): void;
	/** A CDATA section's text `[start, end)`, the section ending at `tokenEnd`. */
	protected abstract onCdata(start: number, end: number, tokenEnd: number): void;
	/** The input ended (the text before was read). */
	protected abstract onEnd(): void;
	/** Whether the tokenizer reads in foreign content (CDATA sections, no raw text). */
	protected abstract inForeignContent(): boolean;
	/**
	 * Whether, in the state the host is in now, text and every tag the tokenizer's
	 * `startTagNames` and `endTagNames` do not name (a start tag with no attribute its
	 * `attributeNames` names) change nothing for it: the tokenizer may then read them
	 * without a callback (FastTokenizer.quiet).
	 */
	protected abstract readsOnlyNamedTags(): boolean;
	/** A declaration's text `[start, end)` (`<!` text `>`; the text before was read). */
	protected onDeclaration(_start: number, _end: number): void {}
	/** A processing instruction's text `[start, end)` (`<?` text `?>`; the text before was read). */
	protected onInstruction(_start: number, _end: number): void {}

	/** Whether a text run is being held. */
	protected get textOpen(): boolean {
		return this.textStart >= 0;
	}

	/** The chunk joins the source and is tokenized (the hooks run). */
	protected readChunk(chunk: string): void {
		this.source.append(chunk);
		this.tokenizer.write(chunk);
	}

	/** The text run held ends here (or must be read in part): read it. */
	protected flushText(): void {
		if (this.textStart < 0) return;
		const start = this.textStart;
		this.textStart = -1;
		this.readText(start, this.source.slice(start, this.textEnd));
	}

	/** A text run longer than MAX_TEXT_LENGTH: read up to its last whitespace, keep the rest open. */
	protected cutLongText(): void {
		if (this.textStart < 0 || this.textEnd - this.textStart <= MAX_TEXT_LENGTH) return;
		const start = this.textStart;
		const text = this.source.slice(start, this.textEnd);
		let cut = afterLastWhitespace(text);
		if (cut === 0) cut = text.length;
		this.textStart = cut === text.length ? -1 : start + cut;
		this.readText(start, cut === text.length ? text : text.slice(0, cut));
	}

	/** Forget the source no one needs any more (`held`: the host's own earliest offset), counting its lines first. */
	protected dropSource(held: number | undefined): void {
		this.settle();
		// What the tokenizer skipped while the host was quiet is not needed either.
		let keep = Math.max(this.floor, this.tokenizer.quietEnd);
		if (this.tagStart >= 0) keep = Math.min(keep, this.tagStart);
		if (this.textStart >= 0) keep = Math.min(keep, this.textStart);
		if (held !== undefined) keep = Math.min(keep, held);
		const end = this.source.end;
		if (end - keep > MAX_TOKEN_LENGTH) {
			// A token too long to hold (a giant comment, tag or attribute): let it go, all of it
			// (nothing reads a token past the limit; its source held on would be promoted, then
			// garbage, at the input's pace), keeping what else is needed within the bound.
			const bound = end - MAX_TOKEN_LENGTH;
			let needed = end;
			for (const offset of [this.floor, this.tokenizer.quietEnd, this.tagStart, this.textStart, held ?? -1])
				if (offset >= bound && offset < needed) needed = offset;
			keep = Math.max(keep, needed);
			if (this.tagStart >= 0 && this.tagStart < keep) {
				this.tagStart = -1;
				this.droppedTags++;
				this.attributes.reset();
			}
		}
		this.source.drop(keep);
	}

	/** Lets the tokenizer skip what changes nothing (the host's state may have changed: a callback ran). */
	private settle(): void {
		this.tokenizer.quiet = this.textStart < 0 && this.tagStart < 0 && this.readsOnlyNamedTags();
	}

	private callbacks(): MarkupCallbacks {
		return {
			// An attribute read whole: the tokenizer's `name` is the one its table (the host's) found.
			onattribute: (name, start, nameEnd, valueStart, valueEnd, quote) => {
				if (this.tagStart < 0) return;
				const kept = name ?? this.keptAttributeName(start, nameEnd);
				if (kept !== undefined) this.attributes.add(kept, nameEnd, valueStart, valueEnd, quote);
			},
			onattribname: (start, end) => this.attributeName(start, end),
			onattribdata: (start, end) => this.attributes.data(start, end),
			onattribentity: () => undefined,
			onattribend: (quote, end) => this.attributes.end(quote, end),
			onopentagname: (start, end) => this.openTagName(start, end),
			onopentagend: end => this.openTagEnd(end, false),
			onselfclosingtag: end => this.openTagEnd(end, true),
			onclosetag: (start, end) => {
				this.flushText();
				this.floor = end;
				this.onEndTag(start, end);
				this.settle();
			},
			ontext: (start, end) => this.text(start, end),
			ontextentity: () => undefined,
			oncomment: (_start, end) => this.other(end),
			oncdata: (start, end, offset) => {
				this.flushText();
				this.floor = end;
				this.onCdata(start, end - offset, end);
				this.settle();
			},
			ondeclaration: (start, end) => {
				this.other(end);
				this.onDeclaration(start, end);
				this.settle();
			},
			onprocessinginstruction: (start, end) => {
				this.other(end);
				this.onInstruction(start, end);
				this.settle();
			},
			onend: () => {
				this.flushText();
				this.onEnd();
				this.settle();
			},
			isInForeignContext: () => this.inForeignContent(),
		};
	}

	private openTagName(start: number, end: number): void {
		this.flushText();
		// A tag name longer than MAX_TOKEN_LENGTH was dropped: the tag is ignored.
		if (this.source.holds(start)) this.tagStart = start;
		else {
			this.tagStart = -1;
			this.droppedTags++;
		}
		this.tagNameEnd = end;
		this.attributes.reset();
	}

	private attributeName(start: number, end: number): void {
		const name = this.tagStart < 0 ? undefined : this.keptAttributeName(start, end);
		if (name === undefined) this.attributes.skip();
		else this.attributes.begin(name, end);
	}

	private openTagEnd(end: number, selfClosing: boolean): void {
		this.floor = end;
		const start = this.tagStart;
		if (start < 0) return;
		this.tagStart = -1;
		this.onStartTag(start, this.tagNameEnd, end, selfClosing);
		this.attributes.reset();
		this.settle();
	}

	private text(start: number, end: number): void {
		this.floor = end;
		if (!this.takesText(start, end)) return;
		if (this.textStart < 0) this.textStart = start;
		this.textEnd = end;
		this.tokenizer.quiet = false;
	}

	/** A comment, declaration or processing instruction ending at `end`. */
	private other(end: number): void {
		this.flushText();
		this.floor = end;
		this.settle();
	}
}
