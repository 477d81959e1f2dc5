#!/usr/bin/env node
// Runs the pnpm pinned in package.json#packageManager through npx, so a machine with only Node and
// npm needs nothing installed by hand. Usage: node scripts/pnpm.mjs <pnpm arguments>
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const INNER = '--launched-by-npm-exec';

/** Runs `command`, passing on the signals named, and ends this process as the command ended. */
function run(command, args, env, forwarded) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => forwarded.includes(signal) && child.kill(signal));
  // A command ended by a signal ends this launcher as a shell reports it: 128 + the signal's number.
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1)));
}

if (process.argv[2] === INNER) {
  // Second step, inside `npm exec`, with the pinned pnpm on PATH. npm exec hands its own settings to the command as
  // npm_config_package and npm_config_yes; left there, they reach every script pnpm runs, and an `npx <package>` in
  // such a script would run `pnpm@…` as its package and the package's name as a command ("sh: 1: …: not found").
  const { npm_config_package: _package, npm_config_yes: _yes, ...env } = process.env;
  // Ctrl-C reaches pnpm from the terminal already, as it reaches every process of the group, so it is not sent twice;
  // a SIGTERM is sent to one process, and npm exec's shell does not pass it on.
  run(process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm', process.argv.slice(3), env, ['SIGTERM']);
} else {
  const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(packageManager ?? '');
  if (!match) {
    console.error(`package.json#packageManager must be "pnpm@<x.y.z>", found ${JSON.stringify(packageManager)}.`);
    process.exit(2);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(
    npm,
    ['exec', '--yes', `--package=pnpm@${match[1]}`, '--', process.execPath, fileURLToPath(import.meta.url), INNER, ...process.argv.slice(2)],
    {
      ...process.env,
      npm_config_update_notifier: 'false',
    },
    ['SIGINT', 'SIGTERM'],
  );
}
