/** Usage text and the usage error (exit code 2). */
export const USAGE = `Usage:
  linkstream extract    [--type T] [--base-url URL | --site URL] [--dialect D] [--format ndjson|tsv|urls] [filters] [PATH|GLOB|-]...
  linkstream rewrite    --to absolute|relative [--base-url URL] [--document-url URL] [--scope URL] [--form F] [--type T] FILE|-
  linkstream rewrite    --to absolute|relative [--site URL] --in-place|--out DIR|--dry-run [-j N] PATH|GLOB...
  linkstream resolve    [--dialect D] BASE REF...
  linkstream relativize [--dialect D] [--form F] [--scope URL] BASE TARGET...
  linkstream check      [--site URL] [--external] [--format text|ndjson|tsv] [-j N] FOLDER...

Options:
  --type T        html | xhtml | xml | css | text; extract also: mbox | eml | news (mail and news
                  archives) | warc (crawler archives). Default: from the file extension, before a
                  .gz suffix; else (standard input too) sniffed: gzip is decompressed, XML (an XML
                  declaration, or a sitemap, feed, OPML or SVG root) read as xml, the rest as html
  --base-url URL  one document's retrieval URL (RFC 2396 §5.1.3); default: the file's file: URL
                  (for a folder or several files use --site)
  --encoding E    the transport charset of the input bytes (e.g. windows-1252)
  --dialect D     whatwg (default) | rfc3986 | rfc2396
  --format F      ndjson (default) | tsv | urls
  --to absolute|relative  rewrite: every reference absolute, or relative to where the output lives
                  (absolute: references with a scheme keep their bytes)
  --normalize     rewrite --to absolute: references with a scheme in canonical form too
  --document-url URL  rewrite: where the output will live (relative mode); default: the base URL
  --form F        path-relative (default) | root-relative | shortest
  --text-links    html: also find plain-text URLs in text nodes
  --anchor-text   html: record anchor text on a/area links
  --kind K,...    extract: only these kinds (navigation, resource, form, citation, base, metadata, text)
  --scheme S,...  extract: only URLs with these schemes (e.g. http,https)
  --internal      extract: only links inside the site (--site, else the base URL's origin)
  --external      extract: only links outside it (check: see below)
  --site URL      the site's URL prefix: each file's URL is URL plus its path in the folder
                  named (a file named directly: URL plus its name), a folder's index.html is
                  the folder's URL; extract: the site of --internal; rewrite: the scope unless --scope
  --in-place      rewrite: replace each HTML, XML and CSS file atomically (temporary file, fsync, rename)
  --out DIR       rewrite: write the rewritten tree under DIR, other files copied byte for byte
  --dry-run       rewrite: write nothing; list each file that would change and its link count
  --keep-absolute S,...  rewrite --to relative: also keep these absolute (default: rel=canonical,
                  rel=alternate[hreflang], rel=me, meta=og:url, meta=og:image, meta=og:image:url,
                  meta=og:image:secure_url, meta=og:video*, meta=og:audio*, meta=twitter:image*,
                  meta=twitter:url, meta=twitter:player*). A selector: rel=TOKEN | meta=NAME
                  (NAME* a prefix) | ELEMENT | ELEMENT@ATTRIBUTE, then [rel=TOKEN] or [hreflang]
  --no-keep-absolute  rewrite --to relative: keep none absolute but those --keep-absolute names
  --scope URL     rewrite, relativize: only targets under this prefix are relativized
  --unique        extract: each URL once per run
  --no-follow-nofollow  extract: drop rel=nofollow links and links after <meta name=robots content=nofollow>
  --no-inert      extract: drop links inside <template> (Link.inert: never followed until cloned)
  --redact-credentials  extract: drop user:password@ from URLs
  check           every broken reference of a built site: as a browser resolves it, looked up as a
                  static server serves it; exit 1 when one is broken (--format text: the default
                  on a terminal, else ndjson; a summary on standard error)
  --index N,...   check: a folder URL's index files, in order (default: index.html)
  --clean-urls    check: /a is served from a.html when there is no file a
  --inert         check: check links inside <template> too
  --external      check: also ask http(s) references outside the site over the network
  --cache FILE    check --external: answers kept in FILE between runs
  --cache-max-age T  check --external: how long a cached answer holds (default 1d; 30s, 15m, 12h, 7d)
  --timeout T     check --external: the longest a request may take (default 15s)
  -j, --jobs N    extract, rewrite, check: N files at once on worker threads, 1 to 16 (default: the number
                  of cores, at most 16); extract's output is the same bytes whatever N, in input order
  -h, --help      this text
  -V, --version   the version of linkstream

Each command takes only its own options. Standard output on /dev/null is success.
Exit status: 0 success, 1 some input failed, 2 usage error.`;

/** A mistake in the command line: printed with the usage hint, exit code 2. */
export class UsageError extends Error {
	override name = 'UsageError';
}
