// The environment of a user's shell, for tests that run the repository's commands or an installed package as a user
// runs them: none of the variables npm, pnpm, turbo, vitest or CI set for the test run, and no workspace folder on PATH.
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the same from src/ and dist/): PATH entries inside it are the workspace's bins. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Set for the test run by npm, pnpm, turbo, vitest or a CI provider; a user's shell has none of them. */
const TOOL_VARIABLES = /^(npm_|pnpm_|turbo_|vitest|node_options$|node_env$|init_cwd$|ci$|force_color$)/i;

/** `process.env` as a user's shell has it, with `NO_COLOR=1` (output read as plain text), then `extra`. */
export function userShellEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!TOOL_VARIABLES.test(key)) env[key] = value;
  env.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.startsWith(repoRoot))
    .join(delimiter);
  env.NO_COLOR = '1';
  return { ...env, ...extra };
}
