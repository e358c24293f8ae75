/** The contract every extractor core implements (html, css, text). */
import type {Link} from '../types.js';
import type {ReferenceEvent} from './event.js';

/** Receives each Link in document order, with the event it was resolved from. */
export type LinkSink = (link: Link, event: ReferenceEvent) => void;
