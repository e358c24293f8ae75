/**
 * A resumable CSS Syntax Level 3 tokenizer (§4.3) that reports the URL-bearing tokens
 * of a style sheet: url() in both forms, strings inside image-set() / image() / src(),
 * and the @import target. It keeps only small state between calls (a nesting stack, the
 * at-rule prelude, and where the unfinished token stopped), so a caller can feed a sheet
 * piece by piece.
 *
 * Linear time: a token still open at the end of a call is not scanned again from its
 * start. Its loops (ident, digits, url, string) stop `MARGIN` units before the end of the
 * text and record their state (`Phase`, position, value start); the next call, which gets
 * the same text from the token's start onwards, continues from there. No token starts in
 * the margin either, so every lookahead stays inside the text until `final`.
 *
 * Token limit: no token is longer than `maxToken` code units. A string or url token that
 * reaches the limit is cut there, reported to no one, and skipped to its real end by a
 * small state machine that holds no text (comments and whitespace are never held at
 * all). An ident or number that reaches the limit ends there and the rest is tokenized
 * afresh. Either way the outcome depends only on the input, never on how it was split.
 */
import {
	CharCodes,
	decodeCss,
	escapeEnd,
	identMatches,
	isDigit,
	isIdentCodePoint,
	isIdentStart,
	isNewline,
	isNonPrintable,
	isValidEscape,
	isWhitespace,
	needsDecoding,
	skipNewline,
	wouldStartIdent,
	wouldStartNumber,
} from './syntax.js';
import {Skip, TokenSkipper} from './skip.js';
import {codeAt, knownString} from '../../known-string.js';

export type CssSyntax = 'css-url' | 'css-string';
export type CssAttribute = 'url' | 'import';

/** Receives each URL: the half-open span of its value as written, and the decoded value. */
export type CssMatchSink = (
	start: number,
	end: number,
	value: string,
	syntax: CssSyntax,
	attribute: CssAttribute,
) => void;

/** Nesting frames deeper than this are only counted (any closer then closes one). */
export const MAX_CSS_NESTING = 1024;

/**
 * Units kept unread at the end of a non-final text. A loop step reads at most 9 units
 * from where it starts (`\` + six hex digits + CR LF, §4.3.7), and a token's head and
 * tail look at most 3 past its current end (§4.3.3, §4.3.9), so with 16 nothing read
 * before the margin can change when more text arrives.
 */
const MARGIN = 16;

/** `consume…` result: the token is unfinished and its state is kept (see `Phase`). */
const SUSPENDED = -1;

/** Which loop of a long token stopped at the margin; the next call continues it. */
const Phase = {
	None: 0,
	Ident: 1, // §4.3.11 an ident sequence; `identTail` says what follows it
	Integer: 2, // §4.3.12 consume a number: digits before "."
	Fraction: 3, // digits after "."
	Exponent: 4, // digits after "e"
	UrlWhitespace: 5, // §4.3.4 whitespace after `url(`
	Url: 6, // §4.3.6 consume a url token: the content
	UrlEnd: 7, // whitespace after the content (`valueEnd` holds the content end)
	BadUrl: 8, // §4.3.14 consume the remnants of a bad url
	String: 9, // §4.3.5 consume a string token (`quote` holds the quote)
} as const;
type Phase = (typeof Phase)[keyof typeof Phase];

/** What an ident sequence is part of, and so what follows it. */
const IdentTail = {Plain: 0, AtKeyword: 1, IdentLike: 2} as const;
type IdentTail = (typeof IdentTail)[keyof typeof IdentTail];

/** Open blocks and functions, by what closes them and what their direct strings mean. */
const Frame = {
	Parenthesis: 0, // `(` block or a function whose strings are not URLs
	Bracket: 1, // `[`
	Brace: 2, // `{`
	UrlFunction: 3, // url("…") and src(): direct strings are URLs
	ImageFunction: 4, // image(), image-set(), -webkit-image-set(): direct strings are URLs
	ImportFunction: 5, // url("…") or src() as the first component of an @import prelude
} as const;
type Frame = (typeof Frame)[keyof typeof Frame];

const Prelude = {None: 0, Import: 1, Namespace: 2} as const;
type Prelude = (typeof Prelude)[keyof typeof Prelude];

/** What the token just consumed does, applied only once it is known to be complete. */
const Effect = {
	Component: 0, // any other component value
	Open: 1,
	Close: 2,
	OpenBrace: 3,
	Semicolon: 4,
	AtKeyword: 5,
	String: 6,
	Url: 7,
	CutString: 8,
	CutUrl: 9,
} as const;
type Effect = (typeof Effect)[keyof typeof Effect];

/** Functions whose direct string arguments are images (CSS Images 4 §2.2 image-set(), §3 image()). */
const IMAGE_FUNCTIONS = ['image', 'image-set', '-webkit-image-set'];

/**
 * Whether {@link CssScanner.scan} may report a URL in `text`; false only when it reports none.
 * A report needs a url token or a `url(`, `src(`, `image(` or `image-set(` function (§4.3.4: an
 * ident, then a literal "("; `-webkit-image-set(` ends as `image-set(`), or an `@import`
 * at-keyword, each written as such (ASCII case-insensitively) unless an escape spells it (a
 * "\" anywhere: then maybe). Most style sheets in pages have none, and this costs a few native
 * searches where the scanner reads every unit.
 *
 * @example
 * mayHoldUrls('a{color:rgb(0 0 0)}'); // false
 * mayHoldUrls('a{background:URL(x.png)}'); // true
 */
export function mayHoldUrls(text: string): boolean {
	const s = knownString(text);
	if (s.includes('\\')) return true;
	for (let p = s.indexOf('('); p >= 0; p = s.indexOf('(', p + 1)) {
		if (endsWith(s, p, 'url') || endsWith(s, p, 'src') || endsWith(s, p, 'image') || endsWith(s, p, 'image-set'))
			return true;
	}
	for (let p = s.indexOf('@'); p >= 0; p = s.indexOf('@', p + 1)) if (endsWith(s, p + 7, 'import')) return true;
	return false;
}

/** Whether `s[end - name.length, end)` is `name` (lower-case ASCII letters and "-"), ASCII case-insensitively, or maybe. */
function endsWith(s: string, end: number, name: string): boolean {
	const start = end - name.length;
	if (start < 0 || end > s.length) return false;
	// `| 0x20` folds A-Z only among letters; a non-letter it maps onto one of the name's units can only make a false "maybe".
	for (let k = 0; k < name.length; k++) if ((codeAt(s, start + k) | 0x20) !== codeAt(name, k)) return false;
	return true;
}

export class CssScanner {
	private readonly maxToken: number;
	/** Open frames, grown as nesting deepens (most sheets nest a few levels: a scanner is made per style attribute). */
	private stack = new Uint8Array(16);
	private depth = 0;
	private overflow = 0;
	private prelude: Prelude = Prelude.None;
	private preludeDepth = 0;
	private importFirst = false;
	/** Comments, and string or url tokens past the limit, are skipped without holding their text. */
	private readonly skipper = new TokenSkipper();
	/** The quote of the string being consumed. */
	private quote = 0;
	// The unfinished token, kept between calls; positions relative to its start.
	private phase: Phase = Phase.None;
	private phaseAt = 0;
	private identTail: IdentTail = IdentTail.Plain;
	/** Code units walked: each call counts from where it resumed to the end of its text. */
	private walkedUnits = 0;
	// The call in progress.
	private text = '';
	/** Loops stop at this index (the margin before a non-final end) and suspend. */
	private safe = 0;
	private sink: CssMatchSink = () => undefined;
	// The token in progress.
	private effect: Effect = Effect.Component;
	private frame: Frame = Frame.Parenthesis;
	private atRule: Prelude = Prelude.None;
	private valueStart = 0;
	private valueEnd = 0;
	private simple = true;
	/** String and url tokens in a URL place cut at `maxToken` and skipped: their URLs were not reported (ExtractorCore.cutCssTokens). */
	cutUrls = 0;
	/** Where the next call starts reading its text (past a token {@link cutToken} let go), if not at 0. */
	private resumeAt = 0;

	constructor(maxToken: number) {
		this.maxToken = maxToken;
	}

	/**
	 * Code units read so far, counting each call from where it resumed: about the input
	 * length plus `MARGIN` per call when nothing is scanned twice (for tests).
	 */
	get walked(): number {
		return this.walkedUnits;
	}

	/**
	 * Tokenize `text` (the unconsumed input: what the last call returned onwards, then
	 * new input), reporting URLs with offsets into `text`. Returns how much of `text` is
	 * consumed; the rest must be passed again, followed by more input. With `final`, the
	 * end of `text` is the end of the sheet and everything is consumed.
	 */
	scan(text: string, final: boolean, sink: CssMatchSink): number {
		this.text = text;
		this.sink = sink;
		const length = text.length;
		this.safe = final ? length + 1 : length - MARGIN;
		const from = this.resumeAt;
		this.resumeAt = 0;
		this.walkedUnits += length - (this.phase === Phase.None ? from : this.phaseAt);
		const skipper = this.skipper;
		let pos = skipper.active ? skipper.run(text, from, final) : from;
		if (skipper.active) return pos;
		while (pos < length) {
			const c = text.charCodeAt(pos);
			if (isWhitespace(c)) {
				// §4.3.1 whitespace token: no effect, so it may end at a chunk boundary.
				do pos++;
				while (isWhitespace(text.charCodeAt(pos)));
				continue;
			}
			if (pos >= this.safe) return pos; // a token starts here: wait until its lookahead has come
			if (c === CharCodes.Solidus && text.charCodeAt(pos + 1) === CharCodes.Asterisk) {
				// §4.3.2 consume comments
				skipper.start(Skip.Comment, 0);
				pos = skipper.run(text, pos + 2, final);
			} else {
				const end = this.consumeNext(pos, c);
				if (end === SUSPENDED) return this.suspendedAt(pos);
				this.apply();
				pos = end;
				if (skipper.active) pos = skipper.run(text, pos, final);
			}
			if (skipper.active) return pos;
		}
		return pos;
	}

	/**
	 * The unfinished token ends here, as if it had reached `maxToken` (its caller cannot hold
	 * its text any longer): a string or url token is skipped to its real end, its URL counted
	 * in {@link cutUrls} if it sits in a URL place; an ident or number ends, and the rest is
	 * tokenized afresh. The next call gets the same text as it would have (from the token's
	 * start) and reads on from where this one stopped.
	 */
	cutToken(): void {
		const phase = this.phase;
		if (phase === Phase.None) return;
		this.phase = Phase.None;
		this.resumeAt = this.phaseAt;
		const url = phase >= Phase.UrlWhitespace && phase <= Phase.UrlEnd;
		this.effect = phase === Phase.String ? Effect.CutString : url ? Effect.CutUrl : Effect.Component;
		this.apply();
		// A bad url is no URL: it is skipped to its end all the same (§4.3.14).
		if (phase === Phase.BadUrl) this.skipper.start(Skip.Url, 0);
	}

	/** The token at `pos`: the one the last call left unfinished, if any (it is the first), else a new one. */
	private consumeNext(pos: number, c: number): number {
		this.effect = Effect.Component;
		if (this.phase !== Phase.None) return this.continueToken();
		return c >= CharCodes.LowerA && c <= CharCodes.LowerZ ? this.consumeIdentLike(pos) : this.consumeToken(pos, c);
	}

	/** Continue the token the last call suspended (it starts at 0 now), in the loop it stopped in. */
	private continueToken(): number {
		const at = this.phaseAt;
		const phase = this.phase;
		this.phase = Phase.None;
		switch (phase) {
			case Phase.Ident:
				return this.identToken(at, 0, this.identTail);
			case Phase.UrlWhitespace:
				return this.urlWhitespace(0, at);
			case Phase.Url:
				return this.urlContent(0, at);
			case Phase.UrlEnd:
				return this.urlEnd(0, this.valueEnd, at);
			case Phase.BadUrl:
				return this.consumeBadUrlRemnants(0, at);
			case Phase.String:
				return this.stringContent(0, at);
			default:
				return this.numberPart(0, phase, at);
		}
	}

	/** Keep the state of the loop that reached the margin at `i`; returns SUSPENDED. */
	private suspend(phase: Phase, i: number): number {
		this.phase = phase;
		this.phaseAt = i;
		return SUSPENDED;
	}

	/** The unfinished token starts at `pos`, which the next call's text starts with: rebase its positions. */
	private suspendedAt(pos: number): number {
		this.phaseAt -= pos;
		this.valueStart -= pos;
		this.valueEnd -= pos;
		return pos;
	}

	/** §4.3.1 consume a token (whitespace and comments excepted); returns its end. */
	private consumeToken(pos: number, c: number): number {
		const text = this.text;
		switch (c) {
			case CharCodes.QuotationMark:
			case CharCodes.Apostrophe:
				return this.consumeString(pos, c);
			case CharCodes.NumberSign: {
				const next = text.charCodeAt(pos + 1);
				const hash = isIdentCodePoint(next) || isValidEscape(next, text.charCodeAt(pos + 2));
				return hash ? this.identToken(pos + 1, pos, IdentTail.Plain) : pos + 1;
			}
			case CharCodes.LeftParenthesis:
				return this.open(pos, Frame.Parenthesis);
			case CharCodes.LeftSquareBracket:
				return this.open(pos, Frame.Bracket);
			case CharCodes.LeftCurlyBracket:
				this.effect = Effect.OpenBrace;
				return pos + 1;
			case CharCodes.RightParenthesis:
			case CharCodes.RightSquareBracket:
			case CharCodes.RightCurlyBracket:
				this.effect = Effect.Close;
				this.frame =
					c === CharCodes.RightParenthesis
						? Frame.Parenthesis
						: c === CharCodes.RightSquareBracket
							? Frame.Bracket
							: Frame.Brace;
				return pos + 1;
			case CharCodes.Semicolon:
				this.effect = Effect.Semicolon;
				return pos + 1;
			case CharCodes.Plus:
			case CharCodes.FullStop:
				return wouldStartNumber(text, pos) ? this.consumeNumeric(pos) : pos + 1;
			case CharCodes.HyphenMinus:
				if (wouldStartNumber(text, pos)) return this.consumeNumeric(pos);
				if (text.charCodeAt(pos + 1) === CharCodes.HyphenMinus && text.charCodeAt(pos + 2) === CharCodes.GreaterThan)
					return pos + 3; // CDC
				return wouldStartIdent(text, pos) ? this.consumeIdentLike(pos) : pos + 1;
			case CharCodes.LessThan:
				return text.startsWith('!--', pos + 1) ? pos + 4 : pos + 1; // CDO or delim
			case CharCodes.CommercialAt:
				return wouldStartIdent(text, pos + 1) ? this.consumeAtKeyword(pos) : pos + 1;
			case CharCodes.ReverseSolidus:
				return isValidEscape(c, text.charCodeAt(pos + 1)) ? this.consumeIdentLike(pos) : pos + 1;
			default:
				if (isDigit(c)) return this.consumeNumeric(pos);
				return isIdentStart(c) ? this.consumeIdentLike(pos) : pos + 1;
		}
	}

	private open(pos: number, frame: Frame): number {
		this.effect = Effect.Open;
		this.frame = frame;
		return pos + 1;
	}

	/** An ident sequence from `i` (the token started at `tokenStart`), then what `tail` says follows it. */
	private identToken(i: number, tokenStart: number, tail: IdentTail): number {
		const end = this.consumeIdentSequence(i, tokenStart);
		if (end >= this.safe) {
			this.identTail = tail;
			return this.suspend(Phase.Ident, end);
		}
		if (tail === IdentTail.AtKeyword) return this.atKeyword(tokenStart, end);
		return tail === IdentTail.IdentLike ? this.identLike(tokenStart, end) : end;
	}

	/** §4.3.11 consume an ident sequence from `i`; the token started at `tokenStart`. Stops at the margin. */
	private consumeIdentSequence(i: number, tokenStart: number): number {
		const text = this.text;
		const limit = Math.min(tokenStart + this.maxToken, this.safe);
		while (i < limit) {
			const c = text.charCodeAt(i);
			// Fast path: a-z and "-", the bulk of CSS names.
			if ((c >= CharCodes.LowerA && c <= CharCodes.LowerZ) || c === CharCodes.HyphenMinus || isIdentCodePoint(c)) i++;
			else if (isValidEscape(c, text.charCodeAt(i + 1))) i = escapeEnd(text, i + 1);
			else break;
		}
		return i;
	}

	/** §4.3.3 consume a numeric token (§4.3.12 consume a number, then a unit or `%`). */
	private consumeNumeric(pos: number): number {
		const c = this.text.charCodeAt(pos);
		return this.numberPart(pos, Phase.Integer, c === CharCodes.Plus || c === CharCodes.HyphenMinus ? pos + 1 : pos);
	}

	/** The rest of a number whose digits of `part` (integer, fraction, exponent) continue at `i`. */
	private numberPart(pos: number, part: Phase, i: number): number {
		const text = this.text;
		const limit = Math.min(pos + this.maxToken, this.safe);
		for (;;) {
			while (i < limit && isDigit(text.charCodeAt(i))) i++;
			if (i >= this.safe) return this.suspend(part, i);
			if (part === Phase.Integer && text.charCodeAt(i) === CharCodes.FullStop && isDigit(text.charCodeAt(i + 1))) {
				i += 2;
				part = Phase.Fraction;
				continue;
			}
			const c = text.charCodeAt(i);
			if (part === Phase.Exponent || (c !== CharCodes.LowerE && c !== CharCodes.UpperE)) break;
			const sign = text.charCodeAt(i + 1);
			const exponent = isDigit(sign)
				? i + 2
				: (sign === CharCodes.Plus || sign === CharCodes.HyphenMinus) && isDigit(text.charCodeAt(i + 2))
					? i + 3
					: -1;
			if (exponent === -1) break;
			i = exponent;
			part = Phase.Exponent;
		}
		if (wouldStartIdent(text, i)) return this.identToken(i, pos, IdentTail.Plain); // dimension
		return text.charCodeAt(i) === CharCodes.Percent ? i + 1 : i;
	}

	/** §4.3.1 `@`: an at-keyword; @import and @namespace open a prelude of their own. */
	private consumeAtKeyword(pos: number): number {
		return this.identToken(pos + 1, pos, IdentTail.AtKeyword);
	}

	private atKeyword(pos: number, end: number): number {
		this.effect = Effect.AtKeyword;
		const text = this.text;
		this.atRule = identMatches(text, pos + 1, end, 'import')
			? Prelude.Import
			: identMatches(text, pos + 1, end, 'namespace')
				? Prelude.Namespace
				: Prelude.None;
		return end;
	}

	/** §4.3.4 consume an ident-like token: ident, function, or url token. */
	private consumeIdentLike(pos: number): number {
		return this.identToken(pos, pos, IdentTail.IdentLike);
	}

	private identLike(pos: number, nameEnd: number): number {
		const text = this.text;
		if (text.charCodeAt(nameEnd) !== CharCodes.LeftParenthesis) return nameEnd;
		if (!identMatches(text, pos, nameEnd, 'url')) {
			// CSS Values 4 §4.5: src("…") is url("…") that also takes var().
			if (identMatches(text, pos, nameEnd, 'src')) return this.open(nameEnd, Frame.UrlFunction);
			const image = IMAGE_FUNCTIONS.some(name => identMatches(text, pos, nameEnd, name));
			return this.open(nameEnd, image ? Frame.ImageFunction : Frame.Parenthesis);
		}
		return this.urlWhitespace(pos, nameEnd + 1);
	}

	/** §4.3.4 after `url(` (the token started at `pos`): a function before a quote, else a url token. */
	private urlWhitespace(pos: number, i: number): number {
		const text = this.text;
		const limit = Math.min(pos + this.maxToken, this.safe);
		while (i < limit && isWhitespace(text.charCodeAt(i)) && isWhitespace(text.charCodeAt(i + 1))) i++;
		if (i >= this.safe) return this.suspend(Phase.UrlWhitespace, i);
		const c = text.charCodeAt(i);
		// A quote next (after at most one whitespace): a url( function with a string argument.
		if (isQuote(c) || (isWhitespace(c) && isQuote(text.charCodeAt(i + 1)))) return this.open(i - 1, Frame.UrlFunction);
		return this.consumeUrl(pos, i);
	}

	/** §4.3.6 consume a url token from `i` (past `url(` and all but at most one whitespace). */
	private consumeUrl(tokenStart: number, i: number): number {
		const limit = tokenStart + this.maxToken;
		while (i < limit && isWhitespace(this.text.charCodeAt(i))) i++;
		this.valueStart = i;
		this.simple = true;
		return this.urlContent(tokenStart, i);
	}

	/** §4.3.6 the url token's content from `i`. */
	private urlContent(tokenStart: number, i: number): number {
		const text = this.text;
		const limit = tokenStart + this.maxToken;
		for (;;) {
			if (i >= limit) return this.cut(i, Effect.CutUrl);
			if (i >= this.safe) return this.suspend(Phase.Url, i);
			const c = text.charCodeAt(i);
			if (c === CharCodes.RightParenthesis) return this.value(Effect.Url, i, i + 1);
			if (i >= text.length) return this.value(Effect.Url, i, i); // EOF: parse error, the url token stands
			if (isWhitespace(c)) return this.urlEnd(tokenStart, i, i);
			if (isQuote(c) || c === CharCodes.LeftParenthesis || isNonPrintable(c))
				return this.consumeBadUrlRemnants(tokenStart, i);
			if (c === CharCodes.ReverseSolidus) {
				if (!isValidEscape(c, text.charCodeAt(i + 1))) return this.consumeBadUrlRemnants(tokenStart, i);
				i = escapeEnd(text, i + 1);
				this.simple = false;
				continue;
			}
			if (needsDecoding(c)) this.simple = false;
			i++;
		}
	}

	/** §4.3.6 whitespace from `i` after the content that ended at `contentEnd`: only `)` or EOF may follow. */
	private urlEnd(tokenStart: number, contentEnd: number, i: number): number {
		const text = this.text;
		const limit = tokenStart + this.maxToken;
		const stop = Math.min(limit, this.safe);
		while (i < stop && isWhitespace(text.charCodeAt(i))) i++;
		if (i >= limit) return this.cut(i, Effect.CutUrl);
		if (i >= this.safe) {
			this.valueEnd = contentEnd;
			return this.suspend(Phase.UrlEnd, i);
		}
		if (text.charCodeAt(i) === CharCodes.RightParenthesis) return this.value(Effect.Url, contentEnd, i + 1);
		if (i >= text.length) return this.value(Effect.Url, contentEnd, i);
		return this.consumeBadUrlRemnants(tokenStart, i);
	}

	/** §4.3.14 consume the remnants of a bad url: a bad-url token, which is no URL. */
	private consumeBadUrlRemnants(tokenStart: number, i: number): number {
		const text = this.text;
		const limit = tokenStart + this.maxToken;
		for (;;) {
			if (i >= limit) return this.cut(i, Effect.CutUrl);
			if (i >= this.safe) return this.suspend(Phase.BadUrl, i);
			const c = text.charCodeAt(i);
			if (c === CharCodes.RightParenthesis) return i + 1;
			if (i >= text.length) return i;
			i = c === CharCodes.ReverseSolidus && isValidEscape(c, text.charCodeAt(i + 1)) ? escapeEnd(text, i + 1) : i + 1;
		}
	}

	/** §4.3.5 consume a string token; `pos` is at the opening quote. */
	private consumeString(pos: number, quote: number): number {
		this.valueStart = pos + 1;
		this.simple = true;
		this.quote = quote;
		return this.stringContent(pos, pos + 1);
	}

	/** §4.3.5 the string's content from `i` (`quote` ends it). */
	private stringContent(pos: number, i: number): number {
		const text = this.text;
		const limit = pos + this.maxToken;
		const quote = this.quote;
		for (;;) {
			if (i >= limit) return this.cut(i, Effect.CutString);
			if (i >= this.safe) return this.suspend(Phase.String, i);
			const c = text.charCodeAt(i);
			if (c === quote) return this.value(Effect.String, i, i + 1);
			if (i >= text.length) return this.value(Effect.String, i, i); // EOF: parse error, the string stands
			if (isNewline(c)) return i; // bad-string token; the newline is reconsumed
			if (c === CharCodes.ReverseSolidus) {
				this.simple = false;
				const next = text.charCodeAt(i + 1);
				if (i + 1 >= text.length)
					i++; // EOF: nothing
				else if (isNewline(next))
					i = skipNewline(text, i + 1); // escaped newline: removed
				else i = escapeEnd(text, i + 1);
				continue;
			}
			if (needsDecoding(c)) this.simple = false;
			i++;
		}
	}

	private value(effect: Effect, valueEnd: number, end: number): number {
		this.effect = effect;
		this.valueEnd = valueEnd;
		return end;
	}

	private cut(i: number, effect: Effect): number {
		this.effect = effect;
		return i;
	}

	/** Apply the effect of the complete token that started at `pos`. */
	private apply(): void {
		const first = this.importFirstHere();
		switch (this.effect) {
			case Effect.Open:
				this.push(first && this.frame === Frame.UrlFunction ? Frame.ImportFunction : this.frame);
				break;
			case Effect.Close:
				this.pop(this.frame);
				if (this.prelude !== Prelude.None && this.depth + this.overflow < this.preludeDepth)
					this.prelude = Prelude.None;
				break;
			case Effect.OpenBrace:
				if (this.prelude !== Prelude.None && this.depth + this.overflow === this.preludeDepth)
					this.prelude = Prelude.None;
				this.push(Frame.Brace);
				break;
			case Effect.Semicolon:
				if (this.prelude !== Prelude.None && this.depth + this.overflow === this.preludeDepth)
					this.prelude = Prelude.None;
				break;
			case Effect.AtKeyword:
				this.prelude = this.atRule;
				this.preludeDepth = this.depth + this.overflow;
				this.importFirst = this.prelude === Prelude.Import;
				return;
			case Effect.String:
			case Effect.Url:
				this.report(first);
				break;
			case Effect.CutString:
				this.skipper.start(Skip.String, this.quote);
				if (this.place(first, false) !== undefined) this.cutUrls++;
				break;
			case Effect.CutUrl:
				this.skipper.start(Skip.Url, 0);
				if (this.place(first, true) !== undefined) this.cutUrls++;
				break;
		}
		if (first) this.importFirst = false;
	}

	/** Report a string or url token that sits in a URL position. */
	private report(first: boolean): void {
		const url = this.effect === Effect.Url;
		const attribute = this.place(first, url);
		if (attribute === undefined) return;
		const {text, valueStart, valueEnd} = this;
		const value = this.simple
			? text.slice(valueStart, valueEnd)
			: decodeCss(text, valueStart, valueEnd, url ? '\uFFFD' : '');
		this.sink(valueStart, valueEnd, value, url ? 'css-url' : 'css-string', attribute);
	}

	/** The place of a string or url token (`url`) in the sheet: a URL's (`import`, `url`), or none. */
	private place(first: boolean, url: boolean): CssAttribute | undefined {
		if (this.prelude === Prelude.Namespace) return undefined; // CSS Namespaces §2: a namespace name, not a link
		if (first) return 'import'; // CSS Cascade §2.1: @import [ <url> | <string> ]
		if (url) return 'url';
		const top = this.overflow === 0 && this.depth > 0 ? this.stack[this.depth - 1] : Frame.Parenthesis;
		if (top === Frame.ImportFunction) return 'import';
		if (top === Frame.UrlFunction || top === Frame.ImageFunction) return 'url';
		return undefined;
	}

	private importFirstHere(): boolean {
		return this.importFirst && this.prelude === Prelude.Import && this.depth + this.overflow === this.preludeDepth;
	}

	private push(frame: Frame): void {
		if (this.depth < MAX_CSS_NESTING && this.overflow === 0) {
			if (this.depth === this.stack.length) {
				const grown = new Uint8Array(Math.min(MAX_CSS_NESTING, 2 * this.depth));
				grown.set(this.stack);
				this.stack = grown;
			}
			this.stack[this.depth++] = frame;
		} else this.overflow++;
	}

	/** §5.4.8 consume a simple block: only the matching closer ends it (past the nesting limit, any does). */
	private pop(closer: Frame): void {
		if (this.overflow > 0) {
			this.overflow--;
			return;
		}
		if (this.depth === 0) return;
		const top = this.stack[this.depth - 1];
		const closes = top === Frame.Bracket || top === Frame.Brace ? top : Frame.Parenthesis;
		if (closes === closer) this.depth--;
	}
}

function isQuote(c: number): boolean {
	return c === CharCodes.QuotationMark || c === CharCodes.Apostrophe;
}
