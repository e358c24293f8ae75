/**
 * A start tag's attributes as the tokenizer reports them (name, value pieces, end with the
 * quoting), gathered into records: the same for both hosts. The host says which names it
 * keeps (HTML: those its table names; XML: all); of a name written twice only the first
 * counts, in HTML (`#attribute-name-state`: "if there is already an attribute on the token
 * with the exact same name, then this is a duplicate-attribute parse error and the new
 * attribute must be removed from the token") and in XML alike (XML 1.0 §3.1 "Unique Att
 * Spec": such a document is not well-formed; a reader that goes on keeps the first, as HTML).
 */
import {QuoteType} from './tokenizer.js';

/** One attribute as written: its name (as the host keeps it) and the value's source span and text. */
export interface AttributeRecord {
	name: string;
	/** Absolute offset just after the name. */
	nameEnd: number;
	/** Span of the value between its quotes (or unquoted); empty at `nameEnd` when there is no value. */
	valueStart: number;
	valueEnd: number;
	/** The value's source text, `source.slice(valueStart, valueEnd)`. */
	raw: string;
	/** Undefined when the attribute has no value (`<a href>`). */
	quote: '"' | "'" | '' | undefined;
}

const QUOTES = {[QuoteType.Double]: '"', [QuoteType.Single]: "'", [QuoteType.Unquoted]: ''} as const;

/** Past this many attributes kept on one tag, duplicates are found through a set (a tag may have very many). */
const LINEAR_SEARCH = 8;
/** Lists of up to this many records are handed out as arrays made once (see AttributeList.take). */
const MAX_VIEW = 32;
/** Records kept in the pool past a tag (an XML tag may have very many attributes: their records go with it). */
const MAX_POOL = 64;

/** A record of the pool (one shape for all: the readers' property reads stay monomorphic). */
class Attribute implements AttributeRecord {
	name = '';
	nameEnd = 0;
	valueStart = 0;
	valueEnd = 0;
	raw = '';
	quote: AttributeRecord['quote'] = undefined;
}

/**
 * The attributes of the start tag being read.
 *
 * The records are a pool refilled at every tag, not made per attribute: a record (and the
 * array {@link take} returns) is valid until the next tag's attributes are read, which is
 * after the host has read this tag (TagReader.onStartTag runs synchronously; a nested
 * document, an iframe srcdoc, is read by another extractor with its own list). A host
 * that keeps one longer copies it.
 *
 * @example
 * const attributes = new AttributeList((start, end) => source.slice(start, end));
 * attributes.begin('href', 7); attributes.data(9, 10); attributes.end(QuoteType.Double, 11);
 * attributes.take(); // [{name: 'href', nameEnd: 7, valueStart: 9, valueEnd: 10, raw: 'x', quote: '"'}]
 */
export class AttributeList {
	/** The records made so far; the first {@link count} are this tag's. */
	private readonly pool: Attribute[] = [];
	private count = 0;
	/** Records filled since the last {@link reset}: their strings are let go then. */
	private filled = 0;
	/** `views[n]`: the first n records of the pool, in an array made once (records keep their place in the pool). */
	private readonly views: AttributeRecord[][] = [NONE];
	private names: Set<string> | null = null;
	/** The record being read through {@link begin}, {@link data} and {@link end} (the next free one), or null. */
	private current: Attribute | null = null;
	private valueStarted = false;
	private readonly slice: (start: number, end: number) => string;

	constructor(slice: (start: number, end: number) => string) {
		this.slice = slice;
	}

	/** Whether a record was kept for this tag. */
	get some(): boolean {
		return this.count > 0;
	}

	/** An attribute named `name` (as the host keeps it) starts; `nameEnd` is just after its name. A name already kept is skipped. */
	begin(name: string, nameEnd: number): void {
		if (this.has(name)) {
			this.current = null;
		} else {
			const current = this.free();
			current.name = name;
			current.nameEnd = current.valueStart = current.valueEnd = nameEnd;
			current.raw = '';
			current.quote = undefined;
			this.current = current;
		}
		this.valueStarted = false;
	}

	/**
	 * An attribute read whole, kept as `name`: its name ends at `nameEnd`, its value spans
	 * `[valueStart, valueEnd)` (NoValue: none). The same record as {@link begin}, {@link data}
	 * and {@link end} make from the tokenizer's three calls for it.
	 */
	add(name: string, nameEnd: number, valueStart: number, valueEnd: number, quote: QuoteType): void {
		if (this.has(name)) return;
		const record = this.free();
		record.name = name;
		record.nameEnd = nameEnd;
		if (quote === QuoteType.NoValue) {
			record.valueStart = record.valueEnd = nameEnd;
			record.raw = '';
			record.quote = undefined;
		} else {
			record.valueStart = valueStart;
			record.valueEnd = valueEnd;
			record.raw = this.slice(valueStart, valueEnd);
			record.quote = QUOTES[quote];
		}
		this.keep(name);
	}

	/** An attribute the host does not keep starts: its value is ignored. */
	skip(): void {
		this.current = null;
	}

	/** A piece `[start, end)` of the value (the tokenizer may report a value in pieces across writes). */
	data(start: number, end: number): void {
		const current = this.current;
		if (current === null) return;
		if (!this.valueStarted) current.valueStart = start;
		this.valueStarted = true;
		current.valueEnd = end;
	}

	/** The attribute ends (`end`: the tokenizer's offset, after the closing quote when quoted). */
	end(quote: QuoteType, end: number): void {
		const current = this.current;
		if (current === null) return;
		this.current = null;
		if (quote !== QuoteType.NoValue) {
			// An empty value has no data: its span is empty, just inside the closing quote.
			if (!this.valueStarted) current.valueStart = current.valueEnd = quote === QuoteType.Unquoted ? end : end - 1;
			current.quote = QUOTES[quote];
			current.raw = this.slice(current.valueStart, current.valueEnd);
		}
		this.keep(current.name);
	}

	/** The first record not kept for this tag (made on first use). */
	private free(): Attribute {
		const {pool, count} = this;
		if (count >= this.filled) this.filled = count + 1;
		if (count < pool.length) return pool[count]!;
		const record = new Attribute();
		pool.push(record);
		return record;
	}

	/** The free record, just filled, is kept. */
	private keep(name: string): void {
		this.count++;
		if (this.names !== null) this.names.add(name);
		else if (this.count > LINEAR_SEARCH)
			this.names = new Set(this.pool.slice(0, this.count).map(record => record.name));
	}

	/**
	 * The records of the tag (in source order), valid until {@link reset} (TagReader: once
	 * the host has read the tag); the list is then empty. The array is shared: read it, do
	 * not change it.
	 */
	take(): AttributeRecord[] {
		const {count} = this;
		let list: AttributeRecord[];
		if (count > MAX_VIEW) list = this.pool.slice(0, count);
		else {
			const {views} = this;
			while (views.length <= count) views.push(this.pool.slice(0, views.length));
			list = views[count]!;
		}
		this.forget();
		return list;
	}

	/**
	 * Forget the tag's attributes (a new tag starts, or the tag was read or let go), and
	 * the strings of the records: a slice may hold a whole written chunk the source window
	 * has dropped. Past {@link MAX_POOL}, the records themselves go.
	 */
	reset(): void {
		this.forget();
		const {pool, filled} = this;
		for (let i = 0; i < filled; i++) {
			const record = pool[i]!;
			record.name = record.raw = '';
		}
		this.filled = 0;
		while (pool.length > MAX_POOL) pool.pop();
	}

	private forget(): void {
		this.count = 0;
		this.names = null;
		this.current = null;
	}

	private has(name: string): boolean {
		if (this.names !== null) return this.names.has(name);
		const {pool, count} = this;
		for (let i = 0; i < count; i++) if (pool[i]!.name === name) return true;
		return false;
	}
}

const NONE: AttributeRecord[] = [];
