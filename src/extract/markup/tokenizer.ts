/**
 * htmlparser2's Tokenizer, which reads the tags of both hosts (html/ in HTML and XHTML
 * mode, xml/ in XML mode), with faster inner loops. First `fastForwardTo(c)`, which skips to
 * the only character that can end the current state (`<` in text, the closing quote of
 * an attribute value, `>` in comments and closing tags, the first letter of `</script`
 * and `</style` in raw text). The stock version reads one char code per loop turn through
 * three property loads; this one asks `String.prototype.indexOf`, which scans natively.
 * Same result, same state afterwards: a third fewer tokenizer cycles over the corpus.
 * Then the tag states (see REPLACED below), each over a whole run of characters.
 *
 * Deviation: this reaches into the Tokenizer's private members (`buffer`, `index`,
 * `offset`, `fastForwardTo`), which htmlparser2 12 declares private but documents as
 * replaceable through its `Tokenizer` option. If a version no longer has the methods the
 * stock loops are used unchanged (test/extract/html-tokenizer.test.ts fails loudly then,
 * and checks the callbacks against the stock Tokenizer for random inputs and splits).
 */
import {QuoteType, Tokenizer, type TokenizerCallbacks} from 'htmlparser2';

// The one file that imports htmlparser2: both hosts (html/, xml/) take its callback protocol from here.
export {QuoteType, type TokenizerCallbacks};

/**
 * htmlparser2's callbacks, and one more the text-and-tag loop makes instead of its three
 * per attribute (`onattribname`, `onattribdata`, `onattribend`).
 */
export interface MarkupCallbacks extends TokenizerCallbacks {
	/**
	 * An attribute read whole: its name `[start, nameEnd)`, as {@link FastTokenizer.attributeNames}
	 * found it (undefined when that is null), and its value `[valueStart, valueEnd)` between
	 * its quotes (`quote`; NoValue: no value, the span is empty at `nameEnd`). Without this
	 * callback the loop makes the three stock calls, with the same arguments as the stock states.
	 */
	onattribute?(
		name: string | undefined,
		start: number,
		nameEnd: number,
		valueStart: number,
		valueEnd: number,
		quote: QuoteType,
	): void;
}

/**
 * An attribute read whole, to `cbs`: in one call (MarkupCallbacks.onattribute), or in the
 * stock states' three (a quoted value's end is after its closing quote).
 */
function reportAttribute(
	cbs: MarkupCallbacks,
	quote: QuoteType,
	valueStart: number,
	valueEnd: number,
	name: string | undefined,
	start: number,
	nameEnd: number,
): void {
	if (cbs.onattribute !== undefined) {
		cbs.onattribute(name, start, nameEnd, valueStart, valueEnd, quote);
		return;
	}
	cbs.onattribname(start, nameEnd);
	if (quote === QuoteType.NoValue) {
		cbs.onattribend(quote, nameEnd);
		return;
	}
	cbs.onattribdata(valueStart, valueEnd);
	cbs.onattribend(quote, quote === QuoteType.Unquoted ? valueEnd : valueEnd + 1);
}

/** The private state `fastForwardTo` works on (htmlparser2 12 src/Tokenizer.ts). */
interface TokenizerInternals {
	buffer: string;
	/** Absolute index of the current character. */
	index: number;
	/** Absolute index of `buffer[0]`. */
	offset: number;
}

/**
 * One-character strings for char codes below 128 (every character fastForwardTo and the
 * text-and-tag loop search for). Searched for as `buffer.indexOf(CHARACTERS[code])`, never as
 * a literal: given a constant one-character string, Node 20's optimizing compiler (V8 11)
 * may build a search made for one-byte strings, 1.7x slower than the generic one on
 * two-byte strings (a page with any character past U+00FF: 164 of the corpus's 258), and
 * whether it does in this loop changed with unrelated edits (the loop's time on the corpus
 * varied 2x). A table load is no constant to it: the generic search runs on both.
 */
const CHARACTERS: readonly string[] = Array.from({length: 128}, (_, code) => String.fromCharCode(code));
/** `<`, `"`, `'`, `-`, `>` as searched for (see {@link CHARACTERS}). */
const LESS_THAN = 0x3c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const DASH = 0x2d;
const GREATER = 0x3e;

/**
 * Moves to the next `c` after the current index and returns true; or, when the buffer has
 * none, to its last character (the parse loop then steps past it) and returns false.
 */
function fastForwardTo(this: TokenizerInternals, c: number): boolean {
	const at = this.buffer.indexOf(CHARACTERS[c] ?? String.fromCharCode(c), this.index + 1 - this.offset);
	if (at >= 0) {
		this.index = at + this.offset;
		return true;
	}
	this.index = this.buffer.length + this.offset - 1;
	return false;
}

/**
 * htmlparser2's Tokenizer, skipping with `indexOf`.
 *
 * @example
 * const tokenizer = new FastTokenizer({decodeEntities: false}, callbacks);
 * tokenizer.write('<a href="x">text</a>');
 * tokenizer.end();
 */
export class FastTokenizer extends Tokenizer {
	/**
	 * Set by a host that reads only some attributes (by name, ASCII case folded): the
	 * text-and-tag loop then reports no other attribute (no name, value nor end callback),
	 * which the host would have let go, and names those it reports (MarkupCallbacks.onattribute)
	 * by the string `find` returned. Null: every attribute is reported, with no name.
	 */
	attributeNames: AttributeNames | null = null;
	/**
	 * Set by the host, between callbacks, while text and every tag but those named below
	 * change nothing for it: the text-and-tag loop then reports no text, no start tag whose
	 * name {@link startTagNames} does not name and that has no attribute
	 * {@link attributeNames} names, and no end tag {@link endTagNames} does not name (each
	 * read to its end as before, without a callback).
	 */
	quiet = false;
	/** The start tags a quiet host reads even with no attribute it reads. */
	startTagNames: AttributeNames = NO_NAMES;
	/** The end tags a quiet host reads. */
	endTagNames: AttributeNames = NO_NAMES;
	/**
	 * Absolute offset before which the loop skipped all it read while quiet: as a callback's
	 * end offset, nothing before it is needed any more (the last callback may be further back).
	 */
	quietEnd = 0;
}

/** The attribute names a host reads (html/attributes.ts NameTable is one). */
export interface AttributeNames {
	/** The name equal to `text[start, end)` with ASCII letters case folded, if it is one. */
	find(text: string, start: number, end: number): string | undefined;
}

const NO_NAMES: AttributeNames = {find: () => undefined};

/** Whether the stock Tokenizer has the method replaced here (false: the stock loop runs). */
export const SKIPS_WITH_INDEX_OF =
	typeof (Tokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo === 'function';

if (SKIPS_WITH_INDEX_OF) {
	Object.defineProperty(FastTokenizer.prototype, 'fastForwardTo', {
		value: fastForwardTo,
		writable: true,
		configurable: true,
	});
}

/**
 * The tag states, each run over its whole run of characters in one loop. The stock parse
 * loop calls a state once per character (a switch and a call per character of every tag
 * name, attribute name and the whitespace between them: most of its time on real pages).
 * Each replacement below first finds, in a local loop over the buffer, the next character
 * that can change the state (the HTML standard's state lists the same ones: see each),
 * then lets the stock state take that character: the same callbacks, the same state
 * afterwards, as if the stock state had read every character one by one (the characters
 * skipped are exactly those on which it does nothing).
 */
interface StateInternals extends TokenizerInternals {
	decodeEntities: boolean;
}
type StateMethod = (this: StateInternals, c: number) => void;

/** Bits per ASCII code: whitespace (TAB LF FF CR SPACE); `/`, `>` and whitespace (the end of a tag section); `=`; `&`; `>`. */
const WHITESPACE = 1;
const TAG_SECTION_END = 2;
const EQUALS = 4;
const AMPERSAND = 8;
const GREATER_THAN = 16;
/** By any UTF-16 code unit (64 KB): a class is one load, with no test for ASCII first. */
const CLASSES = new Uint8Array(0x10000);
for (const code of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASSES[code] = WHITESPACE | TAG_SECTION_END;
CLASSES[0x2f] = TAG_SECTION_END;
CLASSES[0x3e] = TAG_SECTION_END | GREATER_THAN;
CLASSES[0x3d] = EQUALS;
CLASSES[0x26] = AMPERSAND;

/**
 * From the character after the current one, the first whose class has one of the bits of
 * `stop` (`invert`: none of the bits of `stop`): the index moves there and its code is
 * returned; at the end of the buffer the index moves to its last character and -1 is returned.
 */
function skipTo(tokenizer: StateInternals, stop: number, invert: boolean): number {
	const buffer = tokenizer.buffer;
	const length = buffer.length;
	let i = tokenizer.index - tokenizer.offset + 1;
	for (; i < length; i++) {
		const c = buffer.charCodeAt(i);
		const hit = (CLASSES[c]! & stop) !== 0;
		if (hit !== invert) {
			tokenizer.index = i + tokenizer.offset;
			return c;
		}
	}
	tokenizer.index = length + tokenizer.offset - 1;
	return -1;
}

/** The class of a code unit (`charCodeAt` of an index inside the string: 0 to 0xFFFF). */
function classOf(c: number): number {
	return CLASSES[c]!;
}

/**
 * A state replaced by: when `c` would not change the stock state (its class has none of
 * the `stop` bits; `invert`: has one), skip to the first character that would and hand
 * that one to the stock state.
 */
function skipping(stock: StateMethod, stop: (tokenizer: StateInternals) => number, invert: boolean): StateMethod {
	return function (this: StateInternals, c: number): void {
		const bits = stop(this);
		if (((classOf(c) & bits) !== 0) === invert) {
			const next = skipTo(this, bits, invert);
			if (next < 0) return;
			c = next;
		}
		stock.call(this, c);
	};
}

const always = (bits: number) => (): number => bits;
/** An unquoted value ends at whitespace or `>`; with entity decoding, `&` starts a reference. */
const unquotedStops = (tokenizer: StateInternals): number =>
	WHITESPACE | GREATER_THAN | (tokenizer.decodeEntities ? AMPERSAND : 0);

/**
 * The replacements, by state: the characters that act there.
 * - `#tag-name-state`: whitespace, `/`, `>` end the name (htmlparser2 reads on to one of them).
 * - `#before-attribute-name-state`, `#after-attribute-name-state`, `#before-attribute-value-state`: whitespace is ignored.
 * - `#attribute-name-state`: whitespace, `/`, `>`, `=` end the name.
 * - `#attribute-value-(unquoted)-state`: whitespace and `>` end the value; `&` (when decoded) starts a reference.
 */
const REPLACED: ReadonlyArray<[name: string, stop: (tokenizer: StateInternals) => number, invert: boolean]> = [
	['stateInTagName', always(TAG_SECTION_END), false],
	['stateInClosingTagName', always(TAG_SECTION_END), false],
	['stateInAttributeName', always(TAG_SECTION_END | EQUALS), false],
	['stateBeforeAttributeName', always(WHITESPACE), true],
	['stateAfterAttributeName', always(WHITESPACE), true],
	['stateBeforeAttributeValue', always(WHITESPACE), true],
	['stateInAttributeValueNoQuotes', unquotedStops, false],
];

/** Whether the stock Tokenizer has every state replaced here (false: the stock states run). */
export const SKIPS_TAG_STATES = REPLACED.every(
	([name]) => typeof (Tokenizer.prototype as unknown as Record<string, unknown>)[name] === 'function',
);

if (SKIPS_TAG_STATES) {
	for (const [name, stop, invert] of REPLACED) {
		const stock = (Tokenizer.prototype as unknown as Record<string, StateMethod>)[name]!;
		Object.defineProperty(FastTokenizer.prototype, name, {
			value: skipping(stock, stop, invert),
			writable: true,
			configurable: true,
		});
	}
}

/**
 * The text-and-tag loop, for HTML without entity decoding (the HTML extractor's mode): from
 * the text state, one local loop reads text, start tags with their attributes and end tags,
 * as the stock states would one character at a time (`#data-state`, `#tag-open-state`,
 * `#tag-name-state`, `#before-attribute-name-state`, `#attribute-name-state`,
 * `#after-attribute-name-state`, `#before-attribute-value-state`, the three
 * `#attribute-value-*-state`s, `#self-closing-start-tag-state`, `#end-tag-open-state`),
 * with the same callbacks in the same order, state kept in locals. What it does not read
 * it hands back to the stock state at that character: markup declarations and comments
 * (`<!`), `<?`, bogus end tags, and the start tags whose names switch the tokenizer to raw
 * text (script, style, title, textarea, xmp, iframe, noembed, noframes, plaintext: the
 * stock state decides, asking whether content is foreign). At the end of the buffer it
 * leaves the stock state it is in, as the stock loop would (an attribute not reported whose
 * value the buffer cuts is then reported in part: a host that reads only some names lets it go).
 *
 * While the host is quiet (FastTokenizer.quiet) the loop still reads every tag through the
 * same states, so that it ends where the stock states would (a `>` in a quoted value,
 * `#attribute-value-(double-quoted)-state`, does not end the tag), but makes no callback for
 * the text, the start tags and the end tags the host does not read: a start tag's name is
 * held back (`#tag-name-state`) until an attribute the host reads (`#attribute-name-state`)
 * shows that it does, and let go at its `>` otherwise; an end tag's name is let go at
 * `#end-tag-open-state`'s end when the host does not read it. A start tag held back when
 * the buffer ends is reported then: the stock states read on from there.
 */
interface LoopInternals extends StateInternals {
	xmlMode: boolean;
	recognizeSelfClosing: boolean;
	attributeNames: AttributeNames | null;
	quiet: boolean;
	startTagNames: AttributeNames;
	endTagNames: AttributeNames;
	quietEnd: number;
	state: number;
	sectionStart: number;
	cbs: MarkupCallbacks;
	/** In raw text: whether its end tag is being looked for (`#script-data-state` ...). */
	isSpecial: boolean;
	/** In raw text: `</` and the element's name, ASCII lower case (htmlparser2's Sequences). */
	currentSequence: Uint8Array;
	/** In raw text: how many characters of `currentSequence` were just read. */
	sequenceIndex: number;
}

/** htmlparser2 12's State numbers (checked at load on a probe: see {@link probeStates}). */
const TEXT = 1;
const BEFORE_TAG_NAME = 2;
const IN_TAG_NAME = 3;
const IN_SELF_CLOSING_TAG = 4;
const BEFORE_CLOSING_TAG_NAME = 5;
const IN_CLOSING_TAG_NAME = 6;
const AFTER_CLOSING_TAG_NAME = 7;
const BEFORE_ATTRIBUTE_NAME = 8;
const IN_ATTRIBUTE_NAME = 9;
const AFTER_ATTRIBUTE_NAME = 10;
const BEFORE_ATTRIBUTE_VALUE = 11;
const IN_ATTRIBUTE_VALUE_DOUBLE = 12;
const IN_ATTRIBUTE_VALUE_SINGLE = 13;
const IN_ATTRIBUTE_VALUE_UNQUOTED = 14;
const IN_COMMENT_LIKE = 22;
const IN_SPECIAL_TAG = 24;

/** Start tags after which the stock tokenizer reads raw text, RCDATA or plain text (in HTML content). */
export const RAW_TEXT_NAMES: ReadonlySet<string> = new Set([
	'script',
	'style',
	'title',
	'textarea',
	'xmp',
	'iframe',
	'noembed',
	'noframes',
	'plaintext',
]);
/** {@link RAW_TEXT_NAMES} by `length * 32 + (first letter & 31)`: a name with no entry needs no look. */
const RAW_TEXT_BY_SHAPE: Array<string | undefined> = [];
for (const name of RAW_TEXT_NAMES) RAW_TEXT_BY_SHAPE[name.length * 32 + (name.charCodeAt(0) & 31)] = name;

function isAsciiAlpha(c: number): boolean {
	return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** If `buffer[start, end)` is, ASCII case folded, one of {@link RAW_TEXT_NAMES}: its index in {@link RAW_TEXT_BY_SHAPE}; else -1. */
function rawTextShape(buffer: string, start: number, end: number): number {
	// No two of the names share length and first letter; the name starts with an ASCII letter.
	if (end - start > 9) return -1;
	const shape = (end - start) * 32 + (buffer.charCodeAt(start) & 31);
	const name = RAW_TEXT_BY_SHAPE[shape];
	if (name === undefined) return -1;
	for (let i = 0; i < name.length; i++) if ((buffer.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return -1;
	return shape;
}

/**
 * After each raw-text start tag but `plaintext` (whose text runs to the end of the input:
 * the stock state reads it), the sequence the stock tokenizer then looks for (`</script`,
 * its own Uint8Array, which its states compare by identity), by the index of
 * {@link RAW_TEXT_BY_SHAPE}; as a probe tokenizer fed each start tag shows them. Empty when
 * a probe finds another state: the stock states then read those tags and their text.
 */
const RAW_TEXT_SEQUENCES = ((): Array<Uint8Array | undefined> => {
	const sequences: Array<Uint8Array | undefined> = [];
	if (typeof (Tokenizer.prototype as unknown as Record<string, unknown>).stateInSpecialTag !== 'function')
		return sequences;
	for (const name of RAW_TEXT_NAMES) {
		if (name === 'plaintext') continue;
		const probe = new Tokenizer({decodeEntities: false}, probeCallbacks(false));
		probe.write(`<${name}>`);
		const {state, isSpecial, currentSequence, sequenceIndex} = probe as unknown as Partial<LoopInternals>;
		if (
			state !== IN_SPECIAL_TAG ||
			isSpecial !== true ||
			sequenceIndex !== 0 ||
			!(currentSequence instanceof Uint8Array) ||
			String.fromCharCode(...currentSequence) !== `</${name}`
		)
			return [];
		sequences[rawTextShape(name, 0, name.length)] = currentSequence;
	}
	return sequences;
})();
/**
 * The sequence the stock tokenizer looks for in an HTML comment (`--!>`, its own
 * Uint8Array), as a probe tokenizer fed `<!--` shows it; undefined when the probe finds
 * another state (the stock states then read comments).
 */
const COMMENT_END = ((): Uint8Array | undefined => {
	const probe = new Tokenizer({decodeEntities: false}, probeCallbacks(false));
	probe.write('<!--x');
	const {state, sectionStart, currentSequence, sequenceIndex} = probe as unknown as Partial<LoopInternals>;
	return state === IN_COMMENT_LIKE &&
		sectionStart === 4 &&
		sequenceIndex === 0 &&
		currentSequence instanceof Uint8Array &&
		String.fromCharCode(...currentSequence) === '--!>'
		? currentSequence
		: undefined;
})();

/** `--!>` (htmlparser2's CommentEnd), by index. */
const COMMENT_END_CODES = [0x2d, 0x2d, 0x21, 0x3e];

/** The RCDATA elements' sequences (`#rcdata-state`: the stock state reads them one character at a time). */
const TITLE_END = RAW_TEXT_SEQUENCES[rawTextShape('title', 0, 5)];
const TEXTAREA_END = RAW_TEXT_SEQUENCES[rawTextShape('textarea', 0, 8)];

/** The stock state `state` is to read `buffer[i]` next: the stock loop steps to it. */
function handBack(tokenizer: LoopInternals, state: number, sectionStart: number, i: number): void {
	tokenizer.state = state;
	tokenizer.sectionStart = sectionStart;
	tokenizer.index = tokenizer.offset + i - 1;
}

/**
 * An end tag's name `[start, end - offset)` (`start` absolute, `end` in the buffer) was read:
 * reported, or, while the host is quiet and does not read it, skipped. A name begun in an
 * earlier buffer (raw text's end tag) is reported, as the stock state would.
 */
function endTagRead(tokenizer: LoopInternals, start: number, end: number, offset: number): void {
	if (
		!tokenizer.quiet ||
		start < offset ||
		tokenizer.endTagNames.find(tokenizer.buffer, start - offset, end) !== undefined
	)
		tokenizer.cbs.onclosetag(start, end + offset);
	else tokenizer.quietEnd = end + offset;
}

function textLoop(this: LoopInternals, stock: StateMethod, c: number, from: number): void {
	if (this.xmlMode || this.decodeEntities || this.recognizeSelfClosing) {
		stock.call(this, c);
		return;
	}
	const buffer = this.buffer;
	const offset = this.offset;
	const length = buffer.length;
	const cbs = this.cbs;
	let i = this.index - offset;
	let sectionStart = this.sectionStart;
	let state = from;
	const names = this.attributeNames;
	/** Whether the attribute being read is reported (see FastTokenizer.attributeNames), under which name. */
	let reported = true;
	let attributeName: string | undefined;
	/** The name of the attribute being read, `[attributeStart, attributeNameEnd)` in the source: reported with its value. */
	let attributeStart = -1;
	let attributeNameEnd = -1;
	/** The name of a start tag not reported yet (quiet: see above), `[heldStart, heldEnd)` in the source; -1: none. */
	let heldStart = -1;
	let heldEnd = -1;
	/** Whether the start tag being read switches to raw text at its `>` (the stock `isSpecial`). */
	let rawText = false;
	while (i < length) {
		let code = buffer.charCodeAt(i);
		// The common path runs on from state to state (text, `<`, a start tag's name, its
		// attributes and `>`) without a turn of the loop between them.
		if (state === TEXT) {
			// An empty text (`><`, one tag after another): no search.
			const lt = code === 0x3c /* < */ ? i : buffer.indexOf(CHARACTERS[LESS_THAN]!, i);
			if (lt < 0) {
				i = length;
				continue;
			}
			if (this.quiet) this.quietEnd = lt + offset;
			else if (lt + offset > sectionStart) cbs.ontext(sectionStart, lt + offset);
			sectionStart = lt + offset;
			state = BEFORE_TAG_NAME;
			i = lt + 1;
			if (i === length) continue;
			code = buffer.charCodeAt(i);
		}
		if (state === BEFORE_TAG_NAME) {
			if (isAsciiAlpha(code)) {
				let end = i + 1;
				while (end < length && (classOf(buffer.charCodeAt(end)) & TAG_SECTION_END) === 0) end++;
				// A name cut by the buffer's end, or `plaintext`: the stock states read it.
				if (end === length) {
					handBack(this, BEFORE_TAG_NAME, sectionStart, i);
					return;
				}
				const shape = rawTextShape(buffer, i, end);
				if (shape >= 0) {
					const sequence = RAW_TEXT_SEQUENCES[shape];
					if (sequence === undefined) {
						handBack(this, BEFORE_TAG_NAME, sectionStart, i);
						return;
					}
					// `#parsing-main-inforeign`: in foreign content the name is a tag like any other.
					rawText = cbs.isInForeignContext?.() !== true;
					if (rawText) {
						// As the stock states: should the buffer end in the tag, they read on with these.
						this.isSpecial = true;
						this.currentSequence = sequence;
						this.sequenceIndex = 0;
					}
				}
				if (this.quiet && this.startTagNames.find(buffer, i, end) === undefined) {
					heldStart = i + offset;
					heldEnd = end + offset;
				} else cbs.onopentagname(i + offset, end + offset);
				sectionStart = -1;
				state = BEFORE_ATTRIBUTE_NAME;
				i = end;
				code = buffer.charCodeAt(end);
			} else if (code === 0x2f /* / */) {
				// `#end-tag-open-state`; most end tags are read whole here: `</`, the name, `>`.
				const nameStart = i + 1;
				if (nameStart < length && isAsciiAlpha(buffer.charCodeAt(nameStart))) {
					let end = nameStart + 1;
					while (end < length && (classOf(buffer.charCodeAt(end)) & TAG_SECTION_END) === 0) end++;
					if (end === length) {
						state = IN_CLOSING_TAG_NAME;
						sectionStart = nameStart + offset;
						i = length;
						continue;
					}
					// endTagRead, written out for the most common tag there is (a call per end tag showed in profiles).
					if (!this.quiet || this.endTagNames.find(buffer, nameStart, end) !== undefined)
						cbs.onclosetag(nameStart + offset, end + offset);
					else this.quietEnd = end + offset;
					if (buffer.charCodeAt(end) === 0x3e /* > */) {
						state = TEXT;
						sectionStart = end + 1 + offset;
						i = end + 1;
					} else {
						state = AFTER_CLOSING_TAG_NAME;
						sectionStart = -1;
						i = end;
					}
					continue;
				}
				state = BEFORE_CLOSING_TAG_NAME;
				i++;
				continue;
			} else if (
				code === 0x21 /* ! */ &&
				i + 2 < length &&
				buffer.charCodeAt(i + 1) === 0x2d /* - */ &&
				buffer.charCodeAt(i + 2) === 0x2d &&
				COMMENT_END !== undefined
			) {
				// `<!--`: `#markup-declaration-open-state` to `#comment-start-state`, the text after it.
				this.currentSequence = COMMENT_END;
				this.sequenceIndex = 0;
				sectionStart = i + 3 + offset;
				state = IN_COMMENT_LIKE;
				i += 3;
				continue;
			} else if (code === 0x21 /* ! */ || code === 0x3f /* ? */) {
				handBack(this, BEFORE_TAG_NAME, sectionStart, i);
				return;
			} else {
				// Not a tag: the `<` is text (its section goes on from it).
				state = TEXT;
				continue;
			}
		}
		if (state === BEFORE_ATTRIBUTE_NAME || state === IN_SELF_CLOSING_TAG) {
			if (state === BEFORE_ATTRIBUTE_NAME && code !== 0x3e /* > */ && code !== 0x2f /* / */) {
				// The attributes in one run, each `name="value"`, `name='value'` or `name=value`
				// read in place; at anything else (a name not followed at once by `=`, `=` before
				// whitespace or `>`, the buffer's end) the cases of each state take over, in the
				// state the stock states would be in there.
				let at = i;
				let c = code;
				for (;;) {
					// `#before-attribute-name-state`: whitespace is ignored.
					while ((CLASSES[c]! & WHITESPACE) !== 0) {
						if (++at === length) break;
						c = buffer.charCodeAt(at);
					}
					if (at === length || c === 0x3e /* > */ || c === 0x2f /* / */) break;
					// `#attribute-name-state`: the name's first character is part of it, even `=`.
					let end = at + 1;
					while (end < length && (CLASSES[buffer.charCodeAt(end)]! & (TAG_SECTION_END | EQUALS)) === 0) end++;
					if (end === length) {
						state = IN_ATTRIBUTE_NAME;
						sectionStart = at + offset;
						at = length;
						break;
					}
					attributeName = names === null ? undefined : names.find(buffer, at, end);
					reported = names === null || attributeName !== undefined;
					if (reported && heldStart >= 0) {
						cbs.onopentagname(heldStart, heldEnd);
						heldStart = -1;
					}
					attributeStart = at + offset;
					attributeNameEnd = sectionStart = end + offset;
					c = buffer.charCodeAt(end);
					if (c !== 0x3d /* = */) {
						// Whitespace, `/` or `>` after the name: `#after-attribute-name-state` decides.
						state = AFTER_ATTRIBUTE_NAME;
						at = end;
						break;
					}
					// `#before-attribute-value-state` just after the `=`.
					const valueStart = end + 1;
					const q = valueStart < length ? buffer.charCodeAt(valueStart) : 0x20;
					let valueEnd: number;
					let quote: QuoteType;
					if (q === 0x22 /* " */ || q === 0x27 /* ' */) {
						// `#attribute-value-(double-quoted)-state`, `#attribute-value-(single-quoted)-state`.
						quote = q === 0x22 ? QuoteType.Double : QuoteType.Single;
						valueEnd = buffer.indexOf(CHARACTERS[q]!, valueStart + 1);
						if (valueEnd < 0) {
							state = q === 0x22 ? IN_ATTRIBUTE_VALUE_DOUBLE : IN_ATTRIBUTE_VALUE_SINGLE;
							sectionStart = valueStart + 1 + offset;
							at = length;
							break;
						}
						if (reported)
							reportAttribute(
								cbs,
								quote,
								valueStart + 1 + offset,
								valueEnd + offset,
								attributeName,
								attributeStart,
								end + offset,
							);
						at = valueEnd + 1;
					} else if ((CLASSES[q]! & (WHITESPACE | GREATER_THAN)) === 0) {
						// `#attribute-value-(unquoted)-state`: to whitespace or `>`.
						valueEnd = valueStart + 1;
						while (valueEnd < length && (CLASSES[buffer.charCodeAt(valueEnd)]! & (WHITESPACE | GREATER_THAN)) === 0)
							valueEnd++;
						if (valueEnd === length) {
							state = IN_ATTRIBUTE_VALUE_UNQUOTED;
							sectionStart = valueStart + offset;
							at = length;
							break;
						}
						if (reported)
							reportAttribute(
								cbs,
								QuoteType.Unquoted,
								valueStart + offset,
								valueEnd + offset,
								attributeName,
								attributeStart,
								end + offset,
							);
						at = valueEnd;
					} else {
						state = AFTER_ATTRIBUTE_NAME;
						at = end;
						break;
					}
					sectionStart = -1;
					if (at === length) break;
					c = buffer.charCodeAt(at);
				}
				i = at;
				// The run ends at the tag's `/` or `>` (most often): read on here.
				if (state !== BEFORE_ATTRIBUTE_NAME || at === length) continue;
				code = c;
			}
			if (code === 0x3e /* > */) {
				// HTML: a self-closing flag is reported; the tag's content is read as after any start tag.
				sectionStart = i + 1 + offset;
				if (heldStart >= 0) {
					heldStart = -1;
					this.quietEnd = sectionStart;
				} else if (state === IN_SELF_CLOSING_TAG) cbs.onselfclosingtag(i + offset);
				else cbs.onopentagend(i + offset);
				state = rawText ? IN_SPECIAL_TAG : TEXT;
				rawText = false;
			} else if (state === IN_SELF_CLOSING_TAG) {
				// `#self-closing-start-tag-state`: htmlparser2 ignores whitespace here; anything else starts over.
				if ((classOf(code) & WHITESPACE) === 0) {
					state = BEFORE_ATTRIBUTE_NAME;
					continue;
				}
			} else if (code === 0x2f /* / */) {
				state = IN_SELF_CLOSING_TAG;
			} else if ((classOf(code) & WHITESPACE) === 0) {
				state = IN_ATTRIBUTE_NAME;
				sectionStart = i + offset;
			}
			i++;
			continue;
		}
		switch (state) {
			case IN_ATTRIBUTE_NAME: {
				let end = i;
				while (end < length && (classOf(buffer.charCodeAt(end)) & (TAG_SECTION_END | EQUALS)) === 0) end++;
				if (end === length) {
					i = length;
					break;
				}
				attributeName = names === null ? undefined : names.find(buffer, sectionStart - offset, end);
				reported = names === null || attributeName !== undefined;
				if (reported && heldStart >= 0) {
					cbs.onopentagname(heldStart, heldEnd);
					heldStart = -1;
				}
				attributeStart = sectionStart;
				attributeNameEnd = sectionStart = end + offset;
				state = AFTER_ATTRIBUTE_NAME;
				i = end;
				break;
			}
			case AFTER_ATTRIBUTE_NAME: {
				if (code === 0x3d /* = */) {
					state = BEFORE_ATTRIBUTE_VALUE;
					i++;
				} else if ((classOf(code) & WHITESPACE) !== 0) {
					i++;
				} else {
					// Another attribute, `/` or `>`: this one has no value.
					if (reported)
						reportAttribute(
							cbs,
							QuoteType.NoValue,
							attributeNameEnd,
							attributeNameEnd,
							attributeName,
							attributeStart,
							attributeNameEnd,
						);
					if (code === 0x2f /* / */ || code === 0x3e /* > */) {
						sectionStart = -1;
						state = BEFORE_ATTRIBUTE_NAME;
					} else {
						state = IN_ATTRIBUTE_NAME;
						sectionStart = i + offset;
						i++;
					}
				}
				break;
			}
			case BEFORE_ATTRIBUTE_VALUE: {
				if (code === 0x22 /* " */) {
					state = IN_ATTRIBUTE_VALUE_DOUBLE;
					sectionStart = i + 1 + offset;
					i++;
				} else if (code === 0x27 /* ' */) {
					state = IN_ATTRIBUTE_VALUE_SINGLE;
					sectionStart = i + 1 + offset;
					i++;
				} else if ((classOf(code) & WHITESPACE) !== 0) {
					i++;
				} else {
					sectionStart = i + offset;
					state = IN_ATTRIBUTE_VALUE_UNQUOTED;
				}
				break;
			}
			case IN_ATTRIBUTE_VALUE_DOUBLE:
			case IN_ATTRIBUTE_VALUE_SINGLE:
			case IN_ATTRIBUTE_VALUE_UNQUOTED: {
				const quote =
					state === IN_ATTRIBUTE_VALUE_DOUBLE
						? QuoteType.Double
						: state === IN_ATTRIBUTE_VALUE_SINGLE
							? QuoteType.Single
							: QuoteType.Unquoted;
				let end: number;
				if (quote === QuoteType.Unquoted) {
					end = i;
					while (end < length && (classOf(buffer.charCodeAt(end)) & (WHITESPACE | GREATER_THAN)) === 0) end++;
					if (end === length) end = -1;
				} else end = buffer.indexOf(CHARACTERS[quote === QuoteType.Double ? DOUBLE_QUOTE : SINGLE_QUOTE]!, i);
				if (end < 0) {
					i = length;
					break;
				}
				if (reported)
					reportAttribute(cbs, quote, sectionStart, end + offset, attributeName, attributeStart, attributeNameEnd);
				sectionStart = -1;
				state = BEFORE_ATTRIBUTE_NAME;
				// A closing quote is part of the attribute; whitespace or `>` after an unquoted value is not.
				i = quote === QuoteType.Unquoted ? end : end + 1;
				break;
			}
			case BEFORE_CLOSING_TAG_NAME: {
				if (code === 0x3e /* > */) {
					state = TEXT;
					sectionStart = i + 1 + offset;
					i++;
				} else if (isAsciiAlpha(code)) {
					state = IN_CLOSING_TAG_NAME;
					sectionStart = i + offset;
					i++;
				} else {
					// `</` then whitespace or another character: a bogus comment, read by the stock states.
					handBack(this, BEFORE_CLOSING_TAG_NAME, sectionStart, i);
					return;
				}
				break;
			}
			case IN_CLOSING_TAG_NAME: {
				let end = i;
				while (end < length && (classOf(buffer.charCodeAt(end)) & TAG_SECTION_END) === 0) end++;
				if (end === length) {
					i = length;
					break;
				}
				endTagRead(this, sectionStart, end, offset);
				sectionStart = -1;
				state = AFTER_CLOSING_TAG_NAME;
				i = end;
				break;
			}
			case IN_SPECIAL_TAG: {
				// `#script-data-state`, `#rawtext-state`, `#rcdata-state` as htmlparser2 reads them
				// (stateInSpecialTag), the oracle even where it differs from the HTML standard: the
				// text ends at `</` and the name, ASCII case folded (`| 0x20`, which lets 0x1C stand
				// for `<` and 0x0F for `/`), followed by whitespace, `/` or `>`; after a character
				// that breaks a partial match the next is compared from the start, and otherwise
				// raw text skips to the next `<` (RCDATA reads on one character at a time).
				const sequence = this.currentSequence;
				const last = sequence.length;
				const skips = sequence !== TITLE_END && sequence !== TEXTAREA_END;
				let matched = this.sequenceIndex;
				let at = i;
				let found = -1;
				while (at < length) {
					const char = buffer.charCodeAt(at);
					if (matched === last) {
						if ((classOf(char) & TAG_SECTION_END) !== 0) {
							found = at;
							break;
						}
						matched = 0;
					}
					if ((char | 0x20) === sequence[matched]) {
						matched++;
						at++;
					} else if (matched !== 0) {
						matched = char === 0x3c /* < */ ? 1 : 0;
						at++;
					} else if (skips) {
						const lt = buffer.indexOf(CHARACTERS[LESS_THAN]!, at + 1);
						if (lt < 0) at = length;
						else {
							matched = 1;
							at = lt + 1;
						}
					} else at++;
				}
				const quiet = this.quiet;
				if (found < 0) {
					// The stock state stays here; its cleanup reports the text read when no end tag is begun.
					this.sequenceIndex = matched;
					if (quiet) {
						this.quietEnd = length - matched + offset;
						if (matched === 0) sectionStart = length + offset;
					}
					i = length;
					break;
				}
				const textEnd = found - last + offset;
				if (quiet) this.quietEnd = textEnd;
				else if (sectionStart < textEnd) cbs.ontext(sectionStart, textEnd);
				this.isSpecial = false;
				this.sequenceIndex = 0;
				// The end tag's name, after its `</`.
				sectionStart = textEnd + 2;
				state = IN_CLOSING_TAG_NAME;
				i = found;
				break;
			}
			case IN_COMMENT_LIKE: {
				// `#comment-state` and the states after it, as htmlparser2 reads an HTML comment
				// (stateInCommentLike, the oracle): `<!-->` and `<!--->` end at once; otherwise
				// the comment ends at `-->` or `--!>` (more dashes before them are text), and
				// between two of its dashes the loop skips to the next one.
				const start = sectionStart - offset;
				let matched = this.sequenceIndex;
				let at = i;
				let found = -1;
				while (at < length) {
					const char = buffer.charCodeAt(at);
					if (char === 0x3e /* > */ && (matched === 2 || (matched <= 1 && at === start + matched))) {
						found = at;
						break;
					}
					if (matched === 3 && char !== 0x3e) matched = char === 0x2d /* - */ ? 1 : 0;
					else if (char === COMMENT_END_CODES[matched]) {
						if (++matched === 4) {
							found = at;
							break;
						}
					} else if (matched === 0) {
						const dash = buffer.indexOf(CHARACTERS[DASH]!, at + 1);
						if (dash < 0) {
							at = length;
							break;
						}
						matched = 1;
						at = dash;
					} else if (char !== COMMENT_END_CODES[matched - 1]) matched = 0;
					at++;
				}
				if (found < 0) {
					// The stock state reads on in the next buffer.
					this.sequenceIndex = matched;
					i = length;
					break;
				}
				this.sequenceIndex = 0;
				// The comment's end offset: how many of `--!>` before the `>` are not its text.
				cbs.oncomment(sectionStart, found + offset, matched === 4 ? 3 : matched);
				sectionStart = found + 1 + offset;
				state = TEXT;
				i = found + 1;
				break;
			}
			case AFTER_CLOSING_TAG_NAME: {
				// Most end tags end just after their name: no search for that.
				const end = code === 0x3e /* > */ ? i : buffer.indexOf(CHARACTERS[GREATER]!, i);
				if (end < 0) {
					i = length;
					break;
				}
				state = TEXT;
				sectionStart = end + 1 + offset;
				i = end + 1;
				break;
			}
		}
	}
	// The buffer is read: the stock loop ends in this state (and reports the open text or value).
	if (heldStart >= 0) cbs.onopentagname(heldStart, heldEnd);
	// An attribute whose value is still to come: the stock states report the value and end.
	if (
		reported &&
		(state === AFTER_ATTRIBUTE_NAME ||
			state === BEFORE_ATTRIBUTE_VALUE ||
			state === IN_ATTRIBUTE_VALUE_DOUBLE ||
			state === IN_ATTRIBUTE_VALUE_SINGLE ||
			state === IN_ATTRIBUTE_VALUE_UNQUOTED)
	)
		cbs.onattribname(attributeStart, attributeNameEnd);
	this.state = state;
	this.sectionStart = sectionStart;
	this.index = offset + length - 1;
}

/** Callbacks that do nothing, for a probe tokenizer (`foreign`: read as in foreign content). */
function probeCallbacks(foreign: boolean): TokenizerCallbacks {
	const noop = (): void => undefined;
	return {
		onattribdata: noop,
		onattribentity: noop,
		onattribend: noop,
		onattribname: noop,
		oncdata: noop,
		onclosetag: noop,
		oncomment: noop,
		ondeclaration: noop,
		onend: noop,
		onopentagend: noop,
		onopentagname: noop,
		onprocessinginstruction: noop,
		onselfclosingtag: noop,
		ontext: noop,
		ontextentity: noop,
		isInForeignContext: () => foreign,
	};
}

/**
 * Whether the stock Tokenizer's states have the numbers {@link textLoop} writes: a probe
 * tokenizer fed one prefix per state must be in it afterwards.
 */
function probeStates(): boolean {
	const callbacks = probeCallbacks(false);
	const probes: Array<[string, number]> = [
		['x', TEXT],
		['<', BEFORE_TAG_NAME],
		['<a', IN_TAG_NAME],
		['<a/', IN_SELF_CLOSING_TAG],
		['</', BEFORE_CLOSING_TAG_NAME],
		['</a', IN_CLOSING_TAG_NAME],
		['</a ', AFTER_CLOSING_TAG_NAME],
		['<a ', BEFORE_ATTRIBUTE_NAME],
		['<a b', IN_ATTRIBUTE_NAME],
		['<a b ', AFTER_ATTRIBUTE_NAME],
		['<a b=', BEFORE_ATTRIBUTE_VALUE],
		['<a b="', IN_ATTRIBUTE_VALUE_DOUBLE],
		["<a b='", IN_ATTRIBUTE_VALUE_SINGLE],
		['<a b=c', IN_ATTRIBUTE_VALUE_UNQUOTED],
	];
	return probes.every(([input, state]) => {
		const tokenizer = new Tokenizer({decodeEntities: false}, callbacks);
		tokenizer.write(input);
		return (tokenizer as unknown as LoopInternals).state === state;
	});
}

/** Whether FastTokenizer reads text and tags in its own loop (false: the stock states do). */
export const READS_TAGS_IN_ONE_LOOP =
	SKIPS_TAG_STATES &&
	typeof (Tokenizer.prototype as unknown as Record<string, unknown>).stateText === 'function' &&
	probeStates();

if (READS_TAGS_IN_ONE_LOOP) {
	const stockText = (Tokenizer.prototype as unknown as Record<string, StateMethod>).stateText!;
	Object.defineProperty(FastTokenizer.prototype, 'stateText', {
		value(this: LoopInternals, c: number): void {
			textLoop.call(this, stockText, c, TEXT);
		},
		writable: true,
		configurable: true,
	});
	// Raw text the loop entered goes on in the next buffer: the loop reads on from there.
	const stockSpecial = (Tokenizer.prototype as unknown as Record<string, StateMethod>).stateInSpecialTag!;
	if (RAW_TEXT_SEQUENCES.length > 0)
		Object.defineProperty(FastTokenizer.prototype, 'stateInSpecialTag', {
			value(this: LoopInternals, c: number): void {
				textLoop.call(this, stockSpecial, c, IN_SPECIAL_TAG);
			},
			writable: true,
			configurable: true,
		});
}

/** The private state of a CDATA section being read (htmlparser2 12 src/Tokenizer.ts `stateInCommentLike`). */
interface CdataInternals extends TokenizerInternals {
	state: number;
	sectionStart: number;
	/** How many characters of `currentSequence` (`]]>` in a CDATA section) were just read. */
	sequenceIndex: number;
	currentSequence: Uint8Array;
}

/** The state and end sequence of an open CDATA section, as a probe tokenizer shows them (undefined: not readable here). */
const OPEN_CDATA = ((): {state: number; sequence: Uint8Array} | undefined => {
	const callbacks = probeCallbacks(true);
	const tokenizer = new Tokenizer({xmlMode: true, decodeEntities: false}, callbacks);
	tokenizer.write('<![CDATA[x');
	const {state, sectionStart, currentSequence: sequence} = tokenizer as unknown as Partial<CdataInternals>;
	// `<![CDATA[` is 9 characters: the section's text starts after them.
	if (
		typeof state !== 'number' ||
		sectionStart !== 9 ||
		!(sequence instanceof Uint8Array) ||
		String.fromCharCode(...sequence) !== ']]>'
	)
		return undefined;
	return {state, sequence};
})();

/**
 * The text of a CDATA section still open at the end of the buffer read so far, handed over
 * as `[start, end)` (source offsets) and taken from the section: the tokenizer's `oncdata`
 * then reports only what follows `end`. A `]` or `]]` that may begin the section's `]]>`
 * stays in the section. Undefined when no CDATA section is open, it has no new text, or
 * this htmlparser2 keeps its state otherwise (the section then comes whole, as before).
 *
 * Why: the stock tokenizer reports a CDATA section only at its `]]>`, so a reader of a
 * section of many megabytes (escaped HTML in a feed) would get all of it in one call.
 *
 * @example
 * tokenizer.write('<![CDATA[<a href="x">');
 * takeOpenCdata(tokenizer); // [9, 21]
 */
export function takeOpenCdata(tokenizer: FastTokenizer): [number, number] | undefined {
	const open = OPEN_CDATA;
	if (open === undefined) return undefined;
	const internals = tokenizer as unknown as CdataInternals;
	if (internals.state !== open.state || internals.currentSequence !== open.sequence) return undefined;
	// At the end of a write the index is past the buffer's last character.
	const read = Math.min(internals.index, internals.offset + internals.buffer.length);
	const end = read - internals.sequenceIndex;
	const start = internals.sectionStart;
	if (end <= start) return undefined;
	internals.sectionStart = end;
	return [start, end];
}
