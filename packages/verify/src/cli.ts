#!/usr/bin/env node
// thumbnail-api-verify: the real service checked against the contract, on the command line, for local use and CI.
import { runVerify } from './run-verify.js';

await runVerify(process.argv.slice(2));
