/**
 * Top-level domain check for fuzzy (scheme-less) domains and e-mail addresses.
 *
 * RFC 2396 Appendix F only completes `www.` and `ftp.`; bare `example.com` is a heuristic,
 * on with `fuzzy.domains`. A compact list keeps `index.html` or `setup.py` out:
 * the delegated two-letter country codes, common generic TLDs, IDN TLDs (`xn--` or
 * non-ASCII letters), and RFC 2606 `example` (documentation and mail examples).
 * A title-case TLD (`Today`) is taken for the next sentence, not a domain.
 */

/** Delegated ISO 3166 ccTLDs, grouped by first letter: `a` + `cdefgilmoqrstuwxz` = ac, ad, ... */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
	a: 'cdefgilmoqrstuwxz',
	b: 'abdefghijmnorstvwyz',
	c: 'acdfghiklmnoruvwxyz',
	d: 'ejkmoz',
	e: 'ceegrstu',
	f: 'ijkmor',
	g: 'abdefghilmnpqrstuwy',
	h: 'kmnrtu',
	i: 'delmnoqrst',
	j: 'emop',
	k: 'eghimnprwyz',
	l: 'abcikrstuvy',
	m: 'acdeghklmnopqrstuvwxyz',
	n: 'acefgilopruz',
	o: 'm',
	p: 'aefghklmnrstwy',
	q: 'a',
	r: 'eosuw',
	s: 'abcdeghijklmnorstuvxyz',
	t: 'cdfghjklmnortvwz',
	u: 'agksyz',
	v: 'aceginu',
	w: 'fs',
	y: 'et',
	z: 'amw',
};

/** Generic TLDs seen in running text. Excludes gTLDs that are common file extensions (`.zip`, `.mov`, `.app`). */
const GENERIC = new Set(
	(
		'com org net edu gov mil int arpa info biz name pro aero coop museum mobi asia tel travel jobs cat ' +
		'xxx post example onion dev blog shop online site website xyz top club tech store cloud news live wiki ' +
		'page art design digital email link life world today space fun agency media network systems solutions ' +
		'company group global studio guru social support team tools works zone ninja rocks city center ' +
		'academy health money photos services software bio eco moe nyc london berlin tokyo paris ' +
		'google amazon microsoft apple icu vip work ltd inc law host press events'
	).split(' '),
);

/**
 * ccTLDs that are also common file extensions (Markdown, Python, Perl, shell, Rust, C++,
 * PostScript, make, automake/autoconf templates, OCaml, Objective-C++, gettext, Smalltalk, Terraform,
 * GDScript). A bare `name.md` is a file far more often than a site, so such a domain needs
 * a path or a port to count (`nic.md/` does, `README.md` does not).
 */
const FILE_EXTENSION_TLDS = new Set('md py pl pm sh rs cc ps so mk ml mm mo st am ac in tf gd'.split(' '));

export type TldVerdict = 'no' | 'yes' | 'needs-path';

/**
 * Classify the last label of a host, `text.slice(start, end)`.
 *
 * @example
 * checkTld('example.com', 8, 11); // 'yes'
 * checkTld('index.html', 6, 10); // 'no'
 * checkTld('README.md', 7, 9); // 'needs-path'
 */
export function checkTld(text: string, start: number, end: number): TldVerdict {
	const length = end - start;
	if (length < 2 || isTitleCase(text, start, end)) return 'no';
	const label = text.slice(start, end).toLowerCase();
	if (length === 2 && isAsciiLetters(label)) {
		const seconds = COUNTRY_CODES[label.charAt(0)];
		if (seconds === undefined || !seconds.includes(label.charAt(1))) return 'no';
		return FILE_EXTENSION_TLDS.has(label) ? 'needs-path' : 'yes';
	}
	if (GENERIC.has(label)) return 'yes';
	if (label.startsWith('xn--') && length > 4) return 'yes'; // IDN A-label (RFC 5890)
	return isNonAsciiLetters(label) ? 'yes' : 'no'; // IDN U-label, e.g. "рф"
}

/** `Today`, `News`: a sentence after a missing space ("life.Today", "U.S.News"), not a TLD. */
function isTitleCase(text: string, start: number, end: number): boolean {
	const first = text.charCodeAt(start);
	if (first < 0x41 || first > 0x5a) return false;
	for (let i = start + 1; i < end; i++) {
		const c = text.charCodeAt(i);
		if (c >= 0x61 && c <= 0x7a) return true;
	}
	return false;
}

function isAsciiLetters(label: string): boolean {
	for (let i = 0; i < label.length; i++) {
		const c = label.charCodeAt(i);
		if (c < 0x61 || c > 0x7a) return false;
	}
	return true;
}

const NON_ASCII_LETTERS = /^[\p{L}\p{M}]+$/u; // short candidate: one TLD label

function isNonAsciiLetters(label: string): boolean {
	return label.charCodeAt(0) >= 0x80 && NON_ASCII_LETTERS.test(label);
}
