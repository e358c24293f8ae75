#!/usr/bin/env node
/** Entry point of the `linkstream` command. */
import {main} from './main.js';

// A reader that stops early (`linkstream extract … | head`) closes the pipe: the command stops
// quietly, as Unix filters do, instead of dying on an unhandled EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(0);
	throw error;
});

process.exitCode = await main(process.argv.slice(2));
