/**
 * XML internal general entities (XML 1.0 §4.2.1, §4.4, §4.5): declared in the DOCTYPE's
 * internal subset (§2.8), expanded where the document's references are read (attribute
 * values §3.3.3, element text §4.4.2), as a browser does for an SVG that writes
 * `<!ENTITY img "https://cdn.example/img/">` and `xlink:href="&img;a.png"`, or Adobe
 * Illustrator's `xmlns="&ns_svg;"`.
 *
 * Never read: an external entity (§4.2.2: `SYSTEM`/`PUBLIC`; its references stay as
 * written), a parameter entity (after a parameter-entity reference between declarations,
 * the rest of the subset is not read, as §5.1 requires of a processor that did not read
 * it), the external DTD subset.
 *
 * Not expanded, left as written: a reference to an entity whose replacement text holds
 * markup (`<`: in an attribute value a well-formedness error, §3.1 "No < in Attribute
 * Values"; in text an element, which this reader does not build), refers to itself
 * (§4.1 "No Recursion"), to an undeclared or external entity, or is larger than
 * {@link MAX_ENTITY_LENGTH}.
 *
 * Bounds (the "billion laughs" attack: ten references to ten references … to `lol`): the
 * internal subset read is at most {@link MAX_SUBSET} characters, at most
 * {@link MAX_ENTITIES} entities are declared, a replacement text once expanded is kept
 * (each is expanded once) up to {@link MAX_EXPANDED_TOTAL} characters in all, and a
 * document's references together add at most {@link EXPANSION_ALLOWANCE} characters plus
 * as many as the document has read so far: references past that are left as written.
 */

/** Characters of internal subset read at most (from its `[` to the root element). */
export const MAX_SUBSET = 1 << 20;

/** Entity declarations kept at most. */
export const MAX_ENTITIES = 1024;

/** Characters of one entity's full replacement text at most (references within expanded). */
export const MAX_ENTITY_LENGTH = 8192;

/** Characters of expanded replacement texts kept at most, all entities together. */
export const MAX_EXPANDED_TOTAL = 1 << 20;

/** Characters a document's references may add beyond its own length. */
export const EXPANSION_ALLOWANCE = 1 << 20;

/** §4.6: the predefined entities. */
const PREDEFINED: Readonly<Record<string, string>> = {lt: '<', gt: '>', amp: '&', apos: "'", quot: '"'};

/** §2.3 Name, ASCII-first (any non-ASCII character is taken as a name character). */
const NAME = /^[A-Za-z_:\u0080-\uffff][\w.:\-\u0080-\uffff]*/;

/** A reference `&name;` at the start of the text (the name at most 256 characters). */
const REFERENCE = /^&([A-Za-z_:\u0080-\uffff][\w.:\-\u0080-\uffff]{0,255});/;

/** A character reference `&#…;` (§4.1 CharRef) at the start of the text. */
const CHAR_REFERENCE = /^&#(?:x([\da-fA-F]{1,6})|(\d{1,7}));/;

interface Declared {
	/** The replacement text before references in it are expanded (§4.5); undefined for an external entity. */
	literal: string | undefined;
	/** The full replacement text: undefined not expanded yet, null cannot be. */
	expanded?: string | null;
}

/**
 * The internal general entities of one document.
 *
 * @example
 * const entities = new InternalEntities();
 * entities.declare(' svg [<!ENTITY img "https://cdn.example/img/">]');
 * entities.expand('img'); // 'https://cdn.example/img/'
 */
export class InternalEntities {
	private readonly declared = new Map<string, Declared>();
	private expandedTotal = 0;
	/** Characters references may still add (EXPANSION_ALLOWANCE, grown by the input read). */
	private allowance = EXPANSION_ALLOWANCE;
	/** Entities expanded at least once in the document (rewrite: their references keep their values, xml/extractor.ts). */
	readonly used = new Set<string>();
	/** Expansions are not charged nor recorded (a value read again to compare, not a reference read). */
	free = false;

	/** Whether any entity is declared. */
	get any(): boolean {
		return this.declared.size > 0;
	}

	/** The input grew by `characters`: so may the expansion. */
	allow(characters: number): void {
		this.allowance += characters;
	}

	/**
	 * Read the declarations of an internal subset, given the text after its `[` (to the
	 * `]` or beyond: reading stops at the first `]` outside a literal).
	 */
	declare(subset: string): void {
		const text = subset.length > MAX_SUBSET ? subset.slice(0, MAX_SUBSET) : subset;
		let i = 0;
		while (i < text.length) {
			const c = text[i];
			if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
				i++;
				continue;
			}
			// §2.8: the subset ends; a parameter-entity reference stops reading it (§5.1).
			if (c === ']' || c === '%') return;
			if (text.startsWith('<!--', i)) {
				const end = text.indexOf('-->', i + 4);
				if (end < 0) return;
				i = end + 3;
			} else if (text.startsWith('<?', i)) {
				const end = text.indexOf('?>', i + 2);
				if (end < 0) return;
				i = end + 2;
			} else if (text.startsWith('<!', i)) {
				const end = declarationEnd(text, i + 2);
				if (end < 0) return;
				if (text.startsWith('<!ENTITY', i)) this.entity(text.slice(i + 8, end));
				i = end + 1;
			} else return;
		}
	}

	/** One `<!ENTITY` declaration's text after the keyword (§4.2). */
	private entity(declaration: string): void {
		const match = /^\s+([^\s%][^\s]*)\s+([\s\S]*)$/.exec(declaration);
		// A parameter entity (`<!ENTITY % name …>`) is not a general one.
		if (match === null) return;
		const [, name = '', rest = ''] = match;
		// §4.2: the first declaration of a name is binding; the predefined ones are always theirs (§4.6).
		if (
			this.declared.has(name) ||
			Object.hasOwn(PREDEFINED, name) ||
			this.declared.size >= MAX_ENTITIES ||
			NAME.exec(name)?.[0] !== name
		)
			return;
		const quote = rest[0];
		if (quote !== '"' && quote !== "'") {
			// §4.2.2 ExternalID: never read.
			if (/^(?:SYSTEM|PUBLIC)\s/.test(rest)) this.declared.set(name, {literal: undefined});
			return;
		}
		const close = rest.indexOf(quote, 1);
		if (close < 0) return;
		const literal = literalText(rest.slice(1, close));
		if (literal !== undefined) this.declared.set(name, {literal});
	}

	/**
	 * The full replacement text of entity `name` (references in it expanded), charged
	 * against the document's allowance; undefined when it is not expanded (see the module).
	 */
	expand(name: string): string | undefined {
		const entity = this.declared.get(name);
		if (entity === undefined) return undefined;
		const text = this.replacement(name, entity, new Set());
		if (this.free) return text;
		if (text === undefined || text.length > this.allowance) return undefined;
		this.allowance -= text.length;
		this.used.add(name);
		return text;
	}

	private replacement(name: string, entity: Declared, open: Set<string>): string | undefined {
		if (entity.expanded !== undefined) return entity.expanded ?? undefined;
		if (entity.literal === undefined || open.has(name)) return undefined;
		open.add(name);
		const text = this.included(entity.literal, open);
		open.delete(name);
		// Too long, or the kept total would pass its bound: never expanded.
		const expanded =
			text === undefined || text.length > MAX_ENTITY_LENGTH || this.expandedTotal + text.length > MAX_EXPANDED_TOTAL
				? null
				: text;
		if (expanded !== null) this.expandedTotal += expanded.length;
		entity.expanded = expanded;
		return expanded ?? undefined;
	}

	/** §4.4.2, §4.4.5: a replacement text as included, its references expanded in turn. */
	private included(literal: string, open: Set<string>): string | undefined {
		if (literal.includes('<')) return undefined;
		let out = '';
		let from = 0;
		for (let i = literal.indexOf('&'); i >= 0; i = literal.indexOf('&', from)) {
			const rest = literal.slice(i, i + 260);
			let text: string | undefined;
			let length = 0;
			const char = CHAR_REFERENCE.exec(rest);
			if (char === null) {
				const reference = REFERENCE.exec(rest);
				if (reference === null) return undefined;
				const name = reference[1] ?? '';
				length = reference[0].length;
				const entity = this.declared.get(name);
				text = PREDEFINED[name] ?? (entity === undefined ? undefined : this.replacement(name, entity, open));
			} else {
				length = char[0].length;
				text = characterOf(char);
			}
			if (text === undefined) return undefined;
			out += literal.slice(from, i) + text;
			if (out.length > MAX_ENTITY_LENGTH) return undefined;
			from = i + length;
		}
		return out + literal.slice(from);
	}
}

/** The `>` ending a markup declaration that starts at `from`, quoted literals skipped (-1: none). */
function declarationEnd(text: string, from: number): number {
	let quote = '';
	for (let i = from; i < text.length; i++) {
		const c = text[i];
		if (quote !== '') {
			if (c === quote) quote = '';
		} else if (c === '"' || c === "'") quote = c;
		else if (c === '>') return i;
	}
	return -1;
}

/**
 * §4.5: the replacement text of an EntityValue literal: its character references
 * expanded, general entity references bypassed (kept, expanded on inclusion). Undefined
 * when it holds a parameter-entity reference (not allowed in the internal subset: the
 * well-formedness constraint "PEs in Internal Subset") or a bad character reference.
 */
function literalText(value: string): string | undefined {
	if (value.includes('%')) return undefined;
	let out = '';
	let from = 0;
	for (let i = value.indexOf('&#'); i >= 0; i = value.indexOf('&#', from)) {
		const char = CHAR_REFERENCE.exec(value.slice(i, i + 12));
		const text = char === null ? undefined : characterOf(char);
		if (char === null || text === undefined) return undefined;
		out += value.slice(from, i) + text;
		from = i + char[0].length;
	}
	return out + value.slice(from);
}

/** The character of a CharRef match; undefined for one XML 1.0 §2.2 Char does not allow. */
function characterOf(match: RegExpExecArray): string | undefined {
	const code = match[1] === undefined ? Number.parseInt(match[2] ?? '', 10) : Number.parseInt(match[1], 16);
	const allowed =
		code === 0x9 ||
		code === 0xa ||
		code === 0xd ||
		(code >= 0x20 && code <= 0xd7ff) ||
		(code >= 0xe000 && code <= 0xfffd) ||
		(code >= 0x10000 && code <= 0x10ffff);
	return allowed ? String.fromCodePoint(code) : undefined;
}

/**
 * The name of the entity reference at `offset` in `text` (`&name;`), if there is one.
 *
 * @example
 * referenceName('a&img;b', 1); // 'img'
 */
export function referenceName(text: string, offset: number): {name: string; length: number} | undefined {
	const match = REFERENCE.exec(text.slice(offset, offset + 260));
	return match === null ? undefined : {name: match[1] ?? '', length: match[0].length};
}

/**
 * Whether `raw` (source text) holds a reference to one of `names`.
 *
 * @example
 * refersTo('&img;a.png 1x', new Set(['img'])); // true
 */
export function refersTo(raw: string, names: ReadonlySet<string>): boolean {
	for (let i = raw.indexOf('&'); i >= 0; i = raw.indexOf('&', i + 1)) {
		const reference = referenceName(raw, i);
		if (reference !== undefined && names.has(reference.name)) return true;
	}
	return false;
}
