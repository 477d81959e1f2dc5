#!/usr/bin/env node
// thumbnail-api-mock: the mock (or the contract proxy) on the command line, for local use and CI.
import { runCli } from './cli/run-cli.js';

await runCli(process.argv.slice(2));
