/**
 * Tables of small XML documents and the Links each gives, one test per row (the vocabulary
 * and as-written tables of test/extract).
 */
import test from 'ava';
import {extractLinks} from '../../src/index.js';

/** [title, document, [kind, element, attribute (or '' for text), url] per Link]. */
export type XmlRow = [string, string, Array<[string, string, string, string | null]>];

/**
 * One test per row, titled `prefix: title`: the document read as XML retrieved from
 * `retrievalUrl` gives the row's Links, in order.
 */
export function xmlRowTests(prefix: string, rows: readonly XmlRow[], retrievalUrl: string): void {
	for (const [title, xml, expected] of rows) {
		test(`${prefix}: ${title}`, t => {
			const links = extractLinks(xml, {type: 'xml', retrievalUrl});
			t.deepEqual(
				links.map(link => [link.kind, link.element, link.attribute ?? '', link.url]),
				expected,
			);
		});
	}
}
