#!/usr/bin/env node
// `pnpm changeset [arguments]` and, in `pnpm release`, `changeset publish`: the pinned Changesets CLI (installed on
// first use), run in the current folder with this terminal, since `changeset` with no arguments asks questions.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { changesetCommand } from '../src/changesets-cli.mjs';

try {
  const command = await changesetCommand();
  const child = spawn(process.execPath, [command, ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C reaches the CLI from the terminal itself: wait for it to end and exit as it did. A SIGTERM is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.once('error', (error) => {
    console.error(`changeset: could not start ${command}: ${error.message}`);
    process.exitCode = 1;
  });
  child.once('close', (code, signal) => {
    process.exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0);
  });
} catch (error) {
  console.error(`changeset: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
