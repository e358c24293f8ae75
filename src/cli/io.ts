/** What a command talks to: standard input, standard output, and a line of standard error. */
export interface Io {
	stdin: NodeJS.ReadableStream;
	/** `isTTY`: a terminal (process.stdout's), which some defaults follow. */
	stdout: NodeJS.WritableStream & {isTTY?: boolean};
	err: (line: string) => void;
}
