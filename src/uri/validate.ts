/**
 * Checks a URI reference against the collected BNF (RFC 3986 Appendix A; RFC 2396 Appendix A
 * with RFC 2732 for IP literals) and reports each problem with its half-open span.
 */
import type {Problem, ValidateOptions} from '../types.js';
import {CharCodes, isSchemeSyntax, scanReference} from './parse.js';
import {checkDialect, checkOptions, checkString} from './options.js';
import {isAllowedIn, isEscapeAt, isHexDigit, type UriComponent} from './percent.js';

/** What a component is called in messages, and the section defining its characters. */
const COMPONENT_RULES = {
	userinfo: {rfc3986: '§3.2.1', rfc2396: '§3.2.2'},
	regName: {rfc3986: '§3.2.2', rfc2396: '§3.2.2'},
	path: {rfc3986: '§3.3', rfc2396: '§3.3'},
	query: {rfc3986: '§3.4', rfc2396: '§3.4'},
	fragment: {rfc3986: '§3.5', rfc2396: '§4.1'},
} as const;

type Rules = 'rfc3986' | 'rfc2396';
type Checked = keyof typeof COMPONENT_RULES;

/**
 * Problems of `ref` as a URI reference; `[]` when it is valid. Each problem names a rule:
 * `invalid-scheme`, `invalid-percent-escape`, `excluded-character` (RFC 2396 §2.4.3 control,
 * space, delims, unwise), `non-ascii-character`, `illegal-character` (allowed elsewhere, not in
 * this component), `misplaced-bracket`, `invalid-ip-literal`, `invalid-port`, `empty-host`.
 * The `whatwg` dialect is checked with the RFC 3986 rules.
 *
 * @example
 * validate('http://a b/%zz');
 * // [{code: 'excluded-character', start: 8, end: 9, ...}, {code: 'invalid-percent-escape', start: 11, end: 12, ...}]
 */
export function validate(ref: string, options?: ValidateOptions): Problem[] {
	checkString('ref', ref);
	const rules: Rules = checkDialect(checkOptions(options)?.dialect) === 'rfc2396' ? 'rfc2396' : 'rfc3986';
	const rfc = rules === 'rfc2396' ? 'RFC 2396' : 'RFC 3986';
	const problems: Problem[] = [];
	const o = scanReference(ref);
	if (o.schemeEnd !== -1 && !isSchemeSyntax(ref, 0, o.schemeEnd)) {
		problems.push({
			code: 'invalid-scheme',
			start: 0,
			end: o.schemeEnd,
			message:
				`${rfc} §3.1: a scheme is a letter followed by letters, digits, "+", "-" or "."` +
				(rules === 'rfc3986' ? '; a relative path cannot have ":" in its first segment (§4.2)' : ''),
		});
	}
	if (o.authorityStart !== -1) checkAuthority(ref, o.authorityStart, o.authorityEnd, o.schemeEnd, rules, problems);
	checkCharacters(ref, o.pathStart, o.pathEnd, 'path', rules, problems);
	const queryEnd = o.fragmentStart === -1 ? ref.length : o.fragmentStart - 1;
	if (o.queryStart !== -1) checkCharacters(ref, o.queryStart, queryEnd, 'query', rules, problems);
	if (o.fragmentStart !== -1) checkCharacters(ref, o.fragmentStart, ref.length, 'fragment', rules, problems);
	return problems.sort((x, y) => x.start - y.start);
}

/** RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ]. */
function checkAuthority(
	ref: string,
	start: number,
	end: number,
	schemeEnd: number,
	rules: Rules,
	problems: Problem[],
): void {
	const rfc = rules === 'rfc2396' ? 'RFC 2396' : 'RFC 3986';
	const at = ref.lastIndexOf('@', end - 1);
	const hostStart = at >= start ? at + 1 : start;
	if (at >= start) checkCharacters(ref, start, at, 'userinfo', rules, problems);
	let hostEnd = end;
	let inBrackets = false;
	for (let index = hostStart; index < end; index++) {
		const c = ref.charCodeAt(index);
		if (c === CharCodes.LeftBracket) inBrackets = true;
		else if (c === CharCodes.RightBracket) inBrackets = false;
		else if (c === CharCodes.Colon && !inBrackets) hostEnd = index;
	}
	if (ref.charCodeAt(hostStart) === CharCodes.LeftBracket) checkIpLiteral(ref, hostStart, hostEnd, rfc, problems);
	else checkCharacters(ref, hostStart, hostEnd, 'regName', rules, problems);
	for (let index = hostEnd + 1; index < end; index++) {
		const c = ref.charCodeAt(index);
		if (c < CharCodes.Zero || c > CharCodes.Nine) {
			problems.push({code: 'invalid-port', start: hostEnd + 1, end, message: `${rfc} §3.2.3: port = *DIGIT`});
			break;
		}
	}
	if (hostStart !== hostEnd) return;
	const scheme = schemeEnd === -1 ? '' : ref.slice(0, schemeEnd).toLowerCase();
	if (rules === 'rfc2396' && (at >= start || hostEnd < end)) {
		problems.push({
			code: 'empty-host',
			start: hostStart,
			end: hostEnd,
			message: 'RFC 2396 §3.2.2: server = [ [ userinfo "@" ] hostport ] needs a host with a userinfo or port',
		});
	} else if (scheme === 'http' || scheme === 'https') {
		problems.push({
			code: 'empty-host',
			start: hostStart,
			end: hostEnd,
			message: 'RFC 9110 §4.2.1: an http(s) URI must not have an empty host',
		});
	}
}

/** RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]" (RFC 2732 §3 for RFC 2396). */
function checkIpLiteral(ref: string, start: number, end: number, rfc: string, problems: Problem[]): void {
	const close = ref.indexOf(']', start);
	const inner = ref.slice(start + 1, close === -1 ? end : close);
	if (close === end - 1 && (isIpv6(inner) || isIpvFuture(inner))) return;
	problems.push({
		code: 'invalid-ip-literal',
		start,
		end,
		message: `${rfc} §3.2.2: an IP literal is "[" IPv6address or IPvFuture "]" and nothing else (RFC 2732 §3)`,
	});
}

/** RFC 3986 §3.2.2 IPv6address: eight 16-bit groups, one "::" for a run of zeros, an IPv4 tail. */
export function isIpv6(s: string): boolean {
	const halves = s.split('::');
	if (halves.length > 2) return false;
	const groups = halves.map(half => (half === '' ? [] : half.split(':')));
	let count = 0;
	for (let h = 0; h < groups.length; h++) {
		const list = groups[h]!;
		for (let index = 0; index < list.length; index++) {
			const group = list[index]!;
			const last = h === groups.length - 1 && index === list.length - 1;
			if (last && group.includes('.')) {
				if (!isIpv4(group)) return false;
				count += 2;
			} else if (group.length >= 1 && group.length <= 4 && [...group].every(ch => isHexDigit(ch.charCodeAt(0)))) {
				count++;
			} else return false;
		}
	}
	return halves.length === 2 ? count <= 7 : count === 8;
}

/** RFC 3986 §3.2.2 IPv4address: four dec-octets, without leading zeros. */
function isIpv4(s: string): boolean {
	const octets = s.split('.');
	return octets.length === 4 && octets.every(o => /^(?:0|[1-9]\d{0,2})$/.test(o) && Number(o) <= 255);
}

/** RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). */
function isIpvFuture(s: string): boolean {
	if ((s.charCodeAt(0) | 0x20) !== 0x76 /* "v" */) return false;
	const dot = s.indexOf('.');
	if (dot < 2 || dot === s.length - 1) return false;
	for (let index = 1; index < dot; index++) if (!isHexDigit(s.charCodeAt(index))) return false;
	for (let index = dot + 1; index < s.length; index++) {
		const c = s.charCodeAt(index);
		if (!isAllowedIn(c, 'userinfo')) return false; // userinfo = unreserved / sub-delims / ":" here
	}
	return true;
}

/** Every character of `[start, end)` against the component's set, one problem per character. */
function checkCharacters(
	ref: string,
	start: number,
	end: number,
	component: Checked,
	rules: Rules,
	problems: Problem[],
): void {
	for (let index = start; index < end; index++) {
		const c = ref.charCodeAt(index);
		if (isAllowedIn(c, component as UriComponent | 'regName') || isEscapeAt(ref, index)) continue;
		let width = 1;
		if (c >= 0xd800 && c <= 0xdbff && index + 1 < end) {
			const next = ref.charCodeAt(index + 1);
			if (next >= 0xdc00 && next <= 0xdfff) width = 2;
		}
		problems.push(describe(c, index, width, component, rules));
		index += width - 1;
	}
}

function describe(c: number, start: number, width: number, component: Checked, rules: Rules): Problem {
	const end = start + width;
	const glyph = width === 2 ? 'a character' : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
	const rfc = rules === 'rfc2396' ? 'RFC 2396' : 'RFC 3986';
	if (c === CharCodes.Percent) {
		return {
			code: 'invalid-percent-escape',
			start,
			end,
			message: `${rfc} ${rules === 'rfc2396' ? '§2.4.1' : '§2.1'}: "%" must be followed by two hexadecimal digits`,
		};
	}
	if (c < 0x20 || c === 0x7f || c === 0x20) {
		return {
			code: 'excluded-character',
			start,
			end,
			message: `RFC 2396 §2.4.3: ${glyph} (control or space) is excluded; escape it`,
		};
	}
	if (c === 0x3c || c === 0x3e || c === 0x22) {
		return {
			code: 'excluded-character',
			start,
			end,
			message: `RFC 2396 §2.4.3: ${glyph} is a delimiter ("<", ">", '"'), excluded; escape it`,
		};
	}
	if (c === CharCodes.LeftBracket || c === CharCodes.RightBracket) {
		return {
			code: 'misplaced-bracket',
			start,
			end,
			message: `${rfc} §3.2.2: "[" and "]" only enclose an IP literal host (RFC 2732 §3)`,
		};
	}
	if (c === 0x7b || c === 0x7d || c === 0x7c || c === CharCodes.Backslash || c === 0x5e || c === 0x60) {
		return {
			code: 'excluded-character',
			start,
			end,
			message: `RFC 2396 §2.4.3: ${glyph} is unwise ("{", "}", "|", "\\", "^", "\`"), excluded; escape it`,
		};
	}
	if (c >= 0x80) {
		return {
			code: 'non-ascii-character',
			start,
			end,
			message: `${rfc} §2.1: ${glyph} is outside US-ASCII; escape its UTF-8 octets`,
		};
	}
	const name = component === 'regName' ? 'host' : component;
	const section = COMPONENT_RULES[component][rules];
	return {
		code: 'illegal-character',
		start,
		end,
		message: `${rfc} ${section}: ${glyph} is not allowed in the ${name}; escape it`,
	};
}
