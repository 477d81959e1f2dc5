// Runs the command-line tools the release steps need (pnpm, changeset), failing with the command that failed.
import { spawnSync } from 'node:child_process';

/**
 * How to start the pnpm that runs us: the one in `npm_execpath` when pnpm started this process (so the pinned
 * version is used even when no pnpm is on PATH), else `pnpm` from PATH.
 * @returns {[string, string[]]} the program and the arguments that go before pnpm's own.
 */
export function pnpmInvocation() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm\.c?js$/.test(execPath)) return [process.execPath, [execPath]];
  return ['pnpm', []];
}

/**
 * Runs a command with inherited output; throws naming the command when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string }} options
 */
export function runOrThrow(command, args, { cwd }) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.error) throw new Error(`Could not start \`${command}\`: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`\`${[command, ...args].join(' ')}\` failed with exit code ${result.status} in ${cwd}.`);
}
