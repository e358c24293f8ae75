#!/usr/bin/env node
/** Entry point of the `linkstream` command. */
import {main} from './main.js';

process.exitCode = await main(process.argv.slice(2));
