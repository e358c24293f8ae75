/**
 * The hostile shapes of bench/tokens.ts: `prefix`, then `unit`
 * repeated to the size asked, then `suffix` (all latin1). `many`: one token holding many
 * references (or one huge reference); `unfinished`: a token never closed, or huge.
 */
export const SHAPES = {
	// One token, many references (item 2).
	srcset: {group: 'many', type: 'html', prefix: '<img srcset="', unit: 'a, ', suffix: '">'},
	'nul-href': {group: 'many', type: 'html', prefix: '<a href="', unit: '\0', suffix: '">'},
	'data-url': {group: 'many', type: 'html', prefix: '<img src="data:text/plain,', unit: 'abcdefg%', suffix: '">'},
	'style-attr': {group: 'many', type: 'html', prefix: '<p style="', unit: 'b:url(a);', suffix: '">'},
	'style-element': {group: 'many', type: 'html', prefix: '<style>', unit: 'a{b:url(a)}', suffix: '</style>'},
	ping: {group: 'many', type: 'html', prefix: '<a ping="', unit: 'a ', suffix: '">'},
	archive: {group: 'many', type: 'html', prefix: '<object archive="', unit: 'a ', suffix: '">'},
	'meta-refresh': {
		group: 'many',
		type: 'html',
		prefix: '<meta http-equiv=refresh content="0;url=',
		unit: 'a',
		suffix: '">',
	},
	'text-links': {
		group: 'many',
		type: 'html',
		prefix: '<p>',
		unit: 'http://a.example/ ',
		suffix: '</p>',
		options: {textLinks: true},
	},
	// Unfinished or oversized tokens (item 5).
	comment: {group: 'unfinished', type: 'html', prefix: '<!--', unit: 'x', suffix: ''},
	script: {group: 'unfinished', type: 'html', prefix: '<script>', unit: 'x', suffix: ''},
	'style-raw': {group: 'unfinished', type: 'html', prefix: '<style>', unit: 'x', suffix: ''},
	tag: {group: 'unfinished', type: 'html', prefix: '<a ', unit: 'b ', suffix: ''},
	quote: {group: 'unfinished', type: 'html', prefix: '<a href="', unit: 'x', suffix: ''},
	cdata: {group: 'unfinished', type: 'xhtml', prefix: '<![CDATA[', unit: 'x', suffix: ''},
	'css-url': {group: 'unfinished', type: 'css', prefix: 'a{b:url(', unit: 'x', suffix: ''},
	'css-string': {group: 'unfinished', type: 'css', prefix: 'a{b:"', unit: 'x', suffix: ''},
	'plain-text': {group: 'unfinished', type: 'text', prefix: '', unit: 'x', suffix: ''},
};
