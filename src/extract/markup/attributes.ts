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

/**
 * The attributes of the start tag being read.
 *
 * @example
 * const attributes = new AttributeList((start, end) => source.slice(start, end));
 * attributes.begin('href', 7); attributes.data(9, 10); attributes.end(QuoteType.Double, 11);
 * attributes.take(); // [{name: 'href', nameEnd: 7, valueStart: 9, valueEnd: 10, raw: 'x', quote: '"'}]
 */
export class AttributeList {
	/** The records kept so far (an empty shared array until the first: most tags keep none). */
	private list: AttributeRecord[] = NONE;
	private names: Set<string> | null = null;
	private current: AttributeRecord | null = null;
	private valueStarted = false;
	private readonly slice: (start: number, end: number) => string;

	constructor(slice: (start: number, end: number) => string) {
		this.slice = slice;
	}

	/** Whether a record was kept for this tag. */
	get some(): boolean {
		return this.list.length > 0;
	}

	/** An attribute named `name` (as the host keeps it) starts; `nameEnd` is just after its name. A name already kept is skipped. */
	begin(name: string, nameEnd: number): void {
		this.current = this.has(name)
			? null
			: {name, nameEnd, valueStart: nameEnd, valueEnd: nameEnd, raw: '', quote: undefined};
		this.valueStarted = false;
	}

	/**
	 * An attribute read whole, kept as `name`: its name ends at `nameEnd`, its value spans
	 * `[valueStart, valueEnd)` (NoValue: none). The same record as {@link begin}, {@link data}
	 * and {@link end} make from the tokenizer's three calls for it.
	 */
	add(name: string, nameEnd: number, valueStart: number, valueEnd: number, quote: QuoteType): void {
		if (this.has(name)) return;
		this.keep(
			quote === QuoteType.NoValue
				? {name, nameEnd, valueStart: nameEnd, valueEnd: nameEnd, raw: '', quote: undefined}
				: {name, nameEnd, valueStart, valueEnd, raw: this.slice(valueStart, valueEnd), quote: QUOTES[quote]},
		);
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
		this.keep(current);
	}

	private keep(record: AttributeRecord): void {
		if (this.list === NONE) this.list = [];
		this.list.push(record);
		if (this.names !== null) this.names.add(record.name);
		else if (this.list.length > LINEAR_SEARCH) this.names = new Set(this.list.map(attribute => attribute.name));
	}

	/** The records of the tag (in source order), and a fresh list for the next. */
	take(): AttributeRecord[] {
		const list = this.list === NONE ? [] : this.list;
		this.reset();
		return list;
	}

	/** Forget the tag's attributes (a new tag starts, or the tag was let go). */
	reset(): void {
		this.list = NONE;
		this.names = null;
		this.current = null;
	}

	private has(name: string): boolean {
		if (this.names !== null) return this.names.has(name);
		for (const attribute of this.list) if (attribute.name === name) return true;
		return false;
	}
}

const NONE: AttributeRecord[] = [];
