// The environment of a user's shell: none of the variables pnpm, turbo or vitest set for us, and no workspace
// bin directory on PATH, so nothing installed in the throwaway project can reach the workspace.
import { delimiter } from 'node:path';
import { repoRoot } from '../../src/repo-layout.mjs';

const TOOL_VARIABLES = /^(npm_|pnpm_|turbo_|vitest|node_options$|node_env$|init_cwd$)/i;

/** `process.env` without our tools' variables and without workspace paths on PATH. */
export function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!TOOL_VARIABLES.test(key)) env[key] = value;
  const path = env.PATH ?? '';
  env.PATH = path
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.startsWith(repoRoot))
    .join(delimiter);
  env.npm_config_update_notifier = 'false';
  env.SCARF_ANALYTICS = 'false';
  return env;
}
