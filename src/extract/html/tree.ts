/**
 * The little of the HTML tree builder (HTML `#tree-construction`) the extractor needs, tracked from
 * tags alone: which namespace an element is in (svg, math, or html again inside an
 * integration point), template nesting (a BASE in a template is inert, and so is every
 * Link in one, unless the template is a declarative shadow root), the open
 * object/applet codebases (for param values), and the form element pointer (a form start
 * tag while it is set is dropped).
 *
 * Deviation: implied end tags and the adoption agency are not modelled; a stray end tag
 * only closes a scope of its own name. Misnested markup can therefore leave a foreign
 * scope open longer than a browser would, until its end tag or {@link MAX_SCOPES}.
 */
import type {Namespace} from './attributes.js';

/** Open scopes tracked at most; deeper ones are ignored (their end tags too). */
export const MAX_SCOPES = 256;

/** HTML `#parsing-main-inforeign`: start tags that break out of foreign content. */
const BREAKOUT: ReadonlySet<string> = new Set(
	(
		'b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing ' +
		'menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var font'
	).split(' '),
);

/** HTML integration points (svg) and MathML text integration points: their content is HTML. */
const INTEGRATION: Readonly<Record<'svg' | 'math', ReadonlySet<string>>> = {
	svg: new Set(['foreignobject', 'desc', 'title']),
	math: new Set(['mi', 'mo', 'mn', 'ms', 'mtext']),
};

/**
 * Start tags that matter without URL attributes: anchors, forms (absent action), scopes,
 * plugin codebases, text-only elements. Any other tag without an interesting attribute
 * is skipped without reading its name (unless the base is held or content is foreign).
 */
export const SPECIAL_START_TAGS: readonly string[] =
	'a form svg math template object applet style script title textarea xmp iframe noembed noframes plaintext'.split(' ');

/** End tags that matter: they close an anchor, the head, a scope, a template, a plugin, a decoded style. */
export const SPECIAL_END_TAGS: readonly string[] =
	'a form head template object applet style svg math foreignobject desc title mi mo mn ms mtext'.split(' ');

/** Tags the HTML parser keeps in head ("in head" insertion mode); any other start tag starts the body. */
export const HEAD_CONTENT: ReadonlySet<string> = new Set(
	'html head title meta link style script noscript noframes base basefont bgsound template'.split(' '),
);

/**
 * Namespace and nesting state, fed with start and end tags in order.
 *
 * @example
 * const tree = new TreeContext();
 * tree.namespaceOf('svg'); // 'html' scope → the svg element itself is 'svg'
 */
export class TreeContext {
	/**
	 * The open scopes: their names, and the namespaces of their content. Two lists, shortened
	 * by `pop` only (no object per scope; `length = n` would let V8 drop the backing store,
	 * made again at the next push).
	 */
	private readonly scopeNames: string[] = [];
	private readonly scopeContents: Namespace[] = [];
	private templates = 0;
	/** Open HTML templates that are not declarative shadow roots (their content is inert). */
	private readonly inertTemplates: boolean[] = [];
	private inertCount = 0;
	private readonly plugins: Array<{name: string; codebase: string | undefined}> = [];
	/** HTML's form element pointer is set (a form was opened outside template and not ended). */
	private formPointer = false;

	/** The innermost scope's content namespace, kept as scopes open and close (it is read after every tag). */
	private content: Namespace = 'html';

	/** The namespace of the content at this point. */
	get current(): Namespace {
		return this.content;
	}

	/** Inside a `<template>` (HTML): inert content. */
	get inTemplate(): boolean {
		return this.templates > 0;
	}

	/**
	 * Inside a template whose content stays inert: a DocumentFragment no browser renders or
	 * follows until script clones it (HTML `#template-contents`). A declarative shadow root
	 * (HTML `#parsing-main-inhead`, a start tag "template" with `shadowrootmode` open or closed)
	 * is attached to its parent and rendered: its content is live.
	 */
	get inert(): boolean {
		return this.inertCount > 0;
	}

	/**
	 * An HTML `<form>` start tag: whether the tree builder inserts it. HTML "in body" and
	 * "in table", a start tag whose tag name is "form": if the form element pointer is set
	 * and no template is open, the token is ignored; otherwise the form is inserted and,
	 * outside template, the pointer set (in a table the form is popped at once, the
	 * pointer stays).
	 */
	formStarts(): boolean {
		if (this.templates > 0) return true;
		if (this.formPointer) return false;
		this.formPointer = true;
		return true;
	}

	/** An HTML `</form>` end tag: outside template it clears the form element pointer ("in body"). */
	formEnds(): void {
		if (this.templates === 0) this.formPointer = false;
	}

	/** The codebase of the innermost open object/applet. */
	get pluginCodebase(): string | undefined {
		return this.plugins.at(-1)?.codebase;
	}

	/**
	 * The namespace of a start tag named `name` here. A breakout tag in foreign content
	 * closes the foreign scopes first (HTML `#parsing-main-inforeign`).
	 */
	namespaceOf(name: string): Namespace {
		const current = this.current;
		if (current === 'html') return name === 'svg' ? 'svg' : name === 'math' ? 'math' : 'html';
		if (!BREAKOUT.has(name)) return current;
		const contents = this.scopeContents;
		while (contents.length > 0 && contents[contents.length - 1] !== 'html') this.pop();
		this.content = 'html';
		return 'html';
	}

	/**
	 * After a start tag (not self-closing in foreign content) of `namespace`: open what it
	 * opens. `codebase`: an object's or applet's codebase attribute (decoded, stripped).
	 */
	open(name: string, namespace: Namespace, codebase: string | undefined, shadowRoot = false): void {
		if (namespace === 'html') {
			if (name === 'template') this.openTemplate(!shadowRoot);
			else if ((name === 'object' || name === 'applet') && this.plugins.length < MAX_SCOPES) {
				this.plugins.push({name, codebase});
			}
			return;
		}
		if (this.scopeNames.length >= MAX_SCOPES) return;
		if (name === 'svg' || name === 'math') this.push(name, namespace);
		else if (INTEGRATION[namespace].has(name)) this.push(name, 'html');
	}

	private push(name: string, content: Namespace): void {
		this.scopeNames.push(name);
		this.scopeContents.push(content);
		this.content = content;
	}

	private pop(): void {
		this.scopeNames.pop();
		this.scopeContents.pop();
	}

	/** An end tag: close the innermost scope of that name, if any. */
	close(name: string): void {
		const names = this.scopeNames;
		for (let i = names.length - 1; i >= 0; i--) {
			if (names[i] === name) {
				while (names.length > i) this.pop();
				this.content = this.scopeContents[i - 1] ?? 'html';
				return;
			}
		}
		if (this.current !== 'html') return;
		if (name === 'template' && this.templates > 0) this.closeTemplate();
		else if (name === 'object' || name === 'applet') {
			const {plugins} = this;
			let index = plugins.length - 1;
			while (index >= 0 && plugins[index]!.name !== name) index--;
			if (index >= 0) while (plugins.length > index) plugins.pop();
		}
	}

	private openTemplate(inert: boolean): void {
		this.templates++;
		// Past the bound only the count is kept: content is inert as the outer templates say.
		if (this.inertTemplates.length >= MAX_SCOPES) return;
		this.inertTemplates.push(inert);
		if (inert) this.inertCount++;
	}

	private closeTemplate(): void {
		if (this.templates-- > this.inertTemplates.length) return;
		if (this.inertTemplates.pop() === true) this.inertCount--;
	}
}
