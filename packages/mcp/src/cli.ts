#!/usr/bin/env node
// thumbnail-api-mcp: the MCP server on the command line, for MCP clients to start over stdio.
import { runCli } from './cli/run-cli.js';

await runCli(process.argv.slice(2));
