// How the release steps start pnpm: the pinned one that runs us, even when no pnpm is on PATH.

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
