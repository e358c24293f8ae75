// In-page collector for scripts/browser-harness.ts. Plain browser JavaScript, evaluated
// with Playwright's page.evaluate as one function expression taking {mode, resolve}; it is kept
// out of TypeScript because the project's lib has no DOM types and because tsx would
// inject `__name` helpers into a serialised TS function.
//
// It reads URLs from the DOM of the loaded document in tree order:
// - via 'dom': a resolved-URL IDL property of the element (a.href, img.src, form.action,
//   object.codeBase, img.lowsrc ...), i.e. exactly what Chromium resolved;
// - via 'resolved': a value that Chromium's DOM does not resolve by itself (ping tokens,
//   srcset candidates, the URL part of meta refresh, CSS url(), SVG href.baseVal,
//   obsolete `background`) resolved in the browser with `resolveHere`, which assigns
//   the string to the href of an <a> created in the same document: the document's base
//   URL and the document's encoding (query percent-encoding) apply, as for element
//   properties. `new URL()` would always use UTF-8.
// Where the HTML Standard gives a parsing algorithm (srcset, meta refresh) this file
// follows its steps; each is named at the line. The outputs are checked by hand and, where
// the browser shows it, against the requests Chromium makes (see browser-harness.ts).
(function collect({mode, resolve = []}) {
	const HTML_NS = 'http://www.w3.org/1999/xhtml';
	const SVG_NS = 'http://www.w3.org/2000/svg';
	const ASCII_WS = /[\t\n\f\r ]/;

	/** Resolve `value` as the document resolves an <a href>; null when parsing fails. */
	function resolveHere(doc, value) {
		const a = doc.createElementNS(HTML_NS, 'a');
		a.setAttribute('href', value);
		const url = a.href;
		// A failed parse makes `href` return the attribute value itself.
		return URL.canParse(url) ? url : null;
	}

	/** A resolved-URL IDL property; a failed parse returns the raw value: report null. */
	function domUrl(value) {
		return typeof value === 'string' && URL.canParse(value) ? value : null;
	}

	/**
	 * The IDL attribute `name` of `el` read through its prototype's getter: a form's own
	 * properties can be clobbered by its controls (`<input name="action">` makes
	 * `form.action` that input).
	 */
	function idl(el, name) {
		for (let proto = Object.getPrototypeOf(el); proto !== null; proto = Object.getPrototypeOf(proto)) {
			const descriptor = Object.getOwnPropertyDescriptor(proto, name);
			if (descriptor?.get !== undefined) return descriptor.get.call(el);
		}
		return undefined;
	}

	function splitWhitespace(value) {
		return value.split(/[\t\n\f\r ]+/).filter(token => token !== '');
	}

	// HTML: "parse a srcset attribute" (#parse-a-srcset-attribute), returning the URL of
	// every candidate that survives the descriptor checks, in order.
	function parseSrcset(input) {
		const urls = [];
		let position = 0;
		const length = input.length;
		for (;;) {
			// Step 4: collect ASCII whitespace or commas.
			while (position < length && /[\t\n\f\r ,]/.test(input[position])) position++;
			if (position >= length) return urls; // Step 5
			// Step 6: collect a run of non-whitespace as url.
			let url = '';
			while (position < length && !ASCII_WS.test(input[position])) url += input[position++];
			const descriptors = [];
			// Step 8: a URL ending with commas: strip them; no descriptors.
			if (url.endsWith(',')) {
				url = url.replace(/,+$/, '');
			} else {
				// Step 8.1-8.3: the descriptor tokenizer.
				while (position < length && ASCII_WS.test(input[position])) position++;
				let current = '';
				let state = 'in descriptor';
				for (;;) {
					const c = position < length ? input[position] : undefined;
					if (state === 'in descriptor') {
						if (c !== undefined && ASCII_WS.test(c)) {
							if (current !== '') descriptors.push(current), (current = '');
							state = 'after descriptor';
						} else if (c === ',') {
							position++;
							if (current !== '') descriptors.push(current);
							break;
						} else if (c === '(') {
							current += c;
							state = 'in parens';
						} else if (c === undefined) {
							if (current !== '') descriptors.push(current);
							break;
						} else current += c;
					} else if (state === 'in parens') {
						if (c === ')') (current += c), (state = 'in descriptor');
						else if (c === undefined) {
							descriptors.push(current);
							break;
						} else current += c;
					} else if (c === undefined || !ASCII_WS.test(c)) {
						// 'after descriptor': reconsume in descriptor.
						state = 'in descriptor';
						position--;
					}
					position++;
				}
			}
			if (validDescriptors(descriptors)) urls.push(url);
		}
	}

	// HTML srcset step 13: at most one w (valid non-negative integer > 0) or x (valid
	// floating-point number >= 0); h (integer > 0) only with w.
	function validDescriptors(descriptors) {
		let w = false,
			x = false,
			h = false;
		for (const d of descriptors) {
			const last = d.at(-1);
			const number = d.slice(0, -1);
			if (last === 'w' && !w && !x && /^[0-9]+$/.test(number) && Number(number) > 0) w = true;
			else if (
				last === 'x' &&
				!w &&
				!x &&
				!h &&
				/^-?([0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(number) &&
				Number(number) >= 0
			)
				x = true;
			else if (last === 'h' && !h && !x && /^[0-9]+$/.test(number) && Number(number) > 0) h = true;
			else return false;
		}
		return !(h && !w);
	}

	// HTML: shared declarative refresh steps (#shared-declarative-refresh-steps).
	// Returns the URL string, '' for "refresh this page", or null on failure.
	function parseRefresh(input) {
		let position = 0;
		const length = input.length;
		const isWs = c => c !== undefined && ASCII_WS.test(c);
		while (isWs(input[position])) position++; // step 2
		const timeStart = position;
		while (/[0-9]/.test(input[position] ?? '')) position++; // step 3
		if (position === timeStart && input[position] !== '.') return null; // step 4
		while (/[0-9.]/.test(input[position] ?? '')) position++; // step 6
		if (position < length) {
			const c = input[position];
			if (!isWs(c) && c !== ';' && c !== ',') return null; // step 7.1
			while (isWs(input[position])) position++; // step 7.2
			if (input[position] === ';' || input[position] === ',') position++; // step 7.3
			while (isWs(input[position])) position++; // step 7.4
		}
		if (position >= length) return ''; // step 8
		let urlString = input.slice(position); // step 9
		let skipQuoteCheck = false;
		const start = position;
		if (/^[uU]/.test(urlString)) {
			// step 10-11: "URL", whitespace, "=", whitespace
			let p = position + 1;
			if (/[rR]/.test(input[p] ?? '') && /[lL]/.test(input[p + 1] ?? '')) {
				p += 2;
				while (isWs(input[p])) p++;
				if (input[p] === '=') {
					p++;
					while (isWs(input[p])) p++;
					position = p;
				} else skipQuoteCheck = true;
			} else skipQuoteCheck = true;
		}
		if (!skipQuoteCheck) {
			// step 12: quote
			const quote = input[position];
			if (quote === '"' || quote === "'") {
				position++;
				const close = input.indexOf(quote, position);
				urlString = input.slice(position, close === -1 ? length : close);
			} else urlString = input.slice(position);
		} else urlString = input.slice(start);
		return urlString;
	}

	// CSS Syntax 3 tokenizer, reduced to what finds URLs: comments, strings, url tokens,
	// functions (with escapes in names), at-keywords. Returns [{value, kind}] with kind
	// 'url' | 'import'.
	function scanCss(text) {
		const found = [];
		let i = 0;
		const n = text.length;
		const stack = []; // open function names
		let atImport = false; // after @import, before its first string/url
		const isHex = c => /[0-9a-fA-F]/.test(c ?? '');
		const isNameChar = c => c !== undefined && (/[A-Za-z0-9_-]/.test(c) || c.charCodeAt(0) >= 0x80);
		const validEscape = k => text[k] === '\\' && text[k + 1] !== '\n' && text[k + 1] !== undefined;
		function escape() {
			// at text[i] after the backslash
			if (isHex(text[i])) {
				let hex = '';
				while (hex.length < 6 && isHex(text[i])) hex += text[i++];
				if (/[\t\n ]/.test(text[i] ?? 'x')) i++;
				const cp = parseInt(hex, 16);
				return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
			}
			if (i >= n) return '\ufffd';
			const cp = text.codePointAt(i);
			i += cp > 0xffff ? 2 : 1;
			return String.fromCodePoint(cp);
		}
		function name() {
			let out = '';
			for (;;) {
				if (isNameChar(text[i])) out += text[i++];
				else if (validEscape(i)) i++, (out += escape());
				else return out;
			}
		}
		function string(quote) {
			let out = '';
			while (i < n) {
				const c = text[i++];
				if (c === quote) return out;
				if (c === '\n') return null; // bad-string
				if (c === '\\') {
					if (i >= n) continue;
					if (text[i] === '\n') i++;
					else out += escape();
				} else out += c;
			}
			return out;
		}
		function urlToken() {
			while (/[\t\n ]/.test(text[i] ?? 'x')) i++;
			let out = '';
			while (i < n) {
				const c = text[i++];
				if (c === ')') return out;
				if (/[\t\n ]/.test(c)) {
					while (/[\t\n ]/.test(text[i] ?? 'x')) i++;
					if (i >= n || text[i] === ')') return (i++, out);
					return badUrl();
				}
				if (c === '"' || c === "'" || c === '(' || (c.charCodeAt(0) < 0x20 && c !== '\t') || c === '\x7f')
					return badUrl();
				if (c === '\\') {
					if (validEscape(i - 1)) out += escape();
					else return badUrl();
				} else out += c;
			}
			return out;
		}
		function badUrl() {
			while (i < n && text[i] !== ')') i += validEscape(i) ? 2 : 1;
			i++;
			return null;
		}
		const inImageSet = () => stack.some(f => f === 'image-set' || f === '-webkit-image-set' || f === 'image');
		while (i < n) {
			const c = text[i];
			if (c === '/' && text[i + 1] === '*') {
				const close = text.indexOf('*/', i + 2);
				i = close === -1 ? n : close + 2;
			} else if (c === '"' || c === "'") {
				i++;
				const value = string(c);
				if (value === null) continue;
				const top = stack.at(-1);
				if (atImport && stack.length === 0) found.push({value, kind: 'import'}), (atImport = false);
				else if (top === 'url' || top === 'src')
					found.push({value, kind: atImport ? 'import' : 'url'}), (atImport = false);
				else if (inImageSet()) found.push({value, kind: 'url'});
			} else if (c === '@') {
				i++;
				const keyword = name().toLowerCase();
				atImport = keyword === 'import';
				if (keyword === 'namespace') i = Math.min(n, text.indexOf(';', i) + 1 || n);
			} else if (isNameChar(c) || validEscape(i) || (c === '-' && (isNameChar(text[i + 1]) || validEscape(i + 1)))) {
				const ident = name().toLowerCase();
				if (text[i] === '(') {
					i++;
					if (ident === 'url') {
						let k = i;
						while (/[\t\n ]/.test(text[k] ?? 'x')) k++;
						if (text[k] === '"' || text[k] === "'") {
							i = k;
							stack.push('url');
							continue;
						}
						const value = urlToken();
						if (value !== null) found.push({value, kind: atImport && stack.length === 0 ? 'import' : 'url'});
						atImport = false;
						continue;
					}
					stack.push(ident);
				}
			} else if (c === '(') {
				stack.push('(');
				i++;
			} else if (c === ')') {
				stack.pop();
				i++;
			} else if (c === ';' || c === '{' || c === '}') {
				atImport = false;
				stack.length = 0;
				i++;
			} else i++;
		}
		return found;
	}

	// Every url("...") in CSSOM serialisations (Chromium's own parse), for the cross-check.
	function cssomUrls(text) {
		const out = [];
		const re = /url\("((?:[^"\\]|\\.)*)"\)/g;
		for (const m of text.matchAll(re))
			out.push(
				m[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex, ch) =>
					hex ? String.fromCodePoint(parseInt(hex, 16)) : ch,
				),
			);
		return out;
	}

	function sheetText(sheet) {
		try {
			// @namespace names a namespace, not a resource (§5.7): left out, as our scan does.
			return [...sheet.cssRules]
				.filter(rule => !(rule instanceof CSSNamespaceRule))
				.map(rule => rule.cssText)
				.join('\n');
		} catch {
			return '';
		}
	}

	const checks = [];
	function crossCheck(where, scanned, cssomText) {
		const a = scanned.map(f => f.value).sort();
		const b = cssomUrls(cssomText).sort();
		if (JSON.stringify(a) !== JSON.stringify(b)) checks.push({where, scanner: a, cssom: b});
	}

	const SINGLE_DOM = {
		href: {a: 'href', area: 'href', link: 'href', base: 'href'},
		src: {
			img: 'src',
			iframe: 'src',
			embed: 'src',
			audio: 'src',
			video: 'src',
			source: 'src',
			track: 'src',
			script: 'src',
			frame: 'src',
			input: 'src',
		},
		data: {object: 'data'},
		poster: {video: 'poster'},
		action: {form: 'action'},
		formaction: {button: 'formAction', input: 'formAction'},
		cite: {blockquote: 'cite', q: 'cite', del: 'cite', ins: 'cite'},
		lowsrc: {img: 'lowsrc'},
		longdesc: {img: 'longDesc', iframe: 'longDesc', frame: 'longDesc'},
		codebase: {object: 'codeBase'},
	};
	const BACKGROUND = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
	const CORPUS = {
		href: ['a', 'area', 'link'],
		src: ['img', 'script', 'iframe', 'embed', 'source', 'track', 'input'],
		action: ['form'],
		poster: ['video'],
		cite: ['blockquote', 'q'],
	};

	function walk(doc, frame) {
		const rows = [];
		const push = (element, attribute, value, url, via) => {
			const row = {element, attribute, url, value, via};
			if (frame !== undefined) row.frame = frame;
			rows.push(row);
		};
		for (const el of doc.querySelectorAll('*')) {
			const name = el.localName;
			if (el.namespaceURI === HTML_NS) {
				for (const attr of el.attributes) {
					if (attr.namespaceURI !== null) continue;
					const a = attr.name;
					if (mode === 'corpus') {
						if (!(CORPUS[a] ?? []).includes(name)) continue;
						if (name === 'input' && idl(el, 'type') !== 'image') continue;
						push(name, a, attr.value, domUrl(idl(el, SINGLE_DOM[a][name])), 'dom');
						continue;
					}
					const property = SINGLE_DOM[a]?.[name];
					if (property !== undefined) {
						if (name === 'input' && a === 'src' && idl(el, 'type') !== 'image') continue;
						push(name, a, attr.value, domUrl(idl(el, property)), 'dom');
					} else if (
						(a === 'ping' && (name === 'a' || name === 'area')) ||
						(a === 'attributionsrc' && ['a', 'img', 'script'].includes(name))
					) {
						for (const token of splitWhitespace(attr.value)) push(name, a, token, resolveHere(doc, token), 'resolved');
					} else if (
						(a === 'srcset' && (name === 'img' || (name === 'source' && el.parentElement?.localName === 'picture'))) ||
						(a === 'imagesrcset' && name === 'link')
					) {
						for (const url of parseSrcset(attr.value)) push(name, a, url, resolveHere(doc, url), 'resolved');
					} else if (a === 'content' && name === 'meta' && el.httpEquiv.toLowerCase() === 'refresh') {
						const url = parseRefresh(attr.value);
						if (url !== null && url !== '') push(name, a, url, resolveHere(doc, url), 'resolved');
					} else if (a === 'background' && BACKGROUND.has(name)) {
						const value = attr.value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
						if (value !== '') push(name, a, value, resolveHere(doc, value), 'resolved');
					} else if (a === 'itemid') {
						push(name, a, attr.value, resolveHere(doc, attr.value), 'resolved');
					} else if (a === 'style') {
						const found = scanCss(attr.value);
						crossCheck(`${name}[style]`, found, el.style.cssText);
						for (const f of found) push(name, 'style', f.value, resolveHere(doc, f.value), 'resolved');
					} else if (a === 'srcdoc' && name === 'iframe' && el.contentDocument) {
						rows.push(...walk(el.contentDocument, 'srcdoc'));
					}
				}
				if (mode !== 'corpus' && name === 'style') {
					const found = scanCss(el.textContent);
					if (el.sheet) crossCheck('style', found, sheetText(el.sheet));
					for (const f of found) push('style', f.kind, f.value, resolveHere(doc, f.value), 'resolved');
				}
			} else if (el.namespaceURI === SVG_NS && mode !== 'corpus') {
				// SVG 2: href wins over xlink:href; href.baseVal is what the element uses.
				const uses = el.href instanceof SVGAnimatedString ? (el.hasAttribute('href') ? 'href' : 'xlink:href') : null;
				for (const attr of el.attributes) {
					if (attr.name === uses)
						push(
							name,
							uses,
							el.href.baseVal,
							resolveHere(doc, el.href.baseVal.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '')),
							'resolved',
						);
					else if (
						attr.name === 'style' ||
						/^(fill|stroke|clip-path|mask|filter|marker-start|marker-mid|marker-end|cursor)$/.test(attr.name)
					) {
						for (const f of scanCss(attr.value)) push(name, attr.name, f.value, resolveHere(doc, f.value), 'resolved');
					}
				}
				if (name === 'style') {
					// Foreign content: the text is parsed as markup, entities decoded.
					for (const f of scanCss(el.textContent))
						push('style', f.kind, f.value, resolveHere(doc, f.value), 'resolved');
				}
			}
		}
		return rows;
	}

	const links = walk(document, undefined);
	// Meta refresh contents, for the navigation check in browser-expect.ts.
	const refreshContents = [...document.querySelectorAll('meta')]
		.filter(m => m.httpEquiv.toLowerCase() === 'refresh' && m.hasAttribute('content'))
		.map(m => m.content);
	// Arbitrary references resolved as this document would (base and encoding).
	const resolved = resolve.map(reference => resolveHere(document, reference));
	return {
		baseURI: document.baseURI,
		documentURL: document.URL,
		characterSet: document.characterSet,
		links,
		checks,
		refreshContents,
		resolved,
	};
});
