#!/usr/bin/env node
// Runs the pnpm pinned in package.json#packageManager through npx, so a machine with only Node and
// npm needs nothing installed by hand. Usage: node scripts/pnpm.mjs <pnpm arguments>
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';

const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(packageManager ?? '');
if (!match) {
  console.error(`package.json#packageManager must be "pnpm@<x.y.z>", found ${JSON.stringify(packageManager)}.`);
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['exec', '--yes', `--package=pnpm@${match[1]}`, '--', 'pnpm', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// A pnpm ended by a signal ends this launcher as a shell reports it: 128 + the signal's number.
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1)));
