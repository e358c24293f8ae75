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
import {Tokenizer} from 'htmlparser2';

// The one file that imports htmlparser2: both hosts (html/, xml/) take its callback protocol from here.
export {QuoteType, type TokenizerCallbacks} from 'htmlparser2';

/** The private state `fastForwardTo` works on (htmlparser2 12 src/Tokenizer.ts). */
interface TokenizerInternals {
	buffer: string;
	/** Absolute index of the current character. */
	index: number;
	/** Absolute index of `buffer[0]`. */
	offset: number;
}

/** One-character strings for char codes below 128 (every character fastForwardTo waits for). */
const CHARACTERS: readonly string[] = Array.from({length: 128}, (_, code) => String.fromCharCode(code));

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
export class FastTokenizer extends Tokenizer {}

/** Whether the stock Tokenizer has the method replaced here (false: the stock loop runs). */
export const SKIPS_WITH_INDEX_OF = typeof (Tokenizer.prototype as unknown as Record<string, unknown>)['fastForwardTo'] === 'function';

if (SKIPS_WITH_INDEX_OF) {
	Object.defineProperty(FastTokenizer.prototype, 'fastForwardTo', {value: fastForwardTo, writable: true, configurable: true});
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
const CLASSES = new Uint8Array(128);
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
		const hit = c < 128 && (CLASSES[c]! & stop) !== 0;
		if (hit !== invert) {
			tokenizer.index = i + tokenizer.offset;
			return c;
		}
	}
	tokenizer.index = length + tokenizer.offset - 1;
	return -1;
}

function classOf(c: number): number {
	return c < 128 ? CLASSES[c]! : 0;
}

/**
 * A state replaced by: when `c` would not change the stock state (its class has none of
 * the `stop` bits; `invert`: has one), skip to the first character that would and hand
 * that one to the stock state.
 */
function skipping(stock: StateMethod, stop: (tokenizer: StateInternals) => number, invert: boolean): StateMethod {
	return function (this: StateInternals, c: number): void {
		const bits = stop(this);
		if ((classOf(c) & bits) !== 0 === invert) {
			const next = skipTo(this, bits, invert);
			if (next < 0) return;
			c = next;
		}
		stock.call(this, c);
	};
}

const always = (bits: number) => (): number => bits;
/** An unquoted value ends at whitespace or `>`; with entity decoding, `&` starts a reference. */
const unquotedStops = (tokenizer: StateInternals): number => WHITESPACE | GREATER_THAN | (tokenizer.decodeEntities ? AMPERSAND : 0);

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
export const SKIPS_TAG_STATES = REPLACED.every(([name]) => typeof (Tokenizer.prototype as unknown as Record<string, unknown>)[name] === 'function');

if (SKIPS_TAG_STATES) {
	for (const [name, stop, invert] of REPLACED) {
		const stock = (Tokenizer.prototype as unknown as Record<string, StateMethod>)[name]!;
		Object.defineProperty(FastTokenizer.prototype, name, {value: skipping(stock, stop, invert), writable: true, configurable: true});
	}
}
