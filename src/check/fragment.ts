/** Whether a fragment names a part of a document, as a browser finds it. */
import type {InputType} from '../types.js';
import {percentDecode} from './site-map.js';

/** Documents whose elements a fragment can name; a fragment into anything else (an image, a style sheet, a PDF) is not checked. */
export function hasFragments(type: InputType | undefined): boolean {
	return type === 'html' || type === 'xhtml' || type === 'xml';
}

const UTF8 = new TextDecoder('utf-8');

/**
 * Whether `fragment` names something of a document of `type` whose fragment targets are
 * `names` (ids; `name` of HTML `a`). HTML `#the-indicated-part-of-the-document`: the
 * fragment directive (`:~:` onwards, text fragments) is not part of it; an empty fragment
 * and `top` (ASCII case-insensitive) are the top of the document; an element is looked
 * up by the fragment, then by the fragment percent-decoded. In XML (SVG), a fragment
 * that is not a bare name (`svgView(...)`, `xpointer(...)`, `element(...)`) is a view or
 * pointer, not checked.
 *
 * @example
 * fragmentFound('Top', 'html', new Set()); // true
 * fragmentFound('caf%C3%A9', 'html', new Set(['café'])); // true
 */
export function fragmentFound(fragment: string, type: InputType, names: ReadonlySet<string>): boolean {
	const directive = fragment.indexOf(':~:');
	if (directive >= 0) fragment = fragment.slice(0, directive);
	if (fragment === '' || names.has(fragment)) return true;
	const decoded = UTF8.decode(percentDecode(fragment));
	if (names.has(decoded)) return true;
	if (type === 'xml') return decoded.includes('(');
	return decoded.toLowerCase() === 'top';
}
