/**
 * Links that do not keep the input alive.
 *
 * A Link's `raw` and `value` are slices of the decoded text the scanner held (64 KiB or
 * more per chunk), and `url` is often the base joined to such a slice. V8 makes these
 * "sliced" and "cons" strings that point into their parent: a consumer that keeps one
 * Link per chunk (a crawler's frontier, a de-duplicating Set) would keep every chunk, i.e.
 * the whole input. Measured: keeping every 100th Link of 20 MB of HTML kept all 20 MB.
 * So each string a Link hands out is copied into a string of its own once, here.
 */
import type {Link} from '../types.js';
import type {LinkSink} from '../extract/core.js';

/**
 * Below this length V8 never shares: a slice is copied and a concatenation is flat
 * (V8 SlicedString::kMinLength and ConsString::kMinLength are both 13).
 */
const SHARED_MIN_LENGTH = 13;

/**
 * `s` as a string that references no other string: a concatenation with one character
 * (a cons string) is flattened into a new sequential string by `slice`, and the result
 * points only into that copy.
 *
 * @example
 * const page = '<a href="https://example.com/a-long-path">'.repeat(10_000);
 * const kept = detach(page.slice(9, 40)); // 'https://example.com/a-long-path', without `page`
 */
export function detach(s: string): string {
	return s.length < SHARED_MIN_LENGTH ? s : ` ${s}`.slice(1);
}

/**
 * `sink` receiving Links whose strings (raw, value, url, base, text, rel, element,
 * attribute) are detached from the input. Equal strings share one copy; the base is copied
 * once per distinct base. The long ones of `raw`, `value` and `url` are copied together,
 * into one new string that each is then a slice of: one flattening instead of three (V8
 * flattens a concatenation in its runtime, ~75 ns a call, where slicing a flat string is
 * inline).
 *
 * @example
 * const pipeline = new ExtractPipeline(options, detachLinks((link) => kept.push(link)));
 */
export function detachLinks(sink: LinkSink): LinkSink {
	let base: string | null = null;
	let detachedBase: string | null = null;
	return (link, event) => {
		const {raw, value, url} = link;
		const out: Link = link;
		const rawShared = raw.length >= SHARED_MIN_LENGTH;
		const valueApart = value !== raw;
		const valueShared = valueApart && value.length >= SHARED_MIN_LENGTH;
		const urlApart = url !== null && url !== value;
		const urlShared = urlApart && url.length >= SHARED_MIN_LENGTH;
		if (rawShared || valueShared || urlShared) {
			const copy = detach(`${rawShared ? raw : ''}${valueShared ? value : ''}${urlShared ? url : ''}`);
			let at = 0;
			if (rawShared) {
				out.raw = copy.slice(0, raw.length);
				at = raw.length;
			}
			if (valueShared) {
				out.value = copy.slice(at, at + value.length);
				at += value.length;
			}
			if (urlShared) out.url = copy.slice(at);
		}
		if (!valueApart) out.value = out.raw;
		if (url !== null && !urlApart) out.url = out.value;
		if (link.base !== base) {
			base = link.base;
			detachedBase = base === null ? null : detach(base);
		}
		out.base = detachedBase;
		if (link.text !== undefined) out.text = detach(link.text);
		if (link.rel?.some((token) => token.length >= SHARED_MIN_LENGTH) === true) out.rel = link.rel.map(detach);
		if (link.element !== undefined) out.element = detach(link.element);
		if (link.attribute !== undefined) out.attribute = detach(link.attribute);
		sink(out, event);
	};
}
