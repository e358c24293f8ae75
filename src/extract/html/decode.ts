/**
 * HTML character references and input-stream preprocessing, with a map from decoded
 * offsets back to source offsets, so a span found in a decoded value (a srcset
 * candidate, a CSS url(), a meta refresh URL) points at the source text it came from.
 *
 * The tokenizer runs with entity decoding off (it reports raw spans only); values
 * that need decoding are decoded here, once, with the `entities` package's trie.
 */
import {codeAt, knownString} from '../../known-string.js';
import {StringBuilder} from '../../string-builder.js';
import {DecodingMode, EntityDecoder, htmlDecodeTree} from 'entities/decode';

const CharCodes = {
	Null: 0x00, // "\0"
	LineFeed: 0x0a, // "\n"
	CarriageReturn: 0x0d, // "\r"
	Amp: 0x26, // "&"
} as const;

const REPLACEMENT_CODE = 0xfffd;

/**
 * Which character-reference rules apply.
 * - `attribute`: HTML attribute value (legacy names without `;` kept literal before `=` or alnum), NUL → U+FFFD.
 * - `text`: HTML data / RCDATA (legacy names decode before anything).
 * - `strict`: XHTML: only references terminated by `;`.
 * - `xml-attribute`: `strict`, then XML 1.0 §3.3.3 attribute-value normalization (a literal TAB, LF or CR is a space).
 */
export type DecodeMode = 'attribute' | 'text' | 'strict' | 'xml-attribute';

const DECODING_MODES = {
	attribute: DecodingMode.Attribute,
	text: DecodingMode.Legacy,
	strict: DecodingMode.Strict,
	'xml-attribute': DecodingMode.Strict,
} as const;

/**
 * Decoded text plus the map back to its source. Runs are either identity (one source
 * unit per decoded unit) or atomic (a character reference or CR LF: its decoded units
 * map as a whole to its source range).
 */
export class DecodedText {
	readonly text: string;
	readonly source: string;
	readonly sourceStart: number;
	private readonly runs: Runs | null;

	/**
	 * @param text The decoded text.
	 * @param source The source text it was decoded from.
	 * @param sourceStart Absolute source offset of decoded offset 0 (and of `source`).
	 * @param runs The runs (see {@link Runs}), ending with a sentinel run at the decoded length;
	 *             `null` when the text is the source verbatim.
	 */
	constructor(text: string, source: string, sourceStart: number, runs: Runs | null) {
		this.text = text;
		this.source = source;
		this.sourceStart = sourceStart;
		this.runs = runs;
	}

	/** The text is its source verbatim (nothing was decoded): decoded and source offsets differ by `sourceStart`. */
	get verbatim(): boolean {
		return this.runs === null;
	}

	/** Bytes the map back to the source takes (its runs): the memory bound, for tests. */
	get mapBytes(): number {
		return this.runs?.bytes ?? 0;
	}

	/** The source text of the absolute span `[start, end)` (within this text's source). */
	sourceSlice(start: number, end: number): string {
		return this.source.slice(start - this.sourceStart, end - this.sourceStart);
	}

	/** Absolute source offset where decoded offset `d` starts. */
	toSourceStart(d: number): number {
		return this.toSource(d, false);
	}

	/** Absolute source offset where a span ending at decoded offset `d` ends. */
	toSourceEnd(d: number): number {
		return this.toSource(d, true);
	}

	private toSource(d: number, isEnd: boolean): number {
		const runs = this.runs;
		if (runs === null) return this.sourceStart + d;
		const at = this.sourceStart;
		let low = 0;
		let high = runs.count - 1;
		while (low < high) {
			const mid = (low + high + 1) >> 1;
			if (runs.decoded(mid) <= d) low = mid;
			else high = mid - 1;
		}
		const runDecoded = runs.decoded(low);
		const packed = runs.source(low);
		if (packed >= 0) return at + packed + (d - runDecoded);
		// Inside an atomic run: a start snaps to its beginning, an end to its end.
		const runSource = at + ~packed;
		if (d === runDecoded || !isEnd || low + 1 >= runs.count) return runSource;
		const next = runs.source(low + 1);
		return at + (next >= 0 ? next : ~next);
	}
}

/** Runs per block of a {@link Runs} list, as a shift (8,192 runs of two Int32: 64 KiB a block). */
const RUN_BLOCK_BITS = 13;
const RUN_BLOCK = 1 << RUN_BLOCK_BITS;
/** Runs kept in {@link Runs}' plain head array before the blocks start. */
const HEAD_RUNS = 32;

/**
 * Runs, packed: `[decodedStart, sourceOffset]` pairs, `sourceOffset` relative to the value's
 * start and written `~sourceOffset` (negative) for an atomic run; offsets within one value (at
 * most MAX_TOKEN_LENGTH units) fit 31 bits. The first {@link HEAD_RUNS} go into a plain array
 * (most values have a few references: a typed array made per value cost more than the decoding),
 * the others into fixed blocks, never one array grown by doubling and trimmed by a copy at the
 * end: a 16 MB attribute of 4 M references kept 12 bytes a run and, while growing and trimming,
 * up to three times that at once.
 */
class Runs {
	count = 0;
	private readonly head: number[] = [];
	private readonly blocks: Int32Array[] = [];

	/** Bytes of the head (small integers: 4 bytes each with pointer compression, 8 without) and the blocks. */
	get bytes(): number {
		let bytes = 8 * this.head.length;
		for (const block of this.blocks) bytes += block.byteLength;
		return bytes;
	}

	push(decoded: number, source: number, atomic: 0 | 1): void {
		const packed = atomic === 1 ? ~source : source;
		const run = this.count++;
		if (run < HEAD_RUNS) {
			this.head.push(decoded, packed);
			return;
		}
		const index = (run - HEAD_RUNS) & (RUN_BLOCK - 1);
		// The first block starts small and grows to RUN_BLOCK; the others are whole.
		if (index === 0) this.blocks.push(new Int32Array(run === HEAD_RUNS ? 4 * HEAD_RUNS : 2 * RUN_BLOCK));
		let block = this.blocks[this.blocks.length - 1]!;
		if (2 * index >= block.length) {
			const grown = new Int32Array(Math.min(2 * RUN_BLOCK, block.length * 2));
			grown.set(block);
			this.blocks[this.blocks.length - 1] = block = grown;
		}
		block[2 * index] = decoded;
		block[2 * index + 1] = packed;
	}

	decoded(run: number): number {
		if (run < HEAD_RUNS) return this.head[2 * run]!;
		const index = run - HEAD_RUNS;
		return this.blocks[index >> RUN_BLOCK_BITS]![2 * (index & (RUN_BLOCK - 1))]!;
	}

	/** The run's packed source offset: `~offset` (negative) for an atomic run. */
	source(run: number): number {
		if (run < HEAD_RUNS) return this.head[2 * run + 1]!;
		const index = run - HEAD_RUNS;
		return this.blocks[index >> RUN_BLOCK_BITS]![2 * (index & (RUN_BLOCK - 1)) + 1]!;
	}
}

/**
 * Decodes character references (and CR LF → LF, CR → LF, and in attributes NUL → U+FFFD)
 * in source slices. One instance per extractor: it owns a reusable entity decoder.
 *
 * @example
 * const decoder = new CharacterReferenceDecoder();
 * decoder.decode('a&amp;b', 10, 'attribute').text; // 'a&b'
 */
export class CharacterReferenceDecoder {
	/**
	 * References a document declares itself (XML internal entities, xml/entities.ts): the
	 * replacement and source length of the reference at `offset`, tried before the HTML names
	 * in `strict` and `xml-attribute` modes.
	 */
	declared: ((source: string, offset: number) => {text: string; length: number} | undefined) | undefined;
	private codePoints = '';
	private consumed = 0;
	private readonly entities = new EntityDecoder(htmlDecodeTree, (cp, consumed) => {
		this.codePoints += String.fromCodePoint(cp);
		this.consumed = consumed;
	});

	/**
	 * Decode `input` (a slice of the document starting at absolute offset `sourceStart`).
	 * HTML `#preprocessing-the-input-stream` (newlines, NUL in attributes) and
	 * `#character-reference-state`.
	 */
	decode(input: string, sourceStart: number, mode: DecodeMode): DecodedText {
		const source = knownString(input);
		if (!needsDecoding(source, mode)) return new DecodedText(source, source, sourceStart, null);
		return this.decodeAll(source, sourceStart, mode);
	}

	/** {@link decode}, for `input` that {@link needsDecoding} says has something to decode (the check made once). */
	decodeAll(input: string, sourceStart: number, mode: DecodeMode): DecodedText {
		const runs = new Runs();
		const text = this.decodeInto(input, mode, runs);
		return new DecodedText(text, input, sourceStart, runs);
	}

	/**
	 * The decoded text alone of `input`, which {@link needsDecoding} says has something to
	 * decode: no map back to the source (a value whose span is known without one).
	 *
	 * @example
	 * new CharacterReferenceDecoder().decodeText('?a=1&amp;b=2', 'attribute'); // '?a=1&b=2'
	 */
	decodeText(input: string, mode: DecodeMode): string {
		return this.decodeInto(input, mode, null);
	}

	/** The decoded text of `input`; its runs go into `runs` (null: none kept). */
	private decodeInto(input: string, mode: DecodeMode, runs: Runs | null): string {
		const source = knownString(input);
		const xmlAttribute = mode === 'xml-attribute';
		const text = new DecodedOutput(source.length > SHORT_VALUE);
		const length = source.length;
		let identityStart = 0;
		let i = 0;
		// Only "&" and CR start something to decode: jump to the next of each (one native search
		// each, remembered until passed) rather than reading every unit. NUL → U+FFFD and a lone
		// CR → LF keep the length: they stay in identity runs, replaced per run (one run per such
		// unit cost ~100 bytes each: 16 MB of NULs took 2 GB).
		let ampersand = source.indexOf('&');
		let carriageReturn = source.indexOf('\r');
		// Most values hold references only: their identity runs are slices as they are (no unit to replace).
		const runMode: DecodeMode | undefined =
			xmlAttribute || carriageReturn >= 0 || (mode === 'attribute' && source.includes('\0')) ? mode : undefined;
		for (;;) {
			if (ampersand >= 0 && ampersand < i) ampersand = source.indexOf('&', i);
			if (carriageReturn >= 0 && carriageReturn < i) carriageReturn = source.indexOf('\r', i);
			const amp = ampersand < 0 ? length : ampersand;
			const cr = carriageReturn < 0 ? length : carriageReturn;
			i = Math.min(amp, cr);
			if (i >= length) break;
			let replacement = '';
			let consumed: number;
			if (i === amp) {
				const declared =
					this.declared === undefined || (mode !== 'strict' && !xmlAttribute) ? undefined : this.declared(source, i);
				if (declared !== undefined) {
					// XML 1.0 §3.3.3: white space in an entity's replacement text is a space in an attribute value.
					replacement = xmlAttribute ? declared.text.replaceAll(XML_WHITESPACE_ALL, ' ') : declared.text;
					consumed = declared.length;
				} else if (codeAt(source, i + 1) === 0x61 /* a */ && source.startsWith('amp;', i + 1)) {
					// The reference most values hold (a query string's `&amp;`), in every mode: no trie walk.
					replacement = '&';
					consumed = 5;
				} else {
					consumed = this.reference(source, i, mode);
					replacement = this.codePoints;
				}
			} else if (codeAt(source, i + 1) === CharCodes.LineFeed) {
				// HTML `#preprocessing-the-input-stream`, XML 1.0 §2.11: CR LF becomes LF (a lone CR too: in `preprocessed`); XML 1.0 §3.3.3: a space in an attribute.
				replacement = xmlAttribute ? ' ' : '\n';
				consumed = 2;
			} else consumed = 0;
			if (consumed === 0) {
				i++;
				continue;
			}
			// An atomic run: the identity run before it, then the replacement.
			identity(runs, text, source, identityStart, i, runMode);
			runs?.push(text.length, i, 1);
			text.add(replacement);
			i += consumed;
			identityStart = i;
		}
		identity(runs, text, source, identityStart, length, runMode);
		runs?.push(text.length, length, 0);
		return text.text();
	}

	/** Length of the character reference at `ampersand` (0: not one); its text in `codePoints`. */
	private reference(source: string, ampersand: number, mode: DecodeMode): number {
		this.codePoints = '';
		this.consumed = 0;
		this.entities.startEntity(DECODING_MODES[mode]);
		// The slice ends where the value ends: an unfinished reference is finished by end().
		if (this.entities.write(source, ampersand + 1) < 0) this.entities.end();
		return this.codePoints === '' ? 0 : this.consumed;
	}
}

/** The identity run `[from, to)` of `source`, if not empty: one run (into `runs`, unless null), its units preprocessed (`mode` undefined: none to replace). */
function identity(
	runs: Runs | null,
	text: DecodedOutput,
	source: string,
	from: number,
	to: number,
	mode: DecodeMode | undefined,
): void {
	if (to === from) return;
	runs?.push(text.length, from, 0);
	const run = source.slice(from, to);
	text.add(mode === undefined ? run : preprocessed(run, mode));
}

/** Values up to this many units are decoded into a string by `+=` (a rope of a few short pieces). */
const SHORT_VALUE = 1024;

/**
 * The decoded text being built: a short value by `+=`, a longer one by a StringBuilder (a
 * rope of one node per piece, millions for a long value, is what that avoids; for a value
 * of a few pieces its arrays and join cost more than the decoding).
 */
class DecodedOutput {
	/** Units added so far. */
	length = 0;
	private short = '';
	private readonly long: StringBuilder | null;

	constructor(long: boolean) {
		this.long = long ? new StringBuilder() : null;
	}

	add(piece: string): void {
		this.length += piece.length;
		if (this.long === null) this.short += piece;
		else this.long.add(piece);
	}

	text(): string {
		return this.long === null ? this.short : this.long.text();
	}
}

/** Units passed to one `String.fromCharCode` call (an argument list, kept well under engines' limits). */
const FROM_CHAR_CODE_BLOCK = 8192;

/**
 * HTML `#preprocessing-the-input-stream` on an identity run: a lone CR becomes LF (those of CR LF pairs are atomic
 * runs); in attributes, NUL becomes U+FFFD. Same lengths; one pass over the units (a
 * global regex replace built one part per match: 2 s for 4 M NULs).
 */
function preprocessed(run: string, mode: DecodeMode): string {
	if (mode === 'xml-attribute') return run.replaceAll(XML_WHITESPACE_ALL, ' ');
	const nul = mode === 'attribute' && run.includes('\0');
	if (!nul && !run.includes('\r')) return run;
	const units = new Uint16Array(run.length);
	for (let i = 0; i < units.length; i++) {
		const c = run.charCodeAt(i);
		units[i] = c === CharCodes.CarriageReturn ? CharCodes.LineFeed : c === CharCodes.Null && nul ? REPLACEMENT_CODE : c;
	}
	const blocks: string[] = [];
	for (let i = 0; i < units.length; i += FROM_CHAR_CODE_BLOCK)
		blocks.push(String.fromCharCode.apply(null, units.subarray(i, i + FROM_CHAR_CODE_BLOCK) as unknown as number[]));
	return blocks.join('');
}

/** XML 1.0 §3.3.3: the white space attribute-value normalization makes a space (after §2.11 made CR LF and CR an LF). */
const XML_WHITESPACE = /[\t\n\r]/;
const XML_WHITESPACE_ALL = /[\t\n\r]/g;

/** "&", CR or NUL: something to decode. */
const DECODING_NEEDED = /[&\r\0]/;

/**
 * Whether `source` has a character reference, a CR or a NUL to process (in `mode`
 * `xml-attribute`, also a TAB or LF to normalize). One native scan (most values have none):
 * a charCodeAt loop over fresh slices of the page cost more.
 *
 * @example
 * needsDecoding('a.html'); // false
 * needsDecoding('a\nb', 'xml-attribute'); // true
 */
export function needsDecoding(source: string, mode?: DecodeMode): boolean {
	return DECODING_NEEDED.test(source) || (mode === 'xml-attribute' && XML_WHITESPACE.test(source));
}
