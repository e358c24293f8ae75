/** Errors of WARC reading: what went wrong (a code) and where (a context). */

export type WarcErrorCode =
	/** The input is a legacy ARC file (rejected as a whole). */
	| 'unsupported-arc'
	/** The input does not start with a WARC record (rejected as a whole). */
	| 'not-warc'
	/** A record's WARC header is unusable (no `WARC/` version line, no WARC-Type, no target URI, bad Content-Length). */
	| 'malformed-record'
	/** A response or revisit block that is not an HTTP message head (or is longer than MAX_HTTP_HEAD_BYTES). */
	| 'malformed-http'
	/** A content or transfer coding other than gzip, deflate, br (and chunked). */
	| 'unsupported-coding'
	/** The body could not be decompressed (Links found before the fault are kept). */
	| 'undecodable-body'
	/** A body decoded to more than MAX_DECODED_BODY_BYTES (a gzip bomb): Links before the cap are kept, the rest skipped. */
	| 'body-too-large'
	/** The input ended inside a record. */
	| 'truncated-record'
	/** warcio stopped before the end of the input (a corrupt gzip member, junk between records). */
	| 'unreadable-data';

/** Where a WARC error happened. */
export interface WarcErrorContext {
	/** The input's name (the `name` option), when given. */
	name?: string;
	/** Offset of the record in the input (of its gzip member in a .warc.gz), or of the unreadable data. */
	offset: number;
	recordId?: string;
	targetUri?: string;
	/** WARC-Type. */
	type?: string;
}

/**
 * A WARC reading error. Whole-input errors (`unsupported-arc`, `not-warc`) are thrown by
 * `extractWarc`; the others go to its `onError` and reading goes on.
 *
 * @example
 * try { for await (const link of extractWarc(stream, {name: 'old.arc.gz'})) use(link); }
 * catch (error) { if (error instanceof WarcError && error.code === 'unsupported-arc') skip(); }
 */
export class WarcError extends Error {
	override name = 'WarcError';
	readonly code: WarcErrorCode;

	constructor(code: WarcErrorCode, message: string, options?: {cause?: unknown}) {
		super(message, options);
		this.code = code;
	}
}

/** The error message prefix: the input's name, the offset, the record. */
export function where(context: WarcErrorContext): string {
	const parts = [context.name ?? 'WARC input', `offset ${context.offset}`];
	if (context.type !== undefined) parts.push(`${context.type} record`);
	if (context.recordId !== undefined) parts.push(context.recordId);
	if (context.targetUri !== undefined) parts.push(`for ${context.targetUri}`);
	return parts.join(', ');
}
