/**
 * One entry point over the extractor cores: html/xhtml, xml, css and text share the
 * synchronous `write`/`end` contract, so streams and one-shot calls drive them alike.
 */
import type {CoreOptions} from './base.js';
import {CssExtractor} from './css/extractor.js';
import type {ExtractorCore, LinkSink} from './core.js';
import {HtmlExtractor} from './html/extractor.js';
import {TextExtractor} from './text/extractor.js';
import {XmlExtractor} from './xml/extractor.js';

export type {ExtractorCore, LinkSink} from './core.js';

/** Any extractor core (see ExtractorCore in core.ts). */
export type Extractor = ExtractorCore;

/** The core for `options.type`. Options must already be validated (src/options.ts). */
export function createExtractor(options: CoreOptions, sink: LinkSink): Extractor {
	switch (options.type) {
		case 'html':
		case 'xhtml':
			return new HtmlExtractor(options, sink);
		case 'xml':
			return new XmlExtractor(options, sink);
		case 'css':
			return new CssExtractor(options, sink);
		case 'text':
			return new TextExtractor(options, sink);
	}
}
