/**
 * The namespace and nesting state the HTML extractor keeps from tags alone
 * (src/extract/html/tree.ts): scopes closed by their end tag, breakout tags, plugin codebases.
 */
import test from 'ava';
import type {Namespace} from '../../src/extract/html/attributes.js';
import {TreeContext} from '../../src/extract/html/tree.js';

test('an end tag closes the innermost scope of its name and every scope inside it', t => {
	const tree = new TreeContext();
	/** A start tag `name` here, then the namespace of the content after it. */
	const opens = (name: string, content: Namespace): void => {
		tree.open(name, tree.namespaceOf(name), undefined);
		t.is(tree.current, content);
	};
	opens('svg', 'svg');
	// An HTML integration point (`foreignObject`) holds HTML; math inside it is MathML, mi's content HTML.
	opens('foreignobject', 'html');
	opens('math', 'math');
	opens('mi', 'html');
	// </foreignObject> closes mi and math too: the content is the svg's again.
	tree.close('foreignobject');
	t.is(tree.current, 'svg');
	tree.close('svg');
	t.is(tree.current, 'html');
	// The same again after the lists were emptied; an end tag of no open scope closes nothing.
	opens('svg', 'svg');
	tree.close('math');
	t.is(tree.current, 'svg');
	tree.close('svg');
	t.is(tree.current, 'html');
});

test('a breakout start tag in foreign content closes the foreign scopes (`#parsing-main-inforeign`)', t => {
	const tree = new TreeContext();
	tree.open('svg', tree.namespaceOf('svg'), undefined);
	tree.open('svg', tree.namespaceOf('svg'), undefined);
	t.is(tree.namespaceOf('p'), 'html');
	t.is(tree.current, 'html');
	// Nothing is left to close.
	tree.close('svg');
	t.is(tree.current, 'html');
});

test('the innermost open object or applet gives the codebase; its end tag closes it and those inside', t => {
	const tree = new TreeContext();
	tree.open('object', 'html', 'https://a.example/');
	tree.open('applet', 'html', 'https://b.example/');
	tree.open('object', 'html', 'https://c.example/');
	t.is(tree.pluginCodebase, 'https://c.example/');
	// </applet> closes the applet and the object inside it.
	tree.close('applet');
	t.is(tree.pluginCodebase, 'https://a.example/');
	tree.close('applet');
	t.is(tree.pluginCodebase, 'https://a.example/');
	tree.close('object');
	t.is(tree.pluginCodebase, undefined);
	tree.open('object', 'html', undefined);
	t.is(tree.pluginCodebase, undefined);
	tree.open('applet', 'html', 'https://d.example/');
	t.is(tree.pluginCodebase, 'https://d.example/');
});
