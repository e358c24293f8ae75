/**
 * Type tests for the error classes a caller catches: checked by `npx tsc --noEmit` (this
 * folder is in tsconfig.json's `include`) and, against the installed package, by the
 * conformance `package` suite; never run. Each line either must typecheck, or carries
 * `@ts-expect-error` and must fail to.
 */
import {extractLinks, OptionError, rewriteLinks} from '../../src/index.js';
import {OptionError as WebOptionError} from '../../src/web.js';

/** `true` only when A and B are the same type (`any` is equal to nothing else). */
type Exact<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
const exact = <A, B>(_proof: Exact<A, B>): void => undefined;

export function caught(error: unknown): string | undefined {
	if (!(error instanceof OptionError)) return undefined;
	// An OptionError is a TypeError that names the option.
	exact<typeof error.option, string>(true);
	const typeError: TypeError = error;
	// @ts-expect-error the option it names is read-only
	error.option = 'type';
	return typeError.message;
}

export function bothEntries(): void {
	// linkstream/web exports the same class, so one `instanceof` works for both entries.
	exact<WebOptionError, OptionError>(true);
	try {
		extractLinks('<a href=x>', {type: 'html', dialect: 'rfc1808' as never});
	} catch (error) {
		if (error instanceof WebOptionError) exact<typeof error.option, string>(true);
	}
	// @ts-expect-error an option name is required
	new OptionError();
	void rewriteLinks;
}
