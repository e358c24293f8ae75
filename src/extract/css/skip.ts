/**
 * Skipping a CSS token that holds no text: a comment (never held, whatever its length), and
 * a string or url token past the token limit (cut there, reported to no one). A small state
 * machine carried across calls, so the skipped text is read once and never kept.
 */
import {CharCodes, isHexDigit, isNewline, isWhitespace} from './syntax.js';

/** What is being skipped. */
export const Skip = {None: 0, Comment: 1, String: 2, Url: 3} as const;
export type Skip = (typeof Skip)[keyof typeof Skip];

/** §4.3.5 states of a string being skipped past the token limit. */
const StringState = {Normal: 0, AfterReverseSolidus: 1, Hex: 2, AfterCarriageReturn: 3} as const;
type StringState = (typeof StringState)[keyof typeof StringState];

/**
 * Where a skipped token ends, across calls.
 *
 * @example
 * const skipper = new TokenSkipper();
 * skipper.start(Skip.Comment, 0);
 * skipper.run('a comment *', 0, false); //=> 10: the trailing "*" is kept for the next call
 * skipper.run('*∕ b', 0, false); //=> 2, and skipper.active is false
 */
export class TokenSkipper {
	private kind: Skip = Skip.None;
	private quote = 0;
	private state: StringState = StringState.Normal;
	private hexDigits = 0;
	private escaped = false;

	/** Whether a token is being skipped (then `run` must see the next text first). */
	get active(): boolean {
		return this.kind !== Skip.None;
	}

	/** Begin skipping a comment, a string closed by `quote`, or a url token. */
	start(kind: Skip, quote: number): void {
		this.kind = kind;
		this.quote = quote;
		this.state = StringState.Normal;
		this.escaped = false;
	}

	/**
	 * Skip through `text` from `i`; returns where the skipped token ends (then `active` is
	 * false), or how far it was read. With `final`, the end of `text` ends it.
	 */
	run(text: string, i: number, final: boolean): number {
		const end =
			this.kind === Skip.Comment
				? this.comment(text, i, final)
				: this.kind === Skip.String
					? this.string(text, i)
					: this.url(text, i);
		if (final) this.kind = Skip.None;
		return end;
	}

	/** §4.3.2 comment body from `from`: up to `*∕`, or EOF. A trailing `*` is kept for the next call. */
	private comment(text: string, from: number, final: boolean): number {
		const close = text.indexOf('*/', from);
		if (close !== -1 || final) {
			this.kind = Skip.None;
			return close === -1 ? text.length : close + 2;
		}
		const last = text.length - 1;
		return last >= from && text.charCodeAt(last) === CharCodes.Asterisk ? last : text.length;
	}

	/** A url token past the limit: ends at the first unescaped `)` (§4.3.6 and §4.3.14 agree). */
	private url(text: string, i: number): number {
		for (; i < text.length; i++) {
			const c = text.charCodeAt(i);
			if (this.escaped) this.escaped = false;
			else if (c === CharCodes.ReverseSolidus) this.escaped = true;
			else if (c === CharCodes.RightParenthesis) {
				this.kind = Skip.None;
				return i + 1;
			}
		}
		return i;
	}

	/** A string past the limit: §4.3.5 end rules, one code unit at a time. */
	private string(text: string, i: number): number {
		while (i < text.length) {
			const c = text.charCodeAt(i);
			switch (this.state) {
				case StringState.Normal:
					if (c === this.quote || isNewline(c)) {
						this.kind = Skip.None;
						return c === this.quote ? i + 1 : i; // a newline ends a bad string and is reconsumed
					}
					if (c === CharCodes.ReverseSolidus) this.state = StringState.AfterReverseSolidus;
					i++;
					break;
				case StringState.AfterReverseSolidus:
					this.state =
						c === CharCodes.CarriageReturn
							? StringState.AfterCarriageReturn
							: isHexDigit(c)
								? StringState.Hex
								: StringState.Normal;
					this.hexDigits = 1;
					i++;
					break;
				case StringState.Hex:
					if (isHexDigit(c) && this.hexDigits < 6) this.hexDigits++;
					else if (c === CharCodes.CarriageReturn) this.state = StringState.AfterCarriageReturn;
					else if (isWhitespace(c)) this.state = StringState.Normal;
					else {
						this.state = StringState.Normal;
						continue; // reconsume
					}
					i++;
					break;
				default:
					this.state = StringState.Normal;
					if (c === CharCodes.LineFeed) i++; // CR LF is one newline (§3.3)
			}
		}
		return i;
	}
}
