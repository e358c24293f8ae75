/**
 * A resumable CSS Syntax Level 3 tokenizer (§4.3) that reports the URL-bearing tokens
 * of a style sheet: url() in both forms, strings inside image-set() / image() / src(),
 * and the @import target. It keeps only small state between calls (a nesting stack and
 * the at-rule prelude), so a caller can feed a sheet piece by piece.
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
	isHexDigit,
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
} from './css-syntax.js';

export type CssSyntax = 'css-url' | 'css-string';
export type CssAttribute = 'url' | 'import';

/** Receives each URL: the half-open span of its value as written, and the decoded value. */
export type CssMatchSink = (start: number, end: number, value: string, syntax: CssSyntax, attribute: CssAttribute) => void;

/** Nesting frames deeper than this are only counted (any closer then closes one). */
export const MAX_CSS_NESTING = 1024;

/** The furthest any token looks past its own end (§4.3.3 numeric token: three code points). */
const LOOKAHEAD = 3;

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

/** Tokens skipped without holding their text. */
const Skip = {None: 0, Comment: 1, String: 2, Url: 3} as const;
type Skip = (typeof Skip)[keyof typeof Skip];

/** §4.3.5 states of a string being skipped past the token limit. */
const StringState = {Normal: 0, AfterReverseSolidus: 1, Hex: 2, AfterCarriageReturn: 3} as const;
type StringState = (typeof StringState)[keyof typeof StringState];

/** Functions whose direct string arguments are images (CSS Images 4 §2.2 image-set(), §3 image()). */
const IMAGE_FUNCTIONS = ['image', 'image-set', '-webkit-image-set'];

export class CssScanner {
	private readonly maxToken: number;
	private readonly stack = new Uint8Array(MAX_CSS_NESTING);
	private depth = 0;
	private overflow = 0;
	private prelude: Prelude = Prelude.None;
	private preludeDepth = 0;
	private importFirst = false;
	private skip: Skip = Skip.None;
	private skipQuote = 0;
	private skipState: StringState = StringState.Normal;
	private skipCount = 0;
	private skipEscaped = false;
	// The call in progress.
	private text = '';
	private final = false;
	private sink: CssMatchSink = () => undefined;
	// The token in progress.
	private effect: Effect = Effect.Component;
	private frame: Frame = Frame.Parenthesis;
	private atRule: Prelude = Prelude.None;
	private valueStart = 0;
	private valueEnd = 0;
	private simple = true;

	constructor(maxToken: number) {
		this.maxToken = maxToken;
	}

	/**
	 * Tokenize `text` (the unconsumed input: what the last call returned onwards, then
	 * new input), reporting URLs with offsets into `text`. Returns how much of `text` is
	 * consumed; the rest must be passed again, followed by more input. With `final`, the
	 * end of `text` is the end of the sheet and everything is consumed.
	 */
	scan(text: string, final: boolean, sink: CssMatchSink): number {
		this.text = text;
		this.final = final;
		this.sink = sink;
		const length = text.length;
		let pos = this.skip === Skip.None ? 0 : this.resume(0);
		if (this.skip !== Skip.None) return pos;
		while (pos < length) {
			const c = text.charCodeAt(pos);
			if (isWhitespace(c)) {
				// §4.3.1 whitespace token: no effect, so it may end at a chunk boundary.
				do pos++;
				while (isWhitespace(text.charCodeAt(pos)));
				continue;
			}
			if (c === CharCodes.Solidus && text.charCodeAt(pos + 1) === CharCodes.Asterisk) {
				// §4.3.2 consume comments
				this.skip = Skip.Comment;
				pos = this.skipComment(pos + 2);
			} else {
				this.effect = Effect.Component;
				const end = c >= CharCodes.LowerA && c <= CharCodes.LowerZ ? this.consumeIdentLike(pos) : this.consumeToken(pos, c);
				if (!final && end + LOOKAHEAD > length) return pos; // may still grow: keep from its start
				this.apply();
				pos = end;
				if (this.skip !== Skip.None) pos = this.resume(pos);
			}
			if (this.skip !== Skip.None) return pos;
		}
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
				return hash ? this.consumeIdentSequence(pos + 1, pos) : pos + 1;
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
				this.frame = c === CharCodes.RightParenthesis ? Frame.Parenthesis : c === CharCodes.RightSquareBracket ? Frame.Bracket : Frame.Brace;
				return pos + 1;
			case CharCodes.Semicolon:
				this.effect = Effect.Semicolon;
				return pos + 1;
			case CharCodes.Plus:
			case CharCodes.FullStop:
				return wouldStartNumber(text, pos) ? this.consumeNumeric(pos) : pos + 1;
			case CharCodes.HyphenMinus:
				if (wouldStartNumber(text, pos)) return this.consumeNumeric(pos);
				if (text.charCodeAt(pos + 1) === CharCodes.HyphenMinus && text.charCodeAt(pos + 2) === CharCodes.GreaterThan) return pos + 3; // CDC
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

	/** §4.3.11 consume an ident sequence from `i`; the token started at `tokenStart`. */
	private consumeIdentSequence(i: number, tokenStart: number): number {
		const text = this.text;
		const limit = tokenStart + this.maxToken;
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
		const text = this.text;
		const limit = pos + this.maxToken;
		let i = pos;
		let c = text.charCodeAt(i);
		if (c === CharCodes.Plus || c === CharCodes.HyphenMinus) i++;
		while (i < limit && isDigit(text.charCodeAt(i))) i++;
		if (text.charCodeAt(i) === CharCodes.FullStop && isDigit(text.charCodeAt(i + 1))) {
			i += 2;
			while (i < limit && isDigit(text.charCodeAt(i))) i++;
		}
		c = text.charCodeAt(i);
		if (c === CharCodes.LowerE || c === CharCodes.UpperE) {
			const sign = text.charCodeAt(i + 1);
			const exponent = isDigit(sign) ? i + 2 : (sign === CharCodes.Plus || sign === CharCodes.HyphenMinus) && isDigit(text.charCodeAt(i + 2)) ? i + 3 : -1;
			if (exponent !== -1) {
				i = exponent;
				while (i < limit && isDigit(text.charCodeAt(i))) i++;
			}
		}
		if (wouldStartIdent(text, i)) return this.consumeIdentSequence(i, pos); // dimension
		return text.charCodeAt(i) === CharCodes.Percent ? i + 1 : i;
	}

	/** §4.3.1 `@`: an at-keyword; @import and @namespace open a prelude of their own. */
	private consumeAtKeyword(pos: number): number {
		const end = this.consumeIdentSequence(pos + 1, pos);
		this.effect = Effect.AtKeyword;
		const text = this.text;
		this.atRule = identMatches(text, pos + 1, end, 'import') ? Prelude.Import : identMatches(text, pos + 1, end, 'namespace') ? Prelude.Namespace : Prelude.None;
		return end;
	}

	/** §4.3.4 consume an ident-like token: ident, function, or url token. */
	private consumeIdentLike(pos: number): number {
		const text = this.text;
		const nameEnd = this.consumeIdentSequence(pos, pos);
		if (text.charCodeAt(nameEnd) !== CharCodes.LeftParenthesis) return nameEnd;
		if (!identMatches(text, pos, nameEnd, 'url')) {
			// CSS Values 4 §4.5: src("…") is url("…") that also takes var().
			if (identMatches(text, pos, nameEnd, 'src')) return this.open(nameEnd, Frame.UrlFunction);
			const image = IMAGE_FUNCTIONS.some(name => identMatches(text, pos, nameEnd, name));
			return this.open(nameEnd, image ? Frame.ImageFunction : Frame.Parenthesis);
		}
		const limit = pos + this.maxToken;
		let i = nameEnd + 1;
		while (i < limit && isWhitespace(text.charCodeAt(i)) && isWhitespace(text.charCodeAt(i + 1))) i++;
		const c = text.charCodeAt(i);
		// A quote next (after at most one whitespace): a url( function with a string argument.
		if (isQuote(c) || (isWhitespace(c) && isQuote(text.charCodeAt(i + 1)))) return this.open(i - 1, Frame.UrlFunction);
		return this.consumeUrl(pos, nameEnd + 1);
	}

	/** §4.3.6 consume a url token from `i` (just past `url(`). */
	private consumeUrl(tokenStart: number, i: number): number {
		const text = this.text;
		const limit = tokenStart + this.maxToken;
		while (i < limit && isWhitespace(text.charCodeAt(i))) i++;
		this.valueStart = i;
		this.simple = true;
		for (;;) {
			if (i >= limit) return this.cut(i, Effect.CutUrl);
			const c = text.charCodeAt(i);
			if (c === CharCodes.RightParenthesis) return this.value(Effect.Url, i, i + 1);
			if (i >= text.length) return this.value(Effect.Url, i, i); // EOF: parse error, the url token stands
			if (isWhitespace(c)) {
				const contentEnd = i;
				while (i < limit && isWhitespace(text.charCodeAt(i))) i++;
				if (i >= limit) return this.cut(i, Effect.CutUrl);
				if (text.charCodeAt(i) === CharCodes.RightParenthesis) return this.value(Effect.Url, contentEnd, i + 1);
				if (i >= text.length) return this.value(Effect.Url, contentEnd, i);
				return this.consumeBadUrlRemnants(i, limit);
			}
			if (isQuote(c) || c === CharCodes.LeftParenthesis || isNonPrintable(c)) return this.consumeBadUrlRemnants(i, limit);
			if (c === CharCodes.ReverseSolidus) {
				if (!isValidEscape(c, text.charCodeAt(i + 1))) return this.consumeBadUrlRemnants(i, limit);
				i = escapeEnd(text, i + 1);
				this.simple = false;
				continue;
			}
			if (needsDecoding(c)) this.simple = false;
			i++;
		}
	}

	/** §4.3.14 consume the remnants of a bad url: a bad-url token, which is no URL. */
	private consumeBadUrlRemnants(i: number, limit: number): number {
		const text = this.text;
		for (;;) {
			if (i >= limit) return this.cut(i, Effect.CutUrl);
			const c = text.charCodeAt(i);
			if (c === CharCodes.RightParenthesis) return i + 1;
			if (i >= text.length) return i;
			i = c === CharCodes.ReverseSolidus && isValidEscape(c, text.charCodeAt(i + 1)) ? escapeEnd(text, i + 1) : i + 1;
		}
	}

	/** §4.3.5 consume a string token; `pos` is at the opening quote. */
	private consumeString(pos: number, quote: number): number {
		const text = this.text;
		const limit = pos + this.maxToken;
		let i = pos + 1;
		this.valueStart = i;
		this.simple = true;
		for (;;) {
			if (i >= limit) {
				this.skipQuote = quote;
				return this.cut(i, Effect.CutString);
			}
			const c = text.charCodeAt(i);
			if (c === quote) return this.value(Effect.String, i, i + 1);
			if (i >= text.length) return this.value(Effect.String, i, i); // EOF: parse error, the string stands
			if (isNewline(c)) return i; // bad-string token; the newline is reconsumed
			if (c === CharCodes.ReverseSolidus) {
				this.simple = false;
				const next = text.charCodeAt(i + 1);
				if (i + 1 >= text.length) i++; // EOF: nothing
				else if (isNewline(next)) i = skipNewline(text, i + 1); // escaped newline: removed
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
				if (this.prelude !== Prelude.None && this.depth + this.overflow < this.preludeDepth) this.prelude = Prelude.None;
				break;
			case Effect.OpenBrace:
				if (this.prelude !== Prelude.None && this.depth + this.overflow === this.preludeDepth) this.prelude = Prelude.None;
				this.push(Frame.Brace);
				break;
			case Effect.Semicolon:
				if (this.prelude !== Prelude.None && this.depth + this.overflow === this.preludeDepth) this.prelude = Prelude.None;
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
				this.skip = Skip.String;
				this.skipState = StringState.Normal;
				break;
			case Effect.CutUrl:
				this.skip = Skip.Url;
				this.skipEscaped = false;
				break;
		}
		if (first) this.importFirst = false;
	}

	/** Report a string or url token that sits in a URL position. */
	private report(first: boolean): void {
		if (this.prelude === Prelude.Namespace) return; // CSS Namespaces §2: a namespace name, not a link
		const url = this.effect === Effect.Url;
		let attribute: CssAttribute;
		if (first) attribute = 'import'; // CSS Cascade §2.1: @import [ <url> | <string> ]
		else if (url) attribute = 'url';
		else {
			const top = this.overflow === 0 && this.depth > 0 ? this.stack[this.depth - 1] : Frame.Parenthesis;
			if (top === Frame.ImportFunction) attribute = 'import';
			else if (top === Frame.UrlFunction || top === Frame.ImageFunction) attribute = 'url';
			else return;
		}
		const {text, valueStart, valueEnd} = this;
		const value = this.simple ? text.slice(valueStart, valueEnd) : decodeCss(text, valueStart, valueEnd, url ? '\uFFFD' : '');
		this.sink(valueStart, valueEnd, value, url ? 'css-url' : 'css-string', attribute);
	}

	private importFirstHere(): boolean {
		return this.importFirst && this.prelude === Prelude.Import && this.depth + this.overflow === this.preludeDepth;
	}

	private push(frame: Frame): void {
		if (this.depth < MAX_CSS_NESTING && this.overflow === 0) this.stack[this.depth++] = frame;
		else this.overflow++;
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

	/** Continue skipping a token that holds no text; returns where the skipped part ends. */
	private resume(pos: number): number {
		switch (this.skip) {
			case Skip.Comment:
				return this.skipComment(pos);
			case Skip.String:
				return this.skipString(pos);
			default:
				return this.skipUrl(pos);
		}
	}

	/** §4.3.2 comment body from `from`: up to `*∕`, or EOF. A trailing `*` is kept for the next call. */
	private skipComment(from: number): number {
		const text = this.text;
		const close = text.indexOf('*/', from);
		if (close !== -1 || this.final) {
			this.skip = Skip.None;
			return close === -1 ? text.length : close + 2;
		}
		const last = text.length - 1;
		return last >= from && text.charCodeAt(last) === CharCodes.Asterisk ? last : text.length;
	}

	/** A url token past the limit: ends at the first unescaped `)` (§4.3.6 and §4.3.14 agree). */
	private skipUrl(i: number): number {
		const text = this.text;
		for (; i < text.length; i++) {
			const c = text.charCodeAt(i);
			if (this.skipEscaped) this.skipEscaped = false;
			else if (c === CharCodes.ReverseSolidus) this.skipEscaped = true;
			else if (c === CharCodes.RightParenthesis) {
				this.skip = Skip.None;
				return i + 1;
			}
		}
		if (this.final) this.skip = Skip.None;
		return i;
	}

	/** A string past the limit: §4.3.5 end rules, one code unit at a time. */
	private skipString(i: number): number {
		const text = this.text;
		while (i < text.length) {
			const c = text.charCodeAt(i);
			switch (this.skipState) {
				case StringState.Normal:
					if (c === this.skipQuote || isNewline(c)) {
						this.skip = Skip.None;
						return c === this.skipQuote ? i + 1 : i; // a newline ends a bad string and is reconsumed
					}
					if (c === CharCodes.ReverseSolidus) this.skipState = StringState.AfterReverseSolidus;
					i++;
					break;
				case StringState.AfterReverseSolidus:
					this.skipState = c === CharCodes.CarriageReturn ? StringState.AfterCarriageReturn : isHexDigit(c) ? StringState.Hex : StringState.Normal;
					this.skipCount = 1;
					i++;
					break;
				case StringState.Hex:
					if (isHexDigit(c) && this.skipCount < 6) this.skipCount++;
					else if (c === CharCodes.CarriageReturn) this.skipState = StringState.AfterCarriageReturn;
					else if (isWhitespace(c)) this.skipState = StringState.Normal;
					else {
						this.skipState = StringState.Normal;
						continue; // reconsume
					}
					i++;
					break;
				default:
					this.skipState = StringState.Normal;
					if (c === CharCodes.LineFeed) i++; // CR LF is one newline (§3.3)
			}
		}
		if (this.final) this.skip = Skip.None;
		return i;
	}
}

function isQuote(c: number): boolean {
	return c === CharCodes.QuotationMark || c === CharCodes.Apostrophe;
}
