/**
 * Dot-segment removal: RFC 3986 §5.2.4 `removeDotSegments` and the RFC 2396 §5.2 step 6c–6g
 * buffer rules, each as its spec writes it.
 */
import {CharCodes} from './parse.js';

/**
 * RFC 3986 §5.2.4 remove_dot_segments, as a single pass over the input buffer.
 *
 * @example
 * removeDotSegments('/a/b/c/./../../g'); // '/a/g'
 * removeDotSegments('mid/content=5/../6'); // 'mid/6'
 */
export function removeDotSegments(path: string): string {
	if (!hasDotSegment(path)) return path;
	const length = path.length;
	let output = '';
	let index = 0;
	while (index < length) {
		const rest = length - index;
		const c0 = path.charCodeAt(index);
		const c1 = path.charCodeAt(index + 1);
		const c2 = path.charCodeAt(index + 2);
		const c3 = path.charCodeAt(index + 3);
		if (c0 === CharCodes.Dot && c1 === CharCodes.Dot && c2 === CharCodes.Slash) {
			index += 3; // §5.2.4 2A: "../" prefix
		} else if (c0 === CharCodes.Dot && c1 === CharCodes.Slash) {
			index += 2; // §5.2.4 2A: "./" prefix
		} else if (c0 === CharCodes.Slash && c1 === CharCodes.Dot && (c2 === CharCodes.Slash || rest === 2)) {
			// §5.2.4 2B: "/./" or a final "/." becomes "/"
			if (rest === 2) {
				output += '/';
				index = length;
			} else index += 2;
		} else if (
			c0 === CharCodes.Slash &&
			c1 === CharCodes.Dot &&
			c2 === CharCodes.Dot &&
			(c3 === CharCodes.Slash || rest === 3)
		) {
			// §5.2.4 2C: "/../" or a final "/.." becomes "/", and the last output segment goes
			output = output.slice(0, Math.max(output.lastIndexOf('/'), 0));
			if (rest === 3) {
				output += '/';
				index = length;
			} else index += 3;
		} else if ((rest === 1 && c0 === CharCodes.Dot) || (rest === 2 && c0 === CharCodes.Dot && c1 === CharCodes.Dot)) {
			index = length; // §5.2.4 2D: "." or ".." alone
		} else {
			// §5.2.4 2E: move the first segment, with its leading "/" if any, to the output
			let end = path.indexOf('/', c0 === CharCodes.Slash ? index + 1 : index);
			if (end === -1) end = length;
			output += path.slice(index, end);
			index = end;
		}
	}
	return output;
}

/**
 * True when some segment of `path` (or of `s.slice(start, end)`, without slicing) is "." or "..":
 * otherwise §5.2.4 leaves it as it is.
 */
export function hasDotSegment(s: string, start = 0, end = s.length): boolean {
	let index = s.indexOf('.', start);
	while (index !== -1 && index < end) {
		const before = index === start ? CharCodes.Slash : s.charCodeAt(index - 1);
		if (before === CharCodes.Slash) {
			let after = index + 1 < end ? s.charCodeAt(index + 1) : CharCodes.Slash;
			if (after === CharCodes.Dot) after = index + 2 < end ? s.charCodeAt(index + 2) : CharCodes.Slash;
			if (after === CharCodes.Slash) return true;
		}
		index = s.indexOf('.', index + 1);
	}
	return false;
}

/**
 * RFC 2396 §5.2 steps 6c–6g over the merged buffer of step 6a/6b, exactly as written:
 * "." segments go, "<segment>/.." pairs go left-most first when <segment> is not "..",
 * and what cannot be removed (a leading "/../") is retained (6g).
 *
 * @example
 * removeDotSegments2396('/b/c/../../../g'); // '/../g'
 */
export function removeDotSegments2396(buffer: string): string {
	if (!hasDotSegment(buffer)) return buffer;
	const rooted = buffer.charCodeAt(0) === CharCodes.Slash;
	const segments = (rooted ? buffer.slice(1) : buffer).split('/');
	// 6c: every "./" where "." is a complete segment is removed
	let kept: string[] = [];
	for (let index = 0; index < segments.length; index++) {
		const segment = segments[index]!;
		if (segment === '.' && index < segments.length - 1) continue;
		kept.push(segment);
	}
	// 6d: a final "." segment is removed (the buffer keeps its trailing "/")
	if (kept[kept.length - 1] === '.') kept[kept.length - 1] = '';
	// 6e: "<segment>/../" with <segment> not "..", left-most first, until none is left
	let index = 0;
	while (index < kept.length - 2) {
		if (kept[index] !== '..' && kept[index + 1] === '..') {
			kept.splice(index, 2);
			index = Math.max(index - 1, 0);
		} else index++;
	}
	// 6f: a final "<segment>/.." with <segment> not ".." is removed, leaving the "/" before it
	const last = kept.length - 1;
	if (last >= 1 && kept[last] === '..' && kept[last - 1] !== '..') {
		kept = kept.slice(0, last - 1);
		kept.push('');
	}
	// 6g: whatever is left, such as a leading "/../", is retained
	return (rooted ? '/' : '') + kept.join('/');
}
