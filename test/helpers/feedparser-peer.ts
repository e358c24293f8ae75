/**
 * The npm `feedparser` package as a peer (its `feedurl` option set to the feed's URL, so
 * it resolves against xml:base, then the feed URL, as RFC 3986 §5.1 orders them): the
 * URLs it gives for links, enclosures and images, with the property each came from.
 */
import {Readable} from 'node:stream';
import FeedParser from 'feedparser';

/** One URL feedparser gives, and where (`meta.link`, `item[3].enclosures[0].url`, ...). */
export interface PeerUrl {
	field: string;
	url: string;
}

/** Meta properties that hold a URL (feedparser README, "List of meta properties"). */
const META_FIELDS = ['link', 'xmlurl', 'favicon'] as const;

/** Article properties that hold a URL (feedparser README, "List of article properties"). */
const ITEM_FIELDS = ['link', 'origlink', 'permalink', 'comments'] as const;

/**
 * Parse one feed with feedparser; SAX errors are resumed (its default), so a feed it gives
 * up on returns what it read.
 *
 * @example
 * await peerUrls(readFileSync('feed.atom'), 'https://feeds.example/feed.atom'); // [{field: 'meta.link', url: 'https://...'}, ...]
 */
export async function peerUrls(bytes: Uint8Array, feedurl: string): Promise<PeerUrl[]> {
	const {parser, items} = await feedparse(bytes, feedurl);
	const urls: PeerUrl[] = [];
	const meta = parser.meta as unknown as Record<string, unknown>;
	// feedparser gives the feed URL itself as meta.xmlurl when the feed names none: not in the document.
	for (const field of META_FIELDS)
		if (!(field === 'xmlurl' && meta[field] === feedurl)) add(urls, `meta.${field}`, meta[field]);
	add(urls, 'meta.image.url', parser.meta.image?.url);
	for (const [i, item] of items.entries()) {
		const record = item as unknown as Record<string, unknown>;
		for (const field of ITEM_FIELDS) add(urls, `item[${i}].${field}`, record[field]);
		add(urls, `item[${i}].image.url`, item.image?.url);
		add(urls, `item[${i}].source.url`, item.source?.url);
		for (const [k, enclosure] of (item.enclosures ?? []).entries())
			add(urls, `item[${i}].enclosures[${k}].url`, enclosure.url);
	}
	return urls;
}

/**
 * feedparser over one feed's bytes: the parser (its `meta`) and the articles.
 *
 * @example
 * const {parser, items} = await feedparse(bytes, 'https://feeds.example/a.rss');
 */
export async function feedparse(
	bytes: Uint8Array,
	feedurl: string,
): Promise<{parser: FeedParser; items: FeedParser.Item[]}> {
	const parser = new FeedParser({feedurl});
	const items: FeedParser.Item[] = [];
	Readable.from([bytes]).pipe(parser);
	for await (const item of parser) items.push(item);
	return {parser, items};
}

function add(urls: PeerUrl[], field: string, value: unknown): void {
	if (typeof value === 'string' && value !== '') urls.push({field, url: value});
}
