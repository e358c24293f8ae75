/**
 * The error a caller catches is exported: every entry point throws an OptionError for a
 * bad option, and both package entries export that class, so `instanceof` works.
 */
import test from 'ava';
import * as node from '../src/index.js';
import * as web from '../src/web.js';

test('OptionError is exported from the Node entry and linkstream/web, the same class', t => {
	t.is(typeof node.OptionError, 'function');
	t.is(node.OptionError, web.OptionError);
	t.true(new node.OptionError('type', 'm') instanceof TypeError);
});

test('a bad option throws the exported OptionError, naming the option', t => {
	const error = t.throws(() => node.extractLinks('<a href=x>', {type: 'pdf' as never}));
	t.true(error instanceof node.OptionError);
	t.is((error as InstanceType<typeof node.OptionError>).option, 'type');
	const sync = t.throws(() => node.resolve('a', 'http://example.com/', {dialect: 'rfc1808' as never}));
	t.true(sync instanceof web.OptionError);
	t.is((sync as InstanceType<typeof web.OptionError>).option, 'dialect');
	t.throws(() => node.createRewriteStream({type: 'html', to: 'sideways' as never}), {instanceOf: node.OptionError});
	t.throws(() => new web.ExtractStream({type: 'html', dialect: 'rfc1808' as never}), {instanceOf: web.OptionError});
});
