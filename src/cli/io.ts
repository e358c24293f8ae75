/** What a command talks to: standard input, standard output, and a line of standard error. */
export interface Io {
	stdin: NodeJS.ReadableStream;
	stdout: NodeJS.WritableStream;
	err: (line: string) => void;
}
