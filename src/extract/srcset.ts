/**
 * HTML "parse a srcset attribute" (HTML `#parse-a-srcset-attribute`), for
 * `srcset` and `imagesrcset`. Works on the entity-decoded value; offsets are into it.
 */

const CharCodes = {
	Tab: 0x09, // "\t"
	LineFeed: 0x0a, // "\n"
	FormFeed: 0x0c, // "\f"
	CarriageReturn: 0x0d, // "\r"
	Space: 0x20, // " "
	Plus: 0x2b, // "+"
	Comma: 0x2c, // ","
	Minus: 0x2d, // "-"
	Dot: 0x2e, // "."
	Zero: 0x30, // "0"
	Nine: 0x39, // "9"
	LowerE: 0x65, // "e"
	UpperE: 0x45, // "E"
	LeftParenthesis: 0x28, // "("
	RightParenthesis: 0x29, // ")"
} as const;

/** One image candidate: its URL's half-open span and whether its descriptors are valid. */
export interface SrcsetCandidate {
	start: number;
	end: number;
	url: string;
	/** The descriptors as tokenized (step 8's list). */
	descriptors: string[];
	/**
	 * False when the descriptor parser (step 13) reports an error: browsers drop such a
	 * candidate. Deviation: the extractor still reports its URL (a crawler wants it).
	 */
	valid: boolean;
}

/**
 * Every image candidate of a srcset value, in order, with its URL's span.
 *
 * @example
 * parseSrcset('a.jpg 1x, w_100,h_100/b.jpg 2x').map((c) => c.url); // ['a.jpg', 'w_100,h_100/b.jpg']
 */
export function parseSrcset(input: string): SrcsetCandidate[] {
	const candidates: SrcsetCandidate[] = [];
	scanSrcset(input, true, (start, end, descriptors) => {
		candidates.push({start, end, url: input.slice(start, end), descriptors, valid: descriptorsAreValid(descriptors)});
	});
	return candidates;
}

/**
 * The URL span of each image candidate, in order, as {@link parseSrcset} finds them, without
 * building candidate records or descriptor strings: a value of a million candidates is read
 * in one pass that keeps nothing alive (the extractor emits each URL as it is found).
 *
 * @example
 * forEachSrcsetUrl('a.jpg 1x, b.jpg 2x', (start, end) => console.log(start, end)); // 0 5, then 10 15
 */
export function forEachSrcsetUrl(input: string, visit: (start: number, end: number) => void): void {
	scanSrcset(input, false, (start, end) => visit(start, end));
}

/** HTML "parse a srcset attribute", steps 4–8: each candidate's URL span and (if `collect`) its descriptors. */
function scanSrcset(
	input: string,
	collect: boolean,
	visit: (start: number, end: number, descriptors: string[]) => void,
): void {
	let position = 0;
	for (;;) {
		// Step 4 (splitting loop): skip ASCII whitespace and commas.
		while (position < input.length && isWhitespaceOrComma(input.charCodeAt(position))) position++;
		if (position >= input.length) return;
		// Step 5: the URL is the run of non-whitespace code points; commas inside are kept.
		const start = position;
		while (position < input.length && !isAsciiWhitespace(input.charCodeAt(position))) position++;
		let end = position;
		const descriptors: string[] = collect ? [] : NO_DESCRIPTORS;
		if (input.charCodeAt(end - 1) === CharCodes.Comma) {
			// Step 7.1: trailing commas are removed; no descriptors.
			while (end > start && input.charCodeAt(end - 1) === CharCodes.Comma) end--;
		} else {
			position = tokenizeDescriptors(input, position, collect ? descriptors : null);
		}
		visit(start, end, descriptors);
	}
}

/** The descriptors passed when they are not collected (never written to). */
const NO_DESCRIPTORS: string[] = [];

const TokenizerState = {
	InDescriptor: 0,
	InParens: 1,
	AfterDescriptor: 2,
} as const;
type TokenizerState = (typeof TokenizerState)[keyof typeof TokenizerState];

/**
 * Step 8 (descriptor tokenizer): returns the position after the candidate, and fills
 * `descriptors` unless it is null. A descriptor's code points are contiguous in the input
 * ("current descriptor" only grows by the code point at the position), so each is a slice.
 */
function tokenizeDescriptors(input: string, position: number, descriptors: string[] | null): number {
	// Step 8.1: skip ASCII whitespace.
	while (position < input.length && isAsciiWhitespace(input.charCodeAt(position))) position++;
	/** Start of the current descriptor (-1: empty). */
	let current = -1;
	let state: TokenizerState = TokenizerState.InDescriptor;
	for (; position < input.length; position++) {
		const c = input.charCodeAt(position);
		if (state === TokenizerState.InDescriptor) {
			if (isAsciiWhitespace(c)) {
				if (current >= 0) descriptors?.push(input.slice(current, position));
				current = -1;
				state = TokenizerState.AfterDescriptor;
			} else if (c === CharCodes.Comma) {
				if (current >= 0) descriptors?.push(input.slice(current, position));
				return position + 1;
			} else {
				if (c === CharCodes.LeftParenthesis) state = TokenizerState.InParens;
				if (current < 0) current = position;
			}
		} else if (state === TokenizerState.InParens) {
			if (c === CharCodes.RightParenthesis) state = TokenizerState.InDescriptor;
		} else if (!isAsciiWhitespace(c)) {
			// After descriptor: reconsume in the descriptor state.
			state = TokenizerState.InDescriptor;
			position--;
		}
	}
	// End of input in any state: the current descriptor, if any, is added.
	if (current >= 0) descriptors?.push(input.slice(current, position));
	return position;
}

/** Step 13 (descriptor parser): true when no error is found. */
function descriptorsAreValid(descriptors: readonly string[]): boolean {
	let width = false;
	let density = false;
	let height = false;
	for (const descriptor of descriptors) {
		const number = descriptor.slice(0, -1);
		switch (descriptor.at(-1)) {
			case 'w': {
				if (width || density || !isNonNegativeInteger(number) || Number(number) === 0) return false;
				width = true;
				break;
			}
			case 'x': {
				if (width || density || height || !isFloatingPointNumber(number) || Number(number) < 0) return false;
				density = true;
				break;
			}
			case 'h': {
				if (height || density || !isNonNegativeInteger(number) || Number(number) === 0) return false;
				height = true;
				break;
			}
			default: {
				return false;
			}
		}
	}
	// Step 14: a height descriptor without a width descriptor is an error.
	return !height || width;
}

/** HTML "valid non-negative integer": one or more ASCII digits. */
function isNonNegativeInteger(s: string): boolean {
	if (s === '') return false;
	for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
	return true;
}

/** HTML "valid floating-point number": `-`? digits (`.` digits)? ([eE] [+-]? digits)?, or `.` digits first. */
function isFloatingPointNumber(s: string): boolean {
	let i = s.charCodeAt(0) === CharCodes.Minus ? 1 : 0;
	const integerStart = i;
	while (isDigit(s.charCodeAt(i))) i++;
	let digits = i - integerStart;
	if (s.charCodeAt(i) === CharCodes.Dot) {
		const fractionStart = ++i;
		while (isDigit(s.charCodeAt(i))) i++;
		if (i === fractionStart) return false;
		digits += i - fractionStart;
	}
	if (digits === 0) return false;
	const e = s.charCodeAt(i);
	if (e === CharCodes.LowerE || e === CharCodes.UpperE) {
		i++;
		const sign = s.charCodeAt(i);
		if (sign === CharCodes.Plus || sign === CharCodes.Minus) i++;
		const exponentStart = i;
		while (isDigit(s.charCodeAt(i))) i++;
		if (i === exponentStart) return false;
	}
	return i === s.length;
}

function isDigit(c: number): boolean {
	return c >= CharCodes.Zero && c <= CharCodes.Nine;
}

/** ASCII whitespace: TAB, LF, FF, CR, SPACE. */
export function isAsciiWhitespace(c: number): boolean {
	return (
		c === CharCodes.Space ||
		c === CharCodes.LineFeed ||
		c === CharCodes.Tab ||
		c === CharCodes.FormFeed ||
		c === CharCodes.CarriageReturn
	);
}

function isWhitespaceOrComma(c: number): boolean {
	return c === CharCodes.Comma || isAsciiWhitespace(c);
}
