#!/usr/bin/env node
/** Entry point of the `linkstream` command. */
import {main} from './main.js';
import {writeFailure} from './output/stdout.js';

// A reader that stops early (`linkstream extract … | head`) closes the pipe: the command stops
// quietly, as Unix filters do, instead of dying on an unhandled EPIPE. Any other failure
// (a full disk) is one line and status 1.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(0);
	process.stderr.write(writeFailure(error));
	process.exit(1);
});

process.exitCode = await main(process.argv.slice(2));
